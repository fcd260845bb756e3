"""Small things a newcomer trips over: an invitation survives signing up, labels, the time zone, the favicon."""
from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game, Seat
from games.play import services
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_a_friend_without_an_account_signs_up_and_lands_on_the_invitation() -> None:
    host = UserFactory()
    game = services.game_create(user=host, game="ark", players=2, private=True)
    invite = f"/games/join/{game.invite_code}/"
    friend = Client()
    login = friend.get(invite)
    assert login.status_code == 302 and login["Location"].startswith("/accounts/login/?next=")
    page = friend.get(login["Location"]).content.decode()
    assert f'href="/accounts/signup/?next=/games/join/{game.invite_code}/"' in page.replace("%2F", "/")
    signup = friend.get(f"/accounts/signup/?next={invite}").content.decode()
    assert f'name="next" value="{invite}"' in signup
    response = friend.post("/accounts/signup/", {"username": "newfriend", "email": "f@x.org", "password": PASSWORD,
                                                 "password_confirm": PASSWORD, "next": invite,
                                                 "time_zone": "Europe/Paris"})
    assert response.status_code == 302 and response["Location"] == invite
    friend.post(invite)
    assert Seat.objects.filter(game=game, user__username="newfriend").exists()
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    assert Seat.objects.get(user__username="newfriend").user.time_zone == "Europe/Paris"  # the browser's


def test_next_never_leads_off_the_site() -> None:
    response = Client().post("/accounts/signup/", {"username": "who", "email": "w@x.org", "password": PASSWORD,
                                                   "password_confirm": PASSWORD, "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == "/"


def test_checkbox_labels_end_without_a_colon_and_the_lobby_lists_names_cleanly() -> None:
    ann, bob = UserFactory(display_name="Ann"), UserFactory(display_name="Bob")
    game = services.game_create(user=bob, game="ark", players=2)  # Bob sits first in the list of seats
    game = services.game_join(game_id=game.pk, user=ann)
    waiting = game.seats.get(number=game.current_seat).user
    other = bob if waiting == ann else ann
    page = Client()
    page.force_login(waiting)
    html = page.get("/").content.decode()
    assert "Only by invitation:" not in html and "Only by invitation" in html
    assert f"with {other.name}</span>" in html and f"with {other.name}," not in html
    settings_page = page.get("/accounts/settings/").content.decode()
    assert "Email me when it is my turn:" not in settings_page


def test_the_favicon_answers() -> None:
    response = Client().get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("images/ark.svg")
