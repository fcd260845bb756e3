"""Seeded random games to the end, 2 to 4 players, checked at every step: what is listed is exactly what is
accepted (with the listed cost), save/load round-trips, views hide the hidden parts, and replaying the entries
(from the seed, and from the exported record without it) reproduces the game."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.rules import CHANCE, TERMINAL, IllegalActionError, InvalidActionError
from games.rules.play import Game
from games.rules.record import replay_state
from games.rules.tikal.actions import PIECES, TABLES, Action
from games.rules.tikal.data import BASE_CAMP, HEXES, LETTERS, NSPACES, TREASURES
from games.rules.tikal.state import ACTIONS, DRAW, PLACE, TREASURE, TikalState

from .helpers import ENG

GAMES = [(2, 11), (3, 12), (4, 13)]
EXHAUSTIVE_EVERY = 4


def candidates(state: TikalState) -> list[Action]:
    """Every action worth trying now, legal or not."""
    if state.phase == DRAW:
        return list(TABLES.draw)
    if state.phase == TREASURE:
        return list(TABLES.treasure)
    if state.phase == PLACE:
        return [a for row in TABLES.place for a in row]
    seat = state.seat
    froms = sorted({BASE_CAMP, *(s for s in range(NSPACES) if state.workers[seat][s] or state.leader[seat] == s)})
    out: list[Action] = [a for row in TABLES.enter for a in row]
    for p in range(len(PIECES)):
        for a in froms:
            out.extend(TABLES.move[p][a])
            out.extend(TABLES.camp_move[p][a])
        out.extend(TABLES.guard[p])
    out.extend(TABLES.uncover + TABLES.dig + TABLES.camp)
    out.extend(TABLES.exchange[g][s][t] for g in range(len(TREASURES)) for s in range(state.players)
               for t in range(len(TREASURES)))
    out.append(ENG.parse_action({"type": "end"}))
    return out


def accepted(state: TikalState, action: Action) -> bool:
    try:
        ENG.apply(state, action)
    except (IllegalActionError, InvalidActionError):
        return False
    return True


def strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(v) | strings(k) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return set()


def reshuffled(state: TikalState, rng: random.Random) -> TikalState:
    """The same game with every hidden part drawn anew: each letter's order, where the untaken treasures lie."""
    other = state.copy()
    stack = []
    for letter in reversed(LETTERS):
        group = [h for h in state.stack if HEXES[h].letter == letter]
        rng.shuffle(group)
        stack.extend(group)
    other.stack = stack
    hidden = list(state.pool) + [k for ruin in state.ruin for k in ruin]
    rng.shuffle(hidden)
    other.ruin = [[hidden.pop() for _ in ruin] for ruin in state.ruin]
    other.pool = hidden
    return other


def check_views(state: TikalState, rng: random.Random) -> None:
    seats = [None, *range(state.players)]
    views = ENG.views(state, seats)
    other = reshuffled(state, rng)
    undrawn = {HEXES[h].id for h in state.stack}
    for seat in seats:
        view = views[seat]
        assert json.dumps(view) == json.dumps(ENG.view(state, seat))
        assert view == ENG.view(other, seat), "a view depends on a hidden order"
        assert not undrawn & strings(view), "a view names a hex not drawn yet"
        assert "seed" not in view and "stack" not in view and "ruin" not in view
        mover = seat is not None and seat == state.seat and state.phase in (PLACE, ACTIONS)
        assert bool(view["legal"]) == mover
        if mover and state.phase == ACTIONS:
            assert view["reach"] is not None


def check_round_trip(state: TikalState) -> None:
    data = json.loads(json.dumps(ENG.state_to_dict(state)))
    again = ENG.state_from_dict(data)
    assert ENG.state_to_dict(again) == data
    for seat in [None, *range(state.players)]:
        assert ENG.view(again, seat) == ENG.view(state, seat)


def check_listing(state: TikalState, exhaustive: bool) -> None:
    listed = ENG.legal_actions(state)
    assert len(set(listed)) == len(listed)
    if exhaustive:
        assert {a for a in candidates(state) if accepted(state, a)} == set(listed)
        return
    view = ENG.view(state, state.seat) if state.phase in (PLACE, ACTIONS) else None
    costs = [item["cost"] for item in view["legal"]] if view else [0] * len(listed)
    for action, cost in zip(listed, costs):
        after = ENG.apply(state, action)
        if state.phase == ACTIONS and after.turns == state.turns and after.seat == state.seat:
            assert state.ap - after.ap == cost, action
    unlisted = [a for a in candidates(state) if a not in set(listed)]
    for action in random.Random(len(listed)).sample(unlisted, min(5, len(unlisted))):
        with pytest.raises((IllegalActionError, InvalidActionError)):
            ENG.apply(state, action)


