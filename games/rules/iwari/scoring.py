"""Scoring (rules/iwari.md sections 9 to 12, and the feats' factors of section 13).

Pure functions of counts where they can be (``tent_points``, ``leaders``), so the rule tests check them on
hand-written numbers; the state-level functions add the points to the seats' scores. The third tribe and seats
that left the game count for every majority and blocking but score nothing.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from .maps import Board
from .state import OVER, IwariState


def tent_points(counts: Sequence[int]) -> list[int]:
    """Per tribe, the tent points of one territory (rules 9).

    The highest count scores the territory's total tents; each lower count scores the count of one tribe of
    the count just above it; tied tribes share a rank; a tribe with no tent scores nothing.
    """
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    if not levels:
        return [0] * len(counts)
    award = {levels[0]: sum(counts)}
    for above, level in pairwise(levels):
        award[level] = above
    return [award[c] if c > 0 else 0 for c in counts]


def tent_ranks(counts: Sequence[int]) -> list[int]:
    """Per tribe, its rank by tents in one territory (1 = most; tied tribes share; 0 = no tent)."""
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    return [levels.index(c) + 1 if c > 0 else 0 for c in counts]


def leaders(counts: Sequence[int]) -> list[int]:
    """Tribes that lead a territory's totems: at least one totem, and no tribe has more (rules 10)."""
    top = max(counts, default=0)
    return [tribe for tribe, c in enumerate(counts) if top > 0 and c == top]


def scoring_seats(state: IwariState) -> list[int]:
    """Seats that score: the players still in the game (never the third tribe)."""
    return [seat for seat in range(state.players) if state.active[seat]]


def tent_scoring(state: IwariState, board: Board) -> tuple[list[int], dict[str, list[int]]]:
    """Per seat, the tent points of every territory now, with the feats' factors; and per territory."""
    tribes = state.tribes
    seats = scoring_seats(state)
    total = [0] * state.players
    by_territory: dict[str, list[int]] = {}
    for territory in range(len(board.territory_ids)):
        if not state.tent_count[territory]:
            continue
        factor = 1 + state.feat_territory[territory]
        points = tent_points(state.tents[territory * tribes:(territory + 1) * tribes])
        row = [points[seat] * factor if seat in seats else 0 for seat in range(state.players)]
        by_territory[board.territory_ids[territory]] = row
        for seat in seats:
            total[seat] += row[seat]
    return total, by_territory


def connection_scorers(state: IwariState, board: Board, connection: int) -> tuple[list[int], int]:
    """(tribes that lead both ends, the points each scores) of an open connection (rules 10, 13)."""
    a, b = board.ends[connection]
    tribes = state.tribes
    both = set(leaders(state.totems[a * tribes:(a + 1) * tribes])) & set(
        leaders(state.totems[b * tribes:(b + 1) * tribes]))
    points = (state.totem_count[a] + state.totem_count[b]) * (1 + state.feat_connection[connection])
    return sorted(both), points if both else 0


def totem_scoring(state: IwariState, board: Board) -> tuple[list[int], dict[str, list[int]]]:
    """Per seat, the totem points of every open connection; and per connection."""
    seats = scoring_seats(state)
    total = [0] * state.players
    by_connection: dict[str, list[int]] = {}
    covered = set(state.mountains)
    count = state.totem_count
    for connection in range(len(board.connection_ids)):
        if connection in covered:
            continue  # rules 2.2: a connection under a mountain never scores (a feat on it included)
        a, b = board.ends[connection]
        if not count[a] or not count[b]:
            continue  # an end without a totem has no leader (the bots value positions by the million)
        scorers, points = connection_scorers(state, board, connection)
        row = [points if seat in scorers and seat in seats else 0 for seat in range(state.players)]
        if any(row):
            by_connection[board.connection_ids[connection]] = row
            for seat in seats:
                total[seat] += row[seat]
    return total, by_connection


def settlements(state: IwariState, board: Board, tribe: int) -> list[list[int]]:
    """``tribe``'s settlements: largest groups of its tents linked by paths, branches allowed (rules 11)."""
    occupant = state.occupant
    seen = [False] * len(occupant)
    groups: list[list[int]] = []
    for start, owner in enumerate(occupant):
        if owner != tribe or seen[start]:
            continue
        seen[start] = True
        group, stack = [], [start]
        while stack:
            space = stack.pop()
            group.append(space)
            for other in board.links[space]:
                if not seen[other] and occupant[other] == tribe:
                    seen[other] = True
                    stack.append(other)
        groups.append(sorted(group))
    return groups


def settlement_scoring(state: IwariState, board: Board) -> list[int]:
    """Per seat: 1 point per tent of each settlement of 4 or more tents (rules 11)."""
    total = [0] * state.players
    for seat in scoring_seats(state):
        total[seat] = sum(len(g) for g in settlements(state, board, seat) if len(g) >= 4)
    return total


def unused_pieces(state: IwariState) -> list[int]:
    """Per seat, tents and totems still in supply (the tie-break, rules 12; the score marker not counted)."""
    return [state.tent_supply[seat] + state.totem_supply[seat] for seat in range(state.players)]


def majorities(state: IwariState, board: Board) -> dict[str, Any]:
    """What a tent scoring was made of, for the page's breakdown: per territory with tents, the tents of each
    tribe (the third tribe included) as ``counts``, and the feats' factor where it is more than 1."""
    tribes = state.tribes
    counts = {board.territory_ids[t]: state.tents[t * tribes:(t + 1) * tribes]
              for t in range(len(board.territory_ids)) if state.tent_count[t]}
    factors = {board.territory_ids[t]: 1 + state.feat_territory[t]
               for t in range(len(board.territory_ids)) if state.tent_count[t] and state.feat_territory[t]}
    return {"counts": counts, "factors": factors}


def half_journey(state: IwariState, board: Board) -> None:
    """Rules 7: tents score in every territory; the event is recorded, with the majorities it counted."""
    points, by_territory = tent_scoring(state, board)
    for seat, value in enumerate(points):
        state.scores[seat] += value
    state.events.append({"type": "half-journey", "turn": state.turns + 1, "seat": state.seat,
                         "points": points, "territories": by_territory, **majorities(state, board)})


def final_scoring(state: IwariState, board: Board) -> None:
    """Rules 8: tents, then totems, then settlements; the game is over."""
    tents, by_territory = tent_scoring(state, board)
    totems, by_connection = totem_scoring(state, board)
    groups = settlement_scoring(state, board)
    for seat in range(state.players):
        state.scores[seat] += tents[seat] + totems[seat] + groups[seat]
    event: dict[str, Any] = {"type": "final", "turn": state.turns, "tents": tents, "totems": totems,
                             "settlements": groups, "territories": by_territory, "connections": by_connection,
                             "scores": list(state.scores), "unused": unused_pieces(state),
                             **majorities(state, board)}
    state.events.append(event)
    state.phase = OVER
