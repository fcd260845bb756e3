"""Seeded random games to the end: every listed choice is accepted, nothing unlisted is,
save/load round-trips, and replaying the log reproduces the state."""
from __future__ import annotations

import json
import random

import pytest

from games.rules import IllegalActionError, engine
from games.rules.bots import random_turn
from games.rules.tiles.geometry import HALVES, SIDES
from games.rules.record import replay_state, write_record
from games.rules.tiles.actions import Follower, Pass, Place, Prophet
from games.rules.tiles.state import ARK

ALL_PLACE_NAMES = (*SIDES, *HALVES, "cloister")
GAMES = [("carcassonne", 2, 11), ("carcassonne", 3, 12), ("carcassonne", 5, 13),
         ("ark", 2, 21), ("ark", 3, 22), ("ark", 4, 23), ("ark", 5, 24)]


def _neighbours_of_board(view: dict) -> set[tuple[int, int]]:
    taken = {(t["x"], t["y"]) for t in view["board"]}
    around = {(x + dx, y + dy) for x, y in taken for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    return around - taken


def _accepted(eng, state, action) -> bool:
    try:
        eng.apply(state, action)
    except IllegalActionError:
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
        assert {rt.names[n] for n in prophets} == {rt.names[n] for n in spot["prophet"]}
        after_pass = eng.apply(placed, Pass())
        if spot["ark_at"]:
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


@pytest.mark.parametrize("game,players,seed", GAMES)
def test_random_game(game: str, players: int, seed: int) -> None:
    eng = engine(game)
    rng = random.Random(seed)
    start = eng.new_game(players, {"seed": seed})
    state, forced = eng.deal(start)
    log = [t.to_dict() for t in forced]
    while not eng.is_over(state):
        view = eng.view(state, state.seat)
        assert view["tile"] == state.hand and view["current_seat"] == state.seat
        check_listed_choices(eng, state, view, rng)
        check_round_trip(eng, state)
        turn = random_turn(eng, state, rng)
        before = eng.state_to_dict(state)
        state = eng.apply_turn(state, eng.parse_turn(turn))
        assert eng.state_to_dict(eng.state_from_dict(before)) == before  # apply left the old state alone
        log.append(turn)
        state, forced = eng.deal(state)
        log.extend(t.to_dict() for t in forced)
    check_round_trip(eng, state)
    assert sum(1 for t in log if not t.get("discard")) + len(state.discards) == len(log)

    # Replaying the log on the seeded game gives the very same state, pile included.
    again = start
    for turn in log:
        again = eng.apply_turn(again, eng.parse_turn(turn))
    assert eng.state_to_dict(again) == eng.state_to_dict(state)

    # Replaying the exported record (no seed) gives the same public game.
    _, replayed = replay_state(write_record(game, players, log))
    assert eng.view(replayed, None) == eng.view(state, None)
    assert eng.scores(replayed) == eng.scores(state)


@pytest.mark.parametrize("game", ["ark", "carcassonne"])
def test_views_do_not_depend_on_the_pile_order(game: str) -> None:
    eng = engine(game)
    rng = random.Random(5)
    state, _ = eng.deal(eng.new_game(3, {"seed": 5}))
    for _ in range(20):
        state, _ = eng.deal(eng.apply_turn(state, eng.parse_turn(random_turn(eng, state, rng))))
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
