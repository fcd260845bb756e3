"""Where the time of one turn goes: engine, database, serialisation, channel layer.

    python -m bench.profile_turn [--turns 200] [--game carcassonne]

Plays two-player games through ``services.move_submit`` against the configured database and
prints, per turn, the median and 95th percentile milliseconds of each phase, as one JSON object.
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
    result = timer.report()
    result["queries_per_move_submit"] = statistics.median(queries) if queries else None
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
