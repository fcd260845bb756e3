"""Make a VAPID key pair for Web Push and print it as the settings' environment variables."""
from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games.push.vapid import generate


class Command(BaseCommand):
    help = ("Print a new VAPID key pair for Web Push as VAPID_PUBLIC_KEY=... and VAPID_PRIVATE_KEY=... lines "
            "(put them in the site's environment; a new pair makes every browser subscribe again).")

    def handle(self, *args: Any, **options: Any) -> None:
        public, private = generate()
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}")
