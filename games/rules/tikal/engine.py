"""``TikalEngine``: Tikal's rules (docs/rules/tikal.md) behind the site's contract (``games/rules/base.py``)."""
from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..base import CHANCE, TERMINAL, Engine, IllegalActionError, InvalidActionError, JSONDict, Seed
from ..words import Words
from . import record as record_mod
from . import sample as sample_mod
from . import view as view_mod
from . import words
from .actions import END, TABLES, Action, parse_action
from .data import HEXES, LETTERS, LEVEL_TILES, NKINDS, PER_KIND, board_data
from .placing import placements
from .scoring import evaluate, ranking
from .state import ACTIONS, DRAW, OVER, PLACE, TREASURE, TikalState
from .turns import end_turn, final_scoring, legal, push


def new_state(players: int, seed: Seed) -> TikalState:
    """A fresh game: the stacks shuffled letter by letter (A on top), the treasure pool shuffled (rules 3)."""
    state = TikalState(players, seed)
    stacks = random.Random(f"stack:{seed}")
    for letter in reversed(LETTERS):          # G at the bottom, A on top (the last item)
        group = [n for n, h in enumerate(HEXES) if h.letter == letter]
        stacks.shuffle(group)
        state.stack.extend(group)
    state.pool = [k for k in range(NKINDS) for _ in range(PER_KIND)]
    random.Random(f"treasures:{seed}").shuffle(state.pool)
    for value, count in LEVEL_TILES.items():
        state.tiles[value] = count
    return state


