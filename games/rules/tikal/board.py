"""The board in play: borders and what crossing them costs, the pieces a player has on a space, and spaces named as
players read them (docs/rules/tikal.md 2)."""
from __future__ import annotations

from ..base import IllegalActionError
from ..words import Words, text
from .data import BASE_CAMP, EMPTY, HEXES, NEIGHBOUR, NSPACES, SPACE_NAMES, SPACES, VOLCANO, rotate
from .state import TikalState
from .used import worker_moved

ROTATED = [[rotate(h.stones, k) for k in range(6)] for h in HEXES]
OPP = (3, 4, 5, 0, 1, 2)
#: per space: (side, neighbour, the neighbour's side facing back) for each neighbour on the board
LINKS = tuple(tuple((side, n, OPP[side]) for side, n in enumerate(NEIGHBOUR[s]) if n >= 0) for s in range(NSPACES))


def where(space: int) -> Words:
    """A space as players read it on the board (its name, ``C3``), with the coordinates a record gives it."""
    q, r = SPACES[space]
    return Words("the base camp") if space == BASE_CAMP else text(f"{SPACE_NAMES[space]} ({q}, {r})")


def border_cost(state: TikalState, space: int, side: int) -> int:
    """The cost of crossing side ``side`` of ``space`` (0: it cannot be crossed)."""
    n = NEIGHBOUR[space][side]
    if n < 0 or state.kind[n] in (EMPTY, VOLCANO) or state.kind[space] in (EMPTY, VOLCANO):
        return 0
    return state.stones[space][side] + state.stones[n][OPP[side]]


def has_piece(state: TikalState, seat: int, space: int, piece: str) -> None:
    """Raise ``IllegalActionError`` unless ``seat`` has a ``piece`` ("leader" or "worker") on ``space``."""
    if piece == "leader" and state.leader[seat] != space:
        raise IllegalActionError(Words("your leader is not on {space}", space=where(space)))
    if piece == "worker" and not state.workers[seat][space]:
        raise IllegalActionError(Words("you have no worker on {space}", space=where(space)))


def move_piece(state: TikalState, seat: int, frm: int, to: int, piece: str) -> None:
    """``seat``'s ``piece`` goes from ``frm`` to ``to`` (checked already)."""
    if piece == "leader":
        state.leader[seat] = to
        return
    worker_moved(state, seat, frm, to)
    workers = state.workers[seat]
    workers[frm] -= 1
    workers[to] += 1
