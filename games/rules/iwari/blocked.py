"""Why a place of the map cannot be chosen now, in words: the board says so when the player to move taps it.

Only for the seat to move, in its own view (the reasons may name its hand). ``blocked`` lists every territory
that takes no piece of the step being played, every totem circle that takes no totem, and one sentence for
the phases where the map takes nothing (drawing) or only a feat. The same tests as the legal actions decide
(``settle.py``, ``feats.py``): a place is listed here exactly when no legal action puts a piece there.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..base import JSONDict
from .actions import Action, Place, Third
from .cards import BIOME_NAMES, MAX_CARDS_PER_SETTLE
from .maps import Board
from .settle import explored, max_tents, pay_codes
from .state import DRAW, FEAT, PLACE, SETTLE, THIRD, IwariState

FEAT_WHERE = {
    "union": "on a territory where one of your settlements of 4 or more tents stands",
    "discovery": "on any territory but the one your tent has just filled",
    "honour": "on a land connection whose two territories both have your tribe leading the totems",
    "respect": "on a water connection whose two territories both have your tribe leading the totems",
}


def _plural(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def _no_payment(hand: Sequence[int], biome: int, cards_so_far: int) -> str:
    """Why no payment is possible for a piece in a territory of ``biome``."""
    if cards_so_far >= MAX_CARDS_PER_SETTLE:
        return f"{MAX_CARDS_PER_SETTLE} cards are played: no more this turn"
    if not sum(hand):
        return "no card is left in hand"
    if cards_so_far:
        return f"the cards left pay for nothing more: one {BIOME_NAMES[biome]} card, or a pair if " \
               f"{MAX_CARDS_PER_SETTLE - cards_so_far} more cards may be played"
    return f"the hand holds no {BIOME_NAMES[biome]} card and no pair"


def _totem_reason(state: IwariState, board: Board, tribe: int, t: int, first: bool) -> str:
    name = board.territory_names[t]
    if first and not explored(state, t):
        return f"{name} is unexplored: its first piece must be a tent"
    if state.totem_supply[tribe] <= 0:
        return "no totem is left in supply"
    count, largest = state.totem_count[t], max_tents(state, t)
    if count >= largest:
        held = f"holds {_plural(count, 'totem')}" if count else "is empty"
        return f"{name}'s totem circle {held}, and a totem needs a tribe with more tents there than that " \
               f"(the most any tribe has is {largest})"
    if state.phase == THIRD:
        return f"a third-tribe totem in {name} does not lead to its best move"
    return f"no totem can go to {name} now"


def _tent_reason(state: IwariState, board: Board, tribe: int, t: int) -> str:
    if state.tent_supply[tribe] <= 0:
        return "no tent is left in supply"
    return f"every tent space of {board.territory_names[t]} is taken"


def _place_reason(state: IwariState, board: Board, tribe: int, t: int, hand: Sequence[int], cards: int,
                  first: bool) -> str:
    """Why no piece of ``tribe`` can go to territory ``t`` with ``hand`` (``cards`` played so far)."""
    if not pay_codes(hand, board.biome[t], cards):
        return _no_payment(hand, board.biome[t], cards)
    tent = _tent_reason(state, board, tribe, t)
    if first and not explored(state, t):
        return tent
    return f"{tent}, and {_totem_reason(state, board, tribe, t, first)}"


def _territories(state: IwariState, board: Board, legal: Sequence[Action]) -> tuple[set[str], set[str]]:
    """Territories with a legal piece, and those with a legal totem."""
    pieces = [a for a in legal if isinstance(a, (Place, Third))]
    return {a.territory for a in pieces}, {a.territory for a in pieces if a.piece == "totem"}


def blocked(state: IwariState, board: Board, legal: Sequence[Action]) -> JSONDict:
    """For the seat to move, ``legal`` being its legal actions: ``territories`` and ``totems`` (id -> why
    nothing goes there now) and ``now`` (why the map takes nothing in this phase, or None)."""
    turn, seat = state.turn, state.seat
    territories: dict[str, str] = {}
    totems: dict[str, str] = {}
    now = None
    if state.phase in (SETTLE, PLACE, THIRD):
        lit, lit_totems = _territories(state, board, legal)
        tribe = 2 if state.phase == THIRD else seat
        hand = state.hands[seat]
        for t, tid in enumerate(board.territory_ids):
            why = _why(state, board, tribe, t, hand)
            if tid not in lit:
                territories[tid] = why
            if tid not in lit_totems:
                totems[tid] = why if tid not in lit else _totem_reason(
                    state, board, tribe, t, state.phase == SETTLE or (state.phase == THIRD and not turn.third_placed))
        if state.phase == SETTLE and not any(isinstance(a, Place) for a in legal):
            now = "no piece can be paid for with this hand: exchange a card" if sum(hand) else \
                "no card in hand: pass"
    elif state.phase == DRAW:
        now = f"draw {_plural(turn.draws_left, 'card')} now, from the deck or the display; the map waits " \
              f"for your next turn"
    elif state.phase == FEAT and turn.feats:
        now = f"the {turn.feats[0].capitalize()} feat goes {FEAT_WHERE[turn.feats[0]]}"
    return {"territories": territories, "totems": totems, "now": now}


def _why(state: IwariState, board: Board, tribe: int, t: int, hand: Sequence[int]) -> str:
    """Why territory ``t`` takes no piece of the step being played."""
    turn = state.turn
    name = board.territory_names[t]
    if state.phase == PLACE:
        chosen = board.territory_names[turn.territory]
        if t != turn.territory:
            return f"this turn's pieces all go to {chosen}"
        if turn.unexplored:
            return f"{chosen} was unexplored: it takes one tent this turn"
        return _place_reason(state, board, tribe, t, hand, turn.cards, False)
    if state.phase == THIRD:
        if turn.third_placed:
            chosen = board.territory_names[turn.third_territory]
            if t != turn.third_territory:
                return f"the third tribe's pieces all go to {chosen}"
            return _place_reason(state, board, tribe, t, hand, 1, False)
        pieces, cards = turn.third_best
        reason = _place_reason(state, board, tribe, t, hand, 0, True) if not _some_piece(state, board, tribe, t,
                                                                                           hand) else ""
        best = f"the third tribe must make its best move ({_plural(pieces, 'piece')} for {_plural(cards, 'card')})" \
               f", and no such move starts in {name}"
        return reason or best
    return _place_reason(state, board, tribe, t, hand, 0, True)


def _some_piece(state: IwariState, board: Board, tribe: int, t: int, hand: Sequence[int]) -> bool:
    """Some piece of ``tribe`` could go to ``t`` as a first piece (the best move aside)."""
    if not pay_codes(hand, board.biome[t], 0):
        return False
    if state.tent_supply[tribe] > 0 and any(state.occupant[s] < 0 for s in board.spaces_of[t]):
        return True
    return explored(state, t) and state.totem_supply[tribe] > 0 and state.totem_count[t] < max_tents(state, t)
