"""WebSocket consumers: a game's live view and a player's lobby (STYLE.md section 3).

Consumers only read and transport: they authenticate through the session (``AuthMiddlewareStack``),
join a group and, on each ``game.updated`` group message (ids and a version, never state), send *this*
user's own view of that version. The views were built once when the change committed and wait in the
shared cache (games/payloads.py); a socket reads the database only when it connects, syncs, or finds its
view gone from the cache. Moves go through the REST API, never through a socket.

Server -> client messages:
- ``{"type": "game", "version": V, "game": PAYLOAD}``: PAYLOAD is what ``GET /api/games/<id>/`` answers;
- ``{"type": "lobby", "waiting": [game ids], "changed": game_id | null}``;
- ``{"type": "pong"}`` and ``{"type": "error", "detail": "..."}``.
Client -> server: ``{"type": "ping"}`` and ``{"type": "sync"}`` (``"version": V``: only if the game is no longer
at the version V the page shows; the pages send it now and then, so a push lost while the channel layer was
down is made up for).

The pong comes back through the channel layer, so it says the push channel reaches this socket; a layer that
cannot be reached (Redis down) closes the socket with 4503, and so does one that cannot be joined: the page
says it is reconnecting, retries, and catches up when it is back.
"""
from __future__ import annotations

import asyncio
import functools
import json
import logging
import random
import time
from datetime import datetime
from importlib import import_module
from typing import Any, Optional

from channels.db import DatabaseSyncToAsync
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.contrib.auth import get_user, get_user_model
from django.db import connections
from django.db.models import F
from django.http import HttpRequest
from django.utils import translation
from rest_framework.utils.encoders import JSONEncoder

from games.chat.live import ChatSocket
from games.i18n import english, localize_text, scope_language
from games.live.broadcast import OPEN_GAMES_GROUP, account_group, game_group, user_group
from games.models import Game, Seat
from games.play import payloads
from games.play.errors import GameNotFound
from games.play.selectors import game_get
from games.rematch.live import RematchSocket

logger = logging.getLogger(__name__)


def db_read(func: Any) -> Any:
    """Run a read-only database function off the event loop, in the shared thread pool.

    Channels' ``database_sync_to_async`` is thread-sensitive: every socket's reads in a process would
    queue on the one thread that also serves the HTTP views (bench/load.py measured pushes seconds late).
    These reads hold no state between calls, so they may run on any thread, side by side; each closes its
    thread's connection when done (a pool's worker threads must not keep idle connections open).
    """
    @functools.wraps(func)
    def read_and_close(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        finally:
            connections.close_all()

    return DatabaseSyncToAsync(read_and_close, thread_sensitive=False)

#: Close codes the front-end tells apart (4000-4999 are the application's own).
CLOSE_NOT_FOUND = 4404
CLOSE_UNAUTHENTICATED = 4401
#: The channel layer (the push channel) cannot be reached: reconnect later (the page retries with backoff).
CLOSE_TRY_AGAIN = 4503
#: Seconds the channel layer may take to accept a message before it counts as down.
LAYER_TIMEOUT = 5.0
#: A client frame larger or deeper than any the site's protocol needs. RFC 6455's own "message too big" (1009)
#: is refused by daphne (runserver), which lets a server close only with 1000 or 3000-4999: the application's
#: 4009 works on every server.
CLOSE_TOO_BIG = 4009
#: A client sends {"type": "ping"} or {"type": "sync"}: nothing near these.
MAX_FRAME_CHARS = 4096
MAX_NESTING = 16


def nesting(text: str) -> int:
    """The deepest nesting of JSON arrays and objects in ``text`` (strings skipped), without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def game_text(game_id: int, user: Any, language: Optional[str] = None) -> tuple[int, str]:
    """The game's present version and its ``game`` message for ``user`` as JSON (GameNotFound if hidden)."""
    game = game_get(game_id=game_id, user=user)
    user_id = user.pk if getattr(user, "is_authenticated", False) else None
    payload = payloads.to_json(payloads.game_payload(game, list(game.seats.all()), user_id))
    with translation.override(language or translation.get_language()):
        payload = localize_text(payload)
    return game.version, payloads.socket_text(game.version, payload)


def game_version(game_id: int) -> Optional[int]:
    """The game's present version (None if there is no such game)."""
    version: Optional[int] = Game.objects.filter(pk=game_id).values_list("version", flat=True).first()
    return version


def game_message(game_id: int, user: Any) -> dict[str, Any]:
    """The ``game`` message for ``user``: their own view, as the REST API answers it (GameNotFound if hidden)."""
    return json.loads(game_text(game_id, user)[1])


def session_usable(user: Any, session_key: Optional[str]) -> bool:
    """False for a logged-in socket whose session no longer holds: the account was suspended or deleted, the
    password changed since the session began (its hash no longer matches), or the session ended (log-out).

    The session is read afresh from its store and checked as Django checks every HTTP request's
    (``django.contrib.auth.get_user``): a socket is worth no more than the session it was opened with.
    """
    if user is None or not getattr(user, "is_authenticated", False):
        return True  # anonymous sockets see what anyone may see
    if session_key is None:  # authenticated without a session (a test's scope): the account alone
        return get_user_model().objects.filter(pk=user.pk, is_active=True).exists()
    request = HttpRequest()
    request.session = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    current = get_user(request)
    return bool(current.is_authenticated and current.pk == user.pk and current.is_active)


def waiting_games(user: Any) -> dict[int, Optional[str]]:
    """Active games where it is ``user``'s turn, with their deadlines (as payloads write them)."""
    games = Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user, seats__status=Seat.Status.PLAYING,
                                current_seat=F("seats__number"))
    return {pk: payloads.iso_time(deadline) for pk, deadline in games.values_list("pk", "deadline")}


