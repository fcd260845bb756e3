"""Load benchmark: simulated players play many games at once through the API and WebSockets.

    python -m bench.load [--games 100] [--seconds 30] [--serve 2] [--rate 100] [--url http://127.0.0.1:8100]
                         [--game NAME|mix] [--computers 20 --computer-workers 2]

Setup (users, tokens, sessions, started games) goes straight to the database through the services;
then every game is played by its two players concurrently: each player keeps a WebSocket open on its
game (``/ws/games/<id>/``, authenticated by a session cookie), and whoever is to move posts a random
legal turn from their view (``POST /api/games/<id>/turns/``, token auth). It prints one JSON object:
turns per second, turn latency (request to answer) and push latency (from the server's commit of the
turn, ``last_move_at``, to each watching socket receiving its view), as median, 95th and 99th
percentiles in milliseconds. With ``--serve N`` it starts ``uvicorn --workers N`` itself, with the
environment it was given (set DATABASE_URL and REDIS_URL so the workers share state, and DJANGO_ENV).

``--game mix`` deals the games among every registered game in turn. The tile games post whole turns
(``turns/``); the others (Tikal, Iwari) post one step at a time (``steps/``), a random one of the actions their
payload lists; ``turn_ms`` is then the latency of each such request. ``--computers N`` adds N games of a person
against the hard computer (the same games, dealt likewise), whose steps a Celery worker of the ``computer``
queue plays (``--serve`` starts it, ``--computer-workers`` processes); for those it prints the computer's whole
turns (from the commit that hands it the turn to the commit of its last step, both the server's times), the
gaps between its steps after the first, and the computer turns per minute of the worker's processor time.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from datetime import datetime
from typing import Any, Optional

import aiohttp
import orjson


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arkproject.settings")
    import django

    django.setup()


def dealt(game: str, count: int) -> list[str]:
    """``count`` game names: ``game`` each time, or with ``mix`` every registered game in turn."""
    from games.rules import games as registered

    names = sorted(registered()) if game == "mix" else [game]
    return [names[i % len(names)] for i in range(count)]


def make_players_and_games(games: int, game: str, computers: int = 0,
                           level: str = "hard") -> list[dict[str, Any]]:
    """``games`` started two-player games between people and ``computers`` of a person against the computer
    at ``level``; for each, its id, its game, each person's seat, token and session cookie, and the computer's
    seat (None between people)."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from rest_framework.authtoken.models import Token

    from accounts.names import name_key
    from games.models import Seat
    from games.play import services

    user_model = get_user_model()
    stamp = f"{int(time.time())}{random.randrange(1000)}"
    users = user_model.objects.bulk_create([  # bulk: no save(), so the name key is set here
        user_model(username=f"load{stamp}_{i}", name_key=name_key(f"load{stamp}_{i}"),
                   email=f"load{stamp}_{i}@example.org", password="!")
        for i in range(2 * games + computers)])
    users = list(user_model.objects.filter(username__startswith=f"load{stamp}_").order_by("pk"))
    Token.objects.bulk_create([Token(user=u, key=Token.generate_key()) for u in users])
    tokens = dict(Token.objects.filter(user__in=users).values_list("user_id", "key"))
    sessions = {}
    for user in users:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "accounts.backends.AccountBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.save()
        sessions[user.pk] = store.session_key
    out = []
    for i, name in enumerate(dealt(game, games)):
        a, b = users[2 * i], users[2 * i + 1]
        created = services.game_create(user=a, game=name, players=2, move_hours=24)
        services.game_join(game_id=created.pk, user=b)
        seats = {s.user_id: s.number for s in Seat.objects.filter(game_id=created.pk)}
        out.append({"id": created.pk, "game": name, "computer_seat": None, "players": [
            {"seat": seats[u.pk], "token": tokens[u.pk], "session": sessions[u.pk]} for u in (a, b)]})
    for i, name in enumerate(dealt(game, computers)):
        person = users[2 * games + i]
        created = services.game_create(user=person, game=name, players=2, move_hours=24, computers=[level])
        seats = {s.user_id: s.number for s in Seat.objects.filter(game_id=created.pk)}
        out.append({"id": created.pk, "game": name, "computer_seat": 1 - seats[person.pk], "players": [
            {"seat": seats[person.pk], "token": tokens[person.pk], "session": sessions[person.pk]}]})
    return out


