"""Every game of the registry is on the site's pages: named on every page, offered in the lobby's forms, and its
game page served with its board (or the generic one)."""
from __future__ import annotations

import pytest
from django.test import Client

from games.rules import engine
from tests.contract.conftest import contract_games
from tests.factories import start_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", contract_games())
def test_every_game_is_named_and_offered_on_the_lobby(name: str, make_user) -> None:
    client = Client()
    client.force_login(make_user())
    page = client.get("/").content.decode()
    title = engine(name).title
    assert page.count(title) >= 2, f"{title} is not named on the home page and its footer"
    assert f'value="{name}"' in page, f"the lobby offers no game of {title}"


@pytest.mark.parametrize("name", contract_games())
def test_every_games_page_is_served_with_a_board(name: str, make_user) -> None:
    eng = engine(name)
    users = [make_user() for _ in range(eng.min_players)]
    game = start_game(users, game=name)
    client = Client()
    client.force_login(users[0])
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    assert 'id="game-data"' in response.content.decode() and 'id="board-data"' in response.content.decode()
