"""The end of a game on its page: each player's rating change, and the rematch offer."""
from __future__ import annotations

from typing import Any

from games.models import Game
from games.ratings.selectors import attach_seat_ratings
from games.rematch.selectors import rematch_entry


def table_end_context(game: Game) -> dict[str, Any]:
    """For a finished game: its seats with their rating entries, and the rematch offer; nothing before."""
    if game.status != Game.Status.FINISHED:
        return {"table_end": None}
    seats = list(game.seats.all())
    attach_seat_ratings(game, seats)
    rows = [{"name": s.user.name, "username": s.user.username, "result": s.get_result_display(), "score": s.score,
             "rating": getattr(s, "rating_entry", None)} for s in seats]
    return {"table_end": {"rows": rows, "rated": game.rated, "rematch": rematch_entry(game)}}
