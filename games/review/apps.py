from django.apps import AppConfig


class ReviewConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.review"
    label = "review"
    verbose_name = "Game reviews"
