"""Account services: registration rules, email confirmation tokens, settings."""
from __future__ import annotations

import re
import time

import pytest
from django.core import mail, signing
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from accounts import services
from accounts.models import User
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_register_creates_an_active_unconfirmed_user_with_defaults() -> None:
    user = services.user_register(username="ann", email="Ann@Example.COM", password=PASSWORD, display_name=" Ann ")
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
    assert (user.email, user.display_name, user.is_active) == ("Ann@example.com", "Ann", True)
    assert (user.email_confirmed, user.notify_turn, user.notify_reminders, user.time_zone) == (
        False, True, True, "UTC")
    assert user.suspended_at is None


def test_name_and_str_fall_back_to_username() -> None:
    user = UserFactory(username="bob", display_name="")
    assert user.name == str(user) == "bob"
    user.display_name = "Bobby"
    assert user.name == str(user) == "Bobby"


def test_email_is_unique_whatever_its_case() -> None:
    UserFactory(email="ann@example.com")
    with pytest.raises(ValidationError) as caught:
        services.user_register(username="other", email="ANN@example.com", password=PASSWORD)
    assert caught.value.message_dict == {"email": ["An account with that email address already exists."]}


def test_username_follows_abstractuser_rules() -> None:
    UserFactory(username="ann")
    with pytest.raises(ValidationError) as caught:
        services.user_register(username="ann", email="new@example.com", password=PASSWORD)
    assert caught.value.message_dict["username"] == ["A user with that username already exists."]
    with pytest.raises(ValidationError) as caught:
        services.user_register(username="no spaces!", email="x@example.com", password=PASSWORD)
    assert "username" in caught.value.message_dict


def test_password_validators_report_every_problem_readably() -> None:
    with pytest.raises(ValidationError) as caught:
        services.user_register(username="carl", email="carl@example.com", password="123")
    messages = caught.value.message_dict["password"]
    assert "This password is too common." in messages
    assert "This password is entirely numeric." in messages
    assert any("too short" in message for message in messages)
    assert not User.objects.exists()


def test_password_similar_to_the_username_is_refused() -> None:
    with pytest.raises(ValidationError, match="too similar to the username"):
        services.user_register(username="dorothea1", email="d@example.com", password="dorothea1")


def test_confirmation_email_links_to_a_token_that_confirms(site_url: str) -> None:
    user = UserFactory()
    services.email_confirmation_send(user=user)
    [message] = mail.outbox
    assert message.to == [user.email]
    # The link's token is read from the email itself: tokens carry a timestamp, so one made again
    # a second later would differ.
    found = re.search(re.escape(f"{site_url}/accounts/confirm/") + r"([^/\s]+)/", message.body)
    assert found, message.body
    token = found.group(1)
    assert services.email_confirm(token=token) == user
    user.refresh_from_db()
    assert user.email_confirmed
    assert services.email_confirm(token=token).email_confirmed  # a second click is harmless


@pytest.mark.parametrize("tamper", [
    lambda token: token[:-1] + ("A" if token[-1] != "A" else "B"),
    lambda token: "x" + token,
    lambda token: "nonsense",
])
def test_tampered_token_is_refused(tamper) -> None:
    user = UserFactory()
    with pytest.raises(ValidationError, match="not valid"):
        services.email_confirm(token=tamper(services.email_confirmation_token(user=user)))
    user.refresh_from_db()
    assert not user.email_confirmed


def test_token_signed_with_another_salt_is_refused() -> None:
    user = UserFactory()
    token = signing.TimestampSigner(salt="something.else").sign_object({"id": user.pk, "email": user.email})
    with pytest.raises(ValidationError, match="not valid"):
        services.email_confirm(token=token)


def test_expired_token_is_refused() -> None:
    class FourDaysAgo(signing.TimestampSigner):
        def timestamp(self) -> str:
            return signing.b62_encode(int(time.time()) - 4 * 24 * 3600)

    user = UserFactory()
    token = FourDaysAgo(salt=services.EMAIL_CONFIRM_SALT).sign_object({"id": user.pk, "email": user.email})
    with pytest.raises(ValidationError, match="expired"):
        services.email_confirm(token=token)


def test_token_for_a_former_email_address_is_refused() -> None:
    user = UserFactory()
    token = services.email_confirmation_token(user=user)
    User.objects.filter(pk=user.pk).update(email="new@example.com")
    with pytest.raises(ValidationError, match="no longer on the account"):
        services.email_confirm(token=token)


def test_settings_update_saves_valid_fields() -> None:
    user = UserFactory()
    services.user_settings_update(user=user, display_name="Zed", notify_turn=False, time_zone="Europe/Paris")
    user.refresh_from_db()
    assert (user.display_name, user.notify_turn, user.notify_reminders, user.time_zone) == (
        "Zed", False, True, "Europe/Paris")


def test_settings_update_refuses_an_unknown_time_zone_and_changes_nothing() -> None:
    user = UserFactory()
    with pytest.raises(ValidationError, match="not a known time zone"):
        services.user_settings_update(user=user, display_name="Zed", time_zone="Mars/Olympus")
    assert (user.display_name, user.time_zone) == ("", "UTC")
    user.refresh_from_db()
    assert (user.display_name, user.time_zone) == ("", "UTC")


def test_settings_update_cannot_touch_other_fields() -> None:
    user = UserFactory()
    with pytest.raises(TypeError):
        services.user_settings_update(user=user, is_staff=True)
    user.refresh_from_db()
    assert not user.is_staff


def test_auth_token_is_created_once() -> None:
    user = UserFactory()
    assert services.auth_token_obtain(user=user) == services.auth_token_obtain(user=user)


def test_database_refuses_emails_differing_only_in_case() -> None:
    """The check in user_register can race; the functional unique constraint cannot."""
    UserFactory(email="ann@example.com")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(username="other", email="ANN@EXAMPLE.COM")
