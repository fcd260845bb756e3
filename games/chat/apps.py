from django.apps import AppConfig


class ChatConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.chat"
    label = "chat"

    def ready(self) -> None:
        from games.chat import live  # noqa: F401 (after-commit listeners: the live pushes)
