"""What a tile-game position is worth to each seat, for the computer players (``Engine.evaluate``).

A seat's worth is its score, plus what its open features may still bring (each feature's value now and when
complete, weighed by the chance that it completes with the tiles left), plus the followers it still has to
place; a game adds its own features (the Ark's temples and fields, Carcassonne's cloisters and farms).
Majorities decide who gets a feature's worth, as in the scoring: every seat tied at the top gets it all.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .catalogue import CITY, ROAD
from .state import TileState

if TYPE_CHECKING:
    from .engine import TileEngine

#: What a follower still in supply is worth, in points, while many tiles remain.
FOLLOWER_WORTH = 2.0
#: The chance that one open side of a road or city gets closed, while many tiles remain.
CLOSE_ONE_SIDE = 0.8


def progress_left(state: TileState) -> float:
    """The share of the game still to come, 1 at the start and 0 at the end."""
    return min(1.0, len(state.pile) / 70)


def completion_chance(state: TileState, open_sides: int) -> float:
    """The chance that a feature with ``open_sides`` open sides is completed before the game ends."""
    left = progress_left(state)
    return (CLOSE_ONE_SIDE ** open_sides) * min(1.0, 0.3 + 1.5 * left)


def winners_of(state: TileState, nodes: list[int]) -> list[int]:
    """The seats with the most pieces among ``nodes``."""
    counts = [0] * state.players
    for node in nodes:
        counts[state.followers[node][0]] += 1
    best = max(counts)
    return [seat for seat, n in enumerate(counts) if n == best and n]


def worths(engine: "TileEngine[Any]", state: TileState) -> list[float]:
    """Every seat's worth in points: its score, its open features' expected points, its followers in hand.

    The bots value every action they try with it (tens of thousands of times a search): ``completion_chance``
    and ``winners_of`` are written out here, with the same arithmetic in the same order."""
    out = [float(score) for score in state.scores]
    board = state.board
    left = progress_left(state)
    reach = min(1.0, 0.3 + 1.5 * left)  # completion_chance's second factor, the same for every feature
    players = range(state.players)
    followers = state.followers
    kinds, fnodes, cells, values, sides = board.kind, board.fnodes, board.tiles, board.value, board.open
    bonus = engine.feature_bonus
    for root in engine.open_features(state, (ROAD, CITY)):
        value = len(cells[root] or ()) + values[root]
        chance = (CLOSE_ONE_SIDE ** sides[root]) * reach
        done = 2 * value if kinds[root] == CITY else value
        expected = chance * done + (1 - chance) * value
        counts = [0] * state.players
        for node in fnodes[root] or ():
            counts[followers[node][0]] += 1
        best = max(counts)
        if best:
            for seat in players:
                if counts[seat] == best:
                    out[seat] += bonus(state, root, seat, expected, chance)
    for seat in players:
        out[seat] += FOLLOWER_WORTH * left * min(state.supply[seat], 4)
    engine.add_worths(state, out)
    return out


def evaluate(engine: "TileEngine[Any]", state: TileState, seat: int) -> float:
    """``seat``'s worth less the best other seat's."""
    values = worths(engine, state)
    others = [v for n, v in enumerate(values) if n != seat]
    return values[seat] - (max(others) if others else 0.0)
