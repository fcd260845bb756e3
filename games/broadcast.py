"""Live updates: after a game's change commits, tell the game's WebSocket group (issue: browser play).

The group message carries ids and the version only (STYLE.md section 3): the game's id and new version, the
ids of the users with a seat (so a socket knows whose view to send), the user whose turn it is and the
deadline (public on every view; the lobby sockets keep their "waiting for me" list from them). The views
themselves were built once at commit (games/payloads.py) and wait in the shared cache; each consumer sends its
own user's (games/consumers.py). The seated users' lobby groups hear the same message.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import threading
from typing import Any, Optional

from asgiref.sync import async_to_sync
from channels import DEFAULT_CHANNEL_LAYER
from channels.layers import InMemoryChannelLayer, channel_layers, get_channel_layer
from django.conf import settings
from django.dispatch import receiver

from .models import Game, Seat
from .signals import game_updated

logger = logging.getLogger(__name__)


def game_group(game_id: int) -> str:
    """The channel-layer group of everyone watching a game."""
    return f"game.{game_id}"


def user_group(user_id: int) -> str:
    """The channel-layer group of one user's lobby sockets."""
    return f"user.{user_id}"


def account_group(user_id: int) -> str:
    """The channel-layer group of all of one user's sockets (told when the account is suspended)."""
    return f"account.{user_id}"


#: Seconds the whole broadcast may take before it is given up (the turn is saved; clients resync).
BROADCAST_TIMEOUT = 5.0


async def _send_all(layer: Any, groups: list[str], message: dict[str, Any]) -> None:
    """Send ``message`` to each group; a failing group is logged and the others still get it."""
    async def send(group: str) -> None:
        try:
            await layer.group_send(group, message)
        except Exception:
            logger.warning("live update for game %s to %s failed", message.get("game_id"), group, exc_info=True)

    try:
        await asyncio.wait_for(asyncio.gather(*(send(g) for g in groups)), BROADCAST_TIMEOUT)
    except asyncio.TimeoutError:
        logger.warning("live update for game %s timed out", message.get("game_id"))


def _run(func: Any, *args: Any) -> None:
    """``async_to_sync(func)(*args)``, also from a thread whose event loop is running (async_to_sync refuses).

    Services are synchronous, but a caller may hold a running loop in its thread (Playwright's sync API in
    the browser tests does); there the sends run in a short-lived thread of their own.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        async_to_sync(func)(*args)
        return
    worker = threading.Thread(target=async_to_sync(func), args=args, name="game-broadcast", daemon=True)
    worker.start()
    worker.join(BROADCAST_TIMEOUT + 1)


class _Sender:
    """This process's own event loop thread for sends to a shared channel layer (Redis).

    channels-redis keeps connections per event loop, so ``async_to_sync`` (a fresh loop per call) opened
    new connections for every turn, and the request that committed the turn waited for them. Here the
    sends go to one long-lived loop with its own layer instance, and the request does not wait.
    """

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.loop = asyncio.new_event_loop()
        self.layers: dict[str, Any] = {}
        self.pending: set[Any] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self.loop.run_forever, name="channel-layer-sender", daemon=True).start()

    def layer(self) -> Any:
        """A layer of the current settings, used by this loop only (tests change the settings)."""
        config = repr(settings.CHANNEL_LAYERS.get(DEFAULT_CHANNEL_LAYER))
        if config not in self.layers:
            self.layers[config] = channel_layers.make_backend(DEFAULT_CHANNEL_LAYER)
        return self.layers[config]

    def submit(self, groups: list[str], message: dict[str, Any]) -> None:
        future = asyncio.run_coroutine_threadsafe(self._send(groups, message), self.loop)
        with self.lock:
            self.pending.add(future)
        future.add_done_callback(self._done)

    async def _send(self, groups: list[str], message: dict[str, Any]) -> None:
        await _send_all(self.layer(), groups, message)

    def _done(self, future: Any) -> None:
        with self.lock:
            self.pending.discard(future)
        if not future.cancelled() and future.exception() is not None:
            logger.warning("live update failed", exc_info=future.exception())

    def wait(self, timeout: float) -> None:
        with self.lock:
            futures = list(self.pending)
        concurrent.futures.wait(futures, timeout=timeout)


_sender: Optional[_Sender] = None
_sender_lock = threading.Lock()


def _sender_loop() -> _Sender:
    """This process's sender (a forked worker starts its own)."""
    global _sender
    with _sender_lock:
        if _sender is None or _sender.pid != os.getpid():
            _sender = _Sender()
        return _sender


def wait_for_broadcasts(timeout: float = BROADCAST_TIMEOUT + 1) -> None:
    """Block until the live updates queued so far have gone out (or failed); for tests and shutdown."""
    if _sender is not None and _sender.pid == os.getpid():
        _sender.wait(timeout)


