"""The mutable state of a Tikal game (``TikalState``; ``TikalEngine.apply`` works on a copy) and its JSON form.

Secrets: the seed, the stacks' order (``stack``, top = last item), the hidden treasure pool (``pool``, top = last)
and the kinds lying face down on each ruin (``ruin``). Everything else is public.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Seed
from .data import BASE, BASE_CAMP, BASE_STONES, CAMPS, NKINDS, NSPACES, PRINTED, WORKERS
from .used import FRESH, Worlds, from_json, guess, to_json

# Phases: DRAW (chance: a hex comes off the stacks), PLACE (lay it), ACTIONS (spend AP), TREASURE (chance:
# the kind a dig turns up), OVER.
DRAW, PLACE, ACTIONS, TREASURE, OVER = range(5)
PHASES = ("draw", "place", "actions", "treasure", "over")
# Rounds of bonus turns.
NONE, VOLCANO_ROUND, FINAL_ROUND = range(3)
ROUNDS = ("", "volcano", "final")
SUPPLY, GONE = -1, -2          # where a leader is when not on a space
NO_STONES = (0, 0, 0, 0, 0, 0)

_LISTS = ("active", "scores", "stack", "pool", "kind", "stones", "hexid", "rotation", "value", "treasures_left",
          "camp", "guard", "leader", "supply", "camps_left", "guards_made", "tiles", "levels_turn", "dug_turn",
          "queue")
_NESTED = ("workers", "held", "ruin")
_SCALARS = ("seed", "players", "seat", "phase", "turns", "ap", "pending", "round", "drawer", "bonus", "dig_at",
            "placed")


class TikalState:
    """Everything about one game, secrets included."""

    __slots__ = (*_LISTS, *_NESTED, *_SCALARS, "used", "events")

    def __init__(self, players: int, seed: Seed) -> None:
        self.seed = seed
        self.players = players
        self.seat = 0
        self.phase = DRAW
        self.turns = 0                                   # entries completed
        self.active = [True] * players
        self.scores = [0] * players
        self.stack: list[int] = []                       # hex indexes, top = last (secret order)
        self.pool: list[int] = []                        # treasure kinds, top = last (secret)
        self.kind = [0] * NSPACES                        # data.EMPTY .. data.VOLCANO
        self.stones: list[tuple[int, ...]] = [NO_STONES] * NSPACES  # stones on board sides 0..5
        self.hexid = [-1] * NSPACES                      # hex index laid there (-1: printed or empty)
        self.rotation = [0] * NSPACES
        self.value = [0] * NSPACES                       # a temple's current value
        self.treasures_left = [0] * NSPACES              # face-down treasures on a ruin (public count)
        self.ruin: list[list[int]] = [[] for _ in range(NSPACES)]   # their kinds (secret; copy on write)
        self.camp = [-1] * NSPACES                       # the seat whose camp stands there
        self.guard = [-1] * NSPACES                      # the seat whose guard stands there
        self.workers = [[0] * NSPACES for _ in range(players)]
        self.leader = [SUPPLY] * players                 # a space, SUPPLY or GONE
        self.supply = [WORKERS] * players                # workers in supply
        self.camps_left = [CAMPS] * players
        self.guards_made = [0] * players
        self.held = [[0] * NKINDS for _ in range(players)]
        self.tiles = [0] * 11                            # level tiles left, by value
        self.ap = 0
        self.levels_turn = [0] * NSPACES                 # levels uncovered there this turn
        self.dug_turn = [0] * NSPACES                    # treasures taken there this turn
        self.used: Worlds = FRESH                        # who uncovered which level this turn (used.py)
        self.pending = -1                                # the hex drawn, not placed yet (a volcano: the round's)
        self.round = NONE
        self.drawer = -1                                 # who drew the volcano of the round
        self.queue: list[int] = []                       # seats still to take a bonus turn in the round
        self.bonus = False                               # the turn being played is a bonus turn
        self.dig_at = -1                                 # the ruin of the dig waiting for its chance step
        self.placed = 0                                  # terrain hexes laid
        self.events: list[dict[str, Any]] = []
        self.kind[BASE_CAMP] = BASE
        self.stones[BASE_CAMP] = BASE_STONES
        for printed in PRINTED:
            self.kind[printed.space] = printed.kind
            self.stones[printed.space] = printed.stones
            self.value[printed.space] = printed.value

    def copy(self) -> TikalState:
        """An independent copy (written out attribute by attribute: the bots copy states by the million)."""
        new = TikalState.__new__(TikalState)
        new.seed = self.seed
        new.players = self.players
        new.seat = self.seat
        new.phase = self.phase
        new.turns = self.turns
        new.ap = self.ap
        new.pending = self.pending
        new.round = self.round
        new.drawer = self.drawer
        new.bonus = self.bonus
        new.dig_at = self.dig_at
        new.placed = self.placed
        new.active = self.active.copy()
        new.scores = self.scores.copy()
        new.stack = self.stack.copy()
        new.pool = self.pool.copy()
        new.kind = self.kind.copy()
        new.stones = self.stones.copy()
        new.hexid = self.hexid.copy()
        new.rotation = self.rotation.copy()
        new.value = self.value.copy()
        new.treasures_left = self.treasures_left.copy()
        new.camp = self.camp.copy()
        new.guard = self.guard.copy()
        new.leader = self.leader.copy()
        new.supply = self.supply.copy()
        new.camps_left = self.camps_left.copy()
        new.guards_made = self.guards_made.copy()
        new.tiles = self.tiles.copy()
        new.levels_turn = self.levels_turn.copy()
        new.dug_turn = self.dug_turn.copy()
        new.used = self.used               # immutable tuples
        new.queue = self.queue.copy()
        new.workers = [w.copy() for w in self.workers]
        new.held = [h.copy() for h in self.held]
        new.ruin = self.ruin.copy()        # each ruin's list is replaced, never changed in place (turns.py)
        new.events = self.events.copy()    # events are never changed once logged
        return new

    def to_dict(self) -> dict[str, Any]:
        """The whole state, secrets included, as JSON types."""
        out: dict[str, Any] = {name: getattr(self, name) for name in _SCALARS}
        for name in _LISTS:
            out[name] = list(getattr(self, name))
        out["stones"] = [list(s) for s in self.stones]
        for name in _NESTED:
            out[name] = [list(x) for x in getattr(self, name)]
        out["used"] = to_json(self.used)
        out["events"] = [dict(e) for e in self.events]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TikalState:
        """The inverse of ``to_dict``."""
        new = cls.__new__(cls)
        for name in _SCALARS:
            setattr(new, name, data[name])
        for name in _LISTS:
            setattr(new, name, list(data[name]))
        new.stones = [tuple(int(n) for n in s) for s in data["stones"]]
        if len(new.stones) != NSPACES or len(new.kind) != NSPACES:
            raise ValueError("the board has the wrong number of spaces")
        for name in _NESTED:
            setattr(new, name, [list(x) for x in data[name]])
        new.events = [dict(e) for e in data["events"]]
        new.used = from_json(data["used"]) if "used" in data else guess(new)   # saved before it was tracked
        return new


def explorers(state: TikalState, seat: int, space: int) -> int:
    """``seat``'s explorers on ``space`` (the leader counts as one)."""
    return state.workers[seat][space] + (1 if state.leader[seat] == space else 0)


def strength(state: TikalState, seat: int, space: int) -> int:
    """``seat``'s strength on ``space``: a worker 1, the leader 3."""
    return state.workers[seat][space] + (3 if state.leader[seat] == space else 0)


def next_active(state: TikalState, after: int) -> int:
    """The next seat still playing after ``after``, in seat order."""
    for step in range(1, state.players + 1):
        seat = (after + step) % state.players
        if state.active[seat]:
            return seat
    return after
