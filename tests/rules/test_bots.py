"""Computer players decide from their seat's view alone, at three levels, with legal actions only."""
from __future__ import annotations

import random
from typing import Any, Callable

import pytest

from games.rules import CHANCE, TERMINAL, engine, games
from games.rules.ark.actions import MoveArk
from games.rules.botbench import play_from
from games.rules.bots import LEVELS, Search, Settings, choose, hard_horizon, plan_turn, search_budget
from games.rules.play import Game
from games.rules.tiles.catalogue import CLOISTER, ROAD
from games.rules.tiles.geometry import AROUND, cell
from games.rules.tiles.state import ACTION, PLACE

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
        wanted = search_budget(eng, state, settings)  # 24, or its share in a turn under way (after a draw)
        for _ in range(2):
            search = Search()
            plan = plan_turn(eng, eng.view(state, seat), seat, "hard", random.Random(4), settings, search)
            runs.append((plan, search.playouts, search.budget, search.cut))
        assert runs[0] == runs[1]  # counted in playouts, never in time: the same seed, the same plan
        plan, playouts, budget, cut = runs[0]
        if budget:  # the choice was close enough to search (sequential halving may leave part of it unspent)
            searched += 1
            assert not cut and budget // 2 <= playouts <= budget and budget >= wanted
    assert searched  # these positions are close enough in every game for the search to run


def test_the_hard_horizon_is_the_games_own_unless_the_settings_say() -> None:
    for name in GAMES:
        eng = engine(name)
        assert hard_horizon(eng) == eng.hard_horizon >= 1
        assert hard_horizon(eng, Settings(horizon=3)) == 3


def _turns_under_way(name: str) -> list[tuple[dict, int]]:
    """Views of a seeded game, the hard level playing both seats at a small budget as the site plays it (a plan
    until its turn ends or a draw), where a seat plans again after a draw in its own turn."""
    eng = engine(name)
    small = Settings(runs=8, seconds=600, samples=1, max_lines=100)
    found: list[tuple[dict, int]] = []

    def planner(eng, view, seat, rng, search):
        if eng.turn_under_way(eng.sample_state(view, seat, rng)):
            found.append((view, seat))
        return plan_turn(eng, view, seat, "hard", rng, small, search)

    state = eng.new_game(2, eng.check_options({}), 5)
    play_from(eng, state, (planner, planner), [random.Random(n) for n in range(2)],
              stop=lambda s: len(found) >= 2 or eng.turn_number(s) > 30)
    return found


@pytest.mark.parametrize("name", GAMES)
def test_a_search_planned_again_in_a_turn_under_way_runs_its_share_of_the_budget(name: str) -> None:
    eng = engine(name)
    settings = Settings(runs=40, seconds=600, samples=1, max_lines=200)
    assert search_budget(eng, eng.new_game(2, eng.check_options({}), 1), settings) == 40  # a turn's start
    if eng.hard_replan_share == 1.0:
        return  # this game plans every search at its whole budget
    share = round(40 * eng.hard_replan_share)
    under_way = _turns_under_way(name)
    assert under_way  # the game's draws come inside turns: the hard level plans again there
    searched = 0
    for view, seat in under_way:
        assert search_budget(eng, eng.sample_state(view, seat, random.Random(1)), settings) == share < 40
        search = Search()
        plan_turn(eng, view, seat, "hard", random.Random(3), settings, search)
        if search.budget:  # at least two playouts a candidate line, and no more than the share otherwise
            searched += 1
            assert share <= search.budget <= max(share, 2 * settings.candidates) < 40
            assert search.budget // 2 <= search.playouts <= search.budget
    assert searched


def _action_steps(name: str, wanted: int = 6) -> list[object]:
    """States of a seeded random game where a seat is to move and has many actions (the Ark: Ark moves)."""
    eng = engine(name)
    rng = random.Random(13)
    game = Game(eng, 2, 17)
    found = []
    while not game.over and len(found) < wanted:
        actions = eng.legal_actions(game.state)
        if len(actions) > 12 and game.steps % 3 == 0:
            found.append(game.state)
        game.play(rng.choice(actions))
    return found


@pytest.mark.parametrize("name", GAMES)
def test_the_hard_search_leaves_out_only_actions_another_beats(name: str) -> None:
    eng = engine(name)
    for state in _action_steps(name):
        seat = eng.current_player(state)
        legal = eng.legal_actions(state)
        tried = eng.search_actions(state)
        assert tried and all(a in legal for a in tried)
        assert [a for a in legal if a in tried] == tried  # in the legal order
        best = max(eng.evaluate(eng.apply(state, a), seat) for a in legal)
        assert max(eng.evaluate(eng.apply(state, a), seat) for a in tried) == best