def random_choice(state: TikalState, rng: random.Random) -> Action:
    actions = ENG.legal_actions(state)
    if state.phase == ACTIONS and len(actions) > 1 and rng.random() > 0.15:
        actions = actions[:-1]          # ``end`` is last: play on most of the time
    return rng.choice(actions)


@pytest.mark.parametrize("players,seed", GAMES)
def test_random_game(players: int, seed: int) -> None:
    rng = random.Random(seed)
    played = Game(ENG, players, seed)
    steps = 0
    while not played.over:
        state = played.state
        assert ENG.current_player(state) == state.seat != CHANCE
        check_listing(state, steps % EXHAUSTIVE_EVERY == 0)
        check_views(state, rng)
        if steps % 3 == 0:
            check_round_trip(state)
        action = random_choice(state, rng)
        before = ENG.state_to_dict(state)
        played.play(action)
        assert ENG.state_to_dict(state) == before          # apply left the old state alone
        steps += 1
    state = played.state
    assert ENG.current_player(state) == TERMINAL and state.placed == 36
    check_round_trip(state)
    check_views(state, rng)
    assert len(played.entries) == state.turns
    assert sum(1 for e in played.entries if "bonus" in e) == 4 * players       # 3 volcano rounds and the final
    assert sum(1 for e in state.events if e["type"] == "score") == 4 * players
    assert ENG.winners(state)

    # Replaying the entries on the seeded game gives the very same state, hidden orders included.
    again = ENG.new_game(players, {}, seed)
    for entry in played.entries:
        for action in ENG.entry_actions(again, entry):
            again = ENG.apply(again, action)
    assert ENG.state_to_dict(again) == ENG.state_to_dict(state)

    # Replaying the exported record (no seed) gives the same public game.
    _, replayed = replay_state(played.record())
    assert ENG.view(replayed, None) == ENG.view(state, None)
    assert ENG.scores(replayed) == ENG.scores(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_state_sampled_from_a_view_shows_that_view(players: int) -> None:
    rng = random.Random(players)
    played = Game(ENG, players, 40 + players)
    while not played.over:
        state = played.state
        if played.steps % 9 == 0:
            for seat in range(players):
                view = ENG.view(state, seat)
                sampled = ENG.sample_state(view, seat, random.Random(played.steps))
                assert ENG.view(sampled, seat) == view
                assert sorted(sampled.stack) == sorted(state.stack)
                assert sorted(sampled.pool + [k for r in sampled.ruin for k in r]) == \
                    sorted(state.pool + [k for r in state.ruin for k in r])
                assert ENG.legal_actions(sampled) == ENG.legal_actions(state)
        played.play(random_choice(state, rng))


def test_timeouts_lay_the_hex_and_end_the_turn() -> None:
    state = ENG.new_game(3, {}, 8)
    rng = random.Random(8)
    start = state.turns
    while state.turns == start:
        state = ENG.apply(state, ENG.timeout_action(state, rng))
    assert state.placed == 1 and state.phase == DRAW and state.seat == 1


def test_hidden_information_walk_entries_and_events() -> None:
    """What the others see of each entry, and the events, name only hexes drawn and treasures taken."""
    rng = random.Random(77)
    played = Game(ENG, 3, 77)
    while not played.over:
        before = len(played.entries)
        played.play(random_choice(played.state, rng))
        state = played.state
        undrawn = {HEXES[h].id for h in state.stack}
        hidden_kinds = set()
        for entry in played.entries[before:]:
            for audience in (None, 0, 1, 2):
                shown = ENG.entry_for(entry, None, audience)
                assert not undrawn & strings(shown)
                hidden_kinds |= strings(shown) & set(TREASURES)
        taken = {TREASURES[k] for hand in state.held for k, n in enumerate(hand) if n}
        dug = {k for e in played.entries for item in e.get("actions", e.get("bonus", [])) if item["type"] == "dig"
               for k in [item["treasure"]]}
        assert hidden_kinds <= dug | taken
        assert not undrawn & strings([dict(e) for e in ENG.events(state)])
