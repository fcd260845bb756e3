"""The flow of play (docs/rules/tikal.md sections 4 to 7): what is legal now, and one step applied in place.

``push`` hands each action type to its handler; every handler checks the action completely before it changes
anything, so a refused action leaves the state as it was. A normal turn: the chance step ``draw``, ``place``
(``placing``), then action-point steps (``steps``) until the player ends it (``end``, the only legal action once
the 10 points are spent: a turn never ends by itself, so each of its steps can be taken back until the player says
so); a bonus turn then scores its player (sections 6, 7). Rulings the rules page leaves open are in RULINGS.md.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import IllegalActionError, InvalidActionError
from ..words import Words
from .actions import TABLES, Action, Draw, End, Place, Treasure
from .data import AP, HEX_INDEX, HEXES, NSPACES, VOLCANO
from .placing import check_place, lay, place_actions, placements
from .scoring import score_seat
from .state import (
    ACTIONS,
    DRAW,
    FINAL_ROUND,
    NONE,
    OVER,
    PLACE,
    TREASURE,
    VOLCANO_ROUND,
    TikalState,
    next_active,
)
from .steps import STEPS, action_points, spend
from .treasures import take_treasure, treasure_actions
from .used import FRESH


def legal(state: TikalState) -> list[Action]:
    """Every legal action now (chance steps: every possible outcome)."""
    phase = state.phase
    if phase == ACTIONS:
        return action_points(state)
    if phase == PLACE:
        return place_actions(state)
    if phase == DRAW:
        return _draw_actions(state)
    if phase == TREASURE:
        return treasure_actions(state)
    return []


def push(state: TikalState, action: Action) -> None:
    """Apply ``action`` in place; raises ``IllegalActionError`` (then ``state`` is unchanged)."""
    if state.phase == OVER:
        raise IllegalActionError(Words("the game is over"))
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise InvalidActionError(f"{action!r} is not a Tikal action")
    handler(state, action)


# ----- the chance steps -----------------------------------------------------------------------------------------
def _draw_actions(state: TikalState) -> list[Action]:
    if not state.stack:
        return []
    letter = HEXES[state.stack[-1]].letter
    return [TABLES.draw[h] for h in sorted(state.stack) if HEXES[h].letter == letter]


def _draw(state: TikalState, action: Draw) -> None:
    if state.phase != DRAW:
        raise IllegalActionError(Words("no hex is drawn now"))
    h = HEX_INDEX[action.hex]
    if h not in state.stack:
        raise IllegalActionError(Words("hex {hex} is not in the stacks (already drawn)", hex=action.hex))
    letter = HEXES[state.stack[-1]].letter
    if HEXES[h].letter != letter:
        raise IllegalActionError(Words("hex {hex} is not on top of the stacks: the next hex has letter {letter}",
                                       hex=action.hex, letter=letter))
    if state.stack[-1] == h:
        state.stack.pop()
    else:
        state.stack.remove(h)
    state.pending = h
    if HEXES[h].kind == VOLCANO:
        _volcano_round(state)
    else:
        state.phase = PLACE


def _treasure(state: TikalState, action: Treasure) -> None:
    take_treasure(state, action)


def _chance_first(state: TikalState) -> None:
    if state.phase in (DRAW, TREASURE):
        raise IllegalActionError(Words("a chance step comes first: a hex is drawn") if state.phase == DRAW
                                 else Words("a chance step comes first: the dig turns up a treasure"))


# ----- the player's steps ---------------------------------------------------------------------------------------
def _place(state: TikalState, action: Place) -> None:
    _chance_first(state)
    space = check_place(state, action)
    lay(state, space, action.rotation)
    _begin(state, False)


def _not_actions(state: TikalState) -> None:
    """Why an action-point step or ``end`` is refused now (the phase is not ACTIONS)."""
    _chance_first(state)
    raise IllegalActionError(Words("the drawn hex must be placed first"))


def _end(state: TikalState, action: End) -> None:
    if state.phase != ACTIONS:
        _not_actions(state)
    end_turn(state)


def _step(state: TikalState, action: Action) -> None:
    """An action-point step. The turn goes on when its points are spent: the player ends it (``end``)."""
    if state.phase != ACTIONS:
        _not_actions(state)
    spend(state, action)


HANDLERS: dict[type, Callable[[TikalState, Any], None]] = {
    Draw: _draw, Treasure: _treasure, Place: _place, End: _end, **{kind: _step for kind in STEPS},
}


# ----- turns and rounds -----------------------------------------------------------------------------------------
def _begin(state: TikalState, bonus: bool) -> None:
    state.phase = ACTIONS
    state.ap = AP
    state.bonus = bonus
    state.levels_turn = [0] * NSPACES
    state.dug_turn = [0] * NSPACES
    state.used = FRESH


def _volcano_round(state: TikalState) -> None:
    """The volcano just drawn starts a scoring round: a bonus turn for each seat still playing, the drawer's
    first (rules 6)."""
    state.round = VOLCANO_ROUND
    state.drawer = state.seat
    seats = [state.seat]
    seat = state.seat
    for _ in range(state.players - 1):
        seat = (seat + 1) % state.players
        if state.active[seat]:
            seats.append(seat)
    state.queue = seats
    state.turns += 1                      # the draw is an entry of its own
    _next_bonus(state)


def _next_bonus(state: TikalState) -> None:
    """The next bonus turn of the round, or what follows the round."""
    while state.queue and not state.active[state.queue[0]]:
        state.queue.pop(0)
    if state.queue:
        state.seat = state.queue.pop(0)
        _begin(state, True)
        return
    if state.round == FINAL_ROUND:
        state.phase = OVER
        state.round = NONE
        return
    state.round = NONE
    state.seat = state.drawer
    state.phase = PLACE
    state.bonus = False
    if not state.active[state.drawer]:       # the drawer left: the volcano goes on the first free space
        space, rotation = placements(state, state.pending)[0]
        lay(state, space, rotation)
        _after_turn(state)


def end_turn(state: TikalState) -> None:
    """The seat to move ends its turn (a bonus turn scores first); the next turn or round begins."""
    if state.bonus:
        if state.active[state.seat]:
            score(state, state.seat, "volcano" if state.round == VOLCANO_ROUND else "final")
        state.turns += 1
        _next_bonus(state)
        return
    state.turns += 1
    _after_turn(state)


def _after_turn(state: TikalState) -> None:
    """After a normal turn: the next player's draw, or the final round once the last hex is laid."""
    if not state.stack:
        state.round = FINAL_ROUND
        last = state.seat
        seats = []
        seat = last
        for _ in range(state.players):
            seat = (seat + 1) % state.players
            if state.active[seat]:
                seats.append(seat)
        state.queue = seats
        _next_bonus(state)
        return
    state.seat = next_active(state, state.seat)
    state.phase = DRAW
    state.bonus = False


def score(state: TikalState, seat: int, why: str) -> None:
    """``seat`` scores now (rules 8), logged as an event (``entry``: the number of the entry it scored in, which
    tells the scorings of one round from the next: ``view.last_scoring``)."""
    temples, treasures, detail = score_seat(state, seat)
    state.scores[seat] += temples + treasures
    state.events.append({"type": "score", "seat": seat, "round": why, "temples": temples,
                         "treasures": treasures, "points": temples + treasures, "score": state.scores[seat],
                         "temple_list": detail, "entry": state.turns})


def final_scoring(state: TikalState) -> None:
    """Every seat still playing scores once, in seat order; the game is over."""
    for seat in range(state.players):
        if state.active[seat]:
            score(state, seat, "settle")
    state.phase = OVER
    state.round = NONE
    state.queue = []
    state.bonus = False
