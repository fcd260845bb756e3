"""A game as one user sees it: what ``GET /api/games/<id>/`` answers and the socket's ``game`` message carries.

Built with plain dicts rather than through DRF's field machinery (bench/profile_turn.py: the serialiser took
4-11 ms a game, the engine's view under 1 ms). ``GameSerializer`` declares the same fields for the schema and
hands its work to :func:`game_payload`; a test holds the two to the same output.

After every committed change the services publish the game once per audience (:func:`publish`): one payload
per seated user (their own view) and one for everyone else (a spectator's view). The texts go to the shared
cache under (game, version, audience), where each socket's consumer finds its user's view without touching the
database, and the API answers the user who made the change with the same text. Group messages still carry
only ids and the version (STYLE.md section 3): the views themselves never travel through a group.
"""
from __future__ import annotations

import logging
import os
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Iterable, Optional, cast

import orjson
from django.conf import settings
from django.core.cache import cache
from rest_framework.fields import DateTimeField

from games.i18n import json_default
from games.models import Game, Seat
from games.play.turns import Progress
from games.ratings.selectors import attach_seat_ratings
from games.rules import engine

logger = logging.getLogger(__name__)

#: DRF's own formatting of datetimes, so that every payload reads as the REST API always has.
_DATETIME = DateTimeField()

#: The audience key of everyone without a seat in the game (spectators, anonymous visitors, staff).
SPECTATORS = "*"


def iso_time(value: Any) -> Optional[str]:
    """A datetime as every payload and group message writes it (DRF's format), or None."""
    return None if value is None else _DATETIME.to_representation(value)


def seat_entry(seat: Seat) -> dict[str, Any]:
    user = seat.user
    return {"seat": seat.number, "user": {"id": user.pk, "username": user.username,
                                          "display_name": user.display_name, "kind": user.kind},
            "score": seat.score, "status": seat.status, "result": seat.result,
            "rating": getattr(seat, "rating_entry", None)}  # games.ratings.selectors.attach_seat_ratings


def playing_seat(seats: Iterable[Seat], user_id: Optional[int]) -> Optional[Seat]:
    """The seat ``user_id`` still plays in, if any."""
    if user_id is None:
        return None
    return next((s for s in seats if s.user_id == user_id and s.status == Seat.Status.PLAYING), None)


def progress_of(game: Game) -> Optional[Progress]:
    """The engine's side of a game as stored (None before it starts)."""
    if not game.state:
        return None
    eng = engine(game.game)
    return Progress.load(eng, eng.state_from_dict(game.state), game.turn)


def audience_views(progress: Progress, seats: Iterable[Optional[int]]) -> dict[Optional[int], Any]:
    """The engine's view for each of ``seats`` (None: spectators): the player taking a turn sees their steps so
    far; everyone else sees the game as it was before them, until the turn ends."""
    eng = progress.eng
    wanted = list(seats)
    mover = progress.seat if progress.first is not None else None
    others = [s for s in wanted if s != mover]
    out = eng.views(progress.public_state, others) if others else {}
    if mover in wanted:
        out[mover] = eng.view(progress.state, mover)
    return out


class _ActionWords:
    """The engines' words of each action, said once per process: the mover's payload lists every legal step in
    words (``action_words``: a Carcassonne tile's hundred or more places), and the same actions come back turn
    after turn. An engine's ``describe_action`` reads only the action (the contract: no state), so its words
    for the same action are always the same; a ``Words`` is never changed once made, so one serves every
    payload."""

    LIMIT = 50_000  # actions remembered, all games together; past it they are forgotten and said again

    def __init__(self) -> None:
        self.said: dict[tuple[str, bytes], Any] = {}

    def __call__(self, eng: Any, action: dict[str, Any]) -> Any:
        key = (eng.name, orjson.dumps(action, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS))
        words = self.said.get(key)
        if words is None:
            if len(self.said) >= self.LIMIT:
                self.said.clear()
            words = self.said[key] = eng.describe_action(action)
        return words


action_words = _ActionWords()


