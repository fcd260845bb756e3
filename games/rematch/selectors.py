"""A game's rematch offer as its players see it."""
from __future__ import annotations

from typing import Any, Optional

from games.models import Game
from games.rematch.models import RematchOffer
from games.rematch.services import rematch_seats


def rematch_entry(game: Game, offer: Optional[RematchOffer] = None) -> dict[str, Any]:
    """The offer of ``game`` (status "none" if there is none): who offered, who accepted, who is awaited."""
    if offer is None:
        offer = RematchOffer.objects.filter(game=game).select_related("offered_by").first()
    players = rematch_seats(game)
    if offer is None:
        return {"status": "none", "offered_by": None, "accepted": [], "waiting_for": [], "new_game": None,
                "players": [s.user.username for s in players]}
    names = {s.user_id: s.user.username for s in players}
    return {"status": offer.status, "offered_by": offer.offered_by.username,
            "accepted": [names[uid] for uid in offer.accepted if uid in names],
            "waiting_for": [names[uid] for uid in names if uid not in offer.accepted]
            if offer.status == RematchOffer.Status.OPEN else [],
            "new_game": offer.new_game_id, "players": list(names.values())}
