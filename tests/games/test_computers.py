"""Computer seats: a game against the computer starts at once; the computer's steps are tasks (never the web
request's own work), go through the same service, log and sockets, and it never times out or gets email."""
from __future__ import annotations

import json
import random
import threading
from unittest import mock

import pytest
from rest_framework.test import APIClient

from games.computer import players as computer_players
from games.computer import tasks as computer_tasks
from games.models import Game, Move, Notice, Seat, SentEmail
from games.play import selectors, services
from games.rules import games
from tests.factories import UserFactory, play_turn

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]


def create(client: APIClient, **data) -> dict:
    response = client.post("/api/games/", {"game": "carcassonne", "seats": 2, **data}, format="json")
    assert response.status_code == 201, response.content
    return json.loads(response.content)


def test_a_game_against_the_computer_is_played_to_the_end() -> None:
    me = UserFactory()
    client = APIClient()
    client.force_authenticate(me)
    made = create(client, computers=["easy"])
    assert made["status"] == "active"
    computer = next(s["user"] for s in made["seats"] if s["user"]["id"] != me.pk)
    assert computer["kind"] == "computer" and computer["display_name"] == "Computer (easy)"
    rng = random.Random(1)
    game = Game.objects.get(pk=made["id"])
    for _ in range(200):
        computer_tasks.wait_for_computers()
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        assert game.seats.get(number=game.current_seat).user == me  # the computer never keeps us waiting
        game = play_turn(game, rng)
    computer_tasks.wait_for_computers()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    theirs = game.moves.filter(user__computer_level="easy")
    assert theirs.filter(kind=Move.Kind.TURN).count() >= 30  # every one of its turns, in the log as anyone's
    # no deadline, no email; only each step's due row (made again by the sweep if lost), all closed now
    computer_notices = Notice.objects.filter(game=game, user__computer_level="easy")
    assert set(computer_notices.values_list("kind", flat=True)) == {Notice.Kind.COMPUTER}
    assert not computer_notices.filter(done_at__isnull=True).exists()
    assert not SentEmail.objects.filter(user__computer_level="easy").exists()
    assert selectors.state_from_log(game) == game.state


@pytest.mark.parametrize("name", games())
def test_the_task_that_plans_a_turn_plays_the_whole_turn(name: str) -> None:
    """A computer's turn is planned once (again only after a draw) and the task that planned it plays every
    planned step, planning again after a draw, until the turn is over: each step its own change in the log, not
    one step a queued task (which waited behind other games' searches on a busy worker)."""
    me = UserFactory()
    client = APIClient()
    client.force_authenticate(me)
    plans: list[int] = []
    played: list[str] = []
    submitted: list[int] = []
    turns_left: list[bool] = []
    real_plan, real_step, real_submit = computer_players._plan, computer_tasks.computer_step, services.move_submit

    def plan(game, seat):
        steps = real_plan(game, seat)
        plans.append(len(steps))
        return steps

    def step(game_id: int, version: int):
        outcome = real_step(game_id, version)
        played.append(outcome)
        if outcome == "played":  # the turn is over: someone else is to move, or nobody
            after = Game.objects.get(pk=game_id)
            seat = Seat.objects.filter(game=after, number=after.current_seat).select_related("user").first()
            turns_left.append(after.status == Game.Status.ACTIVE and bool(seat and seat.user.computer_level))
        return outcome

    def submit(**kwargs):
        changed = real_submit(**kwargs)
        if kwargs["user"].computer_level:
            submitted.append(changed.version)
        return changed

    with mock.patch.object(computer_players, "_plan", plan), mock.patch.object(computer_tasks, "computer_step", step), \
            mock.patch.object(services, "move_submit", submit):
        game = Game.objects.get(pk=create(client, game=name, computers=["easy"])["id"])
        rng = random.Random(5)
        for _ in range(8):
            computer_tasks.wait_for_computers()
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                break
            game = play_turn(game, rng)
        computer_tasks.wait_for_computers()
    assert plans and len(submitted) == sum(plans)  # every step of theirs was planned, once
    assert played.count("played") <= len(plans) and not any(turns_left)  # each task played a whole turn
    assert set(played) <= {"played", None}  # the tasks queued by the loop's own commits found nothing to do
    # every step's due row was closed as played by the step's own commit, whichever task played it (a row left
    # "moved on" would read as a step lost and made by nobody)
    rows = Notice.objects.filter(game=game, kind=Notice.Kind.COMPUTER, done_at__isnull=False)
    assert rows.count() == len(submitted) and set(rows.values_list("outcome", flat=True)) == {"played"}


