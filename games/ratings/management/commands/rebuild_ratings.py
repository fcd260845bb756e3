"""``manage.py rebuild_ratings``: every rating again from the finished rated games, in the order they finished."""
from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games.ratings.services import ratings_rebuild


class Command(BaseCommand):
    help = "Rebuild every rating from the finished rated games (the same numbers as the games gave)."

    def handle(self, *args: Any, **options: Any) -> None:
        count = ratings_rebuild()
        self.stdout.write(f"rated {count} finished game{'s' if count != 1 else ''} again")
