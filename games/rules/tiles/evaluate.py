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
    """Every seat's worth in points: its score, its open features' expected points, its followers in hand."""
    out = [float(score) for score in state.scores]
    board = state.board
    left = progress_left(state)
    for root in engine.open_features(state, (ROAD, CITY)):
        nodes = board.fnodes[root] or []
        tiles = len(board.tiles[root] or ())
        value = tiles + board.value[root]
        chance = completion_chance(state, board.open[root])
        done = 2 * value if board.kind[root] == CITY else value
        expected = chance * done + (1 - chance) * value
        for seat in winners_of(state, nodes):
            out[seat] += engine.feature_bonus(state, root, seat, expected, chance)
    for seat in range(state.players):
        out[seat] += FOLLOWER_WORTH * left * min(state.supply[seat], 4)
    engine.add_worths(state, out)
    return out


def evaluate(engine: "TileEngine[Any]", state: TileState, seat: int) -> float:
    """``seat``'s worth less the best other seat's."""
    values = worths(engine, state)
    others = [v for n, v in enumerate(values) if n != seat]
    return values[seat] - (max(others) if others else 0.0)
