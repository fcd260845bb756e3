"""What every page's template may read: the site's games, from the registry (games/rules)."""
from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import gettext as _

from games.rules import choices


def titles_in_words() -> str:
    """The registered games' titles as a sentence says them, in the reader's language: "A, B, C and D"."""
    titles = [str(title) for _name, title in choices()]
    if len(titles) < 2:
        return "".join(titles)
    return _("%(first)s and %(last)s") % {"first": ", ".join(titles[:-1]), "last": titles[-1]}


def games_on_the_site(request: HttpRequest) -> dict[str, str]:
    """``game_titles``: the registered games' titles in a sentence ("A, B, C and D")."""
    return {"game_titles": titles_in_words()}