def test_the_computer_moves_outside_the_request_that_gave_it_the_turn() -> None:
    me = UserFactory()
    client = APIClient()
    client.force_authenticate(me)
    threads = []
    real = computer_tasks.computer_step

    def spy(game_id: int, version: int):
        threads.append(threading.current_thread().name)
        return real(game_id, version)

    with mock.patch.object(computer_tasks, "computer_step", spy):
        made = create(client, computers=["medium"], seats=2)
        game = Game.objects.get(pk=made["id"])
        computer_tasks.wait_for_computers()
        game.refresh_from_db()
        if game.seats.get(number=game.current_seat).user == me:
            play_turn(game, random.Random(2))
        computer_tasks.wait_for_computers()
    assert threads and all(name.startswith("computer-player") for name in threads)
    assert threading.current_thread().name not in threads


def test_with_a_broker_the_computers_step_is_a_queued_task() -> None:
    me = UserFactory()
    client = APIClient()
    client.force_authenticate(me)
    conf = computer_tasks.play_computer_step.app.conf
    eager = conf.task_always_eager
    conf.task_always_eager = False  # as with REDIS_URL: a worker takes the task
    try:
        with mock.patch.object(computer_tasks.play_computer_step, "delay") as delay:
            _check_queued(client, me, delay)
    finally:
        conf.task_always_eager = eager


def _check_queued(client: APIClient, me, delay) -> None:
    made = create(client, computers=["hard"])
    game = Game.objects.get(pk=made["id"])
    if not game.seats.get(number=game.current_seat).user.computer_level:
        play_turn(game, random.Random(3))  # our turn first: after it, the computer's
        game.refresh_from_db()
    delay.assert_called_once_with(game.pk, game.version)


def test_computer_seats_are_checked() -> None:
    me = UserFactory()
    client = APIClient()
    client.force_authenticate(me)
    response = client.post("/api/games/", {"game": "ark", "seats": 2, "computers": ["easy", "easy"]}, format="json")
    assert response.status_code == 400 and "at most 1 computer" in response.json()["detail"]
    response = client.post("/api/games/", {"game": "ark", "seats": 2, "computers": ["genius"]}, format="json")
    assert response.status_code == 400
    made = create(client, game="ark", seats=4, computers=["easy", "easy", "hard"])
    names = sorted(s["user"]["display_name"] for s in made["seats"] if s["user"]["kind"] == "computer")
    assert names == ["Computer (easy)", "Computer (easy) 2", "Computer (hard)"]
    computer_tasks.wait_for_computers()
    assert Seat.objects.filter(game_id=made["id"]).count() == 4


def test_the_lobby_plays_against_the_computer_in_one_click() -> None:
    from django.test import Client

    me = UserFactory()
    page = Client()
    page.force_login(me)
    assert "Play against the computer" in page.get("/").content.decode()
    response = page.post("/games/new/computer/", {"game": "ark", "level": "easy"})
    game = Game.objects.get(created_by=me)
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.status == Game.Status.ACTIVE and game.private
    assert {s.user.kind for s in game.seats.select_related("user")} == {"person", "computer"}
    computer_tasks.wait_for_computers()
    game.refresh_from_db()
    assert game.seats.get(number=game.current_seat).user == me  # the computer already played if it began


def test_a_bot_account_is_shown_as_a_bot() -> None:
    me = UserFactory()
    client = APIClient()
    client.force_authenticate(me)
    assert client.patch("/api/accounts/me/", {"is_bot": True}, format="json").json()["is_bot"] is True
    made = create(client, computers=["easy"])
    assert {s["user"]["kind"] for s in made["seats"]} == {"bot", "computer"}


def test_one_account_has_a_bounded_number_of_unfinished_games_against_the_computer(settings) -> None:
    from django.test import Client

    settings.COMPUTER_GAMES_PER_PLAYER = 3
    me = UserFactory()
    client = APIClient()
    client.force_authenticate(me)
    made = [create(client, computers=["hard"], game="tikal", seats=4 if i else 2) for i in range(3)]
    computer_tasks.wait_for_computers()
    refused = client.post("/api/games/", {"game": "iwari", "seats": 2, "computers": ["easy"]}, format="json")
    assert refused.status_code == 409
    assert refused.json()["detail"] == ("you already have 3 unfinished games against the computer (at most 3 at "
                                        "once); finish or resign one before starting another")
    page = Client()
    page.force_login(me)
    response = page.post("/games/new/computer/", {"game": "ark", "level": "easy"}, follow=True)
    assert "You already have 3 unfinished games against the computer" in response.content.decode()
    assert Game.objects.filter(created_by=me).count() == 3
    create(client, game="tikal", seats=2)  # a game for people is not counted
    assert client.post(f"/api/games/{made[0]['id']}/resign/").status_code == 200  # one ends: room for another
    computer_tasks.wait_for_computers()
    create(client, computers=["easy"])
    computer_tasks.wait_for_computers()


