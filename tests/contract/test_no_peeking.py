"""No peeking: a computer player decides from its seat's view alone, checked so that a peeking bot fails.

Two true states that give the seat to move the same view but differ in what it cannot see (the pile, the
stacks, the others' hands and the deck: ``sample_state`` draws the second from the first's view, with the
first's seed kept, so that only the hidden parts differ, never just the seed) are each played on by the caller
that holds the state (``botbench.play_from``, as ``play_match`` plays every game), from the same random
numbers, until the turn ends or a draw shows something new: every step the bot took must be the same.

The test's own negative controls are two deliberate peeks that this check must catch: a bot that takes the
true state from its caller's frame, and a view that carries the hidden order. Each must make a choice differ.
"""
from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

from games.rules import CHANCE, engine
from games.rules.botbench import Plan, planner, play_from
from games.rules.bots import Settings, plan_turn
from games.rules.play import Game
from tests.contract.conftest import contract_games

#: A small budget counted in work, never in time (the ceiling is far off), every close choice searched.
SMALL = Settings(runs=12, seconds=600, samples=1, max_lines=200, clear_lead=float("inf"))
POSITIONS = 6


def twins(name: str) -> tuple[Any, list[tuple[Any, Any, int]]]:
    """Positions of a random two-player game: (true state, another true state, seat to move), where the two
    give that seat the same view and differ in something hidden besides the seed."""
    eng = engine(name)
    rng = random.Random(3)
    game = Game(eng, 2, 21)
    found = []
    while not game.over and len(found) < POSITIONS:
        seat = eng.current_player(game.state)
        if game.steps % 7 == 3 and len(eng.legal_actions(game.state)) > 1:
            view = eng.view(game.state, seat)
            drawn = eng.state_to_dict(eng.sample_state(view, seat, random.Random(game.steps)))
            mine = eng.state_to_dict(game.state)
            drawn["seed"] = mine.get("seed")
            other = eng.state_from_dict(drawn)
            assert eng.view(other, seat) == view  # the seat cannot tell them apart
            if {k: v for k, v in drawn.items() if k != "seed"} != {k: v for k, v in mine.items() if k != "seed"}:
                found.append((game.state, other, seat))
        game.play(rng.choice(eng.legal_actions(game.state)))
    assert found, "no position with something hidden to shuffle"
    return eng, found


def steps_taken(eng: Any, state: Any, seat: int, plan: Plan) -> list[Any]:
    """The seat's steps from ``state`` to the end of its turn or the next draw, played by the state's holder."""
    taken: list[tuple[int, Any]] = []
    turn = eng.turn_number(state)
    play_from(eng, state, tuple(plan for _ in eng.scores(state)), [random.Random(9) for _ in eng.scores(state)],
              stop=lambda s: eng.current_player(s) in (CHANCE, -2) or eng.turn_number(s) != turn, taken=taken)
    return [action for player, action in taken if player == seat]


def differing(eng: Any, positions: list[tuple[Any, Any, int]], plan: Plan, holder: Any = None) -> int:
    """How many positions get different steps from the two true states."""
    holder = holder or eng
    return sum(steps_taken(holder, a, seat, plan) != steps_taken(holder, b, seat, plan) for a, b, seat in positions)


class Peeking:
    """An engine that answers ``sample_state`` with a true state (from wherever the peek finds it)."""

    def __init__(self, eng: Any, find: Any) -> None:
        self._eng, self._find = eng, find

    def __getattr__(self, name: str) -> Any:
        return getattr(self._eng, name)

    def sample_state(self, view: Any, seat: int, rng: random.Random) -> Any:
        return self._find(view)


def frame_peek(eng: Any) -> Plan:
    """Peek 1: the bot reads the true state from its caller's frame."""
    def find(view: Any) -> Any:
        frame = inspect.currentframe()
        while frame is not None:
            if frame.f_code.co_name == "play_from":
                return frame.f_locals["state"]
            frame = frame.f_back
        raise AssertionError("no caller holds the state")
    return lambda e, view, seat, rng, search: plan_turn(Peeking(eng, find), view, seat, "hard", rng, SMALL, search)


class LeakyView(Peeking):
    """Peek 2: the view carries the hidden order (the whole state), and the bot reads it from there."""

    def __init__(self, eng: Any) -> None:
        super().__init__(eng, lambda view: self._eng.state_from_dict(view["leak"]))

    def view(self, state: Any, seat: Any) -> Any:
        return {**self._eng.view(state, seat), "leak": self._eng.state_to_dict(state)}


@pytest.mark.parametrize("name", contract_games())
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_hidden_parts_never_change_a_computers_steps(name: str, level: str) -> None:
    eng, positions = twins(name)
    assert differing(eng, positions, planner(level, SMALL)) == 0


@pytest.mark.parametrize("name", contract_games())
def test_the_check_catches_a_bot_that_peeks(name: str) -> None:
    """The negative controls: both peeks change some choice, so the check above would fail for them."""
    eng, positions = twins(name)
    assert differing(eng, positions, frame_peek(eng)) > 0, "a bot reading its caller's state went unnoticed"
    leaky = LeakyView(eng)
    assert differing(eng, positions, planner("hard", SMALL), holder=leaky) > 0, \
        "a view carrying the hidden order went unnoticed"
