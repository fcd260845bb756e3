"""What saying the engines' words in the reader's language costs at the exits (games/i18n.py).

    python -m bench.localize_text [--steps 60] [--repeat 200]

For every registered game, a seeded random game is played ``--steps`` steps; the seat to move's payload part
(its view and its listed actions with their words) is written as the cache keeps it (``to_json``: Words as
markers), then said in English, German and French by ``localize_text`` (only the markers are read) and, for
comparison, by decoding, walking and encoding the whole payload. Both must give the same text. Prints one JSON
object: per game and language, the payload's size, its markers, and the milliseconds of each way (median).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arkproject.settings")
    import django

    django.setup()
    import orjson
    from django.utils import translation

    from games.i18n import MARKER, localize, localize_text
    from games.play.payloads import to_json
    from games.rules import engine, games
    from games.rules.play import Game

    def timed(fn, text: str) -> float:
        runs = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            fn(text)
            runs.append(time.perf_counter() - start)
        return round(statistics.median(runs) * 1000, 3)

    out = {}
    for name in games():
        eng = engine(name)
        game = Game(eng, 2, 5)
        rng = random.Random(5)
        while not game.over and game.steps < args.steps:
            game.play(rng.choice(eng.legal_actions(game.state)))
        seat = eng.current_player(game.state)
        legal = [a.to_dict() for a in eng.legal_actions(game.state)]
        payload = {"view": eng.view(game.state, seat), "turn": {
            "steps": [], "actions": legal, "action_words": [eng.describe_action(a) for a in legal]}}
        text = to_json(payload)
        for lang in ("en", "de", "fr"):
            with translation.override(lang):
                whole = to_json(localize(orjson.loads(text)))
                assert localize_text(text) == whole, (name, lang)
                out[f"{name}/{lang}"] = {
                    "kib": round(len(text) / 1024, 1), "markers": text.count(f'"{MARKER}"'),
                    "localize_text_ms": timed(localize_text, text),
                    "whole_payload_ms": timed(lambda t: to_json(localize(orjson.loads(t))), text)}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
