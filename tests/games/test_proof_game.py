"""The proof game (tests/proofgame.py: hex cells, action points, a hidden hand, a hidden draw in mid-turn) goes
through the whole site path: a new game is an engine, and nothing else.

Each test registers Relic Run, plays it through the REST API (and the services a moderator or a timeout
uses), and checks what every audience may see: the mover their steps, the others the turn once it ends, and
nobody another seat's hand.
"""
from __future__ import annotations

import json
from io import StringIO
from typing import Any, Iterator

import pytest
from django.core import mail
from django.core.management import call_command
from rest_framework.test import APIClient

from games.models import Game, Move, Seat
from games.notifications import tasks
from games.play import clock as site_clock
from games.play import selectors, services
from games.rules import register, unregister
from games.rules.base import HIDDEN_STEP
from games.rules.words import Words
from tests.factories import UserFactory
from tests.proofgame import DECK, RelicRun

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]


@pytest.fixture(autouse=True)
def relicrun() -> Iterator[None]:
    register("relicrun", Words("Relic Run"), RelicRun)
    yield
    unregister("relicrun")


class Table:
    """A two-player game of Relic Run played through the API, with a spectator watching."""

    def __init__(self, seed: int = 77) -> None:
        self.users = [UserFactory(display_name="Ann"), UserFactory(display_name="Bob")]
        self.clients = {u.pk: self._client(u) for u in self.users}
        self.spectator = self._client(UserFactory())
        made = self.post(self.users[0], "/api/games/", {"game": "relicrun", "seats": 2, "move_hours": 24}, 201)
        self.id = made["id"]
        Game.objects.filter(pk=self.id).update(seed=seed)
        self.post(self.users[1], f"/api/games/{self.id}/join/", {})

    @staticmethod
    def _client(user: Any) -> APIClient:
        client = APIClient()
        client.force_authenticate(user)
        return client

    def post(self, user: Any, path: str, data: Any, status: int = 200) -> dict[str, Any]:
        response = self.clients[user.pk].post(path, data, format="json")
        assert response.status_code == status, response.content[:400]
        return json.loads(response.content)

    def get(self, user: Any = None, path: str = "") -> Any:
        client = self.clients[user.pk] if user is not None else self.spectator
        response = client.get(f"/api/games/{self.id}/{path}")
        assert response.status_code == 200, response.content[:400]
        return json.loads(response.content)

    @property
    def game(self) -> Game:
        return Game.objects.get(pk=self.id)

    def mover(self) -> Any:
        game = self.game
        return game.seats.get(number=game.current_seat).user

    def other(self) -> Any:
        return next(u for u in self.users if u != self.mover())

    def step(self, action: dict[str, Any], status: int = 200, user: Any = None) -> dict[str, Any]:
        user = user or self.mover()
        version = self.get(user)["version"]
        return self.post(user, f"/api/games/{self.id}/steps/", {"version": version, "action": action}, status)

    def undo(self, whole_turn: bool = False, status: int = 200) -> dict[str, Any]:
        user = self.mover()
        version = self.get(user)["version"]
        return self.post(user, f"/api/games/{self.id}/undo/", {"version": version, "whole_turn": whole_turn}, status)

    def hand(self, user: Any) -> list[int]:
        game = self.game
        return sorted(game.state["hands"][game.seats.get(user=user).number])

    def assert_log_rebuilds(self) -> None:
        game = self.game
        assert selectors.state_from_log(game) == game.state


