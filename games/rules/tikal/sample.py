"""``sample_state``: a whole state consistent with one seat's view, for bots (base.py's contract).

Everything public is read back from the view. The hidden parts are drawn from ``rng``: the order of the hexes
left in each letter (the hexes not on the board and not drawn), and where the treasures not yet taken lie (face
down on the ruins, as many as each shows, the rest in the pool).
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .data import HEX_INDEX, HEXES, KINDS, LETTERS, NKINDS, PER_KIND, SPACE_INDEX, TREASURE_INDEX
from .state import GONE, PHASES, ROUNDS, SUPPLY, TikalState
from .used import Worlds, from_json


def sample_state(view: Mapping[str, Any], seat: int, rng: random.Random) -> TikalState:
    """A state whose ``view(state, seat)`` is ``view``, its secrets drawn from ``rng``."""
    players = int(view["players"])
    state = TikalState(players, f"sample:{rng.getrandbits(64)}")
    state.seat = view["current_seat"] if view["current_seat"] is not None else 0
    state.phase = PHASES.index(view["phase"])
    state.turns = view["turn"]
    state.active = list(view["active"])
    state.scores = list(view["scores"])
    state.ap = view["action_points"] or 0
    state.bonus = bool(view["bonus"])
    state.round = ROUNDS.index(view["round"] or "")
    state.drawer = -1 if view["drawer"] is None else view["drawer"]
    state.queue = list(view["queue"])
    state.placed = view["placed"]
    state.pending = HEX_INDEX[view["hex"]["id"]] if view["hex"] else -1
    used = {state.pending} if state.pending >= 0 else set()
    for space in view["spaces"]:
        s = SPACE_INDEX[tuple(space["at"])]
        state.kind[s] = KINDS.index(space["kind"])
        state.stones[s] = tuple(space["stones"])
        state.rotation[s] = space["rotation"]
        state.value[s] = space["value"] or 0
        state.treasures_left[s] = space["treasures"]
        state.camp[s] = -1 if space["camp"] is None else space["camp"]
        state.guard[s] = -1 if space["guard"] is None else space["guard"]
        if space["hex"] is not None:
            state.hexid[s] = HEX_INDEX[space["hex"]]
            used.add(state.hexid[s])
        for group in space["explorers"]:
            state.workers[group["seat"]][s] = group["workers"]
            if group["leader"]:
                state.leader[group["seat"]] = s
    for info in view["seats"]:
        n = info["seat"]
        state.supply[n] = info["supply"]
        if info["leader"] in ("supply", "gone"):
            state.leader[n] = SUPPLY if info["leader"] == "supply" else GONE
        state.camps_left[n] = info["camps_left"]
        state.guards_made[n] = info["guards_made"]
        state.held[n] = [info["treasures"].get(kind, 0) for kind in TREASURE_INDEX]
    for value, count in view["level_tiles"].items():
        state.tiles[int(value)] = count
    turn = view["turn_state"]
    for q, r, n in turn["levels"]:
        state.levels_turn[SPACE_INDEX[(q, r)]] = n
    for q, r, n in turn["dug"]:
        state.dug_turn[SPACE_INDEX[(q, r)]] = n
    state.dig_at = SPACE_INDEX[tuple(turn["dig_at"])] if turn["dig_at"] else -1
    state.used = _used(turn["used"])
    state.events = [dict(e) for e in view["events"]]
    # hidden: the stacks, letter by letter (A on top), and the treasures not taken
    for letter in reversed(LETTERS):
        group = [h for h in range(len(HEXES)) if HEXES[h].letter == letter and h not in used]
        rng.shuffle(group)
        state.stack.extend(group)
    hidden = [k for k in range(NKINDS) for _ in range(PER_KIND - sum(hand[k] for hand in state.held))]
    rng.shuffle(hidden)
    for s in range(len(state.kind)):
        n = state.treasures_left[s]
        if n:
            state.ruin[s] = [hidden.pop() for _ in range(n)]
    state.pool = hidden
    return state


def _used(worlds: list[Any]) -> Worlds:
    """``turn_state.used`` of a view (``[q, r]`` spaces) as the state keeps it."""
    def at(xy: list[int]) -> int:
        return SPACE_INDEX[(xy[0], xy[1])]
    return from_json([[[at(t) for t in world["leader"]],
                       [[at(w["at"]), [at(t) for t in w["temples"]]] for w in world["workers"]]] for world in worlds])
