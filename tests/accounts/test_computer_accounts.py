"""The site's computer players are found by what they are (level and place at a table), never by a name a person
could take; their names are kept from people, and nobody logs in as one (issue 24, item 2)."""
from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import User
from accounts.services import computer_player
from games.play import services
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

REGISTER = "/api/accounts/register/"


def register(username: str, display_name: str = "") -> tuple[int, dict]:
    response = APIClient().post(REGISTER, {"username": username, "email": f"{abs(hash(username))}@x.org",
                                           "password": PASSWORD, "display_name": display_name}, format="json")
    return response.status_code, response.json()


def test_a_person_named_like_a_computer_is_never_seated_as_one() -> None:
    # a live site where someone registered the old computer names before they were kept
    squatter = UserFactory(username="computer-easy", display_name="Computer (easy)")
    squatter_2 = UserFactory(username="computer-easy-2")
    me = UserFactory()
    game = services.game_create(user=me, game="ark", players=3, private=True, computers=["easy", "easy"])
    seated = [seat.user for seat in game.seats.exclude(user=me)]
    assert squatter not in seated and squatter_2 not in seated
    assert sorted(user.computer_level for user in seated) == ["easy", "easy"]
    assert sorted(user.name for user in seated) == ["Computer (easy)", "Computer (easy) 2"]
    squatter.refresh_from_db()
    assert squatter.computer_level == "" and squatter.kind == "person"


def test_the_same_computer_comes_back_and_each_place_has_its_own() -> None:
    first = computer_player(level="hard")
    assert computer_player(level="hard").pk == first.pk
    second = computer_player(level="hard", number=2)
    assert second.pk != first.pk and (second.computer_level, second.computer_seat) == ("hard", 2)
    assert not first.has_usable_password()


@pytest.mark.parametrize("name", ["computer-easy", "Computer-Hard-2", "c0mputer_medium", "computer.easy",
                                  "COMPUTER"])
def test_computer_usernames_are_kept(name: str) -> None:
    status, body = register(name)
    assert status == 400, body
    assert "computer" in body["errors"]["username"][0]


@pytest.mark.parametrize("display", ["Computer (easy)", "Computer (hard) 2", "computer", "C\u03bfmputer (medium)",
                                     "COMPUTER-EASY"])
def test_computer_display_names_are_kept(display: str) -> None:
    status, body = register("fresh", display_name=display)
    assert status == 400 and "computer" in body["errors"]["display_name"][0]
    user = UserFactory()
    client = APIClient()
    client.force_authenticate(user)
    response = client.patch("/api/accounts/me/", {"display_name": display}, format="json")
    assert response.status_code == 400 and "computer" in response.json()["detail"]
    page = Client()
    page.force_login(user)
    response = page.post("/accounts/settings/", {"display_name": display, "time_zone": "UTC"})
    assert response.status_code == 200 and "computer players" in response.content.decode()
    user.refresh_from_db()
    assert user.display_name == ""


def test_names_that_only_mention_computers_are_fine() -> None:
    assert register("computerfan", display_name="Computer fan")[0] == 201
    assert register("easy-computer")[0] == 201


def test_a_computer_cannot_log_in_or_get_a_token() -> None:
    computer = computer_player(level="easy")
    computer.set_password(PASSWORD)  # say a moderator gave it one by mistake
    computer.save()
    response = APIClient().post("/api/accounts/token/", {"username": computer.username, "password": PASSWORD},
                                format="json")
    assert response.status_code == 400 and not Token.objects.filter(user=computer).exists()
    assert not Client().login(username=computer.username, password=PASSWORD)
    token = Token.objects.create(user=computer)  # a token made some other way is refused too
    response = APIClient().get("/api/accounts/me/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert response.status_code == 401
    page = Client()
    page.force_login(computer)  # a session for it does not hold
    assert page.get("/accounts/settings/").status_code == 302


def test_computers_made_by_the_old_code_are_found_again() -> None:
    migration = importlib.import_module("accounts.migrations.0007_computer_seats_and_display_keys")
    old = {name: User.objects.create(username=name, email=f"{name}@computer.invalid", computer_level=level,
                                     display_name=display)
           for name, level, display in [("computer-easy", "easy", "Computer (easy)"),
                                        ("computer-easy-2", "easy", "Computer (easy) 2"),
                                        ("computer-hard", "hard", "Computer (hard)")]}
    squatter = UserFactory(username="computer-medium")  # a person: stays one
    migration.number_computers(apps, None)
    assert computer_player(level="easy").pk == old["computer-easy"].pk
    assert computer_player(level="easy", number=2).pk == old["computer-easy-2"].pk
    assert computer_player(level="hard").pk == old["computer-hard"].pk
    medium = computer_player(level="medium")
    assert medium.pk != squatter.pk and medium.computer_level == "medium"
    squatter.refresh_from_db()
    assert squatter.computer_level == "" and squatter.computer_seat is None


def test_moderators_can_open_and_save_a_computer_in_the_admin(admin_client) -> None:
    computer = computer_player(level="medium")
    url = f"/admin/accounts/user/{computer.pk}/change/"
    assert admin_client.get(url).status_code == 200
    form = {"is_active": "on", "first_name": "", "last_name": "", "display_name": computer.display_name,
            "time_zone": "UTC", "reminder_mode": "each", "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00",
            "last_login_0": "", "last_login_1": ""}
    response = admin_client.post(url, form)
    assert response.status_code == 302, response.content.decode()[:2000]
    computer.refresh_from_db()
    assert computer.username == "computer~medium"


def test_the_names_know_every_computer_level() -> None:
    from accounts.models import ComputerLevel
    from accounts.names import COMPUTER_LEVELS
    from games.rules.bots import LEVELS

    assert tuple(ComputerLevel.values) == COMPUTER_LEVELS == LEVELS
