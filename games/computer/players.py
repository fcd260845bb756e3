"""The site's computer players: a step of theirs, decided from their seat's view only, made through the services.

A computer seat's account has ``computer_level`` set (accounts.services.computer_player). When it is such a
seat's turn, a task (``tasks.play_computer_step``) plans the turn (``bots.plan_turn``: its steps until the turn
ends or a draw shows something new) and plays the planned steps one after the other, each through
``move_submit`` like anyone's: the same version check, its own commit, log entry and pushes. A draw ends a
plan: the same task plans again from what it showed and plays on, until the turn is over. So a turn is one
task, not a task a step queued behind other games' searches.

Each commit queues a task for its new version as always (the safety net if this one dies); while this task
plays the seat's turn it holds the seat's claim in the cache, and a task for the same seat that finds the
claim held leaves its due row open and does nothing (``BUSY``): the holder plays that step and its commit
closes the row, or, if the holder died, the sweep hands the row out again after its patience. The rest of a
plan is kept in the cache under the next version, for a task that takes the turn over; a plan kept under a
version the game has left (someone else changed it) is never used.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from django.conf import settings
from django.core.cache import cache

from games.models import Game, Seat
from games.play import services
from games.play.errors import GameError, Unavailable
from games.play.payloads import audience_views, progress_of
from games.rules import bots

#: How long a turn's remaining plan is kept (a step waits only for the one before it to commit).
PLAN_SECONDS = 3600
#: What a task that found another playing the seat's turn says: its due row stays open.
BUSY = "busy"


def plan_key(game_id: int, version: int) -> str:
    return f"computer:plan:{game_id}:{version}"


def claim_key(game_id: int, seat: int) -> str:
    return f"computer:playing:{game_id}:{seat}"


def claim_seconds() -> float:
    """How long a seat's claim lasts without a step: past it (its holder died) another task may play."""
    return settings.COMPUTER_STEP_PATIENCE_SECONDS / 2  # gone before the sweep hands a lost step out again


def computer_step(game_id: int, version: int) -> Optional[str]:
    """Play the computer seat to move at ``version``: its planned steps one after the other, each through the
    services like anyone's (its own commit, log entry and pushes), planning again after a draw, until the turn
    ends or the game moves on; what came of it (None: nothing to do; ``BUSY``: another task plays this turn)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or game.version != version or game.current_seat is None:
        return None
    seat = Seat.objects.select_related("user").filter(game=game, number=game.current_seat,
                                                      status=Seat.Status.PLAYING).first()
    if seat is None or not seat.user.computer_level:
        return None
    claim = claim_key(game_id, seat.number)
    if _cache_call(cache.add, claim, version, claim_seconds()) is False:  # None: no cache, nobody can claim
        return BUSY
    try:
        # the holder it waited behind may have played this version and let the claim go just now: look again
        if not Game.objects.filter(pk=game_id, version=version, status=Game.Status.ACTIVE).exists():
            return None
        return _play_turn(game, seat, version)
    finally:
        _cache_call(cache.delete, claim)


def _play_turn(game: Game, seat: Seat, version: int) -> str:
    key = plan_key(game.pk, version)
    planned: Optional[list[dict[str, Any]]] = _cached(key)
    if planned and planned[0].get("seat") == seat.number:
        steps = [step["action"] for step in planned]
    else:
        steps = _plan(game, seat)
    outcome = "moved on"
    while steps:
        try:
            changed = services.move_submit(game_id=game.pk, user=seat.user, action=steps[0],
                                           expected_version=version)
        except Unavailable:  # the database was out of reach: the step fails, its notice stays open for the sweep
            raise
        except GameError:  # the game moved on meanwhile (a moderator, a resignation): the next update asks again
            return outcome
        finally:
            _cache_call(cache.delete, key)
        outcome, steps = "played", steps[1:]
        if changed.current_seat != seat.number or changed.status != Game.Status.ACTIVE:
            break
        version, key = changed.version, plan_key(game.pk, changed.version)
        _cache_call(cache.touch, claim_key(game.pk, seat.number), claim_seconds())
        if not steps:  # a draw showed something new, and the turn goes on: plan again from it
            steps = _plan(changed, seat)
        # kept under the new version: a task that takes the turn over (if this one dies) plays on from it
        _cache_call(cache.set, key, [{"seat": seat.number, "action": a} for a in steps], PLAN_SECONDS)
    return outcome


def _plan(game: Game, seat: Seat) -> list[dict[str, Any]]:
    """The seat's turn planned from its view alone (as far as the next draw), as the actions' dict forms."""
    progress = progress_of(game)
    assert progress is not None
    view = audience_views(progress, [seat.number])[seat.number]  # what this seat may see, and nothing else
    rng = random.Random(f"computer:{game.seed}:{game.version}")  # its own stream of the game's seed
    budget = bots.Settings(seconds=settings.COMPUTER_HARD_SECONDS)
    plan = bots.plan_turn(progress.eng, view, seat.number, seat.user.computer_level, rng, budget)
    return [action.to_dict() for action in plan]


def _cached(key: str) -> Any:
    return _cache_call(cache.get, key)


def _cache_call(method: Any, *args: Any) -> Any:
    try:
        return method(*args)
    except Exception:  # the cache is out of reach: the next step plans again (slower, never wrong)
        return None
