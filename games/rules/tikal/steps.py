"""The action-point steps (docs/rules/tikal.md 5) brought together: every legal one in the engine's fixed order,
what each costs, and one checked and paid for. Each type's own ``list``, ``check`` and ``apply`` are in ``camps``
(enter, camp-move, camp), ``walking`` (move), ``temples`` (uncover, guard) and ``treasures`` (dig, exchange).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import IllegalActionError
from ..words import Words
from .actions import END, Action, Camp, CampMove, Dig, Enter, Exchange, Guard, Move, Uncover
from .board import where
from .camps import (
    apply_camp,
    apply_camp_move,
    apply_enter,
    camp_spaces,
    check_camp,
    check_camp_move,
    check_enter,
    list_camp_moves,
    list_camps,
    list_enter,
)
from .data import NSPACES, RUIN, SPACE_INDEX, TEMPLE
from .state import TikalState
from .temples import apply_guard, apply_uncover, check_guard, check_uncover, list_guard, list_uncover
from .treasures import apply_dig, apply_exchange, check_dig, check_exchange, list_dig, list_exchanges
from .walking import apply_move, check_move, list_moves, move_cost

Check = Callable[[TikalState, int, Any], int]
Apply = Callable[[TikalState, int, Any], None]

#: per action type: its check (the cost now, or ``IllegalActionError``) and its effect (checked already)
STEPS: dict[type, tuple[Check, Apply]] = {
    Enter: (check_enter, apply_enter), Move: (check_move, apply_move),
    CampMove: (check_camp_move, apply_camp_move), Uncover: (check_uncover, apply_uncover),
    Dig: (check_dig, apply_dig), Exchange: (check_exchange, apply_exchange), Camp: (check_camp, apply_camp),
    Guard: (check_guard, apply_guard),
}
#: the fixed prices (a move costs its border)
PRICES: dict[type, int] = {Enter: 1, CampMove: 1, Uncover: 2, Dig: 3, Exchange: 3, Camp: 5, Guard: 5}


def action_points(state: TikalState) -> list[Action]:
    """Every legal action-point step of the seat to move, in a fixed order, ``end`` last: explorers brought in;
    then, space by space where the mover has explorers, moves, moves between camps, and the temple's level and
    guard or the ruin's treasure; then exchanges and camps."""
    seat = state.seat
    workers, leader = state.workers[seat], state.leader[seat]
    kind = state.kind
    out: list[Action] = []
    camps = camp_spaces(state, seat)
    list_enter(state, seat, camps, out)
    for s in range(NSPACES):
        w, lead = workers[s], leader == s
        if not w and not lead:
            continue
        list_moves(state, s, w, lead, out)
        if s in camps:
            list_camp_moves(state, s, w, lead, camps, out)
        if kind[s] == TEMPLE:
            list_uncover(state, seat, s, w + lead, out)
            list_guard(state, seat, s, w, lead, out)
        elif kind[s] == RUIN:
            list_dig(state, s, w + lead, out)
    list_exchanges(state, seat, out)
    list_camps(state, seat, out)
    out.append(END)
    return out


def cost(state: TikalState, action: Action) -> int:
    """The action points ``action`` costs now (0 for ``place``, ``end`` and chance steps)."""
    if type(action) is Move:
        return move_cost(state, action)
    return PRICES.get(type(action), 0)


def spend(state: TikalState, action: Action) -> None:
    """Check the step ``action`` of the seat to move, pay its points and apply it; raises ``IllegalActionError``
    (then ``state`` is unchanged)."""
    seat = state.seat
    check, apply = STEPS[type(action)]
    price = check(state, seat, action)
    if price > state.ap:
        raise IllegalActionError(Words("{doing} costs {price}, {left}", doing=doing(action),
                                       price=Words.plural("{n} point", "{n} points", price),
                                       left=Words.plural("only {n} is left", "only {n} are left", state.ap)))
    state.ap -= price
    apply(state, seat, action)


def doing(action: Action) -> Words:
    """``moving the leader from (1, 0) to (2, 0)``: an action-point step in words, for error messages."""
    piece = Words("the leader") if getattr(action, "piece", "worker") == "leader" else Words("the worker")
    if type(action) is Enter:
        return Words("bringing in {piece}", piece=piece)
    if type(action) is Move:
        return Words("moving {piece} from {start} to {end}", piece=piece, start=where(SPACE_INDEX[action.frm]),
                     end=where(SPACE_INDEX[action.to]))
    if type(action) is CampMove:
        return Words("moving {piece} between camps", piece=piece)
    return DOING[type(action)]


DOING: dict[type, Words] = {Uncover: Words("uncovering a temple level"), Dig: Words("digging a treasure"),
                            Exchange: Words("exchanging treasures"), Camp: Words("building a camp"),
                            Guard: Words("placing a guard")}
