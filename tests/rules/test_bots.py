"""Computer players decide from their seat's view alone, at three levels, with legal actions only."""
from __future__ import annotations

import random

import pytest

from games.rules import CHANCE, TERMINAL, engine, games
from games.rules.bots import LEVELS, Search, Settings, choose, hard_horizon, plan_turn
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
def test_the_hard_search_runs_its_budget_of_playouts_the_same_from_the_same_seed(name: str) -> None:
    eng, positions = mid_games(name)
    settings = Settings(runs=24, seconds=600, samples=1, max_lines=200)
    searched = 0
    for state, seat in positions:
        runs = []
        for _ in range(2):
            search = Search()
            plan = plan_turn(eng, eng.view(state, seat), seat, "hard", random.Random(4), settings, search)
            runs.append((plan, search.playouts, search.budget, search.cut))
        assert runs[0] == runs[1]  # counted in playouts, never in time: the same seed, the same plan
        plan, playouts, budget, cut = runs[0]
        if budget:  # the choice was close enough to search (sequential halving may leave part of it unspent)
            searched += 1
            assert not cut and budget // 2 <= playouts <= budget and budget >= 24
    assert searched  # these positions are close enough in every game for the search to run


def test_the_hard_horizon_is_the_games_own_unless_the_settings_say() -> None:
    for name in GAMES:
        eng = engine(name)
        assert hard_horizon(eng) == eng.hard_horizon >= 1
        assert hard_horizon(eng, Settings(horizon=3)) == 3
