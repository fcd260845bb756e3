"""Playing an engine through its contract alone: chance steps, random games, entries (tests, benches, bots).

Nothing here knows a game: it uses ``games/rules/base.py`` only, as the site does.
"""
from __future__ import annotations

import random
from typing import Any, Optional

from . import AnyEngine
from .base import CHANCE, TERMINAL, JSONDict


def take_chance(eng: AnyEngine, state: Any, done: Optional[list[Any]] = None) -> Any:
    """The state after the chance steps due now (each appended to ``done``)."""
    while eng.current_player(state) == CHANCE:
        action = eng.sample_chance(state)
        state = eng.apply(state, action)
        if done is not None:
            done.append(action)
    return state


class Game:
    """A game played step by step, its entries gathered in record form as the site gathers them."""

    def __init__(self, eng: AnyEngine, players: int, seed: Any, options: Optional[JSONDict] = None) -> None:
        self.eng = eng
        self.state = eng.new_game(players, eng.check_options(options or {}), seed)
        self.setup = eng.record_setup(self.state)
        self.entries: list[JSONDict] = []
        self._actions: list[Any] = []
        self._decision: Any = None  # the state at the entry's first decision
        self._turn = eng.turn_number(self.state)
        self.steps = 0
        self._chance()

    @property
    def over(self) -> bool:
        return self.eng.current_player(self.state) == TERMINAL

    def play(self, action: Any) -> None:
        """Apply a seat's action, then the chance steps it leads to, closing entries as they end."""
        if self._decision is None:
            self._decision = self.state
        self.state = self.eng.apply(self.state, action)
        self._actions.append(action)
        self.steps += 1
        self._close()
        self._chance()

    def _chance(self) -> None:
        while self.eng.current_player(self.state) == CHANCE:
            action = self.eng.sample_chance(self.state)
            self.state = self.eng.apply(self.state, action)
            self._actions.append(action)
            self._close()

    def _close(self) -> None:
        turn = self.eng.turn_number(self.state)
        if turn != self._turn:
            self.entries.append(self.eng.entry_record(self._decision, self._actions))
            self._actions, self._turn, self._decision = [], turn, None

    def record(self) -> JSONDict:
        from .record import write_record

        return write_record(self.eng.name, len(self.eng.scores(self.state)), self.entries, setup=self.setup)


def random_game(eng: AnyEngine, players: int, seed: Any, rng: random.Random,
                options: Optional[JSONDict] = None, max_steps: Optional[int] = None) -> Game:
    """A game of uniformly random legal actions to the end (or ``max_steps``)."""
    game = Game(eng, players, seed, options)
    while not game.over and (max_steps is None or game.steps < max_steps):
        game.play(rng.choice(eng.legal_actions(game.state)))
    return game
