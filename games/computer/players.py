"""The site's computer players: a step of theirs, decided from their seat's view only, made through the services.

A computer seat's account has ``computer_level`` set (accounts.services.computer_player). When it is such a
seat's turn, a task (``tasks.play_computer_step``) plays one step through ``move_submit`` like anyone's: the
same version check, log, sockets. The first step of a turn plans the whole turn (``bots.plan_turn``: its steps
until the turn ends or a draw shows something new); the rest of the plan is kept in the cache under the game's
next version, and each following step (queued by the commit of the one before, as always) plays the next
planned step without searching again. A draw ends the plan: the step after it plans afresh from what it showed.
A plan kept under a version the game has left (someone else changed it) is never used.
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


def plan_key(game_id: int, version: int) -> str:
    return f"computer:plan:{game_id}:{version}"


def computer_step(game_id: int, version: int) -> Optional[str]:
    """Play the computer seat to move at ``version``: its planned steps one after the other, each through the
    services like anyone's (its own commit, log entry and pushes), until the plan ends, the turn ends or the game
    moves on; what came of it (None: nothing to do)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or game.version != version or game.current_seat is None:
        return None
    seat = Seat.objects.select_related("user").filter(game=game, number=game.current_seat,
                                                      status=Seat.Status.PLAYING).first()
    if seat is None or not seat.user.computer_level:
        return None
    key = plan_key(game_id, version)
    planned: Optional[list[dict[str, Any]]] = _cached(key)
    if planned and planned[0].get("seat") == seat.number:
        steps = [step["action"] for step in planned]
    else:
        steps = _plan(game, seat)
    outcome = "moved on"
    while steps:
        try:
            changed = services.move_submit(game_id=game_id, user=seat.user, action=steps[0],
                                           expected_version=version)
        except Unavailable:  # the database was out of reach: the step fails, its notice stays open for the sweep
            raise
        except GameError:  # the game moved on meanwhile (a moderator, a resignation, this step played by the
            return outcome  # task its commit queued): the next update asks again
        finally:
            _cache_call(cache.delete, key)
        outcome, steps = "played", steps[1:]
        if not steps or changed.current_seat != seat.number or changed.status != Game.Status.ACTIVE:
            break
        # The rest is kept under the new version too: the commit just queued a task for it, which plays the next
        # step from it if a worker takes that task first (then this loop's next step finds the game moved on).
        version, key = changed.version, plan_key(game_id, changed.version)
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
