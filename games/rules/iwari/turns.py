"""The flow of a turn: each action type's handler, applied in place (rules/iwari.md sections 3 to 8, 13).

``push(state, board, action)`` changes ``state`` or raises ``IllegalActionError`` leaving it unchanged: every
handler checks everything before it changes anything. A turn: Settle (one or two ``place``, maybe ``done``),
then the two-player third tribe, or an Exchange, or a pass; then draws until the hand is refilled or nothing is
left to draw (each deck card a chance step); then earned feats; then the turn ends, and the game too once the
round of an end trigger is complete.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..base import IllegalActionError, InvalidActionError
from ..words import Words, text
from .actions import (
    Action,
    Card,
    Done,
    DrawDeck,
    Exchange,
    Feat,
    Pass,
    Place,
    Refill,
    TakeDisplay,
    Third,
)
from .cards import BIOME_INDEX, BIOMES, HAND_SIZE
from .feats import ON_CONNECTION, earned_feats, feat_places
from .maps import Board
from .scoring import final_scoring, half_journey
from .settle import (
    check_step,
    explored,
    pay_cards,
    put_piece,
    second_steps,
    step_of,
    third_best,
    third_second_steps,
    third_steps_in,
    third_value,
)
from .state import (
    CARD,
    DRAW,
    FEAT,
    OVER,
    PLACE,
    REFILL,
    SETTLE,
    TENT,
    THIRD,
    IwariState,
    Turn,
    next_seat,
)
from .words import BIOME_WORDS

THIRD_TRIBE = 2  # rules 6: in a two-player game the third tribe follows the two seats' tribes


def phase_error(state: IwariState, board: Board) -> Words:
    """Why an action of the wrong kind is refused now, in words."""
    turn = state.turn
    if state.phase == SETTLE:
        return Words("the turn starts with a settle (place), an exchange or a pass")
    if state.phase == PLACE:
        return Words("place a second piece in {territory}, or say done",
                     territory=board.territory_names[turn.territory])
    if state.phase == THIRD:
        return Words("the third tribe moves now, with the cards left in hand")
    if state.phase == DRAW:
        return Words.plural("draw now: {n} more card, from the deck or the display",
                            "draw now: {n} more cards, from the deck or the display", turn.draws_left)
    if state.phase in (CARD, REFILL):
        return Words("a card is being turned from the deck: only that chance step may come now")
    if state.phase == FEAT:
        return Words("place the {feat} feat now", feat=turn.feats[0])
    return Words("the game is over")


def _want(state: IwariState, board: Board, *phases: int) -> None:
    if state.phase not in phases:
        raise IllegalActionError(phase_error(state, board))


def spend(state: IwariState, seat: int, card: int, count: int) -> None:
    """Cards from ``seat``'s hand to the discard pile, face up (rules 3A.7)."""
    state.hands[seat][card] -= count
    state.discard.extend([card] * count)
    known = state.known[seat]
    known[card] = max(0, known[card] - count)


def _place(state: IwariState, board: Board, action: Place) -> None:
    _want(state, board, SETTLE, PLACE)
    place_piece(state, board, action)
    if second_steps(state, board, state.seat, state.hands[state.seat]):
        state.phase = PLACE
    else:
        _finish_settle(state, board)  # nothing more can go there: the Settle ends without a "done"


def place_piece(state: IwariState, board: Board, action: Place) -> None:
    """Check and place one of the player's pieces (rules 3A), phase SETTLE (first) or PLACE (second)."""
    turn, seat = state.turn, state.seat
    step = step_of(board, action)
    territory = step[0]
    if state.phase == PLACE:
        name = board.territory_names[turn.territory]
        if territory != turn.territory:
            raise IllegalActionError(Words("all pieces of a turn go to one territory: {name}, not {other}",
                                           name=name, other=board.territory_names[territory]))
        if turn.unexplored:
            raise IllegalActionError(Words("{name} was unexplored: it takes only one tent this turn", name=name))
        if len(turn.placed) >= 2:
            raise IllegalActionError(Words("at most two pieces may be placed in a turn"))
        unexplored = False
    else:
        unexplored = not explored(state, territory)
    check_step(state, board, seat, step, state.hands[seat], turn.cards, unexplored)
    card, count = pay_cards(step[3], board.biome[territory])
    spend(state, seat, card, count)
    put_piece(state, board, seat, territory, step[1], step[2])
    if state.phase == SETTLE:
        turn.kind, turn.territory, turn.unexplored = "settle", territory, unexplored
    turn.placed.append((step[1], step[2], step[3]))
    turn.cards += count
    if step[1] == TENT and all(state.occupant[s] >= 0 for s in board.spaces_of[territory]):
        turn.filled = territory  # rules 13, Discovery: the player's tent took the last empty space


def _done(state: IwariState, board: Board, action: Done) -> None:
    _want(state, board, PLACE)
    _finish_settle(state, board)


