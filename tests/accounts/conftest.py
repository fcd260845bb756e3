"""Fixtures for the account tests."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.models import User
from tests.factories import UserFactory


@pytest.fixture(autouse=True)
def site_url(settings) -> str:
    """A fixed site address so emailed links are predictable."""
    settings.SITE_URL = "https://ark.example"
    return settings.SITE_URL


@pytest.fixture
def user(db) -> User:
    return UserFactory()


@pytest.fixture
def api_client() -> APIClient:
    return APIClient()
