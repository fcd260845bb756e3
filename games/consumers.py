"""WebSocket consumers: a game's live view and a player's lobby (STYLE.md section 3).

Consumers only read and transport: they authenticate through the session (``AuthMiddlewareStack``),
join a group and, on each ``game.updated`` group message (ids and a version, never state), re-read
the database and send *this* user's own view. Moves go through the REST API, never through a socket.

Server -> client messages:
- ``{"type": "game", "version": V, "game": PAYLOAD}``: PAYLOAD is what ``GET /api/games/<id>/`` answers;
- ``{"type": "lobby", "waiting": [game ids], "changed": game_id | null}``;
- ``{"type": "pong"}`` and ``{"type": "error", "detail": "..."}``.
Client -> server: ``{"type": "ping"}`` and ``{"type": "sync"}``.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any, Optional

from channels.db import DatabaseSyncToAsync
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.contrib.auth import get_user_model
from django.db.models import F
from rest_framework.utils.encoders import JSONEncoder

from .broadcast import game_group, user_group
from .errors import GameNotFound
from .models import Game, Seat
from .selectors import game_get
from .serializers import GameSerializer

logger = logging.getLogger(__name__)


def db_read(func: Any) -> Any:
    """Run a read-only database function off the event loop, in the shared thread pool.

    Channels' ``database_sync_to_async`` is thread-sensitive: every socket's reads in a process would
    queue on the one thread that also serves the HTTP views (bench/load.py measured pushes seconds late).
    These reads hold no state between calls, so they may run on any thread, side by side.
    """
    return DatabaseSyncToAsync(func, thread_sensitive=False)

#: Close codes the front-end tells apart (4000-4999 are the application's own).
CLOSE_NOT_FOUND = 4404
CLOSE_UNAUTHENTICATED = 4401


@dataclass(frozen=True)
class _Viewer:
    """The part of a request ``GameSerializer`` reads: who is looking."""

    user: Any


def game_message(game_id: int, user: Any) -> dict[str, Any]:
    """The ``game`` message for ``user``: their own view, as the REST API answers it (GameNotFound if hidden)."""
    game = game_get(game_id=game_id, user=user)
    payload = GameSerializer(game, context={"request": _Viewer(user)}).data
    # Through the API's own encoder, so the socket and GET /api/games/<id>/ answer the same JSON.
    return {"type": "game", "version": game.version, "game": json.loads(json.dumps(payload, cls=JSONEncoder))}


def account_usable(user: Any) -> bool:
    """False for a logged-in user whose account was suspended (or deleted) since the socket opened."""
    if user is None or not getattr(user, "is_authenticated", False):
        return True  # anonymous sockets see what anyone may see
    return get_user_model().objects.filter(pk=user.pk, is_active=True).exists()


def waiting_game_ids(user: Any) -> list[int]:
    """Active games where it is ``user``'s turn, the most urgent first."""
    games = Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user, seats__status=Seat.Status.PLAYING,
                                current_seat=F("seats__number"))
    return list(games.order_by(F("deadline").asc(nulls_last=True), "pk").values_list("pk", flat=True))


class _JsonConsumer(AsyncJsonWebsocketConsumer):
    """JSON in and out; a malformed client message gets an ``error`` answer, never a crash."""

    @classmethod
    async def encode_json(cls, content: Any) -> str:
        return json.dumps(content, cls=JSONEncoder)

    async def receive(self, text_data: Optional[str] = None, bytes_data: Optional[bytes] = None, **kwargs: Any) -> None:
        if text_data is None:
            await self.send_error("send JSON text frames, not binary")
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
            await self.send_json({"type": "pong"})
        elif kind == "sync":
            await self.sync()
        else:
            await self.send_error(f'unknown message type "{kind[:40]}" (expected "ping" or "sync"); '
                                  "moves go through the REST API")

    async def send_error(self, detail: str) -> None:
        await self.send_json({"type": "error", "detail": detail})

    async def sync(self) -> None:
        raise NotImplementedError

    async def join(self, group: str) -> None:
        try:
            await self.channel_layer.group_add(group, self.channel_name)
        except Exception:  # a pooled connection gone stale (Redis restarted): the retry reconnects
            logger.warning("joining %s failed once; retrying", group, exc_info=True)
            await self.channel_layer.group_add(group, self.channel_name)
        self.joined.append(group)

    async def websocket_connect(self, message: dict[str, Any]) -> None:
        self.joined: list[str] = []
        await super().websocket_connect(message)

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "joined", []):
            try:
                await self.channel_layer.group_discard(group, self.channel_name)
            except Exception:  # the layer is down: the group entry expires on its own
                logger.warning("could not leave group %s", group, exc_info=True)


class GameConsumer(_JsonConsumer):
    """``/ws/games/<id>/``: anyone who may see the game receives their own view after every change."""

    async def connect(self) -> None:
        self.game_id: int = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.user = self.scope.get("user")
        self.sent_version = -1
        await self.accept()  # accept first: a close code is only delivered on an open socket
        try:
            # Join before reading, so that no change committed after the read can be missed.
            await self.join(game_group(self.game_id))
            await self.send_game()
        except GameNotFound:
            await self.close(code=CLOSE_NOT_FOUND)

    async def send_game(self) -> None:
        """Re-read the game and send this user's view of it (raises GameNotFound if they may not see it)."""
        if not await db_read(account_usable)(self.user):
            await self.close(code=CLOSE_UNAUTHENTICATED)  # suspended while connected: the session is void
            return
        message = await db_read(game_message)(self.game_id, self.user)
        self.sent_version = max(self.sent_version, message["version"])
        await self.send_json(message)

    async def sync(self) -> None:
        try:
            await self.send_game()
        except GameNotFound:
            await self.close(code=CLOSE_NOT_FOUND)

    async def game_updated(self, event: dict[str, Any]) -> None:
        """Group message ``{"type": "game.updated", "game_id", "version"}``: send the fresh view unless sent."""
        if event.get("game_id") != self.game_id or int(event.get("version", 0)) <= self.sent_version:
            return  # this version (or a newer one) has gone out already
        await self.sync()


class LobbyConsumer(_JsonConsumer):
    """``/ws/lobby/``: a logged-in user hears whenever a game they have a seat in changes."""

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        await self.accept()
        if self.user is None or not self.user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        await self.join(user_group(self.user.pk))
        await self.send_lobby(None)

    async def send_lobby(self, changed: Optional[int]) -> None:
        if not await db_read(account_usable)(self.user):
            await self.close(code=CLOSE_UNAUTHENTICATED)  # suspended while connected: the session is void
            return
        waiting = await db_read(waiting_game_ids)(self.user)
        await self.send_json({"type": "lobby", "waiting": waiting, "changed": changed})

    async def sync(self) -> None:
        await self.send_lobby(None)

    async def game_updated(self, event: dict[str, Any]) -> None:
        """Group message ``{"type": "game.updated", "game_id", "version"}`` for a game this user sits in."""
        await self.send_lobby(event.get("game_id"))
