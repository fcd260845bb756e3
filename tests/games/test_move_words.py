"""The log's words name each player as they write their name: a sentence that starts with a name keeps it as it
is ("amelia laid ..."), everywhere else the first letter is a capital."""
from __future__ import annotations

import random

import pytest

from games.play import selectors
from tests.factories import UserFactory, play_turn, start_game

pytestmark = pytest.mark.django_db


def test_a_name_in_lower_case_stays_so_at_the_start_of_a_log_sentence() -> None:
    amelia, bruno = UserFactory(username="amelia", display_name=""), UserFactory(username="bruno", display_name="")
    game = start_game([amelia, bruno], game="carcassonne", seed=11)
    rng = random.Random(2)
    for _ in range(2):
        game = play_turn(game, rng)
    entries = selectors.move_entries(game, selectors.moves_since(game, 0), None)
    names = {0: game.seats.get(number=0).user.name, 1: game.seats.get(number=1).user.name}
    for entry in entries:
        assert entry["words"].startswith(f"{names[entry['seat']]} "), entry["words"]
