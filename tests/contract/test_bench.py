"""``manage.py bench_rules`` (the README's ``make bench``) runs for every game of the registry and prints the same
figures for each: one JSON line a game, with every field of ``games.rules.bench.FIELDS``."""
from __future__ import annotations

import io
import json

from django.core.management import call_command

from games.rules import engine, games
from games.rules.bench import FIELDS


def test_bench_rules_prints_the_same_figures_for_every_game() -> None:
    out = io.StringIO()
    call_command("bench_rules", seconds=0.05, stdout=out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["game"] for line in lines] == games()
    for figures in lines:
        eng = engine(figures["game"])
        assert tuple(figures) == FIELDS, figures
        counts = [f"{n}p" for n in range(eng.min_players, eng.max_players + 1)]
        assert list(figures["games_per_s"]) == counts and list(figures["games_per_cpu_s"]) == counts
        assert all(rate > 0 for rate in figures["games_per_s"].values()), figures
        assert figures["slowest_games_per_s"] == min(figures["games_per_s"].values())
        assert figures["list_us_median"] > 0 and figures["steps_per_s"] > 0
