"""Computer players decide from their seat's view alone, at three levels, with legal actions only."""
from __future__ import annotations

import random

import pytest

from games.rules import CHANCE, TERMINAL, bots, engine, games
from games.rules.bots import LEVELS, Settings, choose
from games.rules.play import Game

# a small budget counted in work, not time (the limit is never reached), so a choice is the same on any machine
FAST = Settings(runs=2, seconds=60, samples=1, max_lines=200)
GAMES = games()


def mid_games(name: str, players: int = 2):
    """A few positions of a random game where a seat is to move, each with its seat."""
    eng = engine(name)
    rng = random.Random(7)
    game = Game(eng, players, 11)
    found = []
    while not game.over and len(found) < 4:
        if game.steps in (3, 11, 24, 40):
            found.append((game.state, eng.current_player(game.state)))
        game.play(rng.choice(eng.legal_actions(game.state)))
    return eng, found


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_legal_action(name: str, level: str) -> None:
    eng, positions = mid_games(name)
    for state, seat in positions:
        action = choose(eng, eng.view(state, seat), seat, level, random.Random(1), FAST)
        eng.apply(state, action)  # legal: it applies


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_no_peeking_the_hidden_parts_never_change_the_choice(name: str, level: str) -> None:
    """Every state the seat cannot tell from the real one (the pile or stacks shuffled otherwise, other hands
    for the others, other kinds under the face-down treasures) gets the same choice from the same random
    numbers: the bot sees nothing but the view."""
    eng, positions = mid_games(name, players=3)
    for state, seat in positions:
        view = eng.view(state, seat)
        mine = choose(eng, view, seat, level, random.Random(5), FAST)
        differ = 0
        for draw in range(4):
            other = eng.sample_state(view, seat, random.Random(100 + draw))  # hidden parts drawn anew
            differ += eng.state_to_dict(other) != eng.state_to_dict(state)
            assert eng.view(other, seat) == view
            assert choose(eng, eng.view(other, seat), seat, level, random.Random(5), FAST) == mine
        assert differ, "every drawn state was the real one: nothing hidden was shuffled"


def test_a_whole_game_of_bots_ends() -> None:
    eng = engine("carcassonne")
    state = eng.new_game(2, {}, 3)
    rng = random.Random(3)
    while eng.current_player(state) != TERMINAL:
        player = eng.current_player(state)
        if player == CHANCE:
            state = eng.apply(state, eng.sample_chance(state))
        else:
            state = eng.apply(state, choose(eng, eng.view(state, player), player, "medium", rng, FAST))
    assert eng.is_over(state) and "carcassonne" in games()


@pytest.mark.parametrize("name", GAMES)
def test_the_hard_level_plays_each_candidate_on_its_games_own_budget(name: str, monkeypatch) -> None:
    eng, positions = mid_games(name)
    runs = eng.hard_playouts
    state, seat = next((s, p) for s, p in positions if len(eng.legal_actions(s)) > 1)
    view = eng.view(state, seat)
    ranked = bots._ranked_lines(eng, view, seat, random.Random(1), FAST)
    drawn: list[int] = []
    sample = eng.sample_state
    monkeypatch.setattr(eng, "sample_state", lambda *args: drawn.append(1) or sample(*args))
    short = {"seconds": 60, "horizon": 1, "width": 1}  # playouts kept short: only their number is counted
    bots._hard(eng, view, seat, ranked, random.Random(1), Settings(**short))  # the game's own budget
    assert len(drawn) == runs == bots.hard_runs(eng)
    drawn.clear()
    bots._hard(eng, view, seat, ranked, random.Random(1), Settings(runs=3, **short))  # as told
    assert len(drawn) == 3
