"""The i18n tests ask for German and French pages; the language a request activates stays with the thread
(Django resets it at the next request only), so each test hands the thread back in the site's default."""
from __future__ import annotations

from typing import Iterator

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def default_language_after_each_test() -> Iterator[None]:
    yield
    translation.deactivate()