def _finish_settle(state: IwariState, board: Board) -> None:
    """Rules 6: after a Settle with 1 or 2 cards, the two-player third tribe uses the cards left in hand."""
    turn, hand = state.turn, state.hands[state.seat]
    if state.players == 2 and turn.cards <= 2 and sum(hand) > 0:
        turn.third_called = True
        best = third_best(state, board, THIRD_TRIBE, hand)
        turn.third_best = best
        if best[0]:
            state.phase = THIRD
            return
        _finish_third(state, board)
        return
    _start_draw(state, board, HAND_SIZE - sum(hand))


def _third(state: IwariState, board: Board, action: Third) -> None:
    _want(state, board, THIRD)
    turn, seat, hand = state.turn, state.seat, state.hands[state.seat]
    step = step_of(board, action)
    first = not turn.third_placed
    if first:
        check_step(state, board, THIRD_TRIBE, step, hand, 0, not explored(state, step[0]))
        # one of third_options' moves: a first placement the rules allow that reaches the best (third_best,
        # worked out when the phase began, in this same position)
        allowed = (step in third_steps_in(state, board, THIRD_TRIBE, hand, step[0])
                   and third_value(state, board, THIRD_TRIBE, hand, step) == turn.third_best)
    else:
        if step[0] != turn.third_territory:
            raise IllegalActionError(Words("the third tribe's pieces go to one territory: {territory}",
                                           territory=board.territory_names[turn.third_territory]))
        check_step(state, board, THIRD_TRIBE, step, hand, pay_cards(turn.third_placed[0][2], 0)[1], False)
        allowed = step in third_second_steps(state, board, THIRD_TRIBE, hand)
    if not allowed:
        pieces, cards = turn.third_best
        raise IllegalActionError(Words(
            "the third tribe must place {pieces} spending {cards}, the most the rules allow with the cards left in "
            "hand; this placement does not lead there", pieces=Words.plural("{n} piece", "{n} pieces", pieces),
            cards=Words.plural("{n} card", "{n} cards", cards)))
    card, count = pay_cards(step[3], board.biome[step[0]])
    spend(state, seat, card, count)
    put_piece(state, board, THIRD_TRIBE, step[0], step[1], step[2])
    turn.third_territory = step[0]
    turn.third_placed.append((step[1], step[2], step[3]))
    if len(turn.third_placed) >= turn.third_best[0]:
        _finish_third(state, board)


def _finish_third(state: IwariState, board: Board) -> None:
    """Rules 6: cards that paid for nothing go to the discard pile; then the hand is refilled."""
    seat, hand = state.seat, state.hands[state.seat]
    for card in range(len(hand)):
        if hand[card]:
            state.turn.third_discard.extend([card] * hand[card])
            spend(state, seat, card, hand[card])
    _start_draw(state, board, HAND_SIZE)


def _exchange(state: IwariState, board: Board, action: Exchange) -> None:
    _want(state, board, SETTLE)
    card = BIOME_INDEX[action.card]
    if not state.hands[state.seat][card]:
        raise IllegalActionError(Words("the hand holds no {card} card to exchange",
                                       card=BIOME_WORDS.get(action.card) or text(action.card)))
    spend(state, state.seat, card, 1)
    state.turn.kind = "exchange"
    _start_draw(state, board, 1)  # rules 3B: discard exactly 1, draw 1


def _pass(state: IwariState, board: Board, action: Pass) -> None:
    _want(state, board, SETTLE)
    if sum(state.hands[state.seat]):
        raise IllegalActionError(Words("a player with cards settles or exchanges; only one with no card passes"))
    state.turn.kind = "pass"
    _end_turn(state, board)


def can_draw(state: IwariState) -> bool:
    """A card can still be taken: from the deck or the display (rules 4)."""
    return bool(state.deck) or any(card >= 0 for card in state.display)


def _start_draw(state: IwariState, board: Board, count: int) -> None:
    state.turn.draws_left = count
    _continue_draw(state, board)


def _continue_draw(state: IwariState, board: Board) -> None:
    """Draw on while the hand is short and a card is left; else the turn ends (no confirmation needed)."""
    if state.turn.draws_left > 0 and can_draw(state):
        state.phase = DRAW
    else:
        _end_turn(state, board)


def _draw_deck(state: IwariState, board: Board, action: DrawDeck) -> None:
    _want(state, board, DRAW)
    if not state.deck:
        raise IllegalActionError(Words("the deck is empty: take a display card"))
    state.phase = CARD


def _take_display(state: IwariState, board: Board, action: TakeDisplay) -> None:
    _want(state, board, DRAW)
    card = BIOME_INDEX[action.card]
    if card not in state.display:
        raise IllegalActionError(Words("the display holds no {card} card",
                                       card=BIOME_WORDS.get(action.card) or text(action.card)))
    slot = state.display.index(card)
    state.display[slot] = -1
    _to_hand(state, card)
    state.known[state.seat][card] += 1  # everyone saw it taken
    if state.deck:
        state.turn.refill_slot = slot
        state.phase = REFILL  # rules 4: replaced at once from the deck, so the new card may be taken too
    else:
        _continue_draw(state, board)