def leaks(data: Any, hidden: list[int], path: str = "$") -> list[str]:
    """Paths where a payload names cards another seat holds or drew: a "hands" key, a hand that is not
    the reader's, a drawn card's value."""
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("hands", "seed"):
                found.append(f"{path}.{key}")
            if key == "type" and value == "card" and "value" in data:
                found.append(f"{path} (a drawn card)")
            found += leaks(value, hidden, f"{path}.{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += leaks(value, hidden, f"{path}[{index}]")
    return found


def check_nothing_hidden_shows(table: Table) -> None:
    """Every payload another seat or a spectator reads shows no hand but their own and no card drawn."""
    game = table.game
    public = ((game.turn or {}).get("base") or game.state)["hands"]  # the others see the turn when it ends
    for reader in [*table.users, None]:
        seat = game.seats.get(user=reader).number if reader is not None else None
        hands = game.state["hands"] if seat == game.current_seat else public
        payload = table.get(reader)
        view = payload["view"]
        assert view["hand"] == (sorted(hands[seat]) if seat is not None else [])
        assert view["hand_sizes"] == [len(h) for h in hands]
        moves = table.get(reader, "moves/")
        mover_entries = [m for m in moves if m["seat"] == seat]
        others = [m for m in moves if m["seat"] != seat]
        assert leaks(others, []) == [], reader
        assert leaks({k: v for k, v in payload.items() if k != "turn"}, []) == []
        if seat is None or seat != game.current_seat:
            assert payload["turn"] is None
        assert all("type" in m["turn"]["actions"][0] for m in mover_entries if m["turn"])


def test_a_turn_of_steps_with_undo_that_stops_at_a_draw() -> None:
    table = Table()
    mover, other = table.mover(), table.other()
    start = table.get(mover)
    assert start["view"]["legal"] and (start["turn"]["steps"], start["turn"]["undo"]) == ([], 0)
    assert start["turn"]["actions"] == [{k: v for k, v in a.items() if k != "cost"} for a in start["view"]["legal"]]
    assert table.get(other)["view"]["legal"] == [] and table.get(other)["turn"] is None
    here = start["view"]["at"][start["your_seat"]]
    move = next(a for a in start["view"]["legal"] if a["type"] == "move")
    after = table.step({"type": "move", "to": move["to"]})
    seat = after["your_seat"]
    assert after["view"]["at"][seat] == move["to"] and after["view"]["ap"] == 2
    assert after["turn"]["undo"] == 1 and after["turn"]["steps"][0]["words"] == f"stepped to {move['to']}"
    # the other player and spectators still see the turn's start until it ends
    assert table.get(other)["view"]["at"][seat] == here
    assert table.get()["view"]["at"][seat] == here
    back = table.undo()
    assert back["view"]["at"][seat] == here and back["view"]["ap"] == 3 and back["turn"]["undo"] == 0
    assert "nothing to take back" in table.undo(status=400)["detail"]
    # a draw shows a hidden card: it stands, and so does everything before it
    table.step({"type": "move", "to": move["to"]})
    drawn = table.step({"type": "draw"})
    assert drawn["turn"]["undo"] == 0 and len(drawn["view"]["hand"]) == 2
    assert "stays drawn" in table.undo(status=400)["detail"]
    assert table.get(other)["view"]["hand_sizes"][seat] == 1  # not yet: the turn goes on
    played = table.step({"type": "play", "value": drawn["view"]["hand"][0]})
    assert played["turn"]["undo"] == 1
    table.undo(whole_turn=True)
    assert table.get(mover)["turn"]["undo"] == 0 and len(table.get(mover)["view"]["hand"]) == 2
    table.step({"type": "end"})
    assert table.mover() == other
    log = table.get(other, "moves/")
    [entry] = [m for m in log if m["kind"] == "turn"]
    assert entry["user"] == mover.username
    assert [s["action"]["type"] for s in entry["steps"]] == ["move", "draw", "hidden", "end"]
    assert entry["steps"][2] == {"action": HIDDEN_STEP, "words": "drew a card"}  # the other never learns the card
    assert table.get(mover, "moves/")[-1]["steps"][2]["action"]["value"] in DECK
    assert table.get(other)["view"]["hand_sizes"][seat] == 2
    table.assert_log_rebuilds()
    check_nothing_hidden_shows(table)


def test_refused_steps_change_nothing() -> None:
    table = Table()
    version = table.game.version
    assert "is not a cell next to yours" in table.step({"type": "move", "to": [5, 5]}, 400)["detail"]
    assert "cards are drawn by the server" in table.step({"type": "card", "value": 1}, 400)["detail"]
    assert "not your turn" in table.step({"type": "end"}, 409, user=table.other())["detail"]
    assert "type" in table.step({"type": "fly"}, 400)["detail"]
    stale = table.post(table.mover(), f"/api/games/{table.id}/steps/", {"version": version - 1,
                                                                         "action": {"type": "end"}}, 409)
    assert "moved on" in stale["detail"]
    assert "one action at a time" in table.post(table.mover(), f"/api/games/{table.id}/turns/",
                                                {"version": version, "turn": {"actions": []}}, 400)["detail"]
    assert table.game.version == version and not table.game.moves.exists()


def test_a_whole_game_replays_from_its_record_and_its_log() -> None:
    table = Table(seed=5)
    turns = 0
    while table.game.status == Game.Status.ACTIVE:
        view = table.get(table.mover())["view"]
        plays = [a for a in view["legal"] if a["type"] == "play"]
        if view["ap"] and view["deck"] and turns % 2 == 0:
            table.step({"type": "draw"})
        elif plays:
            table.step({"type": "play", "value": plays[-1]["value"]})
        else:
            table.step({"type": "end"})
            turns += 1
        if table.game.status == Game.Status.ACTIVE and turns % 3 == 0:
            check_nothing_hidden_shows(table)
    game = table.game
    assert turns == 8 and game.status == Game.Status.FINISHED
    table.assert_log_rebuilds()
    record = table.get(None, "record/")
    assert record["setup"]["hands"] and len(record["turns"]) == 8
    out = StringIO()
    path = f"/tmp/relicrun-{table.id}.json"
    with open(path, "w") as file:
        json.dump(record, file)
    call_command("replay", path, stdout=out)
    result = json.loads(out.getvalue())
    assert result["scores"] == [s.score for s in game.seats.order_by("number")] and result["finished"] is True
    winners = [s.number for s in game.seats.all() if s.result == Seat.Result.WON]
    assert result["winners"] == winners


def test_the_record_of_a_game_in_play_is_refused_while_it_would_show_hands() -> None:
    table = Table()
    response = table.clients[table.users[0].pk].get(f"/api/games/{table.id}/record/")
    assert response.status_code == 409 and "once the game is over" in json.loads(response.content)["detail"]


def test_a_timeout_ends_the_turn_and_the_steps_taken_stand() -> None:
    table = Table()
    absent = table.mover()
    table.step({"type": "draw"})
    game = table.game
    site_clock.freeze(game.deadline)
    try:
        assert tasks.play_timeout(game.pk, game.version) == "played"
    finally:
        site_clock.unfreeze()
    game = table.game
    assert table.mover() != absent
    [move] = game.moves.filter(kind=Move.Kind.TIMEOUT)
    assert [s["type"] for s in move.steps] == ["draw", "card", "end"] and move.user is None
    assert len(table.hand(absent)) == 2
    table.assert_log_rebuilds()


def test_resign_removal_and_settle_in_mid_turn_keep_the_log_whole(make_user) -> None:
    table = Table()
    moderator = make_user(is_staff=True)
    table.step({"type": "end"})  # each plays a turn of their own: a seat leaving now leaves a game that counts
    table.step({"type": "end"})
    table.step({"type": "draw"})
    removed = table.mover()
    services.seat_remove(game_id=table.id, user=removed, moderator=moderator)
    game = table.game
    assert game.status == Game.Status.FINISHED  # one player left: the game ends
    [move] = game.moves.filter(kind=Move.Kind.REMOVE)
    assert [s["type"] for s in move.steps] == ["draw", "card"]  # the steps taken stand, before the removal
    table.assert_log_rebuilds()

    table = Table(seed=9)
    table.step({"type": "draw"})
    services.game_settle(game_id=table.id, moderator=moderator)
    game = table.game
    assert game.status == Game.Status.FINISHED and game.moves.get(kind=Move.Kind.SETTLE).steps
    table.assert_log_rebuilds()

    table = Table(seed=11)
    table.step({"type": "end"})
    table.step({"type": "end"})
    quitter = table.other()
    table.post(quitter, f"/api/games/{table.id}/resign/", {})
    assert table.game.status == Game.Status.FINISHED
    table.assert_log_rebuilds()


def test_the_turn_email_tells_the_position_and_what_the_other_did(settings) -> None:
    settings.TURN_EMAIL_GRACE_MINUTES = 0
    table = Table()
    first = table.mover()
    table.step({"type": "draw"})
    table.step({"type": "end"})
    waiting = table.mover()
    game = table.game
    site_clock.freeze(game.last_move_at)
    try:
        tasks.send_turn_email(game.pk, game.current_seat, game.version)
    finally:
        site_clock.unfreeze()
    [email] = [m for m in mail.outbox if m.to == [waiting.email]]
    hand = ", ".join(map(str, table.hand(waiting)))
    assert f"Your hand: {hand}." in email.body
    assert f"Since your last move:\n- {first.name} drew a card\n" in email.body
