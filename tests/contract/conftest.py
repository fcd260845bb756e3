"""The contract suite: what every game of the registry must do, checked over ``games()`` (and the proof game of the
tests, tests/proofgame.py, registered while a contract test runs). A new game gets every check by being registered.
"""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from games.rules import games, register, unregister
from games.rules.words import Words
from tests.proofgame import RelicRun

#: The proof game's registry name while a contract test runs.
PROOF = "relicrun"


def contract_games() -> list[str]:
    """Every game of the registry, then the proof game."""
    return [*[name for name in games() if name != PROOF], PROOF]


@pytest.fixture(autouse=True)
def proof_game_registered() -> Iterator[None]:
    """The proof game is a registered game while a contract test runs."""
    added = PROOF not in games()
    if added:
        register(PROOF, Words("Relic Run"), RelicRun)
    yield
    if added:
        unregister(PROOF)