def most_urgent_first(waiting: dict[int, Optional[str]]) -> list[int]:
    """Game ids by deadline, the nearest first (a stopped clock last), then by id."""
    def key(item: tuple[int, Optional[str]]) -> tuple[bool, datetime, int]:
        pk, deadline = item
        return deadline is None, datetime.fromisoformat(deadline) if deadline else datetime.min, pk
    return [pk for pk, _ in sorted(waiting.items(), key=key)]


def waiting_game_ids(user: Any) -> list[int]:
    """Active games where it is ``user``'s turn, the most urgent first."""
    return most_urgent_first(waiting_games(user))


class LayerDown(Exception):
    """The channel layer could not be reached."""


class _JsonConsumer(AsyncJsonWebsocketConsumer):
    """JSON in and out; a malformed client message gets an ``error`` answer, never a crash."""

    @classmethod
    async def encode_json(cls, content: Any) -> str:
        return json.dumps(content, cls=JSONEncoder)

    async def receive(self, text_data: Optional[str] = None, bytes_data: Optional[bytes] = None, **kwargs: Any) -> None:
        if text_data is None:
            await self.send_error("send JSON text frames, not binary")
            return
        if len(text_data) > MAX_FRAME_CHARS or nesting(text_data) > MAX_NESTING:
            # checked before parsing: a frame nested a thousand deep made json.loads raise RecursionError
            await self.close(code=CLOSE_TOO_BIG)
            return
        try:
            content = json.loads(text_data)
        except ValueError:
            await self.send_error("that message is not JSON")
            return
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            await self.send_error('a message is a JSON object with a "type"')
            return
        await self.receive_json(content)

    async def receive_json(self, content: dict[str, Any], **kwargs: Any) -> None:
        kind = content["type"]
        if kind == "ping":
            await self.ping()
        elif kind == "sync":
            version = content.get("version")
            if isinstance(version, int) and not isinstance(version, bool):
                await self.sync_if_moved(version)
            else:
                await self.sync()
        else:
            await self.send_error(f'unknown message type "{kind[:40]}" (expected "ping" or "sync"); '
                                  "moves go through the REST API")

    async def send_error(self, detail: str) -> None:
        await self.send_json({"type": "error", "detail": detail})

    async def sync(self) -> None:
        raise NotImplementedError

    async def sync_if_moved(self, version: int) -> None:
        """Sync unless the page is known to show the present version (the lobby: always)."""
        await self.sync()

    async def ping(self) -> None:
        """Answer through the channel layer: the pong (``layer_echo``) comes only if the layer carries messages to
        this socket; if it cannot be reached the socket closes (4503) and the page reconnects and catches up."""
        try:
            await asyncio.wait_for(self.channel_layer.send(self.channel_name, {"type": "layer.echo"}), LAYER_TIMEOUT)
        except Exception:
            logger.warning("the channel layer did not take a ping's echo; closing the socket", exc_info=True)
            await self.close(code=CLOSE_TRY_AGAIN)

    async def layer_echo(self, event: dict[str, Any]) -> None:
        """The ping's echo came back through the channel layer: the push channel works."""
        await self.send_json({"type": "pong"})

    async def join(self, group: str) -> None:
        """Join ``group`` of the channel layer; ``LayerDown`` if it cannot be reached."""
        for attempt in (1, 2):
            try:
                await asyncio.wait_for(self.channel_layer.group_add(group, self.channel_name), LAYER_TIMEOUT)
                break
            except Exception as exc:  # a pooled connection gone stale (Redis restarted): the retry reconnects
                logger.warning("joining %s failed (attempt %s)", group, attempt, exc_info=True)
                if attempt == 2:
                    raise LayerDown(group) from exc
        self.joined.append(group)

    async def websocket_connect(self, message: dict[str, Any]) -> None:
        self.joined: list[str] = []
        self.account_due = 0.0
        self.account_check: Optional[asyncio.Future[None]] = None
        try:
            await super().websocket_connect(message)
        except LayerDown:  # no live updates could reach this socket: the page is told to come back later
            await self.close(code=CLOSE_TRY_AGAIN)

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "joined", []):
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception:  # the layer is down: the group entry expires on its own
                logger.warning("could not leave group %s", group, exc_info=True)

    @property
    def user_id(self) -> Optional[int]:
        user = getattr(self, "user", None)
        return user.pk if user is not None and getattr(user, "is_authenticated", False) else None

    async def watch_account(self) -> None:
        """Join the group that hears when this user's account is suspended (logged-in sockets only)."""
        if self.user_id is not None:
            await self.join(account_group(self.user_id))

    @property
    def session_key(self) -> Optional[str]:
        session = self.scope.get("session")
        return getattr(session, "session_key", None) if session is not None else None

    async def account_ok(self) -> bool:
        """Check the session now (on connect and sync): False, and the socket closed with 4401, if it stopped
        being valid since the socket opened (suspension, new password, log-out)."""
        if self.user_id is not None:
            if not await db_read(session_usable)(self.user, self.session_key):
                await self.close(code=CLOSE_UNAUTHENTICATED)  # the session is void
                return False
        # the next check on a push, spread out so that sockets opened together do not all ask at once
        self.account_due = time.monotonic() + settings.SOCKET_ACCOUNT_RECHECK_SECONDS * random.uniform(0.5, 1.5)
        return True

    def recheck_account_when_due(self) -> None:
        """On a push: check the account again once that is due, beside the push rather than before it (a
        suspension closes the user's sockets at once by itself; this catches one whose message was lost)."""
        if self.user_id is None or self.account_check is not None or time.monotonic() < self.account_due:
            return

        async def check() -> None:
            try:
                await self.account_ok()
            finally:
                self.account_check = None
        self.account_check = asyncio.ensure_future(check())

    async def account_recheck(self, event: dict[str, Any]) -> None:
        """Group message ``{"type": "account.recheck"}``: some session of this user ended (a new password, a
        log-out); this socket checks its own and closes with 4401 if it was one of them."""
        await self.account_ok()

    async def account_closed(self, event: dict[str, Any]) -> None:
        """Group message ``{"type": "account.closed"}``: the account was suspended; close with 4401."""
        await self.close(code=CLOSE_UNAUTHENTICATED)


