"""How well a seat stands in Iwari, in points, for the computer players (``Engine.evaluate``).

The score so far, plus what the position would score if the journey ended now: tents in every territory
(twice before the half-journey scoring, which counts them once more), totems along open connections, and
settlements, with half credit for a group of three tents that one more tent makes a settlement; plus a little
for the cards in hand, which become pieces. The best other seat's figure is taken away, so the bots play for
the lead rather than for points alone.
"""
from __future__ import annotations

from .maps import load_board
from .scoring import scoring_seats, settlements, tent_scoring, totem_scoring
from .state import OVER, IwariState

CARD_WORTH = 0.5       # a card in hand: about half a point of pieces to come
NEAR_SETTLEMENT = 1.5  # a group of three tents, one short of scoring four


def standing(state: IwariState) -> list[float]:
    """Per seat, its score and the points its pieces would bring now."""
    if state.phase == OVER:
        return [float(s) for s in state.scores]
    board = load_board(state.map_id)
    tents, _ = tent_scoring(state, board)
    totems, _ = totem_scoring(state, board)
    tent_weight = 2.0 if state.deck_runs == 0 else 1.0
    worth = [float(s) for s in state.scores]
    for seat in scoring_seats(state):
        groups = [len(g) for g in settlements(state, board, seat)]
        worth[seat] += (tent_weight * tents[seat] + totems[seat]
                        + sum(size for size in groups if size >= 4)
                        + NEAR_SETTLEMENT * sum(1 for size in groups if size == 3)
                        + CARD_WORTH * state.hand_size(seat))
    return worth


def evaluate(state: IwariState, seat: int) -> float:
    worth = standing(state)
    others = [w for n, w in enumerate(worth) if n != seat]
    return worth[seat] - (max(others) if others else 0.0)
