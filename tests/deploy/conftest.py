"""Helpers for the deployment tests: Django in a child process with an environment of the test's choosing."""
from __future__ import annotations

import os
import secrets
import string
import subprocess
import sys
from typing import Optional

from django.conf import settings

#: Variables the settings read that a test's child process must not inherit from the shell that runs pytest.
SETTINGS_VARIABLES = (
    "DJANGO_ENV", "SECRET_KEY", "ALLOWED_HOSTS", "SITE_URL", "CSRF_TRUSTED_ORIGINS", "SECURE_SSL_REDIRECT",
    "TRUST_X_FORWARDED_PROTO", "DATABASE_URL", "REDIS_URL", "STATIC_ROOT", "INPROCESS_SWEEP", "LOG_LEVEL",
    "RATE_LIMIT_LOGIN", "RATE_LIMIT_SIGNUP", "RATE_LIMIT_PASSWORD_RESET", "RATE_LIMIT_TURNS", "RATE_LIMIT_CHAT",
    "RATE_LIMIT_GAMES",
    "DJANGO_SETTINGS_MODULE",
)


def random_secret_key(length: int = 64) -> str:
    """A secret key as ``django-admin startproject`` makes one, 64 characters long."""
    alphabet = string.ascii_lowercase + string.digits + "!@#$%^&*(-_=+)"
    return "".join(secrets.choice(alphabet) for _ in range(length))


def production_env(**extra: str) -> dict[str, str]:
    """What a real deployment sets (the database and Redis are only named: nothing here connects to them)."""
    return {"DJANGO_ENV": "production", "SECRET_KEY": random_secret_key(), "ALLOWED_HOSTS": "ark.example",
            "SITE_URL": "https://ark.example", "DATABASE_URL": "postgres://ark@127.0.0.1:5432/ark",
            "REDIS_URL": "redis://127.0.0.1:6379/0", **extra}


def child_env(env: dict[str, str], remove: tuple[str, ...] = ()) -> dict[str, str]:
    """This process's environment less every settings variable, plus ``env``, less ``remove``."""
    base = {key: value for key, value in os.environ.items() if key not in SETTINGS_VARIABLES}
    return {key: value for key, value in {**base, **env}.items() if key not in remove}


def run_django(args: list[str], env: dict[str, str], remove: tuple[str, ...] = (),
               timeout: Optional[float] = 120) -> subprocess.CompletedProcess:
    """``python ARGS`` in the project folder with ``env`` (see ``child_env``); output captured as text."""
    return subprocess.run([sys.executable, *args], cwd=settings.BASE_DIR, env=child_env(env, remove),
                          capture_output=True, text=True, timeout=timeout)


def run_python(code: str, env: dict[str, str], remove: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """Run ``code`` after ``django.setup()`` with the project's settings, in a child process."""
    prelude = ("import os, django; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'arkproject.settings'); "
               "django.setup()\n")
    return run_django(["-c", prelude + code], env, remove)
