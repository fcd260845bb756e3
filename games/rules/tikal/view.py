"""What a seat (or a spectator) sees: JSON-ready, secrets dropped.

Public: the board as explored, every explorer, camp and guard, the level tiles left, the treasures each seat holds
(face up), how many treasures lie face down on each ruin and in the pool, the letter of the next hex and how many
hexes of each letter remain, the hex drawn once it is drawn. Never: the stacks' order or the faces of hexes not
drawn, the kinds on the ruins or in the pool, the seed. The seat to move also gets ``legal`` (every legal action
with its ``cost``) and ``reach`` (for each space holding its explorers, every space reachable with the action
points left, at the cheapest cost), so the page computes no rule.
"""
from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from ..base import JSONDict
from .board import OPP
from .data import (
    BASE_CAMP,
    EMPTY,
    HEXES,
    KINDS,
    LETTERS,
    NEIGHBOUR,
    NSPACES,
    SPACES,
    TEMPLE,
    TREASURES,
    VOLCANO,
    rotate,
)
from .scoring import temple_owner, temple_tied
from .state import ACTIONS, GONE, OVER, PHASES, PLACE, ROUNDS, SUPPLY, TikalState
from .steps import cost
from .turns import legal
from .used import World

if TYPE_CHECKING:
    from .engine import TikalEngine


def _hex(h: int) -> JSONDict:
    hx = HEXES[h]
    return {"id": hx.id, "letter": hx.letter, "kind": KINDS[hx.kind], "value": hx.value or None,
            "treasures": hx.treasures or None, "stones": list(hx.stones),
            "turned": [list(rotate(hx.stones, k)) for k in range(6)]}


def _space(state: TikalState, s: int) -> JSONDict:
    h = state.hexid[s]
    explorers = [{"seat": seat, "workers": state.workers[seat][s], "leader": state.leader[seat] == s}
                 for seat in range(state.players) if state.workers[seat][s] or state.leader[seat] == s]
    out: JSONDict = {
        "at": list(SPACES[s]), "kind": KINDS[state.kind[s]], "hex": HEXES[h].id if h >= 0 else None,
        "rotation": state.rotation[s], "stones": list(state.stones[s]), "value": state.value[s] or None,
        "treasures": state.treasures_left[s], "camp": state.camp[s] if state.camp[s] >= 0 else None,
        "guard": state.guard[s] if state.guard[s] >= 0 else None, "explorers": explorers}
    if state.kind[s] == TEMPLE:       # who the temple would score for now (rules 8), and a tie at the top
        owner = temple_owner(state, s)
        out["owner"] = owner if owner >= 0 else None
        out["tied"] = temple_tied(state, s)
    return out


def last_scoring(state: TikalState) -> JSONDict | None:
    """The scorings of the latest scoring round (volcano, final, or a settlement), while that round is played and
    through the turn that follows it (the volcano's), and once the game is over: ``round`` and ``results`` (its
    score events, in the order scored). None otherwise, and for events saved before they carried ``entry``."""
    events = [e for e in state.events if e.get("type") == "score"]
    if not events or "entry" not in events[-1]:
        return None
    last = events[-1]
    if state.phase != OVER and state.turns > last["entry"] + 1:
        return None
    group = [last]
    for event in reversed(events[:-1]):
        if event.get("round") != last["round"] or event.get("entry") not in (group[0]["entry"], group[0]["entry"] - 1):
            break
        group.insert(0, event)
    return {"round": last["round"], "results": [dict(e) for e in group]}


