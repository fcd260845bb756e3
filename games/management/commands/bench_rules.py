"""`manage.py bench_rules`: time the rules engines, one JSON line of figures per game."""
import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from games.rules import games as registered
from games.rules.bench import run_bench


class Command(BaseCommand):
    help = "Benchmark the rules engines and print one JSON line per game."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--seconds", type=float, default=5.0, help="time to spend per game (default 5.0)")
        parser.add_argument("--game", metavar="NAME", choices=registered(),
                            help=f"one game only (default: all of {', '.join(registered())})")

    def handle(self, *args: Any, **options: Any) -> None:
        games = [options["game"]] if options["game"] else registered()
        for game in games:
            self.stdout.write(json.dumps(run_bench(game, options["seconds"])))
            self.stdout.flush()