class Pacer:
    """Spaces the turns of all players evenly at ``rate`` per second (an offered load); 0: no pacing.

    Unpaced, every player moves the moment its turn arrives: that measures the most turns per second, with
    latencies that are mostly queueing. Paced, latencies are those of a site serving that rate.
    """

    def __init__(self, rate: float) -> None:
        self.interval = 1.0 / rate if rate > 0 else 0.0
        self.next_slot = 0.0

    async def wait(self) -> None:
        if not self.interval:
            return
        now = time.perf_counter()
        slot = max(now, self.next_slot)
        self.next_slot = slot + self.interval
        if slot > now:
            await asyncio.sleep(slot - now)


class Stats:
    def __init__(self) -> None:
        self.turn_ms: list[float] = []
        self.push_ms: list[float] = []
        self.turn_at: list[float] = []  # when each measured turn was answered (perf_counter), for --timeline
        self.push_at: list[float] = []
        self.errors: dict[str, int] = {}
        self.turns = 0
        self.computer_turn_ms: list[float] = []  # the computer's whole turns, by the server's commit times
        self.computer_step_ms: list[float] = []  # the gaps between its steps after the first of a turn
        self.computer_turn_by_game: dict[str, list[float]] = {}  # computer_turn_ms by game

    def clear(self) -> None:
        for series in (self.turn_ms, self.push_ms, self.turn_at, self.push_at, self.computer_turn_ms,
                       self.computer_step_ms):
            series.clear()
        self.computer_turn_by_game.clear()

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def percentiles(values: list[float]) -> dict[str, Optional[float]]:
    if len(values) < 2:
        only = round(values[0], 1) if values else None
        return {"p50": only, "p95": only, "p99": only}
    q = statistics.quantiles(values, n=100, method="inclusive")
    return {"p50": round(statistics.median(values), 1), "p95": round(q[94], 1), "p99": round(q[98], 1)}


def move_request(game: dict[str, Any], rng: random.Random) -> Optional[tuple[str, dict[str, Any]]]:
    """What a player to move posts: a whole random turn where the view lists whole placements (the tile
    games: ``view.legal``), else one random step of those the payload lists (``turn.actions``); None if none."""
    view = game["view"]
    if isinstance(view.get("legal"), list) and "tile" in view:
        return ("turns", {"version": game["version"], "turn": random_turn(view, rng)}) if view["legal"] else None
    actions = (game.get("turn") or {}).get("actions") or []
    return ("steps", {"version": game["version"], "action": rng.choice(actions)}) if actions else None


class ComputerWatch:
    """The computer's turns in one game, from the versions a person's socket receives: the turn starts at the
    commit that made the computer's seat the one to move, and ends at the commit after which it no longer is."""

    def __init__(self, seat: int, stats: "Stats", game: str = "") -> None:
        self.seat, self.stats, self.game = seat, stats, game
        self.started: Optional[float] = None
        self.last: Optional[float] = None
        self.steps = 0

    def saw(self, game: dict[str, Any], moved: Optional[str]) -> None:
        at = datetime.fromisoformat(moved).timestamp() if moved else None
        computer_moves = game["status"] == "active" and game["current_seat"] == self.seat
        if computer_moves and self.started is None:
            self.started, self.last, self.steps = at, at, 0
        elif computer_moves and at is not None and self.last is not None:
            self.steps += 1
            if self.steps > 1:  # a step after the first of the turn
                self.stats.computer_step_ms.append(1000 * (at - self.last))
            self.last = at
        elif not computer_moves and self.started is not None:
            if at is not None:
                self.stats.computer_turn_ms.append(1000 * (at - self.started))
                self.stats.computer_turn_by_game.setdefault(self.game, []).append(1000 * (at - self.started))
            self.started = None


