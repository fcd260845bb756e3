"""How a player scores (docs/rules/tikal.md section 8), the tie-breaks (section 7) and the bots' estimate."""
from __future__ import annotations

from typing import Any

from .data import NSPACES, SPACES, TEMPLE, TREASURE_POINTS
from .state import TikalState, strength


def temple_owner(state: TikalState, space: int) -> int:
    """The seat a temple scores for now: its guard's owner, else the strictly strongest seat; -1 for none."""
    if state.guard[space] >= 0:
        return state.guard[space]
    best, owner = 0, -1
    for seat in range(state.players):
        mine = strength(state, seat, space)
        if mine > best:
            best, owner = mine, seat
        elif mine == best:
            owner = -1
    return owner if best > 0 else -1


def temple_tied(state: TikalState, space: int) -> list[int]:
    """The seats tied for the most strength on an unguarded temple nobody leads (none if somebody does)."""
    if state.guard[space] >= 0:
        return []
    strengths = [strength(state, seat, space) for seat in range(state.players)]
    best = max(strengths)
    tied = [seat for seat, mine in enumerate(strengths) if mine == best] if best > 0 else []
    return tied if len(tied) > 1 else []


def treasure_points(held: list[int]) -> int:
    """Points for a hand of treasures: 1, 3 or 6 for 1, 2 or 3 of a kind."""
    total = 0
    for n in held:
        total += TREASURE_POINTS[n if n < 3 else 3]
    return total


def score_seat(state: TikalState, seat: int) -> tuple[int, int, list[dict[str, Any]]]:
    """(temple points, treasure points, the temples scored) for ``seat`` if it scored now."""
    temples = 0
    detail: list[dict[str, Any]] = []
    for space in range(NSPACES):
        if state.kind[space] == TEMPLE and temple_owner(state, space) == seat:
            temples += state.value[space]
            detail.append({"at": list(SPACES[space]), "value": state.value[space],
                           "guarded": state.guard[space] == seat})
    return temples, treasure_points(state.held[seat]), detail


def ranking(state: TikalState) -> list[tuple[int, ...]]:
    """Per seat: score, then the value of its best guarded temple (0: none), then treasures held (rules 7)."""
    out: list[tuple[int, ...]] = []
    for seat in range(state.players):
        best = max((state.value[s] for s in range(NSPACES) if state.guard[s] == seat), default=0)
        out.append((state.scores[seat], best, sum(state.held[seat])))
    return out


def evaluate(state: TikalState, seat: int) -> float:
    """The bots' estimate for ``seat``: score plus what it would score now (temples it controls, treasures),
    less the best other seat's same figure. (``score_seat`` for every seat in one pass over the temples: the
    bots value positions by the million.)"""
    players = state.players
    worth = [float(state.scores[s] + treasure_points(state.held[s])) for s in range(players)]
    kind, value, guard, leader, workers = state.kind, state.value, state.guard, state.leader, state.workers
    for space in range(NSPACES):
        if kind[space] != TEMPLE:
            continue
        owner = guard[space]
        if owner < 0:
            best = 0
            for other in range(players):
                mine = workers[other][space] + (3 if leader[other] == space else 0)
                if mine > best:
                    best, owner = mine, other
                elif mine == best:
                    owner = -1
        if owner >= 0:
            worth[owner] += value[space]
    others = [worth[s] for s in range(players) if s != seat and state.active[s]]
    return worth[seat] - (max(others) if others else 0.0)
