"""Hidden information through the whole site, for every game of the registry: each audience is shown what its
seat may know, and nothing more, on every surface.

A seeded two-player game of each game is played through the REST API step by step. After every change each
audience (the seat to move, the other seat, a logged-in spectator, an anonymous visitor) reads everything it
can: the game (``GET /api/games/<id>/``), the game page's JSON, the socket's message (as it is sent on connect
and sync, and as it is pushed after a change), the move log (``/moves/``), the position after every step of the
latest move (``/position/``), the record while the game is live; and the turn emails it is sent.

What a seat may know is what its engine view says (``Engine.view``) and what the engine shows it of the others'
moves (``step_for``, ``entry_for``; tests/contract/test_hidden_rendering.py holds those to the views). So:
- the view in every payload is exactly the engine's view for that audience (the mover's own steps so far only
  for the mover), and only the mover is given the steps it may take;
- every move is shown through the engine's rendering for that audience, and a step the engine hides from it
  never reaches it in any form: neither the step as stored nor its words as the mover reads them;
- a record is given while the game is live only if nothing in it is hidden from anyone;
- nowhere the seed, the engine state, a draw pile, a deck or a hand key that is not the reader's own.
"""
from __future__ import annotations

import json
import random
import re
from typing import Any, Optional

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import AnonymousUser
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from games.i18n import localize_text
from games.live.consumers import game_message
from games.models import Game, Move
from games.notifications import tasks
from games.play import payloads, selectors
from games.play.turns import Progress
from games.rules import engine
from tests.channels.conftest import Socket, session_cookie
from tests.contract.conftest import contract_games
from tests.games.conftest import secret_keys

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]

#: Changes played through the API in each game (every step of each is checked).
CHANGES = 50
GAME_DATA = re.compile(r'<script id="game-data" type="application/json">(.*?)</script>', re.S)


def as_json(value: Any) -> Any:
    """``value`` as it comes back from JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def seed_forms(seed: int) -> list[str]:
    return [str(seed), f"{seed:x}", f"{seed:X}", repr(float(seed))]


class Reader:
    """One audience: a player, a spectator or an anonymous visitor, with an API client and a browser."""

    def __init__(self, name: str, user: Any) -> None:
        self.name, self.user = name, user
        self.api, self.page = APIClient(), Client()
        if user is not None:
            self.api.force_authenticate(user)
            self.page.force_login(user)

    def seat(self, game: Game) -> Optional[int]:
        if self.user is None:
            return None
        seat = game.seats.filter(user=self.user).first()
        return seat.number if seat is not None else None

    def get(self, path: str) -> Any:
        response = self.api.get(path)
        assert response.status_code == 200, (self.name, path, response.status_code, response.content[:300])
        return json.loads(response.content)


class Table:
    """The game, its readers, and what each reader was told."""

    def __init__(self, name: str, make_user: Any) -> None:
        self.eng = engine(name)
        players = [make_user() for _ in range(2)]
        self.readers = [Reader("first player", players[0]), Reader("second player", players[1]),
                        Reader("spectator", make_user()), Reader("anonymous", None)]
        made = self.readers[0].api.post("/api/games/", {"game": name, "seats": 2, "move_hours": 24}, format="json")
        assert made.status_code == 201, made.content
        self.pk = json.loads(made.content)["id"]
        Game.objects.filter(pk=self.pk).update(seed=0x5EC2E7 + len(name))  # distinctive, and the same each run
        joined = self.readers[1].api.post(f"/api/games/{self.pk}/join/", {}, format="json")
        assert joined.status_code == 200, joined.content
        self.rng = random.Random(len(name))

    def game(self) -> Game:
        return Game.objects.get(pk=self.pk)

    def mover(self, game: Game) -> Reader:
        return next(r for r in self.readers if r.user is not None and r.seat(game) == game.current_seat)

    def step(self) -> None:
        """The player to move takes a random one of the steps the server lists."""
        game = self.game()
        mover = self.mover(game)
        payload = mover.get(f"/api/games/{self.pk}/")
        action = self.rng.choice(payload["turn"]["actions"])
        response = mover.api.post(f"/api/games/{self.pk}/steps/", {"version": game.version, "action": action},
                                  format="json")
        assert response.status_code == 200, response.content

    # ----- what a reader may be shown ------------------------------------------------------------------
    def expected_view(self, game: Game, seat: Optional[int]) -> Any:
        """The engine's view for ``seat``: the mover sees its own steps so far, everyone else the position
        before them."""
        progress = Progress.load(self.eng, self.eng.state_from_dict(game.state), game.turn)
        own = seat is not None and progress.first is not None and progress.seat == seat
        return as_json(self.eng.view(progress.state if own else progress.public_state, seat))

    def hidden_from(self, move: Move, seat: Optional[int]) -> list[str]:
        """Texts of ``move`` that the engine hides from ``seat``: each hidden step as stored and its words as
        the mover reads them, and the whole entry's words if the entry is not shown whole."""
        texts = []
        for step in move.steps or []:
            if self.eng.step_for(step, move.seat, seat) != step:
                texts += [json.dumps(step, separators=(",", ":")), self.eng.describe_action(step)]
        if move.turn is not None and self.eng.entry_for(move.turn, move.seat, seat) != move.turn:
            texts.append(self.eng.describe_entry(move.turn))
        shown = set()
        for step in move.steps or []:  # what the reader is shown anyway is no secret
            rendered = self.eng.step_for(step, move.seat, seat)
            shown |= {json.dumps(rendered, separators=(",", ":")), self.eng.step_words(rendered)}
        return [t for t in texts if t and t not in shown]


