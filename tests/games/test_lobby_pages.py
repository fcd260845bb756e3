"""The lobby's two forms (games/web/forms.py): each game's player counts come from the registry, the form that
plays against the computer takes a player count and the game's options, and the two forms' ids differ."""
from __future__ import annotations

import re
from collections import Counter

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from games.models import Game
from games.rules import engine, games
from games.web.forms import seat_counts

pytestmark = pytest.mark.django_db


@pytest.fixture
def page(make_user) -> Client:
    client = Client()
    client.force_login(make_user(username="host"))
    return client


def test_the_seat_lists_name_each_games_player_counts_from_its_engine() -> None:
    counts = seat_counts()
    assert list(counts) == games()
    for name, allowed in counts.items():
        eng = engine(name)
        assert allowed == list(range(eng.min_players, eng.max_players + 1))


def test_every_id_on_the_lobby_is_unique(page) -> None:
    html = page.get("/").content.decode()
    ids = Counter(re.findall(r'\sid="([^"]+)"', html))
    assert [i for i, n in ids.items() if n > 1] == []
    assert 'id="id_game"' in html and 'id="computer_game"' in html
    assert html.count("data-counts=") == 2  # both forms cut their seat list to the chosen game


def test_a_player_count_the_game_does_not_allow_is_refused_in_words(page) -> None:
    response = page.post("/games/new/", {"game": "tikal", "seats": 5, "move_hours": 72, "computer_seats": 0})
    assert response.status_code == 302 and not Game.objects.exists()
    assert [str(m) for m in get_messages(response.wsgi_request)] == ["Tikal is played by 2 to 4 players."]


def test_playing_the_computer_takes_a_player_count_and_the_games_options(page) -> None:
    response = page.post("/games/new/computer/", {"game": "iwari", "seats": 3, "level": "hard",
                                                  "option_iwari_feats": "on"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.players == 3 and game.status == Game.Status.ACTIVE and game.options == {"feats": True}
    kinds = sorted(s.user.kind for s in game.seats.select_related("user"))
    assert kinds == ["computer", "computer", "person"]
    assert {s.user.computer_level for s in game.seats.select_related("user") if s.user.computer_level} == {"hard"}


def test_playing_the_computer_without_a_player_count_is_a_two_player_game(page) -> None:
    page.post("/games/new/computer/", {"game": "ark", "level": "easy"})
    assert Game.objects.get().players == 2


def test_a_new_game_page_says_no_word_of_invitation_in_a_message(page) -> None:
    """The game page offers the invitation link while seats are open (static/js/game.js); a flash message would
    stay on the page for the whole game, and show on a game that computers filled."""
    response = page.post("/games/new/", {"game": "ark", "seats": 2, "move_hours": 72, "computer_seats": 1,
                                         "computer_level": "easy"}, follow=True)
    assert Game.objects.get().status == Game.Status.ACTIVE
    assert "Share the invitation" not in response.content.decode()


def test_the_lobby_forms_are_those_of_the_registry_and_the_readers_language(page) -> None:
    """The forms are drawn once and kept (games/web/forms.py lobby_forms): a game registered later is offered
    at once, one taken off is no longer, and each reader gets them in their own language."""
    from games.rules import register, unregister
    from games.rules.words import Words
    from tests.proofgame import RelicRun

    assert 'value="relicrun"' not in page.get("/").content.decode()
    register("relicrun", Words("Relic Run"), RelicRun)
    try:
        assert page.get("/").content.decode().count('value="relicrun"') == 2  # both forms offer it
    finally:
        unregister("relicrun")
    assert 'value="relicrun"' not in page.get("/").content.decode()
    english = page.get("/").content.decode()
    german = page.get("/", headers={"accept-language": "de"}).content.decode()
    assert 'for="id_move_hours">Time per move<' in english and "Time per move" not in german
    assert 'for="id_move_hours">Zeit pro Zug<' in german
