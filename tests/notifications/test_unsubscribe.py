"""Unsubscribe links: they work without logging in, one click (POST) or confirmed (GET then POST)."""
from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from accounts import services as accounts
from accounts.models import User

from .conftest import SITE, mover, sweep

pytestmark = pytest.mark.django_db(transaction=True)


def link_of(email) -> str:
    header = email.message()["List-Unsubscribe"]
    assert header.startswith(f"<{SITE}") and header.endswith(">")
    return header[1 + len(SITE):-1]


def test_the_link_in_an_email_turns_that_kind_off_without_logging_in(start, clock) -> None:
    game = start(2)
    waiting = mover(game)
    clock.advance(minutes=6)
    sweep()
    path = link_of(mail.outbox[0])
    anonymous = Client(enforce_csrf_checks=True)
    page = anonymous.get(path)
    assert page.status_code == 200
    assert b"Yes, turn them off" in page.content and "“it is your turn” emails".encode() in page.content
    waiting.refresh_from_db()
    assert waiting.notify_turn is True  # a GET (a mail scanner following links) changes nothing
    done = anonymous.post(path)
    assert done.status_code == 200 and b"Done" in done.content
    waiting.refresh_from_db()
    assert (waiting.notify_turn, waiting.notify_reminders, waiting.notify_timeouts) == (False, True, True)


def test_one_click_post_as_mail_clients_send_it(users) -> None:
    ann = users[0]
    for kind, field in accounts.UNSUBSCRIBE_KINDS.items():
        url = accounts.unsubscribe_url(user=ann, kind=kind)
        response = Client(enforce_csrf_checks=True).post(url.removeprefix(SITE), "List-Unsubscribe=One-Click",
                                                         content_type="application/x-www-form-urlencoded")
        assert response.status_code == 200
        assert getattr(User.objects.get(pk=ann.pk), field) is False
    assert Client().post(url.removeprefix(SITE)).status_code == 200  # twice is fine


@pytest.mark.parametrize("tamper", [
    lambda t: t[:-1] + ("A" if t[-1] != "A" else "B"),   # the signature
    lambda t: "x" + t,                                  # the payload
    lambda t: "not-a-token",
])
def test_a_tampered_token_fails(users, tamper) -> None:
    ann = users[0]
    token = accounts.unsubscribe_token(user=ann, kind="turn")
    client = Client()
    for response in (client.get(f"/accounts/unsubscribe/{tamper(token)}/"),
                     client.post(f"/accounts/unsubscribe/{tamper(token)}/")):
        assert response.status_code == 400 and b"not valid" in response.content
    assert User.objects.get(pk=ann.pk).notify_turn is True


def test_a_token_of_another_salt_or_kind_fails(users) -> None:
    from django.core import signing

    ann = users[0]
    confirm = accounts.email_confirmation_token(user=ann)
    forged = signing.dumps({"u": ann.pk, "k": "is_staff"}, salt="accounts.unsubscribe")
    for token in (confirm, forged):
        assert Client().post(f"/accounts/unsubscribe/{token}/").status_code == 400
    ann.refresh_from_db()
    assert ann.notify_turn and not ann.is_staff