class GameConsumer(ChatSocket, RematchSocket, _JsonConsumer):
    """``/ws/games/<id>/``: anyone who may see the game receives their own view after every change."""

    async def connect(self) -> None:
        self.game_id: int = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.user = self.scope.get("user")
        self.sent_version = -1
        self.language = scope_language(self.scope)  # the engines' words in the reader's language (games/i18n.py)
        await self.accept()  # accept first: a close code is only delivered on an open socket
        try:
            # Join before reading, so that no change committed after the read can be missed.
            await self.watch_account()
            await self.join(game_group(self.game_id))
            await self.send_game()
        except GameNotFound:
            await self.close(code=CLOSE_NOT_FOUND)

    async def send_game(self) -> None:
        """Re-read the game and send this user's view of it (raises GameNotFound if they may not see it)."""
        if not await self.account_ok():
            return
        version, text = await db_read(game_text)(self.game_id, self.user, self.language)
        if version < self.sent_version:
            return  # a newer version went out while this one was read
        self.sent_version = version
        await self.send(text_data=text)

    async def sync(self) -> None:
        try:
            await self.send_game()
        except GameNotFound:
            await self.close(code=CLOSE_NOT_FOUND)

    async def sync_if_moved(self, version: int) -> None:
        """The page shows ``version``: send the game only if it has moved on (one small read otherwise)."""
        if await db_read(game_version)(self.game_id) != version:
            await self.sync()

    async def game_updated(self, event: dict[str, Any]) -> None:
        """Group message ``game.updated`` (ids and the version): send this user's view of that version once.

        The view was built at commit and waits in the shared cache; if it is gone (expired, or the cache was
        down), the game is read again from the database.
        """
        version = int(event.get("version", 0))
        if event.get("game_id") != self.game_id or version <= self.sent_version:
            return  # this version (or a newer one) has gone out already
        self.recheck_account_when_due()
        seated = event.get("seated")
        said = english(self.language)  # an English reader's text was said at commit already
        text = (await payloads.cached_text(self.game_id, version, self.user_id, seated, english=said)
                if seated is not None else None)
        if text is None:
            await self.sync()
            return
        if version <= self.sent_version:
            return  # a newer version went out while the cache was read
        self.sent_version = version
        if not said:
            with translation.override(self.language):
                text = localize_text(text)
        await self.send(text_data=payloads.socket_text(version, text))


