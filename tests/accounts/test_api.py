"""The account API through APIClient: register, token, me, and how refused credentials answer."""
from __future__ import annotations

import pytest
from django.core import mail
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import User
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

REGISTER = "/api/accounts/register/"
TOKEN = "/api/accounts/token/"
ME = "/api/accounts/me/"


def token_for(client: APIClient, username: str, password: str = PASSWORD) -> str:
    response = client.post(TOKEN, {"username": username, "password": password}, format="json")
    assert response.status_code == 200, response.json()
    return response.json()["token"]


def test_register_then_token_then_me(api_client: APIClient, site_url: str) -> None:
    response = api_client.post(REGISTER, {"username": "ann", "email": "ann@example.com", "password": PASSWORD,
                                          "display_name": "Ann"}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    user = User.objects.get(username="ann")
    assert body == {"id": user.pk, "username": "ann", "email": "ann@example.com", "display_name": "Ann"}
    [message] = mail.outbox
    assert message.to == ["ann@example.com"] and f"{site_url}/accounts/confirm/" in message.body

    token = token_for(api_client, "ann")
    me = APIClient()
    me.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    response = me.get(ME)
    assert response.status_code == 200
    assert response.json() == {"id": user.pk, "username": "ann", "email": "ann@example.com", "display_name": "Ann",
                               "email_confirmed": False, "notify_turn": True, "notify_reminders": True,
                               "time_zone": "UTC", "is_bot": False, "language": ""}


def test_register_without_display_name(api_client: APIClient) -> None:
    response = api_client.post(REGISTER, {"username": "bo", "email": "bo@example.com", "password": PASSWORD},
                               format="json")
    assert response.status_code == 201
    assert response.json()["display_name"] == ""


@pytest.mark.parametrize("field, value, message", [
    ("username", "taken", "A user with that username already exists."),
    ("email", "TAKEN@example.com", "An account with that email address already exists."),
])
def test_register_duplicate_is_400(api_client: APIClient, field: str, value: str, message: str) -> None:
    UserFactory(username="taken", email="taken@example.com")
    data = {"username": "fresh", "email": "fresh@example.com", "password": PASSWORD, field: value}
    response = api_client.post(REGISTER, data, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == message
    assert User.objects.count() == 1
    assert not mail.outbox


def test_register_weak_password_is_400_with_readable_detail(api_client: APIClient) -> None:
    response = api_client.post(REGISTER, {"username": "ann", "email": "ann@example.com", "password": "password"},
                               format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "This password is too common."
    assert not User.objects.exists()


def test_register_missing_field_is_400(api_client: APIClient) -> None:
    response = api_client.post(REGISTER, {"username": "ann", "password": PASSWORD}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "email: This field is required."


def test_token_with_wrong_password_is_400(api_client: APIClient, user: User) -> None:
    response = api_client.post(TOKEN, {"username": user.username, "password": "wrong"}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "Unable to log in with that username and password."


def test_token_is_stable(api_client: APIClient, user: User) -> None:
    assert token_for(api_client, user.username) == token_for(api_client, user.username)


def test_suspended_user_gets_no_token_and_their_token_stops_working(api_client: APIClient, user: User) -> None:
    token = token_for(api_client, user.username)
    User.objects.filter(pk=user.pk).update(is_active=False, suspended_at=timezone.now())

    response = api_client.post(TOKEN, {"username": user.username, "password": PASSWORD}, format="json")
    assert response.status_code == 400
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    response = api_client.get(ME)
    assert response.status_code == 401
    assert response.json()["detail"] == "User inactive or deleted."


def test_me_requires_authentication(api_client: APIClient) -> None:
    response = api_client.get(ME)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    api_client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert api_client.get(ME).status_code == 401


def test_patch_me_updates_settings(api_client: APIClient, user: User) -> None:
    api_client.force_authenticate(user)
    response = api_client.patch(ME, {"display_name": "Zed", "notify_turn": False, "notify_reminders": False,
                                     "time_zone": "America/New_York", "email_confirmed": True}, format="json")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["display_name"], body["notify_turn"], body["notify_reminders"], body["time_zone"]) == (
        "Zed", False, False, "America/New_York")
    user.refresh_from_db()
    assert (user.display_name, user.notify_turn, user.notify_reminders, user.time_zone) == (
        "Zed", False, False, "America/New_York")
    assert not user.email_confirmed and body["email_confirmed"] is False  # read-only


def test_patch_me_partial(api_client: APIClient, user: User) -> None:
    api_client.force_authenticate(user)
    response = api_client.patch(ME, {"notify_reminders": False}, format="json")
    assert response.status_code == 200
    user.refresh_from_db()
    assert (user.notify_turn, user.notify_reminders) == (True, False)


def test_patch_me_invalid_time_zone_is_400(api_client: APIClient, user: User) -> None:
    api_client.force_authenticate(user)
    response = api_client.patch(ME, {"time_zone": "Mars/Olympus"}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "“Mars/Olympus” is not a known time zone."
    user.refresh_from_db()
    assert user.time_zone == "UTC"


def test_session_write_without_csrf_token_is_403(user: User) -> None:
    client = APIClient(enforce_csrf_checks=True)
    assert client.login(username=user.username, password=PASSWORD)
    assert client.get(ME).status_code == 200  # reading needs no CSRF token
    response = client.patch(ME, {"display_name": "Zed"}, format="json")
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]
    user.refresh_from_db()
    assert user.display_name == ""


def test_session_write_with_csrf_token_works(user: User) -> None:
    client = APIClient(enforce_csrf_checks=True)
    client.login(username=user.username, password=PASSWORD)
    client.get("/accounts/settings/")  # sets the csrftoken cookie
    token = client.cookies["csrftoken"].value
    response = client.patch(ME, {"display_name": "Zed"}, format="json", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 200


def test_register_and_token_ignore_a_session_without_csrf(user: User) -> None:
    client = APIClient(enforce_csrf_checks=True)
    client.login(username=user.username, password=PASSWORD)
    assert client.post(TOKEN, {"username": user.username, "password": PASSWORD}, format="json").status_code == 200


def test_schema_documents_account_bodies(api_client: APIClient) -> None:
    response = api_client.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    schema = response.json()
    paths, components = schema["paths"], schema["components"]["schemas"]

    def ref(operation: dict, *keys: str) -> dict:
        node = operation
        for key in keys:
            node = node[key]
        return components[node["$ref"].rsplit("/", 1)[1]]

    register = paths["/api/accounts/register/"]["post"]
    assert set(ref(register, "requestBody", "content", "application/json", "schema")["properties"]) == {
        "username", "email", "password", "display_name"}
    assert set(ref(register, "responses", "201", "content", "application/json", "schema")["properties"]) == {
        "id", "username", "email", "display_name"}
    assert "detail" in ref(register, "responses", "400", "content", "application/json", "schema")["properties"]
    token = paths["/api/accounts/token/"]["post"]
    assert set(ref(token, "responses", "200", "content", "application/json", "schema")["properties"]) == {"token"}
    patch = paths["/api/accounts/me/"]["patch"]
    assert set(ref(patch, "requestBody", "content", "application/json", "schema")["properties"]) == {
        "display_name", "is_bot", "notify_turn", "notify_reminders", "time_zone", "language"}
    assert "email_confirmed" in ref(patch, "responses", "200", "content", "application/json", "schema")["properties"]