def test_a_game_in_which_no_person_is_left_playing_ends_with_the_final_scoring() -> None:
    me = UserFactory()
    client = APIClient()
    client.force_authenticate(me)
    made = create(client, game="tikal", seats=3, computers=["easy", "medium"])
    computer_tasks.wait_for_computers()
    game = Game.objects.get(pk=made["id"])
    assert game.status == Game.Status.ACTIVE and game.seats.get(number=game.current_seat).user == me
    play_turn(game, random.Random(1))  # every seat plays a turn first: leaving sooner aborts (docs/social.md)
    computer_tasks.wait_for_computers()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.seats.get(number=game.current_seat).user == me
    response = client.post(f"/api/games/{game.pk}/resign/")
    assert response.status_code == 200, response.content
    computer_tasks.wait_for_computers()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED  # the computers do not play on for nobody
    moves = list(game.moves.order_by("seq"))
    resigned = next(i for i, m in enumerate(moves) if m.kind == Move.Kind.RESIGN)
    assert moves[resigned].user_id == me.pk and (moves[-1].kind, moves[-1].user_id) == (Move.Kind.SETTLE, None)
    # between them at most the close of the turn in progress when the resignation came (a drawn hex: forced)
    assert [m.kind for m in moves[resigned + 1:-1]] in ([], [Move.Kind.FORCED])
    last = moves[resigned:]
    words = client.get(f"/api/games/{game.pk}/moves/?since={last[0].seq - 1}").json()
    assert [w["words"] for w in words][-1] == "No person was left playing: final scoring now"
    seats = {s.user_id: s for s in game.seats.all()}
    assert seats[me.pk].status == Seat.Status.RESIGNED and seats[me.pk].result == Seat.Result.LOST
    assert not Notice.objects.filter(game=game, done_at__isnull=True).exists()
    assert selectors.state_from_log(game) == game.state
    assert client.get(f"/api/games/{game.pk}/record/").json()["end"] is True


def test_a_task_for_a_turn_another_task_is_playing_leaves_its_step_to_that_task() -> None:
    """While a task plays a computer seat's turn it holds the seat's claim; a task for the same seat (queued by
    that turn's own commits, or handed out by the sweep) does nothing and leaves the step's due row open, so the
    holder's step closes it as played, or the sweep hands it out again if the holder died."""
    from django.core.cache import cache

    me = UserFactory()
    with mock.patch("games.computer.listen.queue_computer_step"):  # the computer's turn waits, its task unqueued
        game = services.game_create(user=me, game="carcassonne", players=2, computers=["easy"])
        game.refresh_from_db()
        if game.seats.get(number=game.current_seat).user == me:
            game = play_turn(game, random.Random(5))
    seat, version = game.current_seat, game.version
    row = Notice.objects.get(game=game, kind=Notice.Kind.COMPUTER, version=version)
    claim = computer_players.claim_key(game.pk, seat)
    assert cache.add(claim, "another task", 60)
    try:
        assert computer_tasks.play_computer_step(game.pk, version) == computer_players.BUSY
        game.refresh_from_db()
        row.refresh_from_db()
        assert game.version == version and row.done_at is None  # nothing played, the row still open
    finally:
        cache.delete(claim)
    assert computer_tasks.play_computer_step(game.pk, version) == "played"  # the claim gone: it plays
    computer_tasks.wait_for_computers()  # the tasks its own commits queued find the turn played and stop
    row.refresh_from_db()
    assert row.outcome == "played" and cache.get(claim) is None  # and lets the claim go


def test_a_task_that_claims_a_turn_its_holder_has_just_played_lets_it_be() -> None:
    """A task that saw the computer's turn, then claimed the seat the moment the task playing it let go (the turn
    played meanwhile), looks again after claiming: it neither plans nor holds the claim for a version gone."""
    from django.core.cache import cache

    me = UserFactory()
    with mock.patch("games.computer.listen.queue_computer_step"):
        game = services.game_create(user=me, game="carcassonne", players=2, computers=["easy"])
        game.refresh_from_db()
        if game.seats.get(number=game.current_seat).user == me:
            game = play_turn(game, random.Random(5))
        seat, version = game.current_seat, game.version
        claim = computer_players.claim_key(game.pk, seat)
        real_add, held = cache.add, []

        def add_after_the_holder(key, value, timeout=None):  # the holder plays the turn just before this claim
            if key == claim and not held:
                held.append("playing")
                held[0] = computer_tasks.play_computer_step(game.pk, version)
            return real_add(key, value, timeout)

        plans = mock.Mock(wraps=computer_players._plan)
        with mock.patch.object(cache, "add", add_after_the_holder), mock.patch.object(computer_players, "_plan", plans):
            assert computer_players.computer_step(game.pk, version) is None
    game.refresh_from_db()
    assert held == ["played"] and game.version > version
    assert plans.call_count == 1  # the holder's plan only
    assert cache.get(claim) is None
