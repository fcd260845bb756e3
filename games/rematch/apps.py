from django.apps import AppConfig


class RematchConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.rematch"
    label = "rematch"

    def ready(self) -> None:
        from games.rematch import live  # noqa: F401 (after-commit listener: the live push)
