from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        # After-commit listeners of signals.game_updated: live pushes and notifications.
        from . import broadcast, notify  # noqa: F401
