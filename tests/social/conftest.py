"""Fixtures of the social features' tests (ratings, chat, rematches): those of the games tests, and a few more."""
from __future__ import annotations

from typing import Any

from games.models import Game, Seat
from games.play import services
from tests.games.conftest import anon, client_for, moderator, open_game, users  # noqa: F401


def rated_game(players: list[Any], *, game: str = "ark", seed: int = 1234, rated: bool = True) -> Game:
    """A started game of ``players`` (rated unless told), its seed pinned."""
    return open_game(players[0], players[1:], game=game, players=len(players), seed=seed, rated=rated)


def settle(game: Game, by: Any) -> Game:
    """Finish ``game`` now (the moderator's settle: final scoring), read again."""
    services.game_settle(game_id=game.pk, moderator=by, reason="test")
    game.refresh_from_db()
    return game


def seats_of(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(game=game).order_by("number"))
