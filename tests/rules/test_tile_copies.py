"""A tile game's state copy (``apply``) shares its board's feature sets and lists with the original, which
must then never change when the copy is played on: the bots try every action on copies of one state."""
from __future__ import annotations

import random

from games.rules import CHANCE, TERMINAL, engine, games
from games.rules.tiles.engine import TileEngine

TILE_GAMES = [name for name in games() if isinstance(engine(name), TileEngine)]


def features(state):
    board = state.board
    return ([sorted(t) if t is not None else None for t in board.tiles], [list(f) if f else f for f in board.fnodes],
            [list(c) if c else c for c in board.cadj], dict(state.followers), list(state.scores))


def test_trying_every_action_on_copies_leaves_the_state_as_it_was() -> None:
    assert TILE_GAMES
    for name in TILE_GAMES:
        eng = engine(name)
        rng = random.Random(5)
        state = eng.new_game(2, {}, 5)
        checked = 0
        while eng.current_player(state) != TERMINAL:
            if eng.current_player(state) == CHANCE:
                state = eng.apply(state, eng.sample_chance(state))
                continue
            before, worth = features(state), eng.evaluate(state, 0)
            tried = [eng.apply(state, action) for action in eng.legal_actions(state)]
            for after in tried[:4]:  # played on further too: followers placed, features joined and scored
                while eng.current_player(after) not in (TERMINAL, CHANCE):
                    after = eng.apply(after, rng.choice(eng.legal_actions(after)))
            assert features(state) == before and eng.evaluate(state, 0) == worth, name
            checked += len(tried)
            state = rng.choice(tried)
        assert checked > 100