def test_the_ark_search_drops_ark_moves_beaten_on_the_same_tile() -> None:
    eng = engine("ark")
    dropped = 0
    for state in _action_steps("ark", 12):
        if state.ark is None or state.phase != ACTION:
            continue
        seat = state.seat
        tried = eng.search_actions(state)
        kept = {}
        for move in tried:
            if isinstance(move, MoveArk):
                kept.setdefault(move.path[-1], []).append(eng.apply(state, move).scores)
        for move in eng.legal_actions(state):
            if move in tried:
                continue
            dropped += 1
            scores = eng.apply(state, move).scores  # beaten: a kept move to the same tile gives the mover as
            assert any(mine[seat] >= scores[seat] and all(mine[s] <= scores[s] for s in range(len(scores)) if s != seat)
                       for mine in kept[move.path[-1]])  # much and every other seat as little
    assert dropped  # these positions have Ark moves to leave out


@pytest.mark.parametrize("name", GAMES)
def test_the_playouts_try_at_most_width_legal_actions_drawn_from_the_seed(name: str) -> None:
    eng = engine(name)
    for state in _action_steps(name):
        legal = eng.legal_actions(state)
        tried = eng.playout_actions(state, random.Random(5), 8)
        assert tried == eng.playout_actions(state, random.Random(5), 8)  # the same seed, the same actions
        assert 0 < len(tried) <= min(8, len(legal)) and all(a in legal for a in tried)
        assert len(set(map(repr, tried))) == len(tried)
        if name != "ark" or state.phase != ACTION or state.ark is None:  # the Ark's, after the tile: below
            assert len(tried) == min(8, len(legal))


def _carcassonne_placements(wanted: int = 8) -> list[Any]:
    """States of seeded random Carcassonne games with a tile to lay, pieces on the board and many placements."""
    eng = engine("carcassonne")
    rng = random.Random(23)
    found: list[Any] = []
    for seed in (5, 6):
        game = Game(eng, 2, seed)
        while not game.over and len(found) < wanted:
            state, actions = game.state, eng.legal_actions(game.state)
            if state.phase == PLACE and len(actions) > 12 and state.followers and game.steps % 4 == 0:
                found.append(state)
            game.play(rng.choice(actions))
    return found


def test_the_carcassonne_playouts_try_the_placements_next_to_pieces_first_the_same_whatever_the_rng() -> None:
    eng = engine("carcassonne")
    states = _carcassonne_placements()
    assert len(states) >= 6
    mixed = other_pile = 0
    for state in states:
        tried = eng.playout_actions(state, random.Random(1), 8)
        assert tried == eng.playout_actions(state, random.Random(2), 8)  # no draw of the rng: every candidate's
        # playout in one drawn state tries the same actions where they are legal (common random numbers)
        legal = eng.legal_actions(state)
        assert len(tried) == 8 and len(set(tried)) == 8 and all(a in legal for a in tried)
        near = eng.near_pieces(state)
        for place in legal:  # next to a piece: the tile joins a road or city holding one, or surrounds a cloister
            key = cell(place.x, place.y)
            board = eng.apply(state, place).board
            rt, base = board.cells[key]
            joins = any(board.fnodes[board.find(base + i)] for i, seg in enumerate(rt.segments) if seg.kind <= ROAD)
            beside = any(board.kind[node] == CLOISTER and key - board.nkey[node] in AROUND for node in state.followers)
            assert (key in near) == (joins or beside)
        first = [cell(a.x, a.y) in near for a in tried]
        left_out = [cell(a.x, a.y) in near for a in legal if a not in tried]
        assert any(left_out) <= all(first)  # one next to a piece is left out only where 8 such are tried
        mixed += any(first) and not all(first)
        again = state.copy()  # another drawn pile (the same tiles, another order): the actions ranked otherwise
        again.pile.reverse()
        other_pile += eng.playout_actions(again, random.Random(1), 8) != tried
    assert mixed  # in some of these positions fewer than 8 placements are next to pieces: all of them tried
    assert other_pile


def _ark_moves(name: str = "ark") -> list[object]:
    """States of seeded random Ark games where the Ark stands and the seat to move has laid its tile."""
    return [state for state in _action_steps(name, 24) if state.ark is not None and state.phase == ACTION]


def test_the_ark_reach_is_the_best_ark_move_for_the_mover() -> None:
    eng = engine("ark")
    states = _ark_moves()
    assert len(states) >= 6
    for state in states:
        for mover in range(state.players):
            nets = {}
            for move in eng.legal_actions(state):
                if isinstance(move, MoveArk):
                    after = eng.apply(state, move).scores
                    nets[move] = sum((1 if s == mover else -1) * (after[s] - state.scores[s]) for s in range(2))
            gain, path = eng.ark_reach(state, mover)
            assert gain == max(nets.values()) and nets[MoveArk(path)] == gain
            # the first of the best in the listed order (what the greedy choice among them takes)
            assert MoveArk(path) == next(move for move, net in nets.items() if net == gain)