def _news_from_db(game_id: int) -> tuple[list[int], Optional[int], Optional[str]]:
    """Seated user ids, the user to move and the deadline of a game, read from the database."""
    from .payloads import iso_time  # the one datetime format of payloads and messages

    game = Game.objects.filter(pk=game_id).values("status", "current_seat", "deadline").first()
    if game is None:
        return [], None, None
    seats = list(Seat.objects.filter(game_id=game_id).values_list("user_id", "number", "status"))
    to_move = next((uid for uid, number, status in seats if number == game["current_seat"]
                    and status == Seat.Status.PLAYING and game["status"] == Game.Status.ACTIVE), None)
    return sorted(uid for uid, _, _ in seats), to_move, iso_time(game["deadline"])


class _Publisher:
    """Group messages published from the committing request's own thread, in one Redis round trip.

    For Channels' Redis pub/sub layer, a group send is a PUBLISH of the serialised message on the group's
    channel. Handing it to the sender loop's thread cost a wait for the GIL in every busy process: at
    100 turns/s, push p99 went from 0.8-0.9 s to 0.16-0.17 s when the request published itself
    (docs/performance.md). The channel names and serialisation are the layer's own (channels-redis 4.3,
    pinned); tests/channels checks on Redis that consumers of the layer receive these messages.
    """

    def __init__(self) -> None:
        self.pid = 0
        self.clients: dict[str, Any] = {}

    @staticmethod
    def host_of(layer: Any) -> Optional[dict[str, Any]]:
        """The one Redis host of a pub/sub layer, or None (another layer, or a sharded one)."""
        from channels_redis.pubsub import RedisPubSubChannelLayer

        hosts = getattr(layer, "_kwargs", {}).get("hosts") or []
        if not isinstance(layer, RedisPubSubChannelLayer) or len(hosts) != 1:
            return None
        return hosts[0] if isinstance(hosts[0], dict) else {"address": hosts[0]}

    def client(self, host: dict[str, Any]) -> Any:
        import redis

        if self.pid != os.getpid():  # a forked worker starts its own connections
            self.pid, self.clients = os.getpid(), {}
        address = host["address"]
        if address not in self.clients:
            # short timeouts: a Redis that hangs must not hold a saved turn's answer for long
            self.clients[address] = redis.Redis.from_url(address, socket_timeout=2, socket_connect_timeout=2,
                                                         driver_info=host.get("driver_info"))
        return self.clients[address]

    def publish(self, layer: Any, host: dict[str, Any], groups: list[str], message: dict[str, Any]) -> None:
        prefix = layer._kwargs.get("prefix", "asgi")
        data = layer.serialize(message)
        try:
            with self.client(host).pipeline(transaction=False) as pipe:
                for group in groups:
                    pipe.publish(f"{prefix}__group__{group}", data)  # RedisPubSubLoopLayer's group channel
                pipe.execute()
        except Exception:  # the turn is saved; sockets that missed it resync
            logger.warning("live update for game %s failed", message.get("game_id"), exc_info=True)


_publisher = _Publisher()


def game_broadcast(*, game_id: int, version: int, publication: Any = None) -> None:
    """Push ``game.updated`` to the game's group and to each seated user's group; never raises.

    ``publication`` (games.payloads.Publication) is the committed version just published; without it the
    ids come from the database (and the sockets, finding no cached view, rebuild theirs).
    """
    try:
        layer = get_channel_layer()
        if layer is None:
            return
        if publication is not None:
            version = publication.version
            seated, to_move, deadline = sorted(publication.seated), publication.to_move, publication.deadline
        else:
            seated, to_move, deadline = _news_from_db(game_id)
        groups = [game_group(game_id)] + [user_group(uid) for uid in seated]
        message = {"type": "game.updated", "game_id": game_id, "version": version, "seated": seated,
                   "to_move": to_move, "deadline": deadline}
        _send(layer, groups, message)
    except Exception:  # the change is committed already; a client that missed it resyncs on reconnect
        logger.exception("live update for game %s version %s failed", game_id, version)


def _send(layer: Any, groups: list[str], message: dict[str, Any]) -> None:
    """Send ``message`` to ``groups`` the way the layer allows. On Redis pub/sub it is published from this
    thread, before this call returns: messages sent one after the other from a thread arrive in that order
    (an account closed before the games it was removed from are pushed)."""
    if isinstance(layer, InMemoryChannelLayer):  # its queues belong to the serving loop: send there
        _run(_send_all, layer, groups, message)
    elif (host := _publisher.host_of(layer)) is not None:
        _publisher.publish(layer, host, groups, message)
    else:
        _sender_loop().submit(groups, message)


def account_closed(user_id: int) -> None:
    """Close every socket of a user whose account was just suspended (consumers also re-check on their own)."""
    try:
        layer = get_channel_layer()
        if layer is None:
            return
        _send(layer, [account_group(user_id)], {"type": "account.closed", "game_id": None, "user_id": user_id})
    except Exception:
        logger.exception("closing the sockets of user %s failed", user_id)


@receiver(game_updated, dispatch_uid="games.broadcast")
def broadcast_game_updated(sender: Any, game_id: int, version: int, kind: str, publication: Any = None,
                           **_: Any) -> None:
    """After commit: push ``game.updated`` (ids and the version) to ``game.<id>`` and the seated users' ``user.<id>``."""
    game_broadcast(game_id=game_id, version=version, publication=publication)