def random_turn(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    spot = rng.choice(view["legal"])
    actions: list[dict[str, Any]] = [{"type": "pass"}] + [{"type": "follower", "at": a} for a in spot["followers"]]
    turn = {"tile": view["tile"], "x": spot["x"], "y": spot["y"], "rotation": spot["rotation"],
            "action": rng.choice(actions)}
    if spot.get("ark_at"):
        turn["ark_at"] = rng.choice(spot["ark_at"])
    return turn


async def play_seat(http: aiohttp.ClientSession, base: str, ws_base: str, game_id: int, player: dict[str, Any],
                    stats: Stats, stop_at: float, rng: random.Random, ready: asyncio.Event,
                    pacer: Pacer, computer: Optional[ComputerWatch] = None) -> None:
    """One player: watch the game's socket; when it is our turn, post a random legal turn or step."""
    ws_url = ws_base.replace("http", "ws", 1) + f"/ws/games/{game_id}/"
    headers = {"Cookie": f"sessionid={player['session']}", "Origin": base}
    auth = {"Authorization": f"Token {player['token']}"}
    seen = -1
    async with http.ws_connect(ws_url, headers=headers, heartbeat=None, max_msg_size=0) as ws:
        ready.set()
        while time.perf_counter() < stop_at:
            try:
                message = await asyncio.wait_for(ws.receive(), timeout=max(0.1, stop_at - time.perf_counter()))
            except asyncio.TimeoutError:
                break
            if message.type != aiohttp.WSMsgType.TEXT:
                stats.error(f"socket {message.type.name.lower()}")
                break
            data = orjson.loads(message.data)  # a lean generator leaves the cores to the site
            if data.get("type") != "game" or data["version"] <= seen:
                continue
            received = time.time()
            seen = data["version"]
            game = data["game"]
            moved = game.get("last_move_at")
            if moved and seen > 2:  # versions 1-2 come from setup, not from a measured turn
                stats.push_ms.append(1000 * (received - datetime.fromisoformat(moved).timestamp()))
                stats.push_at.append(time.perf_counter())
            if computer is not None:
                computer.saw(game, moved)
            if game["status"] != "active" or game["current_seat"] != player["seat"]:
                continue
            move = move_request(game, rng)
            if move is None:
                continue
            what, body = move
            await pacer.wait()
            start = time.perf_counter()
            async with http.post(f"{base}/api/games/{game_id}/{what}/", json=body, headers=auth) as answer:
                await answer.read()
                if answer.status == 200:
                    stats.turn_ms.append(1000 * (time.perf_counter() - start))
                    stats.turn_at.append(time.perf_counter())
                    stats.turns += 1
                else:
                    stats.error(f"{what} answered {answer.status}")


def timeline(at: list[float], ms: list[float], start: float) -> list[list[float]]:
    """Per second of the run: [second, how many, p50, max] (where a tail came from: a stall or a queue)."""
    seconds: dict[int, list[float]] = {}
    for when, value in zip(at, ms):
        seconds.setdefault(int(when - start), []).append(value)
    return [[second, len(values), round(statistics.median(values), 1), round(max(values), 1)]
            for second, values in sorted(seconds.items())]


def steal_seconds() -> float:
    """Processor time the hypervisor gave other machines while this one wanted it (``/proc/stat``, all cores).

    On a shared virtual machine a run with steal measured the neighbours as much as the site.
    """
    with open("/proc/stat") as f:
        fields = f.readline().split()
    return int(fields[8]) / os.sysconf("SC_CLK_TCK") if len(fields) > 8 else 0.0


def cpu_seconds(web_groups: set[int], computer_groups: frozenset[int] = frozenset()) -> dict[str, float]:
    """CPU seconds used so far by the web server's processes, the computer players' worker, PostgreSQL, Redis
    and this load generator.

    Read from /proc (Linux): per turn, it says where the machine's two cores went.
    """
    tick = os.sysconf("SC_CLK_TCK")
    out = {"web": 0.0, "computer worker": 0.0, "postgres": 0.0, "redis": 0.0, "load generator": 0.0}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        used = (int(fields[11]) + int(fields[12])) / tick  # utime + stime
        if int(entry) == os.getpid():
            out["load generator"] += used
        elif int(fields[2]) in web_groups:  # the servers' process groups
            out["web"] += used
        elif int(fields[2]) in computer_groups:
            out["computer worker"] += used
        elif name.startswith("postgres"):
            out["postgres"] += used
        elif name.startswith("redis-server"):
            out["redis"] += used
    return out


async def run(base: str, ws_base: str, games: list[dict[str, Any]], seconds: float,
              web_groups: set[int], rate: float = 0.0, show_timeline: bool = False,
              warmup: float = 5.0, computer_groups: frozenset[int] = frozenset()) -> dict[str, Any]:
    stats = Stats()
    pacer = Pacer(rate)
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_connect=30)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
        readies = []
        tasks = []
        stop_at = time.perf_counter() + warmup + seconds + 60  # provisional until every socket is open
        deadline = [stop_at]
        for game in games:
            for i, player in enumerate(game["players"]):
                ready = asyncio.Event()
                readies.append(ready)
                rng = random.Random(game["id"] * 7 + i)
                watch = ComputerWatch(game["computer_seat"], stats, game["game"]) if game["computer_seat"] is not None else None
                tasks.append(asyncio.create_task(
                    play_seat(http, base, ws_base, game["id"], player, stats, deadline[0], rng, ready, pacer,
                              watch)))
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 120)
        await asyncio.sleep(warmup)  # processes warm (pools filled, code paths run) as a site's are
        start = time.perf_counter()
        cpu_before = cpu_seconds(web_groups, computer_groups)
        steal_before = steal_seconds()
        turns_before = stats.turns
        stats.clear()
        await asyncio.sleep(seconds)
        elapsed = time.perf_counter() - start
        turns = stats.turns - turns_before
        cpu_after = cpu_seconds(web_groups, computer_groups)
        stolen = steal_seconds() - steal_before
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    out: dict[str, Any] = {"offered_turns_per_s": rate or None,
            "turns": turns, "seconds": round(elapsed, 1), "turns_per_s": round(turns / elapsed, 1),
            "sockets": len(tasks), "games": len(games), "turn_ms": percentiles(stats.turn_ms),
            "push_ms": percentiles(stats.push_ms), "errors": stats.errors,
            # CPU milliseconds per turn, by process (what the two cores were spent on)
            "cpu_ms_per_turn": {name: round(1000 * (cpu_after[name] - cpu_before[name]) / max(turns, 1), 1)
                                for name in cpu_after},
            "cores_busy": round((sum(cpu_after.values()) - sum(cpu_before.values())) / elapsed, 2),
            "cores_stolen": round(stolen / elapsed, 2)}
    if any(game["computer_seat"] is not None for game in games):
        worker_minutes = (cpu_after["computer worker"] - cpu_before["computer worker"]) / 60
        done = len(stats.computer_turn_ms)
        out["computer"] = {"games": sum(1 for game in games if game["computer_seat"] is not None), "turns": done,
                           "turn_ms": percentiles(stats.computer_turn_ms),
                           "later_step_ms": percentiles(stats.computer_step_ms),
                           "turn_ms_by_game": {name: {"turns": len(times), **percentiles(times)}
                                               for name, times in sorted(stats.computer_turn_by_game.items())},
                           "turns_per_core_minute": round(done / worker_minutes, 1) if worker_minutes else None}
    if show_timeline:
        out["timeline"] = {"turns": timeline(stats.turn_at, stats.turn_ms, start),
                           "pushes": timeline(stats.push_at, stats.push_ms, start)}
    return out