def turn_entry(progress: Optional[Progress], seat: Optional[int], current_seat: Optional[int]) -> Optional[dict[str, Any]]:
    """For the seat to move: its steps of the turn in progress, in words, how many it can take back, and the
    steps it may take now (``action_words``: each in the engine's words, for a page that lists them)."""
    if progress is None or seat is None or seat != current_seat:
        return None
    eng = progress.eng
    mine = progress.steps[progress.first:] if progress.first is not None and progress.seat == seat else []
    actions = eng.legal_actions(progress.state) if eng.current_player(progress.state) == seat else []
    legal = [action.to_dict() for action in actions]
    return {"steps": [{"action": step, "words": eng.describe_action(step)} for step in mine],
            "undo": progress.undoable if progress.seat == seat else 0,
            "actions": legal, "action_words": [action_words(eng, action) for action in legal]}


def game_times(game: Game) -> dict[str, Any]:
    """The game's times as payloads write them (the same for every audience of a version)."""
    time_left = None
    if game.status == Game.Status.ACTIVE and game.deadline is None and game.time_left is not None:
        time_left = int(game.time_left.total_seconds())  # the clock is stopped: the mover is on vacation
    return {"deadline": iso_time(game.deadline), "time_left": time_left, "created_at": iso_time(game.created_at),
            "started_at": iso_time(game.started_at), "finished_at": iso_time(game.finished_at),
            "last_move_at": iso_time(game.last_move_at)}


def game_payload(game: Game, seats: list[Seat], user_id: Optional[int], *, with_view: bool = True,
                 view: Any = None, progress: Optional[Progress] = None,
                 shared: Optional[tuple[dict[str, Any], list[dict[str, Any]]]] = None) -> dict[str, Any]:
    """The game as ``user_id`` (None: anonymous) sees it. ``seats`` have their users loaded.

    ``view`` may be given when already computed for this audience; ``progress`` is the engine's side of the
    game (read from ``game`` when needed and not given); ``shared``: what every audience of this version sees
    alike (:func:`game_times` and the seats' entries), when made once for several.
    """
    seat = playing_seat(seats, user_id)
    number = seat.number if seat else None
    if with_view and (view is None or number == game.current_seat) and progress is None:
        progress = progress_of(game)
    if not with_view:
        view = None
    elif view is None and progress is not None:
        view = audience_views(progress, [number])[number]
    if shared is None:
        attach_seat_ratings(game, seats)  # one query, once for every audience of a publication
        shared = game_times(game), [seat_entry(s) for s in seats]
    times, seat_entries = shared
    invite_url = None
    if game.status == Game.Status.OPEN and seat is not None:
        invite_url = f"{settings.SITE_URL}/games/join/{game.invite_code}/"
    return {
        "id": game.pk, "game": game.game, "status": game.status, "version": game.version,
        "players": game.players, "move_hours": game.move_hours, "private": game.private, "rated": game.rated,
        "options": game.options or {},
        "seats": seat_entries, "current_seat": game.current_seat,
        "your_seat": number, "deadline": times["deadline"], "time_left": times["time_left"],
        "created_at": times["created_at"], "started_at": times["started_at"],
        "finished_at": times["finished_at"], "last_move_at": times["last_move_at"],
        "invite_url": invite_url,
        "turn": turn_entry(progress, number, game.current_seat) if with_view and game.status == Game.Status.ACTIVE
        else None,
        "view": view,
    }


def to_json(payload: Any) -> str:
    """Compact JSON as DRF's renderer writes it (UTF-8, no spaces, JavaScript's line separators escaped).

    Encoded by orjson: three payloads per turn, and the standard library took several times as long. The
    engines' words (``Words``) go in as marker objects that keep their templates: ``games.i18n.localize_text``
    says them in the reader's language at the exit, so the text is the same for every language.
    """
    return _dumps(payload, orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS)


def english_json(payload: Any) -> str:
    """The payload's JSON with its engines' words in English, as ``localize_text(to_json(payload))`` says them
    to an English reader (a ``Words`` is its English text: orjson writes it as the string it is), written once
    at commit so that no English reader's answer or push has the words said one by one again."""
    return _dumps(payload, orjson.OPT_NON_STR_KEYS)


def _dumps(payload: Any, option: int) -> str:
    """orjson's text of ``payload`` with JavaScript's line separators escaped, as DRF's renderer writes them."""
    text = orjson.dumps(payload, default=json_default, option=option).decode()
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def socket_text(version: int, payload_text: str) -> str:
    """The socket's ``game`` message around a payload already in JSON (not decoded and encoded again)."""
    return f'{{"type":"game","version":{int(version)},"game":{payload_text}}}'


