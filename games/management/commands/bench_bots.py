"""`manage.py bench_bots`: the computer players' strength and speed, one JSON line per game and pairing."""
import json
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.rules import engine
from games.rules import games as registered
from games.rules.botbench import PAIRINGS, StaleRecord, run_pairing
from games.rules.bots import DEFAULT, Settings


class Command(BaseCommand):
    help = "Play two-player matches between the computer levels and print one JSON line per game and pairing."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--game", metavar="NAME", choices=registered(), help="one game only (default: all)")
        parser.add_argument("--games", type=int, default=100, help="games per pairing (default 100)")
        parser.add_argument("--pairing", choices=[f"{a}-{b}" for a, b in PAIRINGS],
                            help="one pairing only (default: easy-random, medium-easy, hard-medium)")
        own = ", ".join(f"{game} {engine(game).hard_playouts}" for game in registered())
        parser.add_argument("--runs", type=int, default=DEFAULT.runs,
                            help=f"the hard level's search budget: playouts a turn's search runs "
                                 f"(default: the game's own, as on the site: {own})")
        horizons = ", ".join(f"{game} {engine(game).hard_horizon}" for game in registered())
        parser.add_argument("--horizon", type=int, default=DEFAULT.horizon,
                            help=f"the hard level's rounds of everyone's turns played on (default: the game's own: "
                                 f"{horizons})")
        parser.add_argument("--width", type=int, default=DEFAULT.width,
                            help=f"the hard level's actions tried at each step played on (default {DEFAULT.width})")
        shares = ", ".join(f"{game} {engine(game).hard_replan_share:g}" for game in registered())
        parser.add_argument("--replan", type=float, default=DEFAULT.replan,
                            help=f"the hard level's share of its budget for a search planned again in a turn under way, "
                                 f"after a draw (default: the game's own: {shares})")
        parser.add_argument("--seconds", type=float, default=DEFAULT.seconds,
                            help=f"the hard level's time ceiling for one search, a safety net that stops it short of its "
                                 f"budget on a machine far too slow (default {DEFAULT.seconds}; the JSON's cut "
                                 f"counts the searches it stopped)")
        parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
        parser.add_argument("--jobs", type=int, default=1,
                            help="processes playing games side by side (at most one a free core; default 1)")
        parser.add_argument("--progress", action="store_true", help="a line on standard error after each game")
        parser.add_argument("--record", metavar="FILE", type=Path,
                            help="append each game's result to FILE (JSON lines) as it ends, and count the games "
                                 "FILE already holds for the same pairing and settings instead of playing them "
                                 "again: a long sample can be stopped and taken up again (a held game is played "
                                 "once more first, to check the code still plays it the same)")

    def handle(self, *args: Any, **options: Any) -> None:
        games = [options["game"]] if options["game"] else registered()
        pairings = [tuple(options["pairing"].split("-"))] if options["pairing"] else list(PAIRINGS)
        settings = Settings(runs=options["runs"], seconds=options["seconds"], horizon=options["horizon"],
                            width=options["width"], replan=options["replan"])
        for game in games:
            for first, second in pairings:
                try:
                    result = run_pairing(game, first, second, options["games"], settings, options["seed"],
                                         jobs=options["jobs"],
                                         progress=self._progress if options["progress"] else None,
                                         record=options["record"])
                except StaleRecord as stale:
                    raise CommandError(str(stale)) from stale
                self.stdout.write(json.dumps(result))
                self.stdout.flush()

    def _progress(self, n: int, won: float, diff: int) -> None:
        self.stderr.write(f"game {n + 1}: {'won' if won == 1 else 'drew' if won else 'lost'} by {diff:+d}")
        self.stderr.flush()
