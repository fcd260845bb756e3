"""Live updates: after a game's change commits, tell the game's WebSocket group (issue: browser play).

The group message carries ids and the version only (STYLE.md section 3): the game's id and new version, the
ids of the users with a seat (so a socket knows whose view to send), the user whose turn it is, the
deadline and the game's status (public on every view; the lobby sockets keep their "waiting for me" list from
them, and tell their page only when one of these changed). The views
themselves were built once at commit (games/play/payloads.py) and wait in the shared cache; each consumer
sends its own user's (games/live/consumers.py). The seated users' lobby groups hear the same message.

One way to send, the channel layer's public API: ``group_send``. A shared layer (Redis) is used from one
long-lived event loop of this process, the sender, so that its connections last (channels-redis keeps them
per event loop); the sender takes the messages one after the other, so they arrive in the order sent (a
suspended account's sockets close before any removal of its seats is pushed). The in-memory layer of the
embedded default belongs to the serving event loop, so its sends go there (``async_to_sync``).
"""
from __future__ import annotations

import asyncio
import logging
import os
import threading
from concurrent.futures import Future
from typing import Any, Optional

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.dispatch import receiver

from games.models import Game, Seat
from games.play.signals import account_sessions_changed, account_suspended, game_updated

logger = logging.getLogger(__name__)

#: Seconds a send may take before it is given up (the turn is saved; clients resync).
BROADCAST_TIMEOUT = 5.0


def game_group(game_id: int) -> str:
    """The channel-layer group of everyone watching a game."""
    return f"game.{game_id}"


def user_group(user_id: int) -> str:
    """The channel-layer group of one user's lobby sockets."""
    return f"user.{user_id}"


#: The channel-layer group of every lobby: told when the list of open public games changes.
OPEN_GAMES_GROUP = "lobby.open"
#: The changes that can add a game to the open list or take one off it.
OPEN_LIST_CHANGES = frozenset({"create", "join", "start", "resign", "abort"})


def account_group(user_id: int) -> str:
    """The channel-layer group of all of one user's sockets (told when the account is suspended)."""
    return f"account.{user_id}"


async def send_all(layer: Any, groups: list[str], message: dict[str, Any]) -> None:
    """``group_send`` ``message`` to each group; a failing group is logged and the others still get it."""
    for group in groups:
        try:
            await asyncio.wait_for(layer.group_send(group, message), BROADCAST_TIMEOUT)
        except Exception:
            logger.warning("live update for game %s to %s failed", message.get("game_id"), group, exc_info=True)


class Sender:
    """This process's event loop for a shared channel layer: sends queued in order, one at a time."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.loop = asyncio.new_event_loop()
        self.last: Optional[Future[None]] = None
        self.lock = threading.Lock()
        threading.Thread(target=self.loop.run_forever, name="channel-layer-sender", daemon=True).start()

    def submit(self, layer: Any, groups: list[str], message: dict[str, Any]) -> None:
        with self.lock:
            before = self.last
            self.last = asyncio.run_coroutine_threadsafe(self._after(before, layer, groups, message), self.loop)

    @staticmethod
    async def _after(before: Optional[Future[None]], layer: Any, groups: list[str], message: dict[str, Any]) -> None:
        if before is not None:  # in the order sent
            await asyncio.wrap_future(before)
        await send_all(layer, groups, message)

    def wait(self, timeout: float) -> None:
        with self.lock:
            last = self.last
        if last is not None:
            try:
                last.result(timeout)
            except Exception:
                logger.warning("live updates still pending after %s s", timeout)


_sender: Optional[Sender] = None
_sender_lock = threading.Lock()


def sender() -> Sender:
    """This process's sender (a forked worker starts its own)."""
    global _sender
    with _sender_lock:
        if _sender is None or _sender.pid != os.getpid():
            _sender = Sender()
        return _sender


def wait_for_broadcasts(timeout: float = BROADCAST_TIMEOUT + 1) -> None:
    """Block until the live updates sent so far have gone out (or failed); for tests and shutdown."""
    if _sender is not None and _sender.pid == os.getpid():
        _sender.wait(timeout)


def send(groups: list[str], message: dict[str, Any]) -> None:
    """Send ``message`` to ``groups`` through the channel layer; never raises."""
    layer = get_channel_layer()
    if layer is None:
        return
    if isinstance(layer, InMemoryChannelLayer):  # its queues belong to the serving loop: send there
        _run_in_memory(layer, groups, message)
    else:
        sender().submit(layer, groups, message)


