from django.apps import AppConfig


class PushConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.push"
    label = "push"
    verbose_name = "Web Push"

    def ready(self) -> None:
        from django.core import checks

        from games.push import listen  # noqa: F401 (after-commit listeners: the game's end, a chat message)

        checks.register(vapid_keys_check)


def vapid_keys_check(app_configs: object = None, **kwargs: object) -> list:
    """VAPID keys that are set must work (unset: push is off, which is allowed)."""
    from django.conf import settings
    from django.core import checks

    from games.push import vapid

    if not (settings.VAPID_PUBLIC_KEY or settings.VAPID_PRIVATE_KEY):
        return []
    problem = vapid.problem()
    return [checks.Error(problem, id="push.E001")] if problem else []
