"""Tikal games on the real game page, brought to the positions the browser tests and the docs' screenshots need.

A game is played through the services (``move_submit``, as a player's page does) by the easy computer player,
so that the jungle fills as in a real game, until a condition on the engine's view holds. In a thread of its own:
Playwright keeps an event loop running in the test's thread, and the live update sent after each commit
(``async_to_sync``) cannot run inside one.
"""
from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Optional

from django.db import connections

from games.models import Game
from games.play import services
from games.play.payloads import audience_views, progress_of
from games.rules import bots

Done = Callable[[dict[str, Any]], bool]


def public_view(game: Game) -> dict[str, Any]:
    """The spectators' view of ``game`` as stored."""
    progress = progress_of(game)
    assert progress is not None
    return audience_views(progress, [None])[None]


def _play(game_id: int, done: Done, rng: random.Random, limit: int) -> Game:
    game = Game.objects.get(pk=game_id)
    for _ in range(limit):
        if game.status != Game.Status.ACTIVE:
            return game
        progress = progress_of(game)
        assert progress is not None
        seat = game.current_seat
        view = audience_views(progress, [seat])[seat]
        if done(view):
            return game
        action = bots.choose(progress.eng, view, seat, "easy", rng)
        user = game.seats.get(number=seat).user
        game = services.move_submit(game_id=game_id, user=user, action=action.to_dict(), expected_version=game.version)
    raise AssertionError("the game never got there")


def play_until(game_id: int, done: Done, seed: int = 1, limit: int = 4000) -> Game:
    """Steps of the easy computer player for whoever is to move, until ``done(view of the seat to move)`` or the
    end of the game; returns the game as saved."""
    def run() -> Game:
        try:
            return _play(game_id, done, random.Random(seed), limit)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        game = pool.submit(run).result()
    game.refresh_from_db()
    return game


def turns_played(n: int) -> Done:
    """Once ``n`` entries are done and a turn begins (its hex to lay)."""
    return lambda v: v["turn"] >= n and v["phase"] == "place"


def never(view: dict[str, Any]) -> bool:
    return False


def seat_user(game: Game, seat: Optional[int]) -> Any:
    return game.seats.select_related("user").get(number=seat).user
