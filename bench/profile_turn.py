"""Where the time of one turn goes: engine, database, serialisation, channel layer.

    python -m bench.profile_turn [--turns 200] [--game carcassonne]

Plays two-player games through ``services.move_submit`` against the configured database and
prints, per turn, the median and 95th percentile milliseconds of each phase, as one JSON object;
then as many turns again as whole API requests through the WSGI application (as gunicorn calls it), for their
processor time.
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
    site's WSGI application, called as a WSGI server calls it (PEP 3333): what a request's thread does in a web
    process (middleware, DRF, authentication, ``move_submit``, publishing); not the server's HTTP parsing."""
    import io

    from arkproject.wsgi import application
    from bench.load import random_turn
    from games.models import Game, Seat
    from games.play.payloads import game_payload

    done = 0
    for info in games:
        tokens = {p["seat"]: p["token"] for p in info["players"]}
        game = Game.objects.get(pk=info["id"])
        while game.status == Game.Status.ACTIVE and done < turns:
            seats = list(Seat.objects.filter(game_id=game.pk).select_related("user").order_by("number"))
            mover = next(s for s in seats if s.number == game.current_seat)
            view = game_payload(game, seats, mover.user_id)["view"]
            body = json.dumps({"version": game.version, "turn": random_turn(view, rng)}).encode()
            environ = {"REQUEST_METHOD": "POST", "PATH_INFO": f"/api/games/{game.pk}/turns/", "QUERY_STRING": "",
                       "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8100", "SERVER_PROTOCOL": "HTTP/1.1",
                       "REMOTE_ADDR": "127.0.0.1", "HTTP_HOST": "127.0.0.1", "CONTENT_TYPE": "application/json",
                       "CONTENT_LENGTH": str(len(body)), "HTTP_AUTHORIZATION": f"Token {tokens[mover.number]}",
                       "wsgi.input": io.BytesIO(body), "wsgi.url_scheme": "http", "wsgi.errors": io.StringIO(),
                       "wsgi.version": (1, 0), "wsgi.multithread": True, "wsgi.multiprocess": True,
                       "wsgi.run_once": False}
            status: list[str] = []
            cpu = time.thread_time()
            chunks = application(environ, lambda code, headers, exc_info=None, status=status: status.append(code))
            b"".join(chunks)
            chunks.close()
            timer.samples.setdefault("turn request, processor time (the WSGI application)", []).append(
                1000 * (time.thread_time() - cpu))
            if not status[0].startswith("200"):
                raise SystemExit(f"the turn request was answered {status[0]}")
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

    from games.api.serializers import GameSerializer
    from games.live import broadcast
    from games.live.consumers import game_message
    from games.models import Game, Seat
    from games.play import payloads, selectors, services
    from games.rules import engine
    from games.rules.play import take_chance

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
            seat = Seat.objects.select_related("user").get(game=game, number=game.current_seat or 0)
            with timer.phase("engine: load state"):
                progress = payloads.progress_of(game)
                assert progress is not None
                state = progress.state
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
            with timer.phase("engine: the turn's actions and the next draw (alone)"):
                after = state
                for action in eng.turn_actions(state, turn):
                    after = eng.apply(after, action)
                take_chance(eng, after)
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
