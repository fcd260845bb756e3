"""Moving an explorer across a border (docs/rules/tikal.md 5.3): its ``list``, ``check`` and ``apply`` (as in
``camps``), and its cost."""
from __future__ import annotations

from ..base import IllegalActionError
from ..words import Words
from .actions import LEADER, TABLES, WORKER, Action, Move
from .board import LINKS, border_cost, has_piece, move_piece, where
from .data import EMPTY, NEIGHBOUR, SPACE_INDEX, VOLCANO
from .state import TikalState

MOVE_WORKER, MOVE_LEADER = TABLES.move[WORKER], TABLES.move[LEADER]


def list_moves(state: TikalState, space: int, workers: int, leader: bool, out: list[Action]) -> None:
    """From ``space`` (where the mover has ``workers`` and maybe its ``leader``) across each border it can pay."""
    ap, kind, stones = state.ap, state.kind, state.stones
    row = stones[space]
    move_w, move_l = MOVE_WORKER[space], MOVE_LEADER[space]
    for side, n, opp in LINKS[space]:
        nk = kind[n]
        if nk == EMPTY or nk == VOLCANO:
            continue
        c = row[side] + stones[n][opp]
        if 0 < c <= ap:
            if workers:
                out.append(move_w[n])
            if leader:
                out.append(move_l[n])


def move_cost(state: TikalState, action: Move) -> int:
    """The border's cost (0 if the spaces do not touch or it cannot be crossed)."""
    a, b = SPACE_INDEX[action.frm], SPACE_INDEX[action.to]
    return border_cost(state, a, NEIGHBOUR[a].index(b)) if b in NEIGHBOUR[a] else 0


def check_move(state: TikalState, seat: int, action: Move) -> int:
    a, b = SPACE_INDEX[action.frm], SPACE_INDEX[action.to]
    has_piece(state, seat, a, action.piece)
    if b not in NEIGHBOUR[a]:
        raise IllegalActionError(Words("{b} does not touch {a}", b=where(b), a=where(a)))
    if state.kind[b] == EMPTY:
        raise IllegalActionError(Words("{b} is not explored", b=where(b)))
    if state.kind[b] == VOLCANO:
        raise IllegalActionError(Words("no explorer may enter a volcano"))
    price = border_cost(state, a, NEIGHBOUR[a].index(b))
    if not price:
        raise IllegalActionError(Words("the border between {a} and {b} has no stones: it cannot be crossed",
                                       a=where(a), b=where(b)))
    return price


def apply_move(state: TikalState, seat: int, action: Move) -> None:
    move_piece(state, seat, SPACE_INDEX[action.frm], SPACE_INDEX[action.to], action.piece)
