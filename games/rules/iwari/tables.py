"""Every action value a map can need, built once per map so that listing legal actions allocates nothing."""
from __future__ import annotations

from functools import cache

from .actions import Card, Exchange, Place, Refill, TakeDisplay, Third
from .cards import BIOMES, NB
from .maps import Board, load_board
from .settle import Step, step_pay
from .state import MATCH, TENT, TOTEM


class Tables:
    """Action values by placement (``place``, ``third``) and by card (the others)."""

    __slots__ = ("card", "exchange", "place", "refill", "take", "third")

    def __init__(self, board: Board) -> None:
        self.place: dict[Step, Place] = {}
        self.third: dict[Step, Third] = {}
        for territory, tid in enumerate(board.territory_ids):
            where = [(TENT, space) for space in board.spaces_of[territory]] + [(TOTEM, -1)]
            for piece, space in where:
                for code in (*range(NB), MATCH):
                    step: Step = (territory, piece, space, code)
                    at = board.space_ids[space] if piece == TENT else None
                    name = "tent" if piece == TENT else "totem"
                    pay = step_pay(board, step)
                    self.place[step] = Place(name, tid, at, pay)
                    self.third[step] = Third(name, tid, at, pay)
        self.exchange = tuple(Exchange(b) for b in BIOMES)
        self.take = tuple(TakeDisplay(b) for b in BIOMES)
        self.card = tuple(Card(b) for b in BIOMES)
        self.refill = tuple(Refill(b) for b in BIOMES)


@cache
def tables_for(map_id: str) -> Tables:
    """The action tables of map ``map_id``."""
    return Tables(load_board(map_id))
