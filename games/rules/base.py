"""The engine interface every game implements, and the errors it raises.

See ../shared/STYLE.md, section 2: an engine is a stateless object; the state is a
separate value the engine creates, transforms and serialises. Chance events (the
tile draw) are explicit steps taken by the ``CHANCE`` player, so a game replays
exactly from its move log.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Iterable, Mapping, Optional

#: ``current_player`` returns this while the next step is a chance event (a draw).
CHANCE = -1
#: ``current_player`` returns this once the game is over.
TERMINAL = -2


class RulesError(ValueError):
    """Base of the engine's errors; the message is written for a player to read."""


class InvalidActionError(RulesError):
    """The action is malformed: unknown type, missing or badly typed field."""


class IllegalActionError(RulesError):
    """The action is well formed but not allowed in this position."""


class Engine(ABC):
    """One game's rules behind a uniform interface (OpenSpiel-like)."""

    name: str = ""
    min_players: int = 2
    max_players: int = 5

    @abstractmethod
    def new_game(self, players: int, options: Optional[Mapping[str, Any]] = None) -> Any:
        """A fresh state; ``options["seed"]`` seeds the hidden shuffle."""

    @abstractmethod
    def current_player(self, state: Any) -> int:
        """The seat to act, ``CHANCE`` for a draw, or ``TERMINAL``."""

    @abstractmethod
    def legal_actions(self, state: Any) -> list[Any]:
        """Every legal action of the current step, in a fixed order."""

    @abstractmethod
    def apply(self, state: Any, action: Any) -> Any:
        """A new state after ``action``; the given state is left unchanged."""

    @abstractmethod
    def sample_chance(self, state: Any) -> Any:
        """The chance action the seeded state dictates next (the top of the pile)."""

    @abstractmethod
    def is_over(self, state: Any) -> bool:
        """True once final scoring has run."""

    @abstractmethod
    def scores(self, state: Any) -> list[int]:
        """Scores in seat order."""

    @abstractmethod
    def view(self, state: Any, seat: Optional[int]) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) may see, JSON-ready, secrets dropped."""

    def views(self, state: Any, seats: Iterable[Optional[int]]) -> dict[Optional[int], dict[str, Any]]:
        """``view`` for each of ``seats`` at once; an engine may share what they have in common."""
        return {seat: self.view(state, seat) for seat in seats}

    @abstractmethod
    def parse_action(self, data: Mapping[str, Any]) -> Any:
        """An action from its dict form; raises ``InvalidActionError``."""

    @abstractmethod
    def parse_turn(self, data: Any) -> Any:
        """A whole turn as records and the site express it; raises ``InvalidActionError``."""

    @abstractmethod
    def apply_turn(self, state: Any, turn: Any) -> Any:
        """A new state after a whole turn, applied all or nothing."""

    @abstractmethod
    def deal(self, state: Any) -> tuple[Any, list[Any]]:
        """Take the chance steps due (draws, forced discards) until a seat must decide.

        Returns the new state and the forced turns taken, for the move log.
        """

    @abstractmethod
    def state_to_dict(self, state: Any) -> dict[str, Any]:
        """The whole state (secrets included, for storage) as JSON types."""

    @abstractmethod
    def state_from_dict(self, data: Mapping[str, Any]) -> Any:
        """The inverse of ``state_to_dict``."""

    def winners(self, state: Any) -> list[int]:
        """Seats sharing the highest score once the game is over, else ``[]``."""
        if not self.is_over(state):
            return []
        scores = self.scores(state)
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def check_players(self, players: int) -> None:
        """Raise ``InvalidActionError`` unless ``players`` is in range."""
        if not isinstance(players, int) or isinstance(players, bool) or not (
            self.min_players <= players <= self.max_players
        ):
            raise InvalidActionError(
                f"{self.name} takes {self.min_players} to {self.max_players} players, not {players!r}"
            )

