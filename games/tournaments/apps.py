from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.tournaments"
    label = "tournaments"
    verbose_name = "tournaments"

    def ready(self) -> None:
        from games.tournaments import listen  # noqa: F401 (after-commit listener: a table's game changed)
