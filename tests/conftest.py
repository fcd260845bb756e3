"""Fixtures shared by every test; factories live in tests/factories.py."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings) -> None:
    """PBKDF2 at full strength makes each login cost a third of a second; tests need no such strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
