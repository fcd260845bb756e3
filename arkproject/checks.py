"""Deployment checks of our own, run by ``manage.py check --deploy`` beside Django's."""
from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def shared_state_check(app_configs: Any = None, **kwargs: Any) -> list[Warning]:
    """In production the processes share everything through PostgreSQL and Redis (channel layer, cache, broker)."""
    if not settings.PRODUCTION:
        return []
    warnings = []
    if not settings.REDIS_URL:
        warnings.append(Warning(
            "REDIS_URL is not set: the channel layer, the cache (and so the rate limits) and Celery stay inside "
            "one process, so with several web processes live updates and rate limits do not reach across them.",
            hint="Set REDIS_URL (e.g. redis://127.0.0.1:6379/0) and run a Celery worker and beat "
                 "(README: Running it for real).",
            id="arkproject.W001",
        ))
    if settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        warnings.append(Warning(
            "DATABASE_URL is not set (or names SQLite): several processes writing one SQLite file wait on each "
            "other's locks, and games are lost with the machine's disk.",
            hint="Set DATABASE_URL to PostgreSQL, e.g. postgres://ark@127.0.0.1:5432/ark.",
            id="arkproject.W002",
        ))
    return warnings