@dataclass
class Publication:
    """One committed version of a game, as each audience sees it (JSON texts)."""

    game_id: int
    version: int
    seated: list[int]  # users with a seat (any status): each has a payload of their own
    to_move: Optional[int]  # the user whose turn it is, if any
    deadline: Optional[str]
    texts: dict[str, str] = field(default_factory=dict)  # str(user id) or SPECTATORS -> payload JSON
    english: dict[str, str] = field(default_factory=dict)  # the same audiences -> the payload said in English
    computers: list[int] = field(default_factory=list)  # the seated users who are the site's computer players
    status: str = ""  # the game's status (Game.Status)

    def text_for(self, user_id: Optional[int]) -> str:
        if user_id is not None and user_id in self.seated:
            return self.texts[str(user_id)]
        return self.texts[SPECTATORS]


def audience(user_id: Optional[int], seated: Iterable[int]) -> str:
    """The cache audience of a user: their own if they have a seat, else the spectators'."""
    return str(user_id) if user_id is not None and user_id in seated else SPECTATORS


#: The suffix of an audience's key for its view said in English (:func:`english_json`).
ENGLISH = ":en"


def cache_key(game_id: int, version: int, who: str, english: bool = False) -> str:
    """The shared-cache key of one audience's view of one version (under the cache's own prefix): the
    language-free text, or with ``english`` the text said in English."""
    return cache.make_key(f"games:view:{game_id}:{version}:{who}{ENGLISH if english else ''}")


class _ViewStore:
    """The views of each committed version, kept for the sockets: in Redis when ``REDIS_URL`` is set (every
    process reads what any process wrote), else in the Django cache of this one process.

    Plain Redis strings rather than Django's cache API: a socket's consumer reads them on its event loop
    with redis-py's asyncio client, with no hop to a thread per push.
    """

    #: Views this process published lately, kept here too: a socket served by the process that committed
    #: the change needs no round trip (a version's view never changes, so a copy is never stale).
    LOCAL_ENTRIES = 8192  # two texts an audience: the language-free one and the English one

    def __init__(self) -> None:
        self.pid = 0
        self.sync_client: Any = None
        # per event loop (asyncio connections belong to their loop), forgotten with the loop
        self.async_clients: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()
        self.local: OrderedDict[str, str] = OrderedDict()
        self.lock = threading.Lock()
        self.ready_lock = threading.Lock()

    def _remember(self, texts: dict[str, str]) -> None:
        with self.lock:
            self.local.update(texts)
            while len(self.local) > self.LOCAL_ENTRIES:
                self.local.popitem(last=False)

    def _redis_ready_in_this_process(self) -> None:
        """A forked worker starts with clients and copies of its own."""
        if self.pid != os.getpid():
            import redis
            from redis.driver_info import DriverInfo

            with self.ready_lock:
                if self.pid == os.getpid():  # another thread of this process made them meanwhile
                    return
                self.sync_client = None
                if settings.REDIS_URL:
                    driver = DriverInfo(name="redis-py", lib_version=redis.__version__)
                    self.sync_client = redis.Redis.from_url(settings.REDIS_URL, driver_info=driver)
                self.async_clients = weakref.WeakKeyDictionary()
                self.local = OrderedDict()
                # last: a thread that sees this process's pid finds the clients made (a request's thread read
                # the client before it was, "'NoneType' object has no attribute 'pipeline'", under bench.load)
                self.pid = os.getpid()

    def _redis(self) -> Any:
        self._redis_ready_in_this_process()
        return self.sync_client

    def put_many(self, texts: dict[str, str], timeout: int) -> None:
        self._redis_ready_in_this_process()
        self._remember(texts)
        if not settings.REDIS_URL:
            cache.set_many(texts, timeout=timeout)
            return
        with self._redis().pipeline(transaction=False) as pipe:
            for key, text in texts.items():
                pipe.set(key, text.encode(), ex=timeout)
            pipe.execute()

    def get(self, key: str) -> Optional[str]:
        if not settings.REDIS_URL:
            return cast(Optional[str], cache.get(key))
        data = cast(Optional[bytes], self._redis().get(key))
        return data.decode() if data is not None else None

    async def aget(self, key: str) -> Optional[str]:
        self._redis_ready_in_this_process()
        text = self.local.get(key)
        if text is not None:
            return text
        if not settings.REDIS_URL:
            return cast(Optional[str], cache.get(key))  # this process's memory: no waiting
        import asyncio

        import redis.asyncio
        from redis.driver_info import DriverInfo

        self._redis()
        loop = asyncio.get_running_loop()
        client = self.async_clients.get(loop)
        if client is None:
            # A push reads one view per watching socket, all at once: redis-py's default pool refuses past 100
            # connections ("Too many connections", then every refused socket read its view from the database:
            # bench/load.py with 220 sockets). The blocking pool makes the reads past its size wait their turn.
            pool = redis.asyncio.BlockingConnectionPool.from_url(
                settings.REDIS_URL, max_connections=settings.VIEW_CACHE_CONNECTIONS, timeout=10,
                driver_info=DriverInfo(name="redis-py", lib_version=redis.__version__))
            client = self.async_clients[loop] = redis.asyncio.Redis.from_pool(pool)
        data = cast(Optional[bytes], await client.get(key))
        return data.decode() if data is not None else None


