"""What every page's template may read: the site's games, from the registry (games/rules)."""
from __future__ import annotations

from django.http import HttpRequest

from games.i18n import localize
from games.rules import choices
from games.rules.words import Words


def games_on_the_site(request: HttpRequest) -> dict[str, str]:
    """``game_titles``: the registered games' titles in a sentence ("A, B, C and D"), in the reader's language
    (the engines' "{first} and {last}"; in English exactly ``games.rules.titles_in_words()``)."""
    titles = [title for _, title in choices()]  # Words: said in the reader's language
    if len(titles) < 2:
        return {"game_titles": localize(Words.join(titles, ""))}
    return {"game_titles": localize(Words("{first} and {last}", first=Words.join(titles[:-1]), last=titles[-1]))}