def public_view(eng: TikalEngine, state: TikalState) -> JSONDict:
    """Everything every audience may see."""
    over = state.phase == OVER
    left = {letter: 0 for letter in LETTERS}
    for h in state.stack:
        left[HEXES[h].letter] += 1
    hidden = 3 * len(TREASURES) - sum(sum(hand) for hand in state.held)
    return {
        "game": eng.name, "players": state.players, "current_seat": None if over else state.seat,
        "scores": list(state.scores), "finished": over, "winners": eng.winners(state),
        "active": list(state.active), "phase": PHASES[state.phase], "turn": state.turns,
        "action_points": state.ap if state.phase == ACTIONS else None, "bonus": state.bonus,
        "round": ROUNDS[state.round] or None, "drawer": state.drawer if state.drawer >= 0 else None,
        "queue": list(state.queue), "placed": state.placed,
        "hex": _hex(state.pending) if state.pending >= 0 else None,
        "stacks": {"next_letter": HEXES[state.stack[-1]].letter if state.stack else None,
                   "left": left, "total": len(state.stack)},
        "spaces": [_space(state, s) for s in range(NSPACES) if state.kind[s] != EMPTY],
        "level_tiles": {str(v): state.tiles[v] for v in range(2, 11)},
        "hidden_treasures": hidden, "pool": len(state.pool),
        "seats": [{"seat": seat, "active": state.active[seat], "score": state.scores[seat],
                   "supply": state.supply[seat],
                   "leader": ("supply" if state.leader[seat] == SUPPLY else "gone" if state.leader[seat] == GONE
                              else list(SPACES[state.leader[seat]])),
                   "camps_left": state.camps_left[seat], "guards_made": state.guards_made[seat],
                   "treasures": {TREASURES[k]: n for k, n in enumerate(state.held[seat]) if n}}
                  for seat in range(state.players)],
        "turn_state": {"levels": [[*SPACES[s], n] for s, n in enumerate(state.levels_turn) if n],
                       "dug": [[*SPACES[s], n] for s, n in enumerate(state.dug_turn) if n],
                       "dig_at": list(SPACES[state.dig_at]) if state.dig_at >= 0 else None,
                       "used": [_used(world) for world in state.used]},
        "events": [dict(e) for e in state.events],
        "last_scoring": last_scoring(state),
    }


def _used(world: World) -> JSONDict:
    leader, tokens = world
    return {"leader": [list(SPACES[t]) for t in leader],
            "workers": [{"at": list(SPACES[at]), "temples": [list(SPACES[t]) for t in marks]} for at, marks in tokens]}


def seat_view(state: TikalState, common: JSONDict, seat: int | None) -> JSONDict:
    """``common`` plus, for the seat to move, its legal actions with their costs and where its explorers reach."""
    out = dict(common)
    out["your_seat"] = seat
    to_move = seat is not None and seat == state.seat and state.phase in (PLACE, ACTIONS)
    out["legal"] = [{**a.to_dict(), "cost": cost(state, a)} for a in legal(state)] if to_move else []
    out["reach"] = reach(state) if to_move and state.phase == ACTIONS else []
    return out


def reach(state: TikalState) -> list[JSONDict]:
    """For each space holding explorers of the seat to move: every space they can reach with the action points
    left, at the cheapest cost (borders, and 1 point between the base camp and the seat's camps), with the ``path``
    there (the spaces entered, one listed move or camp move each), so a page can walk an explorer there."""
    seat, ap = state.seat, state.ap
    camps = [BASE_CAMP, *(s for s in range(NSPACES) if state.camp[s] == seat)]
    out = []
    for start in range(NSPACES):
        if not (state.workers[seat][start] or state.leader[seat] == start):
            continue
        best = {start: 0}
        prev: dict[int, int] = {}
        heap = [(0, start)]
        while heap:
            d, s = heapq.heappop(heap)
            if d > best.get(s, 99):
                continue
            steps: list[tuple[int, int]] = []
            for side, n in enumerate(NEIGHBOUR[s]):
                if n >= 0 and state.kind[n] not in (EMPTY, VOLCANO):
                    c = state.stones[s][side] + state.stones[n][OPP[side]]
                    if c:
                        steps.append((n, c))
            if s in camps:
                steps.extend((t, 1) for t in camps if t != s)
            for n, c in steps:
                nd = d + c
                if nd <= ap and nd < best.get(n, 99):
                    best[n] = nd
                    prev[n] = s
                    heapq.heappush(heap, (nd, n))
        out.append({"from": list(SPACES[start]),
                    "to": [{"at": list(SPACES[s]), "cost": c, "path": _path(prev, start, s)}
                           for s, c in sorted(best.items()) if s != start]})
    return out


def _path(prev: dict[int, int], start: int, end: int) -> list[list[int]]:
    """The spaces after ``start`` on a cheapest way to ``end``: each hop is one listed move or camp move."""
    hops = []
    while end != start:
        hops.append(list(SPACES[end]))
        end = prev[end]
    return hops[::-1]


