"""Why a place of the map cannot be chosen now, in words: the board says so when the player to move taps it.

Only for the seat to move, in its own view (the reasons may name its hand). ``blocked`` lists every territory
that takes no piece of the step being played, every totem circle that takes no totem, and one sentence for
the phases where the map takes nothing (drawing) or only a feat. The same tests as the legal actions decide
(``settle.py``, ``feats.py``): a place is listed here exactly when no legal action puts a piece there.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..base import JSONDict
from ..words import Words, text
from .actions import Action, Place, Third
from .cards import BIOMES, MAX_CARDS_PER_SETTLE
from .maps import Board
from .settle import explored, max_tents, pay_codes
from .state import DRAW, FEAT, PLACE, SETTLE, THIRD, IwariState
from .words import BIOME_NAMES, FEAT_NAMES

FEAT_WHERE = {
    "union": Words("on a territory where one of your settlements of 4 or more tents stands"),
    "discovery": Words("on any territory but the one your tent has just filled"),
    "honour": Words("on a land connection whose two territories both have your tribe leading the totems"),
    "respect": Words("on a water connection whose two territories both have your tribe leading the totems"),
}


def _biome(biome: int) -> Words:
    return BIOME_NAMES.get(BIOMES[biome]) or text(BIOMES[biome])


def _no_payment(hand: Sequence[int], biome: int, cards_so_far: int) -> Words:
    """Why no payment is possible for a piece in a territory of ``biome``."""
    if cards_so_far >= MAX_CARDS_PER_SETTLE:
        return Words("{n} cards are played: no more this turn", n=MAX_CARDS_PER_SETTLE)
    if not sum(hand):
        return Words("no card is left in hand")
    if cards_so_far:
        return Words("the cards left pay for nothing more: one {biome} card, or a pair if {n} more cards may be played",
                     biome=_biome(biome), n=MAX_CARDS_PER_SETTLE - cards_so_far)
    return Words("the hand holds no {biome} card and no pair", biome=_biome(biome))


def _totem_reason(state: IwariState, board: Board, tribe: int, t: int, first: bool) -> Words:
    name = text(board.territory_names[t])
    if first and not explored(state, t):
        return Words("{name} is unexplored: its first piece must be a tent", name=name)
    if state.totem_supply[tribe] <= 0:
        return Words("no totem is left in supply")
    count, largest = state.totem_count[t], max_tents(state, t)
    if count >= largest:
        if count:
            return Words.plural("{name}'s totem circle holds {n} totem, and a totem needs a tribe with more tents there "
                                "than that (the most any tribe has is {largest})",
                                "{name}'s totem circle holds {n} totems, and a totem needs a tribe with more tents there "
                                "than that (the most any tribe has is {largest})", count, name=name, largest=largest)
        return Words("{name}'s totem circle is empty, and a totem needs a tribe with more tents there than that "
                     "(the most any tribe has is {largest})", name=name, largest=largest)
    if state.phase == THIRD:
        return Words("a third-tribe totem in {name} does not lead to its best move", name=name)
    return Words("no totem can go to {name} now", name=name)


def _tent_reason(state: IwariState, board: Board, tribe: int, t: int) -> Words:
    if state.tent_supply[tribe] <= 0:
        return Words("no tent is left in supply")
    return Words("every tent space of {name} is taken", name=text(board.territory_names[t]))


def _place_reason(state: IwariState, board: Board, tribe: int, t: int, hand: Sequence[int], cards: int,
                  first: bool) -> Words:
    """Why no piece of ``tribe`` can go to territory ``t`` with ``hand`` (``cards`` played so far)."""
    if not pay_codes(hand, board.biome[t], cards):
        return _no_payment(hand, board.biome[t], cards)
    tent = _tent_reason(state, board, tribe, t)
    if first and not explored(state, t):
        return tent
    return Words("{tent}, and {totem}", tent=tent, totem=_totem_reason(state, board, tribe, t, first))


def _territories(state: IwariState, board: Board, legal: Sequence[Action]) -> tuple[set[str], set[str]]:
    """Territories with a legal piece, and those with a legal totem."""
    pieces = [a for a in legal if isinstance(a, (Place, Third))]
    return {a.territory for a in pieces}, {a.territory for a in pieces if a.piece == "totem"}


def blocked(state: IwariState, board: Board, legal: Sequence[Action]) -> JSONDict:
    """For the seat to move, ``legal`` being its legal actions: ``territories`` and ``totems`` (id -> why
    nothing goes there now) and ``now`` (why the map takes nothing in this phase, or None)."""
    turn, seat = state.turn, state.seat
    territories: dict[str, Words] = {}
    totems: dict[str, Words] = {}
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
            now = Words("no piece can be paid for with this hand: exchange a card") if sum(hand) else \
                Words("no card in hand: pass")
    elif state.phase == DRAW:
        now = Words.plural("draw {n} card now, from the deck or the display; the map waits for your next turn",
                           "draw {n} cards now, from the deck or the display; the map waits for your next turn",
                           turn.draws_left)
    elif state.phase == FEAT and turn.feats:
        feat = turn.feats[0]
        now = Words("the {feat} feat goes {where}", feat=FEAT_NAMES.get(feat) or text(feat.capitalize()),
                    where=FEAT_WHERE[feat])
    return {"territories": territories, "totems": totems, "now": now}


def _why(state: IwariState, board: Board, tribe: int, t: int, hand: Sequence[int]) -> Words:
    """Why territory ``t`` takes no piece of the step being played."""
    turn = state.turn
    name = text(board.territory_names[t])
    if state.phase == PLACE:
        chosen = text(board.territory_names[turn.territory])
        if t != turn.territory:
            return Words("this turn's pieces all go to {chosen}", chosen=chosen)
        if turn.unexplored:
            return Words("{chosen} was unexplored: it takes one tent this turn", chosen=chosen)
        return _place_reason(state, board, tribe, t, hand, turn.cards, False)
    if state.phase == THIRD:
        if turn.third_placed:
            chosen = text(board.territory_names[turn.third_territory])
            if t != turn.third_territory:
                return Words("the third tribe's pieces all go to {chosen}", chosen=chosen)
            return _place_reason(state, board, tribe, t, hand, 1, False)
        pieces, cards = turn.third_best
        if not _some_piece(state, board, tribe, t, hand):
            return _place_reason(state, board, tribe, t, hand, 0, True)
        return Words("the third tribe must make its best move ({pieces} for {cards}), and no such move starts in {name}",
                     pieces=Words.plural("{n} piece", "{n} pieces", pieces), cards=Words.plural("{n} card", "{n} cards", cards),
                     name=name)
    return _place_reason(state, board, tribe, t, hand, 0, True)


def _some_piece(state: IwariState, board: Board, tribe: int, t: int, hand: Sequence[int]) -> bool:
    """Some piece of ``tribe`` could go to ``t`` as a first piece (the best move aside)."""
    if not pay_codes(hand, board.biome[t], 0):
        return False
    if state.tent_supply[tribe] > 0 and any(state.occupant[s] < 0 for s in board.spaces_of[t]):
        return True
    return explored(state, t) and state.totem_supply[tribe] > 0 and state.totem_count[t] < max_tents(state, t)
