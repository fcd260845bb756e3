from django.apps import AppConfig


class PushConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.push"
    label = "push"
    verbose_name = "Web Push"

    def ready(self) -> None:
        from games.push import listen  # noqa: F401 (after-commit listeners: the game's end, a chat message)
