"""Placing the drawn hex (docs/rules/tikal.md 4.1): where it may go, and laying it."""
from __future__ import annotations

from ..base import IllegalActionError
from ..words import Words
from .actions import TABLES, Action, Place
from .board import LINKS, ROTATED, where
from .data import EMPTY, HEXES, NEIGHBOUR, NSPACES, RUIN, SPACE_INDEX, VOLCANO
from .state import PLACE, TikalState


def frontier(state: TikalState) -> list[int]:
    """Empty spaces next to an explored one, in space order."""
    kind = state.kind
    out = []
    for s in range(NSPACES):
        if kind[s] == EMPTY:
            for _, n, _ in LINKS[s]:
                if kind[n] != EMPTY:
                    out.append(s)
                    break
    return out


def connects(state: TikalState, space: int, stones: tuple[int, ...]) -> bool:
    """The connection rule: a border with a stone between ``space`` and an explored space that is no volcano."""
    kind, board = state.kind, state.stones
    for side, n, opp in LINKS[space]:
        if kind[n] != EMPTY and kind[n] != VOLCANO and stones[side] + board[n][opp] > 0:
            return True
    return False


def placements(state: TikalState, hex_index: int) -> list[tuple[int, int]]:
    """Every legal (space, rotation) for the hex (a volcano: rotation 0, no connection needed)."""
    spaces = frontier(state)
    if HEXES[hex_index].kind == VOLCANO:
        return [(s, 0) for s in spaces]
    rotated = ROTATED[hex_index]
    out = [(s, k) for s in spaces for k in range(6) if connects(state, s, rotated[k])]
    return out or [(s, k) for s in spaces for k in range(6)]   # the fallback (rules 4.1, settled)


def place_actions(state: TikalState) -> list[Action]:
    """Every legal ``place`` of the hex waiting to be laid."""
    table = TABLES.place
    return [table[s][k] for s, k in placements(state, state.pending)]


def check_place(state: TikalState, action: Place) -> int:
    """The space ``action`` lays the waiting hex on, or ``IllegalActionError`` naming the rule it breaks."""
    if state.phase != PLACE:
        raise IllegalActionError(Words("no hex is waiting to be placed"))
    space = SPACE_INDEX[action.at]
    h = state.pending
    if state.kind[space] != EMPTY:
        raise IllegalActionError(Words("{space} is already explored", space=where(space)))
    volcano = HEXES[h].kind == VOLCANO
    fits = (action.rotation == 0 if volcano else connects(state, space, ROTATED[h][action.rotation])) \
        and any(state.kind[n] != EMPTY for _, n, _ in LINKS[space])
    if not fits and (volcano or (space, action.rotation) not in placements(state, h)):
        if not any(n >= 0 and state.kind[n] != EMPTY for n in NEIGHBOUR[space]):
            raise IllegalActionError(Words("{space} is not next to an explored space", space=where(space)))
        if volcano:
            raise IllegalActionError(Words("a volcano has no stones: it is laid with rotation 0"))
        raise IllegalActionError(Words("hex {hex} turned {rotation} at {space} has no stone on a border with an "
                                       "explored space (the connection rule)",
                                       hex=HEXES[h].id, rotation=action.rotation, space=where(space)))
    return space


def lay(state: TikalState, space: int, rotation: int) -> None:
    """Lay the waiting hex on ``space`` turned ``rotation`` (checked already); a ruin gets its treasures."""
    h = state.pending
    hx = HEXES[h]
    state.kind[space] = hx.kind
    state.stones[space] = ROTATED[h][rotation]
    state.hexid[space] = h
    state.rotation[space] = rotation
    state.value[space] = hx.value
    if hx.kind == RUIN:
        n = min(hx.treasures, len(state.pool))
        state.ruin[space] = [state.pool.pop() for _ in range(n)]
        state.treasures_left[space] = n
    state.pending = -1
    state.placed += 1
