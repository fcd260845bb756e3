from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        # After-commit listeners of signals.game_updated: live pushes and notifications.
        from . import broadcast, notify  # noqa: F401
        # Without a broker the web server sweeps due deadlines and reminders itself (games/sweeper.py).
        from . import sweeper

        sweeper.start()
