"""Make a VAPID key pair for Web Push and print it as the settings' environment variables."""
from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.push import vapid


class Command(BaseCommand):
    help = ("Print a new VAPID key pair for Web Push as VAPID_PUBLIC_KEY=... and VAPID_PRIVATE_KEY=... lines "
            "(put them in the site's environment; a new pair makes every browser subscribe again).")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--check", action="store_true",
                            help="make no pair: say whether the keys in the settings work (exit status 1 if not)")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["check"]:
            problem = vapid.problem()
            if problem:
                raise CommandError(problem)
            self.stdout.write(f"Web Push is on (VAPID_SUBJECT {settings.VAPID_SUBJECT}).")
            return
        public, private = vapid.generate()
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}")