views = _ViewStore()


def build(game: Game, seats: Optional[list[Seat]] = None, progress: Optional[Progress] = None) -> Publication:
    """Every audience's payload of ``game`` as it is now.

    ``seats`` (with their users) and ``progress`` (the engine's side of ``game``) are read when not given.
    """
    if seats is None:
        seats = list(Seat.objects.filter(game_id=game.pk).select_related("user").order_by("number"))
    if progress is None:
        progress = progress_of(game)
    playing = [s.number for s in seats if s.status == Seat.Status.PLAYING]
    by_seat = audience_views(progress, [None, *playing]) if progress is not None else {}
    spectator_view = by_seat.get(None)
    attach_seat_ratings(game, seats)  # one query (none after a change: read with its seats), for every audience
    shared = game_times(game), [seat_entry(s) for s in seats]
    texts, english = {}, {}
    for who, user_id, view in [(SPECTATORS, None, spectator_view)] + [
            # a seat out of play sees what spectators see
            (str(seat.user_id), seat.user_id,
             by_seat.get(seat.number) if seat.status == Seat.Status.PLAYING else spectator_view) for seat in seats]:
        payload = game_payload(game, seats, user_id, view=view, progress=progress, shared=shared)
        texts[who], english[who] = to_json(payload), english_json(payload)
    mover = next((s.user_id for s in seats if s.number == game.current_seat and s.status == Seat.Status.PLAYING
                  and game.status == Game.Status.ACTIVE), None)
    return Publication(game_id=game.pk, version=game.version, seated=[s.user_id for s in seats],
                       to_move=mover, deadline=iso_time(game.deadline), texts=texts, english=english,
                       computers=[s.user_id for s in seats if s.user.computer_level], status=game.status)


def publish(game: Game, seats: Optional[list[Seat]] = None, progress: Optional[Progress] = None) -> Publication:
    """Build every audience's payload of the committed ``game`` and keep them in the shared cache."""
    publication = build(game, seats, progress)
    try:
        entries = {cache_key(game.pk, game.version, who): text for who, text in publication.texts.items()}
        entries.update({cache_key(game.pk, game.version, who, english=True): text
                        for who, text in publication.english.items()})
        views.put_many(entries, settings.GAME_VIEW_CACHE_SECONDS)
    except Exception:  # the cache (Redis) is down: consumers rebuild views from the database instead
        logger.warning("could not cache the views of game %s version %s", game.pk, game.version, exc_info=True)
    return publication


def published_text(game_id: int, version: int, user_id: Optional[int], english: bool = False) -> Optional[str]:
    """The payload JSON of ``version`` for this user as this process published it at commit, or None (another
    process published it, or none did): the answer to the user who made the change, with no work again.
    ``english``: said in English already, else language-free (``localize_text`` says it)."""
    with views.lock:
        mine = (views.local.get(cache_key(game_id, version, str(user_id), english))
                if user_id is not None else None)
        return mine if mine is not None else views.local.get(cache_key(game_id, version, SPECTATORS, english))


async def cached_text(game_id: int, version: int, user_id: Optional[int], seated: Iterable[int],
                      english: bool = False) -> Optional[str]:
    """The payload JSON of ``version`` for this user from the shared cache, or None (expired, cache down);
    ``english``: said in English already, else language-free."""
    try:
        return await views.aget(cache_key(game_id, version, audience(user_id, seated), english))
    except Exception:
        logger.warning("could not read the cached view of game %s version %s", game_id, version, exc_info=True)
        return None
