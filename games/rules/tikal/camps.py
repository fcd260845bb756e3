"""Camps (docs/rules/tikal.md 5.1, 5.2, 5.7): bringing an explorer in, moving one between camps, building a camp.

Each action type has its ``list_*`` (its legal actions now, appended to ``out`` in the engine's fixed order),
``check_*`` (its cost, or ``IllegalActionError`` naming the rule it breaks) and ``apply_*`` (checked already).
"""
from __future__ import annotations

from ..base import IllegalActionError
from ..words import Words
from .actions import LEADER, TABLES, WORKER, Action, Camp, CampMove, Enter
from .board import has_piece, move_piece, where
from .data import BASE_CAMP, JUNGLE, NSPACES, RUIN, SPACE_INDEX
from .state import SUPPLY, TikalState


def camp_spaces(state: TikalState, seat: int) -> list[int]:
    """The base camp and ``seat``'s camps."""
    return [BASE_CAMP, *(s for s in range(NSPACES) if state.camp[s] == seat)]


def clearing(state: TikalState, space: int) -> bool:
    """A jungle clearing, or a ruin with no treasure left (rules 2)."""
    kind = state.kind[space]
    return kind == JUNGLE or (kind == RUIN and state.treasures_left[space] == 0)


# ----- 5.1 bringing in an explorer ----------------------------------------------------------------------------
def list_enter(state: TikalState, seat: int, camps: list[int], out: list[Action]) -> None:
    """A worker, then the leader, onto each of ``camps`` (``camp_spaces``)."""
    if state.ap < 1:
        return
    if state.supply[seat]:
        enter = TABLES.enter[WORKER]
        out.extend(enter[s] for s in camps)
    if state.leader[seat] == SUPPLY:
        enter = TABLES.enter[LEADER]
        out.extend(enter[s] for s in camps)


def check_enter(state: TikalState, seat: int, action: Enter) -> int:
    at = SPACE_INDEX[action.at]
    if at != BASE_CAMP and state.camp[at] != seat:
        raise IllegalActionError(Words("explorers come in on the base camp or on one of your camps"))
    if action.piece == "leader" and state.leader[seat] != SUPPLY:
        raise IllegalActionError(Words("your leader is not in your supply"))
    if action.piece == "worker" and not state.supply[seat]:
        raise IllegalActionError(Words("you have no worker left in your supply"))
    return 1


def apply_enter(state: TikalState, seat: int, action: Enter) -> None:
    at = SPACE_INDEX[action.at]
    if action.piece == "leader":
        state.leader[seat] = at
    else:
        state.supply[seat] -= 1
        state.workers[seat][at] += 1


# ----- 5.2 moving between camps -------------------------------------------------------------------------------
def list_camp_moves(state: TikalState, space: int, workers: int, leader: bool, camps: list[int],
                    out: list[Action]) -> None:
    """From the camp ``space`` (where the mover has ``workers`` and maybe its ``leader``) to each other of
    ``camps``."""
    if state.ap < 1 or len(camps) < 2:
        return
    move_w, move_l = TABLES.camp_move[WORKER][space], TABLES.camp_move[LEADER][space]
    for t in camps:
        if t != space:
            if workers:
                out.append(move_w[t])
            if leader:
                out.append(move_l[t])


def check_camp_move(state: TikalState, seat: int, action: CampMove) -> int:
    a, b = SPACE_INDEX[action.frm], SPACE_INDEX[action.to]
    has_piece(state, seat, a, action.piece)
    if a == b or not all(s == BASE_CAMP or state.camp[s] == seat for s in (a, b)):
        raise IllegalActionError(Words("a move between camps goes from the base camp or one of your camps to another "
                                       "of them"))
    return 1


def apply_camp_move(state: TikalState, seat: int, action: CampMove) -> None:
    move_piece(state, seat, SPACE_INDEX[action.frm], SPACE_INDEX[action.to], action.piece)


# ----- 5.7 building a camp ------------------------------------------------------------------------------------
def list_camps(state: TikalState, seat: int, out: list[Action]) -> None:
    """A camp on each clearing with none yet."""
    if state.ap < 5 or not state.camps_left[seat]:
        return
    kind, camp, left = state.kind, state.camp, state.treasures_left
    for s in range(NSPACES):
        if camp[s] < 0 and (kind[s] == JUNGLE or (kind[s] == RUIN and not left[s])):
            out.append(TABLES.camp[s])


def check_camp(state: TikalState, seat: int, action: Camp) -> int:
    at = SPACE_INDEX[action.at]
    if not clearing(state, at):
        raise IllegalActionError(Words("{at} is not a clearing", at=where(at)))
    if state.camp[at] >= 0:
        raise IllegalActionError(Words("{at} already has a camp", at=where(at)))
    if not state.camps_left[seat]:
        raise IllegalActionError(Words("you have built both your camps"))
    return 5


def apply_camp(state: TikalState, seat: int, action: Camp) -> None:
    at = SPACE_INDEX[action.at]
    state.camp[at] = seat
    state.camps_left[seat] -= 1
