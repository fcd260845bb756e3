"""Races: twenty copies of one turn at once, and several players for the last open seat.

Each racer is a thread with its own database connection, released together by a barrier, going through
the REST API (DRF's APIClient). On PostgreSQL the game row lock (``select_for_update``) must let exactly one
through; on SQLite (the embedded default) each transaction takes the database's write lock when it begins
(``transaction_mode`` IMMEDIATE), so the racers wait their turn and get the same clean 409s, never a 500.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from rest_framework.test import APIClient

from games.models import Game, Seat

from .conftest import check_log, mover, next_turn, observed, play_turns, race, start_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]

RACERS = 20


def post(user, path: str, data: dict) -> tuple[int, str]:
    client = APIClient()
    client.force_authenticate(user)
    response = client.post(path, data, format="json")
    body = json.loads(response.content) if response.content else {}
    return response.status_code, str(body.get("detail", ""))


@pytest.mark.parametrize("same", [True, False], ids=["same-turn", "different-turns"])
def test_twenty_copies_of_one_turn_at_once_one_is_accepted(make_user, same) -> None:
    game = start_game([make_user(), make_user()], seed=4242)
    rng = random.Random(1)
    game = play_turns(game, 6, rng)  # mid-game: a log with turns (and maybe discards) already
    player, version = mover(game), game.version
    turns = [next_turn(game, random.Random(7 if same else i)) for i in range(RACERS)]
    before = check_log(game)

    results = race(RACERS, lambda i: post(player, f"/api/games/{game.pk}/turns/", {"version": version,
                                                                                   "turn": turns[i]}))

    errors = [r for r in results if isinstance(r, BaseException)]
    assert not errors, errors
    codes = Counter(code for code, _ in results)
    observed(f"{RACERS} simultaneous submissions ({'the same turn' if same else 'different legal turns'}) "
             f"at version {version}: answers {dict(codes)}")
    assert codes == {200: 1, 409: RACERS - 1}, results
    details = {detail for code, detail in results if code == 409}
    assert all(d.startswith("the game has moved on since you looked") for d in details), details
    after = check_log(game)
    assert after["version"] == version + 1 and after["turns"] == before["turns"] + 1
    observed(f"log after the race: {after['moves']} moves, seq 1..{after['moves']} without gap or duplicate, "
             f"version {after['version']}, state_from_log(game) == game.state; the 409s say {sorted(details)[0]!r}")
    # the game goes on normally afterwards
    game.refresh_from_db()
    code, _ = post(mover(game), f"/api/games/{game.pk}/turns/", {"version": game.version,
                                                                  "turn": next_turn(game, rng)})
    assert code == 200
    check_log(game)


@pytest.mark.parametrize("racers", [2, 8])
def test_players_racing_for_the_last_seat_one_gets_it(make_user, racers) -> None:
    rounds = 3
    answers: Counter = Counter()
    for _ in range(rounds):
        game = _open_game_with_one_seat_left(make_user)
        joiners = [make_user() for _ in range(racers)]
        results = race(racers, lambda i, joiners=joiners, game=game: post(joiners[i], f"/api/games/{game.pk}/join/",
                                                                           {}))
        errors = [r for r in results if isinstance(r, BaseException)]
        assert not errors, errors
        codes = Counter(code for code, _ in results)
        assert codes == {200: 1, 409: racers - 1}, results
        for code, detail in results:
            answers[(code, detail if code == 409 else "joined")] += 1
            if code == 409:
                assert detail in ("this game is full", "this game is not waiting for players any more"), detail
        game.refresh_from_db()
        seats = list(game.seats.order_by("number"))
        assert game.status == Game.Status.ACTIVE and len(seats) == game.players == 3
        assert sorted(s.number for s in seats) == [0, 1, 2]
        assert len({s.user_id for s in seats}) == 3 and all(s.status == Seat.Status.PLAYING for s in seats)
        winner = next(joiners[i] for i, (code, _) in enumerate(results) if code == 200)
        assert winner.pk in {s.user_id for s in seats}
        assert not Seat.objects.filter(user__in=[u for u in joiners if u != winner]).exists()
        check_log(game)
    observed(f"{racers} players joining the last open seat at once, {rounds} rounds: {dict(answers)}; "
             "each game has seats 0..2 once each, three distinct players, started, state_from_log == state")


def _open_game_with_one_seat_left(make_user) -> Game:
    """A public three-seat game with two players seated."""
    from games.play import services

    game = services.game_create(user=make_user(), game="carcassonne", players=3)
    services.game_join(game_id=game.pk, user=make_user())
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN and game.seats.count() == 2
    return game