def _run_in_memory(layer: Any, groups: list[str], message: dict[str, Any]) -> None:
    """``async_to_sync``, also from a thread whose event loop is running (async_to_sync refuses that): there
    the sends run in a short-lived thread of their own (Playwright's sync API keeps a loop in its thread)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        async_to_sync(send_all)(layer, groups, message)
        return
    worker = threading.Thread(target=async_to_sync(send_all), args=(layer, groups, message), name="game-broadcast",
                              daemon=True)
    worker.start()
    worker.join(BROADCAST_TIMEOUT + 1)


def _news_from_db(game_id: int) -> tuple[list[int], Optional[int], Optional[str], str]:
    """Seated user ids, the user to move, the deadline and the status of a game, read from the database."""
    from games.play.payloads import iso_time  # the one datetime format of payloads and messages

    game = Game.objects.filter(pk=game_id).values("status", "current_seat", "deadline").first()
    if game is None:
        return [], None, None, ""
    seats = list(Seat.objects.filter(game_id=game_id).values_list("user_id", "number", "status"))
    to_move = next((uid for uid, number, status in seats if number == game["current_seat"]
                    and status == Seat.Status.PLAYING and game["status"] == Game.Status.ACTIVE), None)
    return sorted(uid for uid, _, _ in seats), to_move, iso_time(game["deadline"]), game["status"]


def game_broadcast(*, game_id: int, version: int, publication: Any = None) -> None:
    """Push ``game.updated`` to the game's group and to each seated user's group; never raises.

    ``publication`` (games.play.payloads.Publication) is the committed version just published; without it the
    ids come from the database (and the sockets, finding no cached view, rebuild theirs).
    """
    try:
        if publication is not None:
            version = publication.version
            seated, to_move = sorted(publication.seated), publication.to_move
            deadline, status = publication.deadline, publication.status
        else:
            seated, to_move, deadline, status = _news_from_db(game_id)
        groups = [game_group(game_id)] + [user_group(uid) for uid in seated]
        send(groups, {"type": "game.updated", "game_id": game_id, "version": version, "seated": seated,
                      "to_move": to_move, "deadline": deadline, "status": status})
    except Exception:  # the change is committed already; a client that missed it resyncs on reconnect
        logger.exception("live update for game %s version %s failed", game_id, version)


def account_closed(user_id: int) -> None:
    """Close every socket of a user whose account was just suspended (consumers also re-check on their own)."""
    try:
        send([account_group(user_id)], {"type": "account.closed", "game_id": None, "user_id": user_id})
    except Exception:
        logger.exception("closing the sockets of user %s failed", user_id)


def account_check(user_id: int) -> None:
    """Ask every socket of a user to check its own session now (a new password or a log-out voids some)."""
    try:
        send([account_group(user_id)], {"type": "account.recheck", "game_id": None, "user_id": user_id})
    except Exception:
        logger.exception("asking the sockets of user %s to check their sessions failed", user_id)


@receiver(account_sessions_changed, dispatch_uid="games.broadcast.sessions")
def check_sessions_of(sender: Any, user_id: int, **_: Any) -> None:
    """After a password change commits or a session ends (log-out): the sockets of the voided sessions close."""
    account_check(user_id)


@receiver(account_suspended, dispatch_uid="games.broadcast.account")
def close_suspended_account(sender: Any, user_id: int, **_: Any) -> None:
    """After a suspension commits: close that user's sockets at once."""
    account_closed(user_id)


@receiver(game_updated, dispatch_uid="games.broadcast")
def broadcast_game_updated(sender: Any, game_id: int, version: int, kind: str, publication: Any = None,
                           **_: Any) -> None:
    """After commit: push ``game.updated`` (ids and the version) to ``game.<id>`` and the seated users' ``user.<id>``."""
    game_broadcast(game_id=game_id, version=version, publication=publication)
    if kind in OPEN_LIST_CHANGES:
        try:
            if Game.objects.filter(pk=game_id, private=False).exists():
                send([OPEN_GAMES_GROUP], {"type": "open.games", "game_id": game_id})
        except Exception:
            logger.exception("telling the lobbies of game %s failed", game_id)