def serve(workers: int, port: int, http: str = "uvicorn", threads: int = 8) -> subprocess.Popen[bytes]:
    """Start the web server on loopback and wait until it answers: ``uvicorn --workers N`` (HTTP and sockets,
    ASGI), or ``gunicorn`` with N workers of ``threads`` threads (HTTP through WSGI, as in production)."""
    if http == "gunicorn":
        command = [sys.executable, "-m", "gunicorn", "arkproject.wsgi:application", "--bind", f"127.0.0.1:{port}",
                   "--workers", str(workers), "--threads", str(threads), "--log-level", "warning"]
    else:
        command = [sys.executable, "-m", "uvicorn", "arkproject.asgi:application", "--host", "127.0.0.1",
                   "--port", str(port), "--workers", str(workers), "--log-level", "warning", "--no-access-log"]
    server = subprocess.Popen(command, start_new_session=True)
    for _ in range(120):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/schema/", timeout=2).read()
            return server
        except Exception:
            time.sleep(0.5)
    os.killpg(server.pid, signal.SIGTERM)
    raise SystemExit("the server did not start")


def computer_worker(processes: int, niceness: int = 0, idle: bool = False) -> subprocess.Popen[bytes]:
    """The computer players' Celery worker, as production runs it (README: its own queue and processes), at
    ``niceness``: on a machine it shares with the web processes its searches then take only the processor time
    people's requests leave. Linux schedules each session's processes as one group (autogroup, sched(7)), and a
    process's own nice weighs only inside its group, so the worker, in a session of its own, gets the niceness
    on its group too (``/proc/<pid>/autogroup``); ``nice`` alone did not slow it beside the web processes.
    ``idle``: under Linux's SCHED_IDLE policy too (sched(7)), as production's worker lowers itself
    (``COMPUTER_IDLE``, arkproject/celery.py): a web process's thread that wakes takes the core from it at once,
    instead of when the worker's time slice ends; without it the worker is started with ``COMPUTER_IDLE=0``."""
    worker = subprocess.Popen(["nice", "-n", str(niceness), sys.executable, "-m", "celery", "-A", "arkproject",
                               "worker", "-Q", "computer", "-n", f"bench-computer-{os.getpid()}@%h",
                               "--concurrency", str(processes), "--prefetch-multiplier", "1", "-l", "warning"],
                              start_new_session=True, env={**os.environ, "COMPUTER_IDLE": "1" if idle else "0"})
    if niceness:
        try:
            with open(f"/proc/{worker.pid}/autogroup", "w") as group:
                group.write(str(niceness))
        except OSError:  # not Linux, or no autogroups: the process's nice is all there is
            pass
    return worker


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games played at once (2 sockets each)")
    parser.add_argument("--seconds", type=float, default=30.0)
    from games.rules import games as registered

    parser.add_argument("--game", default="carcassonne", choices=[*sorted(registered()), "mix"],
                        help="the game of every table, or mix: every registered game in turn")
    parser.add_argument("--computers", type=int, default=0,
                        help="also this many games of a person against the computer (the same games)")
    parser.add_argument("--level", default="hard", help="the computer's level in those games")
    parser.add_argument("--computer-workers", type=int, default=2,
                        help="with --serve: the computer queue's worker processes")
    parser.add_argument("--computer-nice", type=int, default=0,
                        help="with --serve: run the computer worker at this niceness (nice -n)")
    parser.add_argument("--computer-idle", action="store_true",
                        help="with --serve: leave the computer worker under SCHED_IDLE, as production's lowers itself "
                             "(without it the worker gets COMPUTER_IDLE=0)")
    parser.add_argument("--url", default="http://127.0.0.1:8100")
    parser.add_argument("--serve", type=int, default=0, help="start the web server with this many worker processes")
    parser.add_argument("--http", choices=["gunicorn", "uvicorn"], default="gunicorn",
                        help="serve HTTP through WSGI with gunicorn (production's way, the sockets then on "
                             "uvicorn: --serve-sockets) or everything through ASGI with uvicorn")
    parser.add_argument("--threads", type=int, default=8, help="gunicorn's threads per worker")
    parser.add_argument("--serve-sockets", type=int, default=0,
                        help="start uvicorn, on the next port, with this many workers for the sockets only "
                             "(1 if gunicorn serves HTTP and this is left out)")
    parser.add_argument("--rate", type=float, default=0.0,
                        help="offer this many turns per second in all (players wait their slot); 0: all they can")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds played, once every socket is open, before measuring")
    parser.add_argument("--timeline", action="store_true",
                        help="also print, per second: turns or pushes, median and worst latency")
    args = parser.parse_args()
    setup_django()
    games = make_players_and_games(args.games, args.game, args.computers, args.level)
    from django.db import connection

    if connection.vendor == "postgresql":  # fresh statistics after the bulk setup, as autovacuum would have
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    base = args.url.rstrip("/")
    port = int(base.rsplit(":", 1)[1])
    servers = [serve(args.serve, port, args.http, args.threads)] if args.serve else []
    ws_base = base
    sockets = args.serve_sockets or (1 if args.serve and args.http == "gunicorn" else 0)
    if sockets:  # the sockets on processes of their own (a proxy routes /ws/ there)
        servers.append(serve(sockets, port + 1))
        ws_base = f"{base.rsplit(':', 1)[0]}:{port + 1}"
    workers = [computer_worker(args.computer_workers, args.computer_nice, args.computer_idle)] if args.serve and args.computers else []
    try:
        result = asyncio.run(run(base, ws_base, games, args.seconds, {os.getpgid(s.pid) for s in servers},
                                 args.rate, args.timeline, args.warmup,
                                 frozenset(os.getpgid(w.pid) for w in workers)))
    finally:
        for worker in workers:  # a warm shutdown: its pool finishes the steps it is making
            worker.terminate()
        for server in servers:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        for worker in workers:
            try:
                worker.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(worker.pid, signal.SIGKILL)
                worker.wait(timeout=10)
    result.update({"game": args.game, "computer_workers": len(workers) and args.computer_workers,
                   "computer_nice": args.computer_nice if workers else None,
                   "computer_idle": args.computer_idle if workers else None, "http": args.http if args.serve else None, "server_workers": args.serve or None,
                   "threads": args.threads if args.serve and args.http == "gunicorn" else None,
                   "socket_workers": sockets or None})
    print(json.dumps(result))


if __name__ == "__main__":
    main()
