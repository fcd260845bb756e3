from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        # After-commit listeners of games.play.signals: live pushes and notifications.
        from games.computer import listen  # noqa: F401
        from games.live import broadcast  # noqa: F401

        # Without a broker the web server sweeps due deadlines and reminders itself (notifications/sweeper.py).
        from games.notifications import sweeper, tasks  # noqa: F401

        sweeper.start()
