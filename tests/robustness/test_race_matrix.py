"""Every kind of change to one game raced against every other: each is saved or refused cleanly, never lost.

Two racers at a time (threads with their own connections, released by a barrier) make two changes to one game
of three players: a step, an undo, a whole turn, a resignation (of a player waiting, of the player to move), a
timeout, and a moderator's abort, removal or settlement. Then five resignations at once, joins against the
changes of a game waiting for players, and rematch answers at once. Every change answers a success or a clean
refusal (400 or 409 with words, a service's error); every success is in the log (each bumps the game's version
by one), the log has no gap and replays to the stored state. On PostgreSQL the lock statement once read the
last move number in a snapshot older than the lock, and the second of two changes broke the log's unique
sequence (500, the change lost).
"""
from __future__ import annotations

import itertools
import json
import random
from datetime import timedelta
from functools import partial
from typing import Any, Callable

import pytest
from rest_framework.test import APIClient

from games.models import Game, Move, Seat
from games.play import clock, services
from games.play.errors import GameError
from games.rematch.models import RematchOffer
from tests.factories import play_turns, random_turn, start_game

from .conftest import check_log, observed, race

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]

Result = tuple[str, int, str]  # (what, status, words)


def api(user: Any, path: str, data: dict[str, Any]) -> tuple[int, str]:
    client = APIClient()
    client.force_authenticate(user)
    response = client.post(path, data, format="json")
    body = json.loads(response.content) if response.content else {}
    return response.status_code, str(body.get("detail", "")) if isinstance(body, dict) else ""


def service(work: Callable[[], Any]) -> tuple[int, str]:
    """A service called as the admin calls it: 200 if it did it, 409 with its words if it refused."""
    try:
        done = work()
    except GameError as err:
        return 409, str(err)
    return (200, "") if done is not None else (409, "nothing to do")


class Table:
    """A three-player Carcassonne game mid-play, with its people and the changes they can make to it."""

    def __init__(self, make_user: Any, stepped: bool) -> None:
        self.users = [make_user() for _ in range(3)]
        self.moderator = make_user(is_staff=True)
        game = play_turns(start_game(self.users, game="carcassonne", seed=777), 4, random.Random(3))
        self.pk = game.pk
        self.mover = game.seats.get(number=game.current_seat).user
        waiting = [s.user for s in game.seats.order_by("number") if s.number != game.current_seat]
        self.waiting, self.other = waiting
        self.version = game.version
        if stepped:  # the player to move has laid the tile: a step that can be taken back
            self.post(self.mover, "steps", {"action": self.legal(game)[0]})
        game.refresh_from_db()
        self.version = game.version
        self.turn = self._whole_turn(game)

    def game(self) -> Game:
        return Game.objects.get(pk=self.pk)

    def legal(self, game: Game) -> list[dict[str, Any]]:
        client = APIClient()
        client.force_authenticate(self.mover)
        return json.loads(client.get(f"/api/games/{game.pk}/").content)["turn"]["actions"]

    def post(self, user: Any, what: str, data: dict[str, Any]) -> tuple[int, str]:
        return api(user, f"/api/games/{self.pk}/{what}/", {"version": self.version, **data} if what in (
            "steps", "undo", "turns") else data)

    def _whole_turn(self, game: Game) -> dict[str, Any]:
        return random_turn(game, random.Random(11))

    def changes(self) -> dict[str, Callable[[], tuple[int, str]]]:
        step = self.legal(self.game())[-1]
        return {
            "step": lambda: self.post(self.mover, "steps", {"action": step}),
            "undo": lambda: self.post(self.mover, "undo", {}),
            "turn": lambda: self.post(self.mover, "turns", {"turn": self.turn}),
            "resign (waiting)": lambda: self.post(self.waiting, "resign", {}),
            "resign (to move)": lambda: self.post(self.mover, "resign", {}),
            "timeout": lambda: service(lambda: services.move_timeout(game_id=self.pk, expected_version=self.version)),
            "abort": lambda: service(lambda: services.game_abort(game_id=self.pk, moderator=self.moderator)),
            "remove": lambda: service(lambda: services.seat_remove(game_id=self.pk, user=self.other,
                                                                   moderator=self.moderator)),
            "settle": lambda: service(lambda: services.game_settle(game_id=self.pk, moderator=self.moderator)),
        }


KINDS = ["step", "undo", "turn", "resign (waiting)", "resign (to move)", "timeout", "abort", "remove", "settle"]


def race_all(calls: list[Callable[[], tuple[int, str]]]) -> list[Any]:
    """``calls`` made at once, each in a thread of its own."""
    return race(len(calls), lambda i: calls[i]())


def check_results(results: list[Any], what: list[str]) -> list[Result]:
    """No racer crashed or got a server error; refusals are 400/409 with words a person can read."""
    errors = [r for r in results if isinstance(r, BaseException)]
    assert not errors, errors
    out = [(name, code, detail) for name, (code, detail) in zip(what, results)]
    for name, code, detail in out:
        assert code in (200, 201, 400, 409), f"{name}: {code} {detail}"
        if code in (400, 409):
            assert detail and detail[0].isalpha(), f"{name}: refused without a reason ({code} {detail!r})"
    return out