def check_text(where: str, text: str, game: Game) -> None:
    for form in seed_forms(game.seed):
        assert form not in text, f"{where}: the seed ({form}) shows"


def check_payload(table: Table, reader: Reader, game: Game, payload: dict[str, Any], where: str) -> None:
    seat = reader.seat(game)
    assert secret_keys(payload) == [], f"{where}: {secret_keys(payload)}"
    check_text(where, json.dumps(payload), game)
    assert payload["view"] == table.expected_view(game, seat), f"{where}: not the engine's view for seat {seat}"
    if seat is None or seat != game.current_seat:
        assert payload["turn"] is None, f"{where}: the steps of another's turn are shown"


def check_moves(table: Table, reader: Reader, game: Game, shown: list[dict[str, Any]], since: int = 0) -> None:
    seat = reader.seat(game)
    moves = {m.seq: m for m in game.moves.filter(seq__gt=since)}
    assert [m["seq"] for m in shown] == sorted(moves)
    for entry in shown:
        move = moves[entry["seq"]]
        where = f"{reader.name} /moves/ seq {move.seq}"
        steps = [table.eng.step_for(step, move.seat, seat) for step in move.steps or []]
        assert [s["action"] for s in entry["steps"]] == as_json(steps), where
        assert [s["words"] for s in entry["steps"]] == [table.eng.step_words(s) for s in steps], where
        if move.turn is not None:
            assert entry["turn"] == as_json(table.eng.entry_for(move.turn, move.seat, seat)), where
        text = json.dumps(entry)
        for secret in table.hidden_from(move, seat):
            assert secret not in text, f"{where}: shows {secret!r}, hidden from seat {seat}"


def check_positions(table: Table, reader: Reader, game: Game, move: Move) -> None:
    """The position after each step of ``move`` (and after all of it) is the engine's view for the reader."""
    seat = reader.seat(game)
    states: dict[int, Any] = {}
    for logged, index, state in selectors.replay_log(game):
        number = logged.seq if logged is not None else 0
        if number < move.seq:
            states[0] = state  # the position the move started from
        elif number == move.seq:
            states[index] = state
    for step in [*range(len(move.steps or []) + 1), None]:
        path = f"/api/games/{table.pk}/position/?seq={move.seq}" + ("" if step is None else f"&step={step}")
        shown = reader.get(path)
        index = max(i for i in states if step is None or i <= step)
        assert shown["view"] == as_json(table.eng.view(states[index], seat)), (reader.name, path)
        check_text(f"{reader.name} {path}", json.dumps(shown), game)


def check_record(table: Table, reader: Reader, game: Game) -> None:
    """While the game is live, a record is given only if nothing in it is hidden from anyone."""
    response = reader.api.get(f"/api/games/{table.pk}/record/")
    if game.status != Game.Status.ACTIVE:
        return
    open_to_all = all(table.eng.entry_for(m.turn, m.seat, other) == m.turn
                      and all(table.eng.step_for(s, m.seat, other) == s for s in m.steps or [])
                      for m in game.moves.exclude(turn=None) for other in [None, *range(game.players)]
                      if other != m.seat)
    if not open_to_all:
        assert response.status_code == 409, f"{reader.name}: a live record that names hidden things"
    elif response.status_code == 200:
        check_text(f"{reader.name} record", response.content.decode(), game)


