"""Where the time of one turn goes: engine, database, serialisation, channel layer.

    python -m bench.profile_turn [--turns 200] [--game carcassonne]

Plays two-player games through ``services.move_submit`` against the configured database and
prints, per turn, the median and 95th percentile milliseconds of each phase, as one JSON object;
then as many turns again as whole API requests through the ASGI handler, for their processor time.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
from contextlib import contextmanager
from typing import Any, Iterator

from bench.load import make_players_and_games, setup_django


class Timer:
    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = {}

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.samples.setdefault(name, []).append(1000 * (time.perf_counter() - start))

    def report(self) -> dict[str, Any]:
        out = {}
        for name, values in self.samples.items():
            values = sorted(values)
            out[name] = {"p50": round(statistics.median(values), 2),
                         "p95": round(values[int(0.95 * (len(values) - 1))], 2), "n": len(values)}
        return out


def request_cpu(timer: Timer, games: list[dict[str, Any]], turns: int, rng: random.Random) -> None:
    """Processor time of whole turn requests (``POST /api/games/<id>/turns/``, token authentication) through the
    site's ASGI handler, its synchronous part: what a request's thread does in a web process (middleware, DRF,
    authentication, ``move_submit``, publishing). The event loop's part (HTTP parsing, sending) is not in it."""
    import tempfile

    from arkproject.asgi import django_asgi_app
    from bench.load import random_turn
    from games.models import Game, Seat
    from games.payloads import game_payload

    done = 0
    for info in games:
        tokens = {p["seat"]: p["token"] for p in info["players"]}
        game = Game.objects.get(pk=info["id"])
        while game.status == Game.Status.ACTIVE and done < turns:
            seats = list(Seat.objects.filter(game_id=game.pk).select_related("user").order_by("number"))
            mover = next(s for s in seats if s.number == game.current_seat)
            view = game_payload(game, seats, mover.user_id)["view"]
            body = json.dumps({"version": game.version, "turn": random_turn(view, rng)}).encode()
            path = f"/api/games/{game.pk}/turns/"
            scope = {"type": "http", "http_version": "1.1", "method": "POST", "path": path,
                     "raw_path": path.encode(), "query_string": b"", "root_path": "", "scheme": "http",
                     "server": ("127.0.0.1", 8100), "client": ("127.0.0.1", 50000),
                     "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
                                 (b"authorization", f"Token {tokens[mover.number]}".encode()),
                                 (b"content-length", str(len(body)).encode())]}
            body_file = tempfile.SpooledTemporaryFile()
            body_file.write(body)
            body_file.seek(0)
            cpu = time.thread_time()
            answer = django_asgi_app.respond(scope, body_file)
            timer.samples.setdefault("turn request, processor time (handler's synchronous part)", []).append(
                1000 * (time.thread_time() - cpu))
            if answer.status_code != 200:
                raise SystemExit(f"the turn request was answered {answer.status_code}: {answer.content[:200]!r}")
            game.refresh_from_db()
            done += 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--game", default="carcassonne")
    args = parser.parse_args()
    setup_django()
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games import broadcast, payloads, selectors, services
    from games.consumers import game_message
    from games.models import Game, Seat
    from games.rules import engine
    from games.serializers import GameSerializer

    timer = Timer()
    loop = asyncio.new_event_loop()  # one loop, as a web process has: its Redis connections are kept
    rng = random.Random(1)
    eng = engine(args.game)
    queries: list[int] = []
    games = make_players_and_games(max(1, args.turns // 60 + 1), args.game)
    done = 0
    for info in games:
        game = Game.objects.get(pk=info["id"])
        while game.status == Game.Status.ACTIVE and done < args.turns:
            seat = Seat.objects.select_related("user").get(game=game, number=game.current_seat)
            with timer.phase("engine: load state"):
                state = eng.state_from_dict(game.state)
            with timer.phase("engine: view for the mover"):
                view = eng.view(state, seat.number)
            spot = rng.choice(view["legal"])
            turn = {"tile": view["tile"], "x": spot["x"], "y": spot["y"], "rotation": spot["rotation"],
                    "action": {"type": "pass"}}
            cpu = time.thread_time()
            with CaptureQueriesContext(connection) as captured, timer.phase(
                    "move_submit, wall (transaction, commit, publish, broadcast)"):
                services.move_submit(game_id=game.pk, user=seat.user, turn=turn, expected_version=game.version)
            timer.samples.setdefault("move_submit, processor time", []).append(1000 * (time.thread_time() - cpu))
            queries.append(len(captured))
            with timer.phase("engine: apply_turn + deal (alone)"):
                eng.deal(eng.apply_turn(state, eng.parse_turn(turn)))
            with timer.phase("engine: state_to_dict"):
                eng.state_to_dict(state)
            fresh = Game.objects.get(pk=game.pk)
            with timer.phase("publish: every audience's payload, to Redis (seats and state read)"):
                publication = payloads.publish(fresh)
            with timer.phase("broadcast: the group messages, as the caller sees it"):
                broadcast.game_broadcast(game_id=game.pk, version=fresh.version, publication=publication)
            again = selectors.game_get(game_id=game.pk, user=seat.user)

            class Viewer:
                user = seat.user
            with timer.phase("one user's payload: games.payloads builder"):
                payloads.to_json(GameSerializer(again, context={"request": Viewer()}).data)
            with timer.phase("one user's payload: DRF's declared fields (before)"):
                json.dumps(GameSerializer(again, context={"request": Viewer()}).fields_representation(again),
                           default=str)
            with timer.phase("push: one socket's view from Redis"):
                payloads.views.local.clear()  # as a process that did not commit the turn
                loop.run_until_complete(payloads.cached_text(game.pk, fresh.version, seat.user_id,
                                                             publication.seated))
            with timer.phase("push: one socket's view read again (cache miss)"):
                game_message(game.pk, seat.user)
            game.refresh_from_db()
            done += 1
    request_cpu(timer, make_players_and_games(max(1, args.turns // 60 + 1), args.game), args.turns, rng)
    result = timer.report()
    result["queries_per_move_submit"] = statistics.median(queries) if queries else None
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