def check_saved(pk: int, before: int, out: list[Result]) -> None:
    """Every change that answered a success is in the game: one version each, the log whole."""
    game = Game.objects.get(pk=pk)
    done = sum(1 for _, code, _ in out if code in (200, 201))
    assert game.version == before + done, f"{out}: {done} changes answered done, version {before} -> {game.version}"
    check_log(game)


@pytest.fixture
def frozen_clock() -> Any:
    clock.freeze()
    yield
    clock.unfreeze()


@pytest.mark.usefixtures("frozen_clock")
def test_every_change_raced_against_every_other_is_saved_or_refused(make_user) -> None:
    seen: dict[str, int] = {}
    for first, second in itertools.combinations_with_replacement(KINDS, 2):
        table = Table(make_user, stepped="undo" in (first, second) or "step" in (first, second))
        changes = table.changes()
        clock.advance(timedelta(days=30))  # the mover's deadline has passed: the timeout applies
        out = check_results(race_all([changes[first], changes[second]]), [first, second])
        check_saved(table.pk, table.version, out)
        for name, code, _ in out:
            seen[f"{name} {code}"] = seen.get(f"{name} {code}", 0) + 1
    # both of two changes that do not exclude each other are saved (the case that lost one on PostgreSQL)
    assert seen.get("resign (waiting) 200", 0) >= len(KINDS) - 3
    assert seen.get("timeout 200", 0) >= 1
    observed(f"{len(KINDS) * (len(KINDS) + 1) // 2} pairs of changes raced: answers {dict(sorted(seen.items()))}")


def test_five_players_resigning_at_once_are_all_saved_until_the_game_ends(make_user) -> None:
    for round_ in range(3):
        users = [make_user() for _ in range(5)]
        game = play_turns(start_game(users, game="carcassonne", seed=900 + round_), 6, random.Random(round_))
        before = game.version
        out = check_results(race_all([partial(api, user, f"/api/games/{game.pk}/resign/", {}) for user in users]),
                            ["resign"] * 5)
        codes = sorted(code for _, code, _ in out)
        assert codes == [200, 200, 200, 200, 409], out  # the fourth leaves one player: the game is over
        assert {d for _, c, d in out if c == 409} == {"this game is over"}
        check_saved(game.pk, before, out)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        assert game.seats.filter(status=Seat.Status.RESIGNED).count() == 4
        assert game.moves.filter(kind=Move.Kind.RESIGN).count() == 4
    observed("five players resigning at once, 3 rounds: four resignations saved each time, the fifth told the "
             "game is over; the log whole")


def waiting_game(make_user: Any) -> tuple[Game, list[Any], dict[str, Callable[[], tuple[int, str]]]]:
    """A four-seat game waiting for players, two seated, and what can be done to it."""
    creator, seated, joiners = make_user(), make_user(), [make_user(), make_user()]
    moderator = make_user(is_staff=True)
    game = services.game_create(user=creator, game="carcassonne", players=4)
    services.game_join(game_id=game.pk, user=seated)
    game.refresh_from_db()
    path = f"/api/games/{game.pk}"
    return game, joiners, {
        "join": partial(api, joiners[0], f"{path}/join/", {}),
        "join (another)": partial(api, joiners[1], f"{path}/join/", {}),
        "leave (seated)": partial(api, seated, f"{path}/resign/", {}),
        "cancel (creator)": partial(api, creator, f"{path}/resign/", {}),
        "abort": partial(service, partial(services.game_abort, game_id=game.pk, moderator=moderator)),
    }


def test_joins_race_the_changes_of_a_game_waiting_for_players(make_user) -> None:
    seen: dict[str, int] = {}
    kinds = ["join", "join (another)", "leave (seated)", "cancel (creator)", "abort"]
    for first, second in itertools.combinations_with_replacement(kinds, 2):
        game, joiners, changes = waiting_game(make_user)
        before = game.version
        out = check_results(race_all([changes[first], changes[second]]), [first, second])
        check_saved(game.pk, before, out)
        game.refresh_from_db()
        seated_now = set(game.seats.values_list("user_id", flat=True))
        for name, code, _ in out:
            seen[f"{name} {code}"] = seen.get(f"{name} {code}", 0) + 1
            if name.startswith("join") and code == 200 and game.status == Game.Status.OPEN:
                assert joiners[0 if name == "join" else 1].pk in seated_now
    observed(f"joins raced against a waiting game's changes: {dict(sorted(seen.items()))}")


def test_every_player_answering_a_rematch_at_once_starts_one_game(make_user) -> None:
    for round_ in range(3):
        users = [make_user() for _ in range(3)]
        game = play_turns(start_game(users, game="carcassonne", seed=50 + round_), None, random.Random(round_))
        assert game.status == Game.Status.FINISHED
        out = check_results(race_all([partial(api, user, f"/api/games/{game.pk}/rematch/", {"accept": True})
                                      for user in users]), ["rematch"] * 3)
        assert all(code in (200, 201) for _, code, _ in out), out
        offer = RematchOffer.objects.get(game=game)
        assert offer.status == RematchOffer.Status.STARTED and sorted(offer.accepted) == sorted(u.pk for u in users)
        assert Game.objects.filter(seats__user=users[0]).exclude(pk=game.pk).count() == 1
        check_log(offer.new_game)
    observed("three players answering a rematch at once, 3 rounds: one offer, accepted by all, one new game")
