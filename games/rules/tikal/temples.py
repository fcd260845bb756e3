"""Temples (docs/rules/tikal.md 5.4, 5.8): uncovering a level and placing a guard, each with its ``list``,
``check`` and ``apply`` (as in ``camps``)."""
from __future__ import annotations

from ..base import IllegalActionError
from ..words import Words
from .actions import LEADER, TABLES, WORKER, Action, Guard, Uncover
from .board import has_piece, where
from .data import GUARDS, SPACE_INDEX, TEMPLE
from .state import GONE, TikalState, explorers, strength
from .used import guarded, uncovered, unused_on


def leads(state: TikalState, seat: int, space: int) -> bool:
    """``seat``'s strength on ``space`` is greater than each other player's (rules 5.8)."""
    mine = strength(state, seat, space)
    return mine > 0 and all(strength(state, o, space) < mine for o in range(state.players) if o != seat)


def _open_temple(state: TikalState, at: int) -> None:
    if state.kind[at] != TEMPLE:
        raise IllegalActionError(Words("{at} is not a temple", at=where(at)))
    if state.guard[at] >= 0:
        raise IllegalActionError(Words("the temple at {at} has a guard", at=where(at)))


# ----- 5.4 uncovering a level ---------------------------------------------------------------------------------
def list_uncover(state: TikalState, seat: int, space: int, here: int, out: list[Action]) -> None:
    """The temple ``space``'s next level, where the mover has ``here`` explorers."""
    if state.guard[space] >= 0 or state.ap < 2:
        return
    done = state.levels_turn[space]
    if done < 2 and (here > done or (done == 1 and unused_on(state, seat, space))):
        v = state.value[space]
        if v < 10 and state.tiles[v + 1] > 0:
            out.append(TABLES.uncover[space])


def check_uncover(state: TikalState, seat: int, action: Uncover) -> int:
    at = SPACE_INDEX[action.at]
    _open_temple(state, at)
    if not explorers(state, seat, at):
        raise IllegalActionError(Words("you have no explorer on the temple at {at}", at=where(at)))
    if state.levels_turn[at] >= 2:
        raise IllegalActionError(Words("at most 2 levels per temple per turn"))
    if state.levels_turn[at] == 1 and not unused_on(state, seat, at):
        raise IllegalActionError(Words("your explorer on the temple at {at} has uncovered a level there this turn: "
                                       "each level uncovered on a temple in a turn needs a different explorer of "
                                       "yours there", at=where(at)))
    value = state.value[at]
    if value >= 10:
        raise IllegalActionError(Words("the temple is at 10 already"))
    if not state.tiles[value + 1]:
        raise IllegalActionError(Words("no level tile of value {value} is left", value=value + 1))
    return 2


def apply_uncover(state: TikalState, seat: int, action: Uncover) -> None:
    at = SPACE_INDEX[action.at]
    uncovered(state, seat, at)
    state.value[at] += 1
    state.tiles[state.value[at]] -= 1
    state.levels_turn[at] += 1


# ----- 5.8 placing a guard ------------------------------------------------------------------------------------
def list_guard(state: TikalState, seat: int, space: int, workers: int, leader: bool, out: list[Action]) -> None:
    """A guard on the temple ``space``, made of a worker or of the leader standing there."""
    if state.guard[space] >= 0 or state.ap < 5 or state.guards_made[seat] >= GUARDS or not leads(state, seat, space):
        return
    if workers:
        out.append(TABLES.guard[WORKER][space])
    if leader:
        out.append(TABLES.guard[LEADER][space])


def check_guard(state: TikalState, seat: int, action: Guard) -> int:
    at = SPACE_INDEX[action.at]
    _open_temple(state, at)
    has_piece(state, seat, at, action.piece)
    if state.guards_made[seat] >= GUARDS:
        raise IllegalActionError(Words("you have made your {guards} guards", guards=GUARDS))
    if not leads(state, seat, at):
        raise IllegalActionError(Words("your strength on the temple must be greater than each other player's"))
    return 5


def apply_guard(state: TikalState, seat: int, action: Guard) -> None:
    at = SPACE_INDEX[action.at]
    guarded(state, seat, at)
    state.guard[at] = seat
    state.guards_made[seat] += 1
    state.workers[seat][at] = 0
    if state.leader[seat] == at:
        state.leader[seat] = GONE
