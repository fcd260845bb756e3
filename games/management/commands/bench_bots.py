"""`manage.py bench_bots`: the computer players' strength and speed, one JSON line per game and pairing."""
import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand

from games.rules import games as registered
from games.rules.botbench import PAIRINGS, run_pairing
from games.rules.bots import Settings


class Command(BaseCommand):
    help = "Play two-player matches between the computer levels and print one JSON line per game and pairing."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--game", metavar="NAME", choices=registered(), help="one game only (default: all)")
        parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
        parser.add_argument("--pairing", choices=[f"{a}-{b}" for a, b in PAIRINGS],
                            help="one pairing only (default: easy-random, medium-easy, hard-medium)")
        parser.add_argument("--seconds", type=float, default=1.5,
                            help="the hard level's time for one decision (default 1.5, as on the site)")
        parser.add_argument("--seed", type=int, default=0, help="the first game's seed")

    def handle(self, *args: Any, **options: Any) -> None:
        games = [options["game"]] if options["game"] else registered()
        pairings = [tuple(options["pairing"].split("-"))] if options["pairing"] else list(PAIRINGS)
        settings = Settings(seconds=options["seconds"])
        for game in games:
            for first, second in pairings:
                result = run_pairing(game, first, second, options["games"], settings, options["seed"])
                self.stdout.write(json.dumps(result))
                self.stdout.flush()
