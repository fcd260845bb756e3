"""How well a seat stands in Iwari, in points, for the computer players (``Engine.evaluate``).

The score so far, plus what the position would score if the journey ended now: tents in every territory
(twice before the half-journey scoring, which counts them once more), totems along open connections, and
settlements, with half credit for a group of three tents that one more tent makes a settlement; plus a little
for the cards in hand, which become pieces. The best other seat's figure is taken away, so the bots play for
the lead rather than for points alone.

The figures are the scoring rules' own (``scoring.tent_points``, ``leaders``, the settlements' groups), worked
out here in one pass each without the breakdowns the page shows: the bots value positions by the hundred
thousand a search (tests/rules/iwari/test_evaluate.py holds them to ``tent_scoring``, ``totem_scoring`` and
``settlements`` on many positions).
"""
from __future__ import annotations

from .maps import load_board
from .scoring import tent_points
from .state import OVER, IwariState

CARD_WORTH = 0.5       # a card in hand: about half a point of pieces to come
NEAR_SETTLEMENT = 1.5  # a group of three tents, one short of scoring four

#: ``tent_points`` of a territory's counts, worked out once for each counts seen (191 in twenty games of 2 to 5 seats).
_TENT_POINTS: dict[tuple[int, ...], list[int]] = {}


def standing(state: IwariState) -> list[float]:
    """Per seat, its score and the points its pieces would bring now."""
    if state.phase == OVER:
        return [float(s) for s in state.scores]
    board = load_board(state.map_id)
    players, tribes, active = state.players, state.tribes, state.active
    seats = [seat for seat in range(players) if active[seat]]
    worth = [float(s) for s in state.scores]
    if not seats:
        return worth
    # tents in every territory (rules 9), with the feats' factors
    tents, feat = state.tents, state.feat_territory
    tent_points_now = [0] * players
    for territory, placed in enumerate(state.tent_count):
        if not placed:
            continue
        start = territory * tribes
        counts = tuple(tents[start:start + tribes])
        points = _TENT_POINTS.get(counts)
        if points is None:
            points = _TENT_POINTS[counts] = tent_points(counts)
        if feat[territory]:
            points = [p * (1 + feat[territory]) for p in points]
        for seat in seats:
            tent_points_now[seat] += points[seat]
    # totems along open connections (rules 10): the tribes leading both ends (an end with a totem has a leader)
    count, totems = state.totem_count, state.totems
    leading = [-1] * len(count)  # per territory, its leading tribes as bits (-1: not worked out yet)
    covered = state.mountains
    for connection, (a, b) in enumerate(board.ends):
        if not count[a] or not count[b] or connection in covered:
            continue
        at_a, at_b = leading[a], leading[b]
        if at_a < 0:
            at_a = leading[a] = _leaders(totems[a * tribes:(a + 1) * tribes])
        if at_b < 0:
            at_b = leading[b] = _leaders(totems[b * tribes:(b + 1) * tribes])
        both = at_a & at_b
        if both:
            gained = (count[a] + count[b]) * (1 + state.feat_connection[connection])
            for seat in seats:
                if both >> seat & 1:
                    worth[seat] += gained
    # settlements (rules 11): groups of four tents or more, and half credit for three
    occupant, links = state.occupant, board.links
    seen = [False] * len(occupant)
    for start, owner in enumerate(occupant):
        if owner < 0 or owner >= players or seen[start] or not active[owner]:  # the third tribe scores none
            continue
        seen[start] = True
        size, stack = 0, [start]
        while stack:
            space = stack.pop()
            size += 1
            for other in links[space]:
                if not seen[other] and occupant[other] == owner:
                    seen[other] = True
                    stack.append(other)
        if size >= 4:
            worth[owner] += size
        elif size == 3:
            worth[owner] += NEAR_SETTLEMENT
    # tents count twice before the half-journey scoring; the cards in hand
    tent_weight = 2 if state.deck_runs == 0 else 1
    hands = state.hands
    for seat in seats:
        worth[seat] += tent_weight * tent_points_now[seat] + CARD_WORTH * sum(hands[seat])
    return worth


def _leaders(row: list[int]) -> int:
    """The tribes with the most totems in a territory's ``row`` (``scoring.leaders``, the row not empty), as bits."""
    top = max(row)
    return sum(1 << tribe for tribe, c in enumerate(row) if c == top)


def evaluate(state: IwariState, seat: int) -> float:
    worth = standing(state)
    others = [w for n, w in enumerate(worth) if n != seat]
    return worth[seat] - (max(others) if others else 0.0)
