from django.apps import AppConfig


class RematchConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.rematch"
    label = "rematch"
