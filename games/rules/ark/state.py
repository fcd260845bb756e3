"""The Ark's own part of a game's state: the Prophets, the Ark, and the phase of putting it on the first city."""
from __future__ import annotations

from typing import Any, Optional

from ..tiles.state import TileState

#: The phase after the action of the turn that completes the first city: the Ark goes on one of its tiles.
ARK = "ark"
#: The Ark's own piece: once per game, scores a completed city double for its owner in the majority.
PROPHET = "prophet"


class ArkState(TileState):
    """A tile game's state with the Prophets in supply and the Ark."""

    __slots__ = ("prophets", "ark", "ark_choices", "first_city", "last_ark")

    def __init__(self, players: int, seed: Any, pile: list[str]) -> None:
        super().__init__(players, seed, pile)
        self.prophets = [True] * players       # Prophet still in supply
        self.ark: Optional[int] = None         # cell of the Ark
        self.ark_choices: list[int] = []       # cells where the Ark may be put (phase ARK)
        self.first_city = False                # a city has been completed
        self.last_ark: Optional[list[Any]] = None  # [turn, cells from the start]: the latest Ark move

    def copy_extra(self, new: Any) -> None:
        new.prophets = self.prophets.copy()
        new.ark = self.ark
        new.ark_choices = self.ark_choices.copy()
        new.first_city = self.first_city
        new.last_ark = self.last_ark  # never changed in place: replaced by the next Ark move