def check_everything(table: Table, seen: int) -> int:
    """Every reader reads every surface; the log and positions only if a move was logged since ``seen`` (the
    last sequence number checked). Returns the last sequence number now."""
    game = table.game()
    last = game.moves.order_by("-seq").first()
    logged = last is not None and last.seq > seen
    for reader in table.readers:
        payload = reader.get(f"/api/games/{table.pk}/")
        check_payload(table, reader, game, payload, f"{reader.name} GET game")
        page = reader.page.get(f"/games/{table.pk}/")
        assert page.status_code == 200
        check_text(f"{reader.name} page", page.content.decode(), game)
        embedded = json.loads(GAME_DATA.search(page.content.decode()).group(1))
        check_payload(table, reader, game, embedded, f"{reader.name} page JSON")
        message = game_message(table.pk, reader.user or AnonymousUser())
        check_payload(table, reader, game, message["game"], f"{reader.name} socket (connect, sync)")
        pushed = payloads.views.get(payloads.cache_key(table.pk, game.version, payloads.audience(
            reader.user.pk if reader.user else None, [s.user_id for s in game.seats.all()])))
        if pushed is not None:  # what a socket is pushed after the change
            # the socket says the cached text's engine words in its reader's language (games/i18n.py)
            check_payload(table, reader, game, json.loads(localize_text(pushed)), f"{reader.name} socket push")
        if logged:
            assert last is not None
            check_moves(table, reader, game, reader.get(f"/api/games/{table.pk}/moves/?since={seen}"), seen)
            check_positions(table, reader, game, last)
            check_record(table, reader, game)
    return last.seq if last is not None else 0


def check_emails(table: Table) -> int:
    """The turn emails: none names a step hidden from its reader."""
    game = table.game()
    sent = 0
    for reader in table.readers[:2]:
        seat = reader.seat(game)
        secrets = [t for m in game.moves.exclude(seat=seat) for t in table.hidden_from(m, seat)]
        for email in [e for e in mail.outbox if e.to == [reader.user.email]]:
            sent += 1
            check_text(f"{reader.name} email", email.body, game)
            for secret in secrets:
                assert secret not in email.body, f"{reader.name}'s email names {secret!r}, hidden from them"
    return sent


def real_sockets(table: Table) -> None:
    """Real sockets for every reader: the push after one change is each reader's own payload."""
    cookies = [session_cookie(r.user) if r.user is not None else None for r in table.readers]

    async def run() -> list[dict[str, Any]]:
        from channels.db import database_sync_to_async as db_async

        socks = [await Socket(f"/ws/games/{table.pk}/", cookie).connect() for cookie in cookies]
        for sock in socks:
            await sock.receive_type("game")
        await db_async(table.step)()
        pushed = [(await sock.receive_type("game"))["game"] for sock in socks]
        for sock in socks:
            await sock.close()
        return pushed

    pushed = async_to_sync(run)()
    game = table.game()
    for reader, payload in zip(table.readers, pushed):
        check_payload(table, reader, game, payload, f"{reader.name} real socket push")


@pytest.mark.parametrize("name", contract_games())
def test_every_audience_is_shown_what_its_seat_may_know_on_every_surface(name: str, make_user) -> None:
    table = Table(name, make_user)
    seen = check_everything(table, 0)
    real_sockets(table)
    turns_seen = 0
    for _ in range(CHANGES):
        game = table.game()
        if game.status != Game.Status.ACTIVE:
            break
        before = game.current_seat
        table.step()
        seen = check_everything(table, seen)
        game = table.game()
        if game.status == Game.Status.ACTIVE and game.current_seat != before:  # a new turn: its email
            turns_seen += 1
            tasks.send_turn_email(game.pk, game.current_seat, game.version)
    for reader in table.readers:  # the whole log once more, as each reader reads it after a long absence
        check_moves(table, reader, table.game(), reader.get(f"/api/games/{table.pk}/moves/"))
    emails = check_emails(table)
    assert turns_seen >= 3 and emails >= 3, (turns_seen, emails)
    hidden = sum(1 for m in table.game().moves.all() for s in m.steps or []
                 if table.eng.step_for(s, m.seat, None) != s)
    print(f"{name}: {CHANGES} changes, {turns_seen} turns, {emails} emails, {hidden} steps hidden from others")