class TikalEngine(Engine[TikalState, Action]):
    """Tikal for 2 to 4 players (the 1999 base game)."""

    name = "tikal"
    title = "Tikal"
    min_players = 2
    max_players = 4
    hard_playouts = 160  # a whole turn of up to ten action points searched at once; 320 cost half as much again
    # (16 positions: 21.8 -> 14.2 s of processor time); at 160 it beats medium 0.94 of 113 games (docs/bots.md)

    # ----- set-up ----------------------------------------------------------------------------
    def new_game(self, players: int, options: Mapping[str, Any], seed: Seed) -> TikalState:
        self.check_players(players)
        self.check_options(options)
        return new_state(players, seed)

    # ----- the flow of play ------------------------------------------------------------------
    def current_player(self, state: TikalState) -> int:
        if state.phase == OVER:
            return TERMINAL
        return CHANCE if state.phase in (DRAW, TREASURE) else state.seat

    def turn_number(self, state: TikalState) -> int:
        return state.turns

    def legal_actions(self, state: TikalState) -> list[Action]:
        return legal(state)

    def apply(self, state: TikalState, action: Action) -> TikalState:
        new = state.copy()
        push(new, action)
        return new

    def push(self, state: TikalState, action: Action) -> None:
        """``apply`` in place (the bench): ``state`` itself changes; on an error it is unchanged."""
        push(state, action)

    def sample_chance(self, state: TikalState) -> Action:
        if state.phase == DRAW:
            return TABLES.draw[state.stack[-1]]
        if state.phase == TREASURE:
            return TABLES.treasure[state.ruin[state.dig_at][-1]]
        raise IllegalActionError(Words("nothing is drawn now"))

    def parse_action(self, data: Any) -> Action:
        return parse_action(data)

    # ----- what the site needs besides play --------------------------------------------------
    def settle(self, state: TikalState) -> TikalState:
        new = state.copy()
        if new.phase != OVER:
            final_scoring(new)
        return new

    def remove_seat(self, state: TikalState, seat: int) -> TikalState:
        """``seat`` leaves: its explorers, camps and guards stay on the board (they still count for
        majorities), it scores nothing more, and nobody can exchange treasures with it."""
        new = state.copy()
        if new.phase == OVER or not 0 <= seat < new.players or not new.active[seat]:
            return new
        new.active[seat] = False
        if seat in new.queue:
            new.queue.remove(seat)
        if sum(new.active) < 2:
            final_scoring(new)
            return new
        if seat != new.seat:
            return new
        if new.phase == TREASURE:
            push(new, self.sample_chance(new))
            if new.seat != seat or new.phase not in (ACTIONS,):
                return new
        if new.phase == PLACE:
            space, rotation = placements(new, new.pending)[0]
            push(new, TABLES.place[space][rotation])
        if new.phase == ACTIONS and new.seat == seat:
            end_turn(new)
        elif new.phase == DRAW and new.seat == seat:    # its turn had not begun: the next seat's turn
            from .state import next_active
            new.seat = next_active(new, seat)
        return new

    def timeout_action(self, state: TikalState, rng: random.Random) -> Action:
        """The hex on a random legal place, then the end of the turn."""
        if state.phase in (DRAW, TREASURE):
            return self.sample_chance(state)
        if state.phase == PLACE:
            return rng.choice(legal(state))
        if state.phase == ACTIONS:
            return END
        raise IllegalActionError(Words("the game is over"))

    def sample_state(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> TikalState:
        return sample_mod.sample_state(view, seat, rng)

    # ----- views and scores ------------------------------------------------------------------
    def view(self, state: TikalState, seat: int | None) -> JSONDict:
        return self.views(state, [seat])[seat]

    def views(self, state: TikalState, seats: Iterable[int | None]) -> dict[int | None, JSONDict]:
        common = view_mod.public_view(self, state)
        return {seat: view_mod.seat_view(state, common, seat) for seat in seats}

    def board_data(self) -> JSONDict:
        return board_data()

    def is_over(self, state: TikalState) -> bool:
        return state.phase == OVER

    def scores(self, state: TikalState) -> list[int]:
        return list(state.scores)

    def events(self, state: TikalState) -> Sequence[Mapping[str, Any]]:
        return state.events

    def active(self, state: TikalState) -> list[bool]:
        return list(state.active)

    def ranking(self, state: TikalState) -> list[tuple[int, ...]]:
        """Score, then the best guarded temple, then treasures held (rules 7)."""
        return ranking(state)

    def evaluate(self, state: TikalState, seat: int) -> float:
        return evaluate(state, seat)

    # ----- words -----------------------------------------------------------------------------
    def describe_action(self, action: Mapping[str, Any]) -> str:
        return words.describe_action(action)

    def describe_entry(self, entry: Mapping[str, Any]) -> str:
        return words.describe_entry(entry)

    def public_step(self, step: Mapping[str, Any]) -> bool:
        """Every step is seen by all once its turn is over: a hex drawn is laid, and the treasure a dig turns
        up is kept face up (rules §5.5); the treasures put face down on a ruin are no step of the log."""
        return True

    def public_entry(self, entry: Mapping[str, Any]) -> bool:
        return True

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        return words.describe_event(event, names)

    def describe_position(self, view: Mapping[str, Any]) -> str:
        return words.describe_position(view)

    # ----- records ---------------------------------------------------------------------------
    def entry_actions(self, state: TikalState, entry: Any) -> list[Action]:
        return record_mod.entry_actions(state, entry)

    def entry_record(self, state: TikalState | None, actions: Sequence[Action]) -> JSONDict:
        return record_mod.entry_record(state, actions)

    def entry_unfinished(self, state: TikalState) -> str:
        return record_mod.unfinished(state)

    def record_start(self, players: int, record: Mapping[str, Any]) -> TikalState:
        self.check_players(players)
        return new_state(players, "record")

    def state_to_dict(self, state: TikalState) -> JSONDict:
        return state.to_dict()

    def state_from_dict(self, data: Mapping[str, Any]) -> TikalState:
        try:
            return TikalState.from_dict(data)
        except (KeyError, TypeError, ValueError) as err:
            raise InvalidActionError(f"not a saved Tikal state ({err})") from None


__all__ = ["TikalEngine", "new_state"]
