"""Hidden information: the pile order and the seed never leave the server, for anyone, at any point of a game.

Whole three-player games (one Ark, one Carcassonne) are played through the API. Before the start, after
each join and after EVERY turn, each player, a logged-in spectator and an anonymous visitor read
everything they can: the game, its moves, its record, their games list, the game page, the lobby page and
the WebSocket ``game`` message (``games.live.consumers.game_message``; real sockets at a few points). No text may
carry the seed (decimal, hex or as a float), a ``"pile"``/``"seed"`` key, or the next ``K`` tiles of the
pile in order as a JSON sequence; and only the seat to move sees the tile in hand.
"""
from __future__ import annotations

import json
import random
import re
import time
from typing import Any, Optional

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from rest_framework.test import APIClient

from games.live.consumers import game_message
from games.models import Game
from games.play import services
from games.rules import engine
from tests.channels.conftest import Socket, session_cookie
from tests.games.conftest import secret_keys
from tests.registry import tile_games

from .conftest import check_log, mover, next_turn, observed

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]

#: Tiles of the pile that must never appear in draw order (or stored order) in anything sent.
K = 3
#: Distinctive 19-digit seeds (below 2**62, like the site's own): any leak of them is unmistakable.
SEEDS = {name: 3141592653589793238 - 422710824869252003 * number for number, name in enumerate(tile_games())}
QUOTE = r"""(?:"|'|&quot;|&#34;|&#x27;|&#39;|\\u0022)"""
KEY = re.compile(QUOTE + r"(?:pile|seed)" + QUOTE + r"\s*:")
GAME_DATA = re.compile(r'<script id="game-data" type="application/json">(.*?)</script>', re.S)


def seed_forms(seed: int) -> list[str]:
    """The seed as a number in any form a page or a payload could spell it."""
    as_float = float(seed)
    return sorted({str(seed), f"{seed:x}", f"{seed:X}", f"{seed:o}", str(as_float), repr(as_float),
                   f"{as_float:e}", str(int(as_float)), f"{seed:,}", f"{seed:_}", json.dumps(as_float)})


def sequence(tiles: list[str]) -> re.Pattern:
    """``tiles`` as consecutive items of a JSON (or HTML-escaped JSON) array."""
    return re.compile(r"\s*,\s*".join(QUOTE + re.escape(t) + QUOTE for t in tiles))


class Secrets:
    """What must not leak at the game's present state, and the checks."""

    def __init__(self, game: Game) -> None:
        self.seed_forms = seed_forms(game.seed)
        self.patterns: list[re.Pattern] = []
        self.hand: Optional[str] = None
        self.mover_id: Optional[int] = None
        if game.state:
            state = engine(game.game).state_from_dict(game.state)
            upcoming = state.pile[-1:-K - 1:-1]  # the next K draws, in draw order
            self.hand = state.hand
            if len(upcoming) == K:
                self.patterns += [sequence(upcoming), sequence(upcoming[::-1])]
            if state.hand is not None and len(upcoming) >= K - 1:  # what others must not learn: hand + next
                head = [state.hand] + upcoming[:K - 1]
                self.patterns.append(sequence(head))
            if game.status == Game.Status.ACTIVE:
                self.mover_id = game.seats.get(number=game.current_seat).user_id

    def check_text(self, where: str, text: str) -> None:
        for form in self.seed_forms:
            assert form not in text, f"{where}: the seed ({form}) appears"
        match = KEY.search(text)
        assert match is None, f"{where}: a secret key: {text[max(match.start() - 80, 0):match.end() + 80]}"
        for pattern in self.patterns:
            found = pattern.search(text)
            context = text[max(found.start() - 80, 0):found.end() + 80] if found else ""
            assert found is None, f"{where}: the next pile tiles in order: {context}"

    def check_json(self, where: str, data: Any) -> None:
        assert secret_keys(data) == [], f"{where}: {secret_keys(data)}"
        self.check_text(where, json.dumps(data))

    def check_view(self, where: str, payload: Optional[dict], user: Any) -> None:
        """The tile in hand: the seat to move sees it, no one else does."""
        if not payload or not payload.get("view"):
            return
        view = payload["view"]
        if user is not None and user.pk == self.mover_id:
            assert view["tile"] == self.hand, f"{where}: the mover does not see the tile in hand"
        else:
            assert view["tile"] is None and view["legal"] == [] and view["options"] == [], \
                f"{where}: a player not to move sees the tile in hand ({view['tile']})"


