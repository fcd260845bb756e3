"""Building small Tikal positions by hand, playing steps on them, and replaying records."""
from __future__ import annotations

from typing import Any

from games.rules.tikal import TikalEngine
from games.rules.tikal.actions import Action, parse_action
from games.rules.tikal.data import HEX_INDEX, SPACE_INDEX, TREASURE_INDEX
from games.rules.tikal.engine import new_state
from games.rules.tikal.placing import lay as lay_hex
from games.rules.tikal.state import ACTIONS, TikalState

ENG = TikalEngine()
BC = (0, 3)          # the base camp
T_N = (0, 2)         # printed temple, value 1, N of the base camp
J = (1, 2)           # printed jungle clearing
T_SE = (1, 3)        # printed temple, value 1, SE of the base camp


def sp(xy: tuple[int, int]) -> int:
    """The space index of ``xy``."""
    return SPACE_INDEX[xy]


def position(players: int = 2, seat: int = 0, ap: int = 10, bonus: bool = False) -> TikalState:
    """A fresh game where ``seat`` is spending its action points (no hex drawn)."""
    state = new_state(players, 1)
    state.phase = ACTIONS
    state.seat = seat
    state.ap = ap
    state.bonus = bonus
    return state


def lay(state: TikalState, hid: str, at: tuple[int, int], rotation: int = 0, treasures: list[str] | None = None) \
        -> TikalState:
    """Lay hex ``hid`` at ``at`` (no rule checked); a ruin gets ``treasures`` face down if given."""
    h = HEX_INDEX[hid]
    state.stack.remove(h)
    saved = state.pending
    state.pending = h
    lay_hex(state, sp(at), rotation)
    state.pending = saved
    if treasures is not None:
        for kind in state.ruin[sp(at)]:
            state.pool.append(kind)
        wanted = [TREASURE_INDEX[k] for k in treasures]
        for k in wanted:
            state.pool.remove(k)
        state.ruin[sp(at)] = wanted
        state.treasures_left[sp(at)] = len(wanted)
    return state


def put(state: TikalState, seat: int, at: tuple[int, int], workers: int = 0, leader: bool = False) -> TikalState:
    """Put ``seat``'s explorers on ``at`` from its supply (no rule checked)."""
    state.workers[seat][sp(at)] += workers
    state.supply[seat] -= workers
    if leader:
        state.leader[seat] = sp(at)
    return state


def hold(state: TikalState, seat: int, *kinds: str) -> TikalState:
    """Give ``seat`` treasures out of the pool (no rule checked)."""
    for kind in kinds:
        state.pool.remove(TREASURE_INDEX[kind])
        state.held[seat][TREASURE_INDEX[kind]] += 1
    return state


def act(state: TikalState, *steps: Action | dict[str, Any]) -> TikalState:
    """``steps`` applied in order (dict forms parsed)."""
    for step in steps:
        state = ENG.apply(state, step if not isinstance(step, dict) else parse_action(step))
    return state


def legal_dicts(state: TikalState) -> list[dict[str, Any]]:
    """The legal actions' dict forms."""
    return [a.to_dict() for a in ENG.legal_actions(state)]


def record(turns: list[dict[str, Any]], players: int = 2, end: bool = False) -> dict[str, Any]:
    """A format-1 Tikal record."""
    return {"format": 1, "game": "tikal", "players": players, "turns": turns, "end": end}


def W(frm: tuple[int, int], to: tuple[int, int], piece: str = "worker") -> dict[str, Any]:  # noqa: N802
    """A move of one explorer across one border."""
    return {"type": "move", "piece": piece, "from": list(frm), "to": list(to)}


def ENTER(piece: str = "worker", at: tuple[int, int] | None = None) -> dict[str, Any]:  # noqa: N802
    """An explorer brought in."""
    out: dict[str, Any] = {"type": "enter", "piece": piece}
    if at is not None:
        out["at"] = list(at)
    return out