def _to_hand(state: IwariState, card: int) -> None:
    state.hands[state.seat][card] += 1
    state.turn.draws_left -= 1
    state.turn.drawn += 1


def _take_from_deck(state: IwariState, card: int) -> None:
    """Remove ``card`` from the deck (its top card, when the site drew it; raises if the deck has none)."""
    deck = state.deck
    if deck and deck[-1] == card:
        deck.pop()
        return
    for index in range(len(deck) - 1, -1, -1):
        if deck[index] == card:
            del deck[index]
            return
    raise IllegalActionError(Words("the deck holds no more {card} cards", card=BIOME_WORDS[BIOMES[card]]))


def _card(state: IwariState, board: Board, action: Card) -> None:
    if state.phase != CARD:
        raise IllegalActionError(Words("no card is being drawn from the deck now: {state}",
                                       state=phase_error(state, board)))
    card = BIOME_INDEX[action.card]
    _take_from_deck(state, card)
    _to_hand(state, card)
    _after_deck_card(state, board)
    _continue_draw(state, board)


def _refill(state: IwariState, board: Board, action: Refill) -> None:
    if state.phase != REFILL:
        raise IllegalActionError(Words("no display place is being refilled now: {state}",
                                       state=phase_error(state, board)))
    card = BIOME_INDEX[action.card]
    _take_from_deck(state, card)
    state.display[state.turn.refill_slot] = card
    state.turn.refill_slot = -1
    _after_deck_card(state, board)
    _continue_draw(state, board)


def _after_deck_card(state: IwariState, board: Board) -> None:
    """Rules 7 and 8: the deck's first run-out scores the half journey and rebuilds it; the second ends it."""
    if state.deck:
        return
    state.deck_runs += 1
    if state.deck_runs == 1:
        half_journey(state, board)
        deck = state.discard
        state.discard = []
        random.Random(f"reshuffle:{state.seed}:{state.deck_runs}").shuffle(deck)
        state.deck = deck
        if deck:
            return
        state.deck_runs = 2  # nothing to rebuild it from: it has run out again at once
    state.end_triggered = True


def _end_turn(state: IwariState, board: Board) -> None:
    """Rules 13: feats earned now are placed as part of this turn; then the turn ends."""
    seat = state.seat
    if state.feats_on and state.active[seat]:
        earned = earned_feats(state, board, seat)
        for feat in earned:
            state.feats_left[feat] -= 1
            state.feats_earned[seat].append(feat)
        state.turn.feats = earned
        if earned:
            state.phase = FEAT
            return
    finish_turn(state, board)


def _feat(state: IwariState, board: Board, action: Feat) -> None:
    _want(state, board, FEAT)
    turn = state.turn
    if action.feat != turn.feats[0]:
        raise IllegalActionError(Words("the feat to place now is {due}, not {feat}",
                                       due=turn.feats[0], feat=action.feat))
    places = feat_places(state, board, state.seat, action.feat)
    if action.at not in places:
        raise IllegalActionError(Words("the {feat} feat may go on {places}, not {at}",
                                       feat=action.feat, places=', '.join(places), at=action.at))
    if action.feat in ON_CONNECTION:
        state.feat_connection[board.connection_index[action.at]] += 1
    else:
        state.feat_territory[board.territory_index[action.at]] += 1
    state.feats_placed.append((action.feat, state.seat, action.at))
    turn.feats.pop(0)
    if not turn.feats:
        finish_turn(state, board)


def finish_turn(state: IwariState, board: Board) -> None:
    """The turn is over: check the tent trigger (rules 8), pass to the next seat or end after the round."""
    if any(state.tent_supply[seat] <= 0 for seat in range(state.players)):
        state.end_triggered = True  # the third tribe's supply never triggers it (rules 6)
    state.turns += 1
    following = next_seat(state)
    state.turn = Turn()
    if state.end_triggered and following <= state.seat:
        final_scoring(state, board)  # the seat before the start player has played: the round is complete
        return
    state.seat = following
    state.phase = SETTLE


HANDLERS: dict[type, Callable[[IwariState, Board, Any], None]] = {
    Place: _place, Done: _done, Third: _third, Exchange: _exchange, Pass: _pass, DrawDeck: _draw_deck,
    TakeDisplay: _take_display, Card: _card, Refill: _refill, Feat: _feat,
}


def push(state: IwariState, board: Board, action: Action) -> None:
    """Apply ``action`` to ``state`` in place; raises ``IllegalActionError`` and then leaves it unchanged."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise InvalidActionError(f"{action!r} is not an Iwari action")
    if state.phase == OVER:
        raise IllegalActionError(Words("the game is over"))
    handler(state, board, action)