class Audience:
    """Three players, a logged-in spectator and an anonymous visitor, each with an API client and a browser."""

    def __init__(self, players: list[Any], spectator: Any) -> None:
        self.people: dict[str, Any] = {f"player{i}": user for i, user in enumerate(players)}
        self.people["spectator"] = spectator
        self.people["anonymous"] = None
        self.api: dict[str, APIClient] = {}
        self.pages: dict[str, Client] = {}
        for name, user in self.people.items():
            self.api[name], self.pages[name] = APIClient(), Client()
            if user is not None:
                self.api[name].force_authenticate(user)
                self.pages[name].force_login(user)
        self.reads = 0

    def check_all(self, game: Game) -> None:
        """Everyone reads everything they can; every text is checked."""
        game.refresh_from_db()
        secrets = Secrets(game)
        for name, user in self.people.items():
            api = self.api[name]
            for path in (f"/api/games/{game.pk}/", f"/api/games/{game.pk}/moves/", f"/api/games/{game.pk}/record/",
                         "/api/games/?mine=1"):
                response = api.get(path)
                assert response.status_code == 200, (name, path, response.status_code)
                data = json.loads(response.content)
                secrets.check_json(f"{name} GET {path}", data)
                if path == f"/api/games/{game.pk}/":
                    secrets.check_view(f"{name} GET {path}", data, user)
            for path in (f"/games/{game.pk}/", "/"):
                response = self.pages[name].get(path)
                assert response.status_code == 200, (name, path, response.status_code)
                text = response.content.decode()
                secrets.check_text(f"{name} page {path}", text)
                embedded = GAME_DATA.search(text)
                if path != "/" and embedded:
                    secrets.check_view(f"{name} page {path}", json.loads(embedded.group(1)), user)
            message = game_message(game.pk, user if user is not None else AnonymousUser())
            secrets.check_json(f"{name} socket message", message)
            secrets.check_view(f"{name} socket message", message["game"], user)
            self.reads += 7


def sockets_round(game: Game, audience: Audience, play: Any) -> int:
    """Real WebSockets for everyone: the first message, the push after one turn (if ``play``), a sync."""
    cookies = {name: session_cookie(user) if user is not None else None for name, user in audience.people.items()}
    checked = 0

    async def run() -> None:
        from channels.db import database_sync_to_async as db_async

        socks = {name: await Socket(f"/ws/games/{game.pk}/", cookie).connect() for name, cookie in cookies.items()}

        async def check_each() -> None:
            nonlocal checked
            secrets = await db_async(lambda: Secrets(Game.objects.get(pk=game.pk)))()
            for name, sock in socks.items():
                message = await sock.receive_type("game")
                secrets.check_json(f"{name} real socket", message)
                secrets.check_view(f"{name} real socket", message["game"], audience.people[name])
                checked += 1

        await check_each()
        if play is not None:
            await db_async(play)()
            await check_each()
        for sock in socks.values():
            await sock.send({"type": "sync"})
        await check_each()
        for sock in socks.values():
            await sock.close()

    async_to_sync(run)()
    return checked


def assert_the_checks_would_catch_a_leak(game: Game) -> None:
    """The detector itself: the stored state, the seed in a page, the next tiles in a list all fail it."""
    game.refresh_from_db()
    secrets = Secrets(game)
    state = engine(game.game).state_from_dict(game.state)
    leaks = {"the raw state": json.dumps(game.state), "the seed": f"<p>{game.seed:x}</p>",
             "a pile key": '{"view": {&quot;pile&quot;: 3}}',
             "the next tiles": json.dumps({"x": state.pile[-1:-K - 1:-1]}),
             "hand and next": json.dumps([state.hand] + state.pile[-1:-K:-1])}
    for what, text in leaks.items():
        with pytest.raises(AssertionError):
            secrets.check_text(what, text)
    with pytest.raises(AssertionError):
        secrets.check_view("a spectator shown the hand", {"view": {"tile": state.hand, "legal": [], "options": []}},
                           None)


@pytest.mark.parametrize("name", tile_games())
def test_the_pile_and_the_seed_never_leave_the_server(make_user, name) -> None:
    began = time.monotonic()
    players = [make_user() for _ in range(3)]
    audience = Audience(players, make_user())
    game = services.game_create(user=players[0], game=name, players=3)
    Game.objects.filter(pk=game.pk).update(seed=SEEDS[name])
    audience.check_all(game)
    for user in players[1:]:
        services.game_join(game_id=game.pk, user=user)
        audience.check_all(game)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert_the_checks_would_catch_a_leak(game)
    rng = random.Random(SEEDS[name])
    socket_messages = sockets_round(game, audience, None)
    turns, posts = 0, 0
    while game.status == Game.Status.ACTIVE:
        player = mover(game)
        turn = next_turn(game, rng)

        def play(player=player, turn=turn) -> None:
            nonlocal posts
            game.refresh_from_db()
            client = audience.api[next(n for n, u in audience.people.items() if u == player)]
            response = client.post(f"/api/games/{game.pk}/turns/", {"version": game.version, "turn": turn},
                                   format="json")
            assert response.status_code == 200, response.content[:300]
            Secrets(Game.objects.get(pk=game.pk)).check_json("the mover's POST answer", json.loads(response.content))
            posts += 1

        if turns == 20:
            socket_messages += sockets_round(game, audience, play)  # this turn's push, on real sockets
        else:
            play()
        turns += 1
        audience.check_all(game)
        game.refresh_from_db()
    socket_messages += sockets_round(game, audience, None)
    log = check_log(game)
    observed(f"{name}, 3 players + spectator + anonymous: {turns} turns to the end (status {game.status}, "
             f"{log['moves']} log entries); {audience.reads} reads (game, moves, record, ?mine=1, game page, "
             f"lobby page, socket message) + {posts} POST answers + {socket_messages} real socket messages: "
             f"no seed ({len(seed_forms(game.seed))} spellings), no pile/seed key, no {K} next pile tiles in "
             f"order, the tile in hand only to the mover ({time.monotonic() - began:.1f} s)")
