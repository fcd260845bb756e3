"""How well a seat stands in Iwari, in points, for the computer players (``Engine.evaluate``).

The score so far, plus what the position would score if the journey ended now: tents in every territory
(twice before the half-journey scoring, which counts them once more), totems along open connections, and
settlements, with half credit for a group of three tents that one more tent makes a settlement; plus a little
for the cards in hand, which become pieces. The best other seat's figure is taken away, so the bots play for
the lead rather than for points alone.

The figures are the scoring rules' own (``scoring.tent_points``, ``leaders``, the settlements' groups), worked
out here in one pass each without the breakdowns the page shows, and each part kept by what it reads: the bots
value positions by the hundred thousand a search, most of them with the same tents, totems or tent spaces as
one valued before (tests/rules/iwari/test_evaluate.py holds them to ``tent_scoring``, ``totem_scoring`` and
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

#: Each part of ``standing`` per tribe, kept by what it reads (a search values the same tents, totems or tent
#: spaces many times over: in hard Iwari replans, 14%, 2% and 28% of the positions valued were new to each part).
#: A part's figures are sums of halves, so adding them part by part gives exactly the figures of one pass.
_TENTS: dict[tuple[object, ...], list[float]] = {}
_TOTEMS: dict[tuple[object, ...], list[float]] = {}
_SETTLEMENTS: dict[tuple[object, ...], list[float]] = {}
_KEPT = 50_000  # figures kept in all, then forgotten at once (under 40 MB; a search refills what it uses)


def standing(state: IwariState) -> list[float]:
    """Per seat, its score and the points its pieces would bring now."""
    if state.phase == OVER:
        return [float(s) for s in state.scores]
    players, active = state.players, state.active
    seats = [seat for seat in range(players) if active[seat]]
    worth = [float(s) for s in state.scores]
    if not seats:
        return worth
    if len(_TENTS) + len(_TOTEMS) + len(_SETTLEMENTS) > _KEPT:
        _TENTS.clear()
        _TOTEMS.clear()
        _SETTLEMENTS.clear()
    key: tuple[object, ...] = (state.tribes, tuple(state.tents), tuple(state.feat_territory))
    tents = _TENTS.get(key)
    if tents is None:
        tents = _TENTS[key] = _tent_part(state)
    key = (state.map_id, tuple(state.totems), tuple(state.mountains), tuple(state.feat_connection))
    totems = _TOTEMS.get(key)
    if totems is None:
        totems = _TOTEMS[key] = _totem_part(state)
    key = (state.map_id, players, tuple(state.occupant))
    settlements = _SETTLEMENTS.get(key)
    if settlements is None:
        settlements = _SETTLEMENTS[key] = _settlement_part(state)
    # tents count twice before the half-journey scoring; the cards in hand
    tent_weight = 2 if state.deck_runs == 0 else 1
    hands = state.hands
    for seat in seats:
        worth[seat] += totems[seat] + settlements[seat] + tent_weight * tents[seat] + CARD_WORTH * sum(hands[seat])
    return worth


def _tent_part(state: IwariState) -> list[float]:
    """Per tribe, its tents' points in every territory (rules 9), with the feats' factors."""
    tribes, tents, feat = state.tribes, state.tents, state.feat_territory
    out = [0.0] * tribes
    for territory in range(len(feat)):
        start = territory * tribes
        counts = tuple(tents[start:start + tribes])
        points = _TENT_POINTS.get(counts)
        if points is None:
            points = _TENT_POINTS[counts] = tent_points(counts)
        factor = 1 + feat[territory]
        for tribe in range(tribes):
            out[tribe] += points[tribe] * factor
    return out


def _totem_part(state: IwariState) -> list[float]:
    """Per tribe, its totems' points along open connections (rules 10): the tribes leading both ends (an end
    with a totem has a leader)."""
    board, tribes, totems = load_board(state.map_id), state.tribes, state.totems
    count = [sum(totems[t * tribes:(t + 1) * tribes]) for t in range(len(totems) // tribes)]
    leading = [-1] * len(count)  # per territory, its leading tribes as bits (-1: not worked out yet)
    covered = state.mountains
    out = [0.0] * tribes
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
            for tribe in range(tribes):
                if both >> tribe & 1:
                    out[tribe] += gained
    return out


def _settlement_part(state: IwariState) -> list[float]:
    """Per seat, its settlements (rules 11): groups of four tents or more, and half credit for three (the
    two-player game's third tribe scores none)."""
    players, occupant, links = state.players, state.occupant, load_board(state.map_id).links
    out = [0.0] * players
    seen = [False] * len(occupant)
    for start, owner in enumerate(occupant):
        if owner < 0 or owner >= players or seen[start]:
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
            out[owner] += size
        elif size == 3:
            out[owner] += NEAR_SETTLEMENT
    return out


def _leaders(row: list[int]) -> int:
    """The tribes with the most totems in a territory's ``row`` (``scoring.leaders``, the row not empty), as bits."""
    top = max(row)
    return sum(1 << tribe for tribe, c in enumerate(row) if c == top)


def evaluate(state: IwariState, seat: int) -> float:
    worth = standing(state)
    others = [w for n, w in enumerate(worth) if n != seat]
    return worth[seat] - (max(others) if others else 0.0)
