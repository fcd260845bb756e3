"""Sides, halves, rotations and board cells of the square tile grid.

Names and orientation follow docs/tiles.md: sides N E S W, halves
NNW NNE ENE ESE SSE SSW WSW WNW clockwise, x grows east and y grows south.
A cell (x, y) is packed into one int so that neighbours are one addition away.
"""
from __future__ import annotations

SIDES = ("N", "E", "S", "W")
HALVES = ("NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW")
SIDE_INDEX = {name: i for i, name in enumerate(SIDES)}
HALF_INDEX = {name: i for i, name in enumerate(HALVES)}
ROTATIONS = (0, 90, 180, 270)

#: The two halves of each side (a half h lies on side h // 2).
SIDE_HALVES = ((0, 1), (2, 3), (4, 5), (6, 7))
#: The half a half touches across its side: ENE meets WNW, SSE meets NNE, ...
OPPOSITE_HALF = (5, 4, 7, 6, 1, 0, 3, 2)

# Cells: key = (x + OFFSET) * STRIDE + (y + OFFSET). 71 tiles never reach 128 away.
OFFSET = 128
STRIDE = 256
#: Key offsets of the neighbour across each side N E S W.
DELTA = (-1, STRIDE, 1, -STRIDE)
#: Key offsets of the eight surrounding cells (for cloisters).
AROUND = (-1, STRIDE - 1, STRIDE, STRIDE + 1, 1, -STRIDE + 1, -STRIDE, -STRIDE - 1)


def cell(x: int, y: int) -> int:
    """The key of board cell (x, y)."""
    return (x + OFFSET) * STRIDE + (y + OFFSET)


def coords(key: int) -> tuple[int, int]:
    """The (x, y) of a cell key."""
    return key // STRIDE - OFFSET, key % STRIDE - OFFSET


def on_board(x: int, y: int) -> bool:
    """True for coordinates a cell key can hold."""
    return -OFFSET < x < OFFSET - 1 and -OFFSET < y < OFFSET - 1


def rotate_side(side: int, steps: int) -> int:
    """The side a side moves to after ``steps`` quarter turns clockwise."""
    return (side + steps) % 4


def rotate_half(half: int, steps: int) -> int:
    """The half a half moves to after ``steps`` quarter turns clockwise."""
    return (half + 2 * steps) % 8
