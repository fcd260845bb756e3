"""The mutable state of a tile-laying game (the engine's ``apply`` works on a copy)."""
from __future__ import annotations

from typing import Any, Optional

from .board import Board

# Phases of a turn: the draw (chance), laying the tile, the one action, placing the Ark.
DRAW, PLACE, ACTION, ARK, OVER = "draw", "place", "action", "ark", "over"


class TileState:
    """Everything about one game, secrets (seed, pile order) included."""

    __slots__ = ("players", "seed", "pile", "hand", "phase", "seat", "moves", "board", "followers",
                 "supply", "prophets", "scores", "ark", "ark_choices", "first_city", "discards",
                 "events", "active", "pending")

    def __init__(self, players: int, seed: Any, pile: list[str]) -> None:
        self.players = players
        self.seed = seed
        self.pile = pile                       # the draw pile; the next tile is pile[-1]
        self.hand: Optional[str] = None        # the tile drawn and not yet laid
        self.phase = DRAW
        self.seat = 0                          # whose turn it is
        self.moves = 0                         # turns played (placements and discards)
        self.board = Board()
        self.followers: dict[int, tuple[int, bool]] = {}  # node -> (seat, is a Prophet)
        self.supply = [0] * players
        self.prophets = [False] * players      # Prophet still in supply
        self.scores = [0] * players
        self.ark: Optional[int] = None         # cell of the Ark
        self.ark_choices: list[int] = []       # cells where the Ark may be put (phase ARK)
        self.first_city = False                # a city has been completed
        self.discards: list[str] = []
        self.events: list[dict[str, Any]] = []  # scoring events, public
        self.active = [True] * players         # seats still playing
        # Features completed by the tile just laid, scored after the action:
        # (roots of roads and cities, game-specific completions such as temples or cloisters).
        self.pending: tuple[list[int], list[int]] = ([], [])

    def copy(self) -> "TileState":
        """An independent copy."""
        new = TileState.__new__(TileState)
        new.players = self.players
        new.seed = self.seed
        new.pile = self.pile.copy()
        new.hand = self.hand
        new.phase = self.phase
        new.seat = self.seat
        new.moves = self.moves
        new.board = self.board.copy()
        new.followers = self.followers.copy()
        new.supply = self.supply.copy()
        new.prophets = self.prophets.copy()
        new.scores = self.scores.copy()
        new.ark = self.ark
        new.ark_choices = self.ark_choices.copy()
        new.first_city = self.first_city
        new.discards = self.discards.copy()
        new.events = self.events.copy()
        new.active = self.active.copy()
        new.pending = (self.pending[0].copy(), self.pending[1].copy())
        return new

    @property
    def finished(self) -> bool:
        """True once the final scoring has run."""
        return self.phase == OVER
