"""The entry being played: steps applied through the engine, chance steps taken, entries closed as they end.

A game's turn may take several requests (Tikal's actions, Iwari's cards and draws). Between them the entry in
progress is stored with the game (``Game.turn``, the dict of :meth:`Progress.pending`): the steps so far,
chance ones included; how many of them stand, because a chance step showed hidden information to the player
(a tile, hex, treasure or card drawn); and the state before the player's first step, from which undo replays
and which the other players keep seeing until the entry ends. No Django here: the services store what this
decides.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Optional

from django.utils.translation import gettext as _

from games.rules import CHANCE, AnyEngine, IllegalActionError

#: No entry takes more steps than this; a timeout that would is a bug in an engine, stopped here.
MAX_STEPS = 1000


@dataclass
class Closed:
    """An entry that ended: what goes into the move log."""

    seat: Optional[int]  # the seat that played it; for a forced entry, the seat it fell to
    steps: list[dict[str, Any]]
    record: dict[str, Any]
    events: list[dict[str, Any]]
    decided: bool  # a seat took a step in it (else chance alone made it: a tile that fits nowhere)


@dataclass
class Progress:
    """A game's engine state with its entry in progress."""

    eng: AnyEngine
    state: Any
    number: int = 0  # the engine's turn number of the entry in progress
    steps: list[dict[str, Any]] = field(default_factory=list)
    floor: int = 0  # steps[:floor] stand: undo never goes back past a chance step
    first: Optional[int] = None  # the index of the first player step, if any
    seat: Optional[int] = None  # the seat that took the player steps
    base: Any = None  # the state before the first player step
    events_from: int = 0  # the engine's events before this entry
    closed: list[Closed] = field(default_factory=list)

    @classmethod
    def load(cls, eng: AnyEngine, state: Any, pending: Optional[dict[str, Any]]) -> "Progress":
        """The progress stored with a game (``pending``: ``Game.turn``; None: a new entry starts here)."""
        if not pending:
            return cls(eng, state, eng.turn_number(state), events_from=len(eng.events(state)))
        base = pending.get("base")
        return cls(eng, state, int(pending["number"]), list(pending["steps"]), int(pending["floor"]),
                   pending.get("first"), pending.get("seat"),
                   eng.state_from_dict(base) if base is not None else None, int(pending["events"]))

    @classmethod
    def start(cls, eng: AnyEngine, state: Any) -> "Progress":
        """A game just set up: its first chance steps taken."""
        progress = cls.load(eng, state, None)
        progress.advance()
        return progress

    def pending(self) -> dict[str, Any]:
        """What to store with the game between requests."""
        return {"number": self.number, "steps": self.steps, "floor": self.floor, "first": self.first,
                "seat": self.seat, "base": self.eng.state_to_dict(self.base) if self.base is not None else None,
                "events": self.events_from}

    @property
    def undoable(self) -> int:
        """How many of the player's steps can be taken back."""
        if self.first is None:
            return 0
        return max(0, len(self.steps) - max(self.floor, self.first))

    @property
    def public_state(self) -> Any:
        """The state the other players see: the one before this entry's first player step."""
        return self.base if self.base is not None else self.state

    def play(self, action: Any, seat: int) -> None:
        """``seat`` takes one step (raises the engine's ``RulesError``), then the chance steps it leads to."""
        if self.eng.current_player(self.state) != seat:
            raise IllegalActionError(_("your turn is over: that step comes too late"))
        if self.first is None:
            self.first, self.base, self.seat = len(self.steps), self.state, seat
        self.state = self.eng.apply(self.state, action)
        self.steps.append(action.to_dict())
        self.advance()

    def advance(self) -> None:
        """Close the entry if it ended, and take the chance steps due (each one stands)."""
        for _step in range(MAX_STEPS):
            if self.eng.turn_number(self.state) != self.number:
                self._close()
            player = self.eng.current_player(self.state)
            if player != CHANCE:
                for entry in self.closed:  # a forced entry belongs to the seat it fell to
                    if not entry.decided and entry.seat is None and player >= 0:
                        entry.seat = player
                return
            action = self.eng.sample_chance(self.state)
            self.state = self.eng.apply(self.state, action)
            self.steps.append(action.to_dict())
            self.floor = len(self.steps)
        raise RuntimeError(f"{self.eng.name}: chance steps without end")

    def _close(self) -> None:
        events = self.eng.events(self.state)
        decided = self.first is not None
        seat = self.seat if decided else None
        actions = [self.eng.parse_action(step) for step in self.steps]
        self.closed.append(Closed(seat, self.steps,
                                  self.eng.entry_record(self.base if decided else None, actions),
                                  [dict(e) for e in events[self.events_from:]], decided))
        self.number = self.eng.turn_number(self.state)
        self.steps, self.floor, self.first, self.seat, self.base = [], 0, None, None, None
        self.events_from = len(events)

    def undo(self, whole_turn: bool) -> int:
        """Take back the last step (or every step that can be); returns how many went."""
        if self.undoable == 0:
            if self.first is not None:
                raise IllegalActionError(_("what you drew stays drawn: the steps before it cannot be taken back"))
            raise IllegalActionError(_("there is nothing to take back"))
        assert self.first is not None
        keep = max(self.floor, self.first) if whole_turn else len(self.steps) - 1
        gone = len(self.steps) - keep
        state = self.base
        for step in self.steps[self.first:keep]:
            state = self.eng.apply(state, self.eng.parse_action(step))
        self.state, self.steps = state, self.steps[:keep]
        if keep == self.first:
            self.first, self.base, self.seat = None, None, None
        return gone

    def finish_for(self, seat: int, rng: random.Random) -> None:
        """The server ends ``seat``'s entry as the engine's timeout plays it (the steps taken so far stand)."""
        number = self.number
        for _step in range(MAX_STEPS):
            if self.number != number or self.eng.current_player(self.state) != seat:
                return
            self.play(self.eng.timeout_action(self.state, rng), seat)
        raise RuntimeError(f"{self.eng.name}: a timeout without end")

    def abandon(self) -> list[dict[str, Any]]:
        """The steps of the entry in progress, dropped from it (a seat leaves or the game is settled: they go
        into that move of the log, before its change)."""
        steps = self.steps
        self.steps, self.floor, self.first, self.seat, self.base = [], 0, None, None, None
        return steps

    def change(self, changed: Any) -> None:
        """The state after a change that ended the entry in progress (its seat left, the game was settled):
        a new entry starts."""
        self.state = changed
        self.number = self.eng.turn_number(changed)
        self.events_from = len(self.eng.events(changed))
        self.advance()

    def change_around(self, change: Any) -> bool:
        """Apply ``change`` (a state -> state function: another seat leaves) under the entry in progress,
        which goes on: to the state before its player steps, which are then played again. False, changing
        nothing, if they no longer apply."""
        if self.first is None:
            self.state = change(self.state)
            return True
        try:
            base = change(self.base)
            state = base
            for step in self.steps[self.first:]:
                state = self.eng.apply(state, self.eng.parse_action(step))
        except IllegalActionError:
            return False
        self.base, self.state = base, state
        return True