class LobbyConsumer(_JsonConsumer):
    """``/ws/lobby/``: a logged-in user hears whenever a game they have a seat in changes.

    The list of games waiting for the user is read when the socket connects or syncs, then kept up to date
    from the ``to_move`` and ``deadline`` of each ``game.updated`` message, without reading the database.
    The page is told of a game (``changed``, and it fetches its lists again) only when what the lobby lists of
    it moved: its seats, whose turn, the deadline or its status. A step inside a turn (Tikal's and Iwari's
    turns are many) changes none of these, and tells no lobby.
    """

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        self.waiting: dict[int, Optional[str]] = {}
        self.versions: dict[int, int] = {}
        self.listed: dict[int, tuple[Any, ...]] = {}  # per game: its news last told to the page
        await self.accept()
        if self.user is None or not self.user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        await self.watch_account()
        await self.join(user_group(self.user.pk))
        await self.join(OPEN_GAMES_GROUP)
        await self.sync()

    async def send_lobby(self, changed: Optional[int]) -> None:
        await self.send_json({"type": "lobby", "waiting": most_urgent_first(self.waiting), "changed": changed})

    async def sync(self) -> None:
        if not await self.account_ok():
            return
        self.waiting = await db_read(waiting_games)(self.user)
        await self.send_lobby(None)

    async def game_updated(self, event: dict[str, Any]) -> None:
        """Group message ``game.updated`` for a game this user sits in: whose turn it is now, and until when."""
        self.recheck_account_when_due()
        game_id, version = event.get("game_id"), int(event.get("version", 0))
        if not isinstance(game_id, int):
            return
        if "to_move" not in event:  # a message without the news: read the list again
            await self.sync()
            return
        if version > self.versions.get(game_id, -1):  # an older message arriving late changes nothing
            self.versions[game_id] = version
            if event["to_move"] == self.user.pk:
                self.waiting[game_id] = event.get("deadline")
            else:
                self.waiting.pop(game_id, None)
            news = (tuple(event.get("seated") or ()), event["to_move"], event.get("deadline"), event.get("status"))
            if self.listed.get(game_id) == news:
                return  # a step inside a turn: nothing the lobby lists moved
            self.listed[game_id] = news
        await self.send_lobby(game_id)

    async def open_games(self, event: dict[str, Any]) -> None:
        """Group message ``open.games``: a public game was opened, filled, or closed; the lobby shows it."""
        game_id = event.get("game_id")
        await self.send_lobby(game_id if isinstance(game_id, int) else None)


class NoSuchSocket(AsyncJsonWebsocketConsumer):
    """A socket to a path the site does not serve: its handshake is refused."""

    async def connect(self) -> None:
        await self.close()
