"""Seeded random games to the end: every listed choice is accepted, nothing unlisted is,
save/load round-trips, and replaying the log reproduces the state."""
from __future__ import annotations

import json
import random

import pytest

from games.rules import CHANCE, IllegalActionError, InvalidActionError, engine
from games.rules.ark.actions import Prophet
from games.rules.ark.state import ARK
from games.rules.play import Game
from games.rules.record import replay_state
from games.rules.tiles.actions import Follower, Pass, Place
from games.rules.tiles.geometry import HALVES, SIDES
from games.rules.tiles.state import PLACE
from tests.registry import tile_games

ALL_PLACE_NAMES = (*SIDES, *HALVES, "cloister")
GAMES = [(name, players, 10 * number + players) for number, name in enumerate(tile_games(), start=1)
         for players in range(engine(name).min_players, engine(name).max_players + 1)]


def _neighbours_of_board(view: dict) -> set[tuple[int, int]]:
    taken = {(t["x"], t["y"]) for t in view["board"]}
    around = {(x + dx, y + dy) for x, y in taken for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    return around - taken


def _accepted(eng, state, action) -> bool:
    try:
        eng.apply(state, action)
    except (IllegalActionError, InvalidActionError):
        return False
    return True


def check_listed_choices(eng, state, view: dict, rng: random.Random) -> None:
    """The view's placements, follower spots, Prophet sides and Ark tiles are exactly what the engine accepts."""
    listed = {(p["x"], p["y"], p["rotation"]): p for p in view["legal"]}
    tried = {(x, y, r) for x, y in _neighbours_of_board(view) for r in (0, 90, 180, 270)}
    accepted = {key for key in tried if _accepted(eng, state, Place(*key))}
    assert accepted == set(listed)
    for (x, y, rotation), spot in listed.items():
        placed = eng.apply(state, Place(x, y, rotation))
        followers = {name for name in ALL_PLACE_NAMES if _accepted(eng, placed, Follower(name))}
        rt = placed.board.cells[placed.board.order[-1]][0]
        # every name of an accepted segment is accepted; the view lists one name per segment
        assert {rt.names[n] for n in followers} == {rt.names[n] for n in spot["followers"]}
        assert len(spot["followers"]) == len(set(spot["followers"]))
        prophets = {name for name in ALL_PLACE_NAMES if _accepted(eng, placed, Prophet(name))}
        assert {rt.names[n] for n in prophets} == {rt.names[n] for n in spot.get("prophet", [])}
        after_pass = eng.apply(placed, Pass())
        if spot.get("ark_at"):
            assert after_pass.phase == ARK
            assert sorted(list(eng.state_to_dict(after_pass)["ark_choices"])) == sorted(spot["ark_at"])
        else:
            assert after_pass.phase != ARK
    if listed:  # every legal action of one placement's action step applies
        spot = rng.choice(view["legal"])
        placed = eng.apply(state, Place(spot["x"], spot["y"], spot["rotation"]))
        for action in eng.legal_actions(placed):
            eng.apply(placed, action)


def check_round_trip(eng, state) -> None:
    data = json.loads(json.dumps(eng.state_to_dict(state)))
    again = eng.state_from_dict(data)
    assert eng.state_to_dict(again) == data
    for seat in [None, *range(state.players)]:
        assert eng.view(again, seat) == eng.view(state, seat)
    check_views_together(eng, state)


def check_views_together(eng, state) -> None:
    """Every audience's view built together (shared parts once) is each one's view built alone, key order too."""
    seats = [None, *range(state.players)]
    together = eng.views(state, seats)
    assert list(together) == seats
    for seat in seats:
        alone = eng.view(state, seat)
        assert json.dumps(together[seat]) == json.dumps(alone)
        assert together[seat]["your_seat"] == seat
    mover = None if eng.is_over(state) else state.seat
    for seat in seats:
        if seat != mover:
            assert together[seat]["tile"] is None and together[seat]["legal"] == [] == together[seat]["options"]


def random_step(eng, state, rng: random.Random):
    """A random legal step, as a player might take it (a follower half the time when one may go)."""
    actions = eng.legal_actions(state)
    pieces = [a for a in actions if not isinstance(a, Pass)]
    if state.phase != PLACE and pieces and rng.random() < 0.5:
        return rng.choice(pieces)
    return rng.choice(actions)


@pytest.mark.parametrize("game,players,seed", GAMES)
def test_random_game(game: str, players: int, seed: int) -> None:
    eng = engine(game)
    rng = random.Random(seed)
    played = Game(eng, players, seed)
    while not played.over:
        state = played.state
        assert eng.current_player(state) == state.seat != CHANCE
        view = eng.view(state, state.seat)
        assert view["tile"] == state.hand and view["current_seat"] == state.seat
        if state.phase == PLACE:
            check_listed_choices(eng, state, view, rng)
            check_round_trip(eng, state)
        action = random_step(eng, state, rng)
        before = eng.state_to_dict(state)
        played.play(action)
        assert eng.state_to_dict(state) == before  # apply left the old state alone
    check_round_trip(eng, played.state)
    state = played.state
    assert len(played.entries) == state.moves
    assert sum(1 for e in played.entries if e.get("discard")) == len(state.discards)

    # Replaying the steps on the seeded game gives the very same state, pile included.
    again = eng.new_game(players, {}, seed)
    for entry in played.entries:
        for action in eng.entry_actions(again, entry):
            again = eng.apply(again, action)
    assert eng.state_to_dict(again) == eng.state_to_dict(state)

    # Replaying the exported record (no seed) gives the same public game.
    _, replayed = replay_state(played.record())
    assert eng.view(replayed, None) == eng.view(state, None)
    assert eng.scores(replayed) == eng.scores(state)


def _mid_game(game: str, players: int, seed: int, entries: int):
    eng = engine(game)
    rng = random.Random(seed)
    played = Game(eng, players, seed)
    while len(played.entries) < entries:
        played.play(random_step(eng, played.state, rng))
    return eng, played.state


@pytest.mark.parametrize("game", tile_games())
def test_views_do_not_depend_on_the_pile_order(game: str) -> None:
    eng, state = _mid_game(game, 3, 5, 20)
    shuffled = state.copy()
    random.Random(99).shuffle(shuffled.pile)
    assert shuffled.pile != state.pile
    for seat in [None, 0, 1, 2]:
        view = eng.view(state, seat)
        assert view == eng.view(shuffled, seat)
        assert "pile" not in view and "seed" not in view
        if seat != state.seat:
            assert view["tile"] is None and view["legal"] == []
            # the hidden tile in hand is counted among the tiles still to come
            assert sum(view["remaining"].values()) == view["tiles_left"] + 1


@pytest.mark.parametrize("game", tile_games())
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_state_sampled_from_a_view_shows_that_view(game: str, seat: int) -> None:
    """Bots decide from states sampled from their seat's view: such a state shows the seat the same view."""
    for entries in (0, 7, 30):
        eng, state = _mid_game(game, 3, 40 + entries, entries)
        view = eng.view(state, seat)
        for draw in range(3):
            sampled = eng.sample_state(view, seat, random.Random(draw))
            assert eng.view(sampled, seat) == view
            assert sorted(sampled.pile + ([sampled.hand] if sampled.hand and seat != state.seat else [])) == \
                sorted(state.pile + ([state.hand] if state.hand and seat != state.seat else []))
