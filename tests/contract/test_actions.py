"""Actions, for every game of the registry: every listed action is accepted and nothing else is (but another name
of a listed one: a tile's segment has several, and the list names each once); malformed actions
are refused with words a person can read; a seat cannot take a chance step nor chance a seat's; the server's
timeout ends the turn of the seat whose time ran out."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.play.turns import Progress
from games.rules import CHANCE, TERMINAL, IllegalActionError, InvalidActionError, RulesError, engine
from tests.contract.conftest import contract_games

#: Positions checked in each game, spread over it.
POSITIONS = 25


def positions(name: str, players: int, seed: int) -> list[Any]:
    """States of a random game, decisions and chance steps alike, spread over the whole game."""
    eng = engine(name)
    rng = random.Random(seed)
    state = eng.new_game(players, eng.check_options({}), seed)
    seen = [state]
    while eng.current_player(state) != TERMINAL:
        if eng.current_player(state) == CHANCE:
            state = eng.apply(state, eng.sample_chance(state))
        else:
            state = eng.apply(state, rng.choice(eng.legal_actions(state)))
        seen.append(state)
    step = max(1, len(seen) // POSITIONS)
    return seen[::step]


def refused(eng: Any, state: Any, data: Any) -> bool:
    try:
        eng.apply(state, eng.parse_action(data))
    except (IllegalActionError, InvalidActionError) as err:
        assert any(c.isalpha() for c in str(err)), f"refused without words: {err!r}"
        return True
    return False


@pytest.mark.parametrize("name", contract_games())
def test_listed_actions_are_accepted_and_no_others(name: str) -> None:
    eng = engine(name)
    checked = refusals = 0
    for players in sorted({eng.min_players, eng.max_players}):
        states = positions(name, players, 7 + players)
        everything = {json.dumps(a.to_dict(), sort_keys=True) for s in states if eng.current_player(s) != TERMINAL
                      for a in eng.legal_actions(s)}
        rng = random.Random(players)
        for state in states:
            if eng.current_player(state) == TERMINAL:
                assert eng.legal_actions(state) == []
                continue
            listed = {json.dumps(a.to_dict(), sort_keys=True) for a in eng.legal_actions(state)}
            assert listed, f"{name}: a position with nothing to do that is not the end"
            results = []
            for text in sorted(listed):
                results.append(eng.state_to_dict(eng.apply(state, eng.parse_action(json.loads(text)))))
                checked += 1
            for text in rng.sample(sorted(everything - listed), min(40, len(everything - listed))):
                if not refused(eng, state, json.loads(text)):  # accepted: only as another name of a listed one
                    after = eng.state_to_dict(eng.apply(state, eng.parse_action(json.loads(text))))
                    assert after in results, f"{name}: {text} is not listed, yet accepted"
                refusals += 1
    assert checked and refusals
    print(f"{name}: {checked} listed actions accepted, {refusals} others refused")


@pytest.mark.parametrize("name", contract_games())
def test_malformed_actions_are_refused_in_words(name: str) -> None:
    eng = engine(name)
    for data in [None, [], "pass", 7, {}, {"type": 3}, {"type": "no such action"}, {"type": "x" * 10_000}]:
        with pytest.raises(InvalidActionError) as info:
            eng.parse_action(data)
        assert str(info.value) and len(str(info.value)) < 500


@pytest.mark.parametrize("name", contract_games())
def test_no_seat_takes_a_chance_step_and_chance_takes_no_seats_step(name: str) -> None:
    eng = engine(name)
    states = positions(name, eng.min_players, 3)
    chance = [s for s in states if eng.current_player(s) == CHANCE]
    decisions = [s for s in states if eng.current_player(s) >= 0]
    assert decisions
    for state in chance:
        for action in eng.legal_actions(decisions[0])[:5]:
            with pytest.raises(RulesError):
                eng.apply(state, action)
    if chance:
        draws = [eng.legal_actions(s)[0] for s in chance]
        for state in decisions:
            for draw in draws[:3]:
                with pytest.raises(RulesError):
                    eng.apply(state, draw)


@pytest.mark.parametrize("name", contract_games())
def test_a_timeout_ends_the_turn_of_the_seat_whose_time_ran_out(name: str) -> None:
    eng = engine(name)
    rng = random.Random(5)
    for players in sorted({eng.min_players, eng.max_players}):
        for state in positions(name, players, 11 + players):
            seat = eng.current_player(state)
            if seat < 0:
                continue
            progress = Progress.load(eng, state, None)
            progress.advance()
            number = progress.number
            progress.finish_for(seat, rng)
            over = eng.is_over(progress.state)
            assert over or progress.number != number, f"{name}: the timeout did not end seat {seat}'s turn"
            assert [c.seat for c in progress.closed][:1] == [seat]
