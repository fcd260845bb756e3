"""The rule tests need no database and no Django settings: they run with ``-p no:django``.

The project's autouse fixtures (tests/conftest.py) read Django's settings; here they are replaced by no-ops.
"""
from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing() -> None:
    """No passwords here."""


@pytest.fixture(autouse=True)
def generous_rate_limits() -> None:
    """No rate limits here."""


@pytest.fixture(autouse=True)
def cache_keys_of_this_test() -> Iterator[None]:
    """No cache here."""
    yield
