"""`manage.py bench_review`: what a finished game's review costs (docs/review.md), one JSON line per game."""
import json
from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from games.review.analysis import Budget
from games.review.bench import bench
from games.rules import games as registered


class Command(BaseCommand):
    help = "Review a game of each kind played by the easy computer, and print the turns, budget and time taken."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--game", metavar="NAME", choices=registered(), help="one game only (default: all)")
        parser.add_argument("--playouts", type=int, default=settings.REVIEW_PLAYOUTS,
                            help=f"drawn states per line and turn (default {settings.REVIEW_PLAYOUTS})")
        parser.add_argument("--total", type=int, default=settings.REVIEW_TOTAL_PLAYOUTS,
                            help=f"playouts for the whole game (default {settings.REVIEW_TOTAL_PLAYOUTS})")
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args: Any, **options: Any) -> None:
        budget = Budget(playouts=options["playouts"], total=options["total"])
        for name in [options["game"]] if options["game"] else registered():
            self.stdout.write(json.dumps(bench(name, budget, options["seed"])))
