"""What every page's template may read: the site's games, from the registry (games/rules)."""
from __future__ import annotations

from django.http import HttpRequest

from games.rules import titles_in_words


def games_on_the_site(request: HttpRequest) -> dict[str, str]:
    """``game_titles``: the registered games' titles in a sentence ("A, B, C and D")."""
    return {"game_titles": titles_in_words()}
