"""The mutable state of a tile-laying game (the engine's ``apply`` works on a copy)."""
from __future__ import annotations

from typing import Any, Optional, TypeVar

from .board import Board

# Phases of a turn: the draw (chance), laying the tile, the one action. A game may add its own (the Ark's).
DRAW, PLACE, ACTION, OVER = "draw", "place", "action", "over"
#: The piece every tile game has; a game may add others (the Ark's Prophet).
FOLLOWER = "follower"

T = TypeVar("T", bound="TileState")


class TileState:
    """Everything about one game, secrets (seed, pile order) included."""

    __slots__ = ("players", "seed", "pile", "hand", "phase", "seat", "moves", "board", "followers",
                 "supply", "scores", "discards", "events", "active", "pending")

    def __init__(self, players: int, seed: Any, pile: list[str]) -> None:
        self.players = players
        self.seed = seed
        self.pile = pile                       # the draw pile; the next tile is pile[-1]
        self.hand: Optional[str] = None        # the tile drawn and not yet laid
        self.phase = DRAW
        self.seat = 0                          # whose turn it is
        self.moves = 0                         # entries completed (turns played and tiles discarded)
        self.board = Board()
        self.followers: dict[int, tuple[int, str]] = {}  # node -> (seat, piece)
        self.supply = [0] * players            # followers in supply
        self.scores = [0] * players
        self.discards: list[str] = []
        self.events: list[dict[str, Any]] = []  # scoring events, public
        self.active = [True] * players         # seats still playing
        # Features completed by the tile just laid, scored after the action:
        # (roots of roads and cities, game-specific completions such as temples or cloisters).
        self.pending: tuple[list[int], list[int]] = ([], [])

    def copy(self: T) -> T:
        """An independent copy (a game's own state copies its own fields too)."""
        new = type(self).__new__(type(self))
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
        new.scores = self.scores.copy()
        new.discards = self.discards.copy()
        new.events = self.events.copy()
        new.active = self.active.copy()
        new.pending = (self.pending[0].copy(), self.pending[1].copy())
        self.copy_extra(new)
        return new

    def copy_extra(self, new: Any) -> None:
        """Copy a game's own fields into ``new`` (a subclass's hook)."""

    @property
    def finished(self) -> bool:
        """True once the final scoring has run."""
        return self.phase == OVER
