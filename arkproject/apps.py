from django.apps import AppConfig


class ArkprojectConfig(AppConfig):
    """The project package as an app, only so that its system checks (arkproject/checks.py) are registered."""

    name = "arkproject"
    verbose_name = "Ark project"

    def ready(self) -> None:
        from . import checks  # noqa: F401
