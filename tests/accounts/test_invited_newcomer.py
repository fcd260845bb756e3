"""Small things a newcomer trips over: an invitation survives signing up, labels, the time zone, the favicon."""
from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game, Seat
from games.play import services
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_a_friend_without_an_account_signs_up_and_lands_on_the_invitation() -> None:
    host = UserFactory(display_name="Amelia")
    game = services.game_create(user=host, game="tikal", players=3, private=True)
    invite = f"/games/join/{game.invite_code}/"
    friend = Client()
    landing = friend.get(invite)  # signed out: the invitation itself, not a bare log-in page
    assert landing.status_code == 200
    page = landing.content.decode().replace("%2F", "/")
    assert "Amelia invites you to play Tikal" in page and "1 of 3 seats taken" in page
    signup_link = f'href="/accounts/signup/?next=/games/join/{game.invite_code}/"'
    assert page.count(signup_link) == 2  # the page's big button and the header's "Sign up": both keep it
    assert f'href="/accounts/login/?next=/games/join/{game.invite_code}/"' in page
    assert 'class="btn primary big"' in page  # signing up is the page's main action
    taken = friend.post(invite)  # taking the seat needs an account: to the log-in, and back here after
    assert taken.status_code == 302 and taken["Location"].startswith("/accounts/login/?next=")
    signup = friend.get(f"/accounts/signup/?next={invite}").content.decode()
    assert f'name="next" value="{invite}"' in signup
    response = friend.post("/accounts/signup/", {"username": "newfriend", "email": "f@x.org", "password": PASSWORD,
                                                 "password_confirm": PASSWORD, "next": invite,
                                                 "time_zone": "Europe/Paris"})
    assert response.status_code == 302 and response["Location"] == invite
    friend.post(invite)
    assert Seat.objects.filter(game=game, user__username="newfriend").exists()
    assert Game.objects.get(pk=game.pk).status == Game.Status.OPEN  # one seat of three still open
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