def test_the_ark_playouts_choose_among_every_action_after_the_tile_as_the_greedy_step_would() -> None:
    eng = engine("ark")
    for state in _ark_moves():
        seat = state.seat
        legal = eng.legal_actions(state)
        tried = eng.playout_actions(state, random.Random(5), 8)
        others = [a for a in legal if not isinstance(a, MoveArk)]  # pass, followers, Prophet
        assert sum(isinstance(a, MoveArk) for a in tried) == 1
        if len(others) > 7:  # more than the width leaves room for: 7 of them drawn
            assert len(tried) == 8 and all(a in others for a in tried if not isinstance(a, MoveArk))
            continue
        assert [a for a in tried if not isinstance(a, MoveArk)] == others

        def value(action: object, state: object = state, seat: int = seat) -> float:
            return eng.evaluate(eng.apply(state, action), seat)
        assert max(map(value, tried)) == max(map(value, legal))


def test_the_hard_search_counts_what_the_seat_to_move_takes_with_the_ark() -> None:
    eng = engine("ark")
    seen = 0
    for state in _ark_moves():
        for action in eng.legal_actions(state)[:6]:
            after = eng.apply(state, action)
            while eng.current_player(after) == CHANCE:
                after = eng.apply(after, eng.sample_chance(after))
            if eng.current_player(after) == TERMINAL or after.ark is None:
                continue
            mover, other = after.seat, 1 - after.seat
            gain, _ = eng.ark_reach(after, mover)
            extra = [eng.search_evaluate(after, s) - eng.evaluate(after, s) for s in (mover, other)]
            assert extra[0] == pytest.approx(max(0, gain) * 0.7) and extra[1] == pytest.approx(-extra[0])
            seen += gain > 0
    assert seen  # some of these positions leave the next seat an Ark move that gains


@pytest.mark.parametrize("name", [name for name in GAMES if name != "ark"])
def test_the_hard_search_values_other_games_as_every_level_does(name: str) -> None:
    eng, found = mid_games(name)
    for state, _ in found:
        for seat in range(2):
            assert eng.search_evaluate(state, seat) == eng.evaluate(state, seat)


def test_the_ark_candidates_are_tried_with_the_last_step_best_for_the_search() -> None:
    from games.rules.bots import _chance, _rechosen
    from games.rules.tiles.actions import Pass
    eng = engine("ark")
    assert eng.hard_rechoose_last and not any(engine(name).hard_rechoose_last for name in GAMES if name != "ark")
    differ = 0
    for state in _ark_moves():
        seat = state.seat
        line = _rechosen(eng, [state], seat, [Pass()], eng.search_actions)
        assert line is not None and len(line) == 1

        def worth(action: object, value: Callable[[Any, int], float] = eng.search_evaluate, state: object = state,
                  seat: int = seat) -> float:
            return value(_chance(eng, eng.apply(state, action)), seat)
        assert worth(line[0]) == max(map(worth, eng.search_actions(state)))
        greedy = max(eng.search_actions(state), key=lambda a: worth(a, eng.evaluate))
        differ += line[0] != greedy
    assert differ  # in some of these positions the search's best step is not the greedy one (the Ark left
    # where the other seat gains less)


@pytest.mark.parametrize("name", [name for name in GAMES if engine(name).draws_alike])
def test_where_draws_value_lines_alike_one_drawn_state_gives_the_same_values(name: str) -> None:
    """A game that says every state drawn from a seat's view values the lines of that seat's turn alike
    (``Engine.draws_alike``: the look-ahead then values them over one drawn state) says true: over states drawn
    from the view of positions of a random game, every line of the turn (medium's and hard's candidates, to the
    end of the turn and the next draw) has the same value in each."""
    from games.rules.bots import _candidates, _ranked_lines

    eng = engine(name)
    rng = random.Random(3)
    game = Game(eng, 2, 23)
    checked = 0
    while not game.over:
        seat = eng.current_player(game.state)
        if seat >= 0 and game.steps % 9 == 0:
            view = eng.view(game.state, seat)
            drawn = [eng.sample_state(view, seat, random.Random(n)) for n in range(3)]
            assert len({repr(s.pile) for s in drawn}) > 1 or len(drawn[0].pile) < 2  # the drawn piles differ
            ranked = [_ranked_lines(eng, [s], seat, random.Random(0), FAST, {}, eng.search_actions) for s in drawn]
            assert ranked[0] == ranked[1] == ranked[2]
            candidates = [_candidates(eng, [s], seat, ranked[0], FAST, {}, eng.search_actions) for s in drawn]
            assert candidates[0] == candidates[1] == candidates[2]
            checked += 1
        game.play(rng.choice(eng.legal_actions(game.state)))
    assert checked > 6
