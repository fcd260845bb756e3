"""Web Push: the events that send email are pushed too (same due rows, grace period, once-only), encrypted to each
device; the player chooses per kind email, push, both or neither; gone subscriptions are removed.

Every push goes to a real HTTP server on 127.0.0.1 (push_service.py), which the test reads as the browser would:
decrypting with ``http_ece`` and checking the VAPID signature.
"""
from __future__ import annotations

import pytest
from celery.exceptions import Retry
from django.core import mail

from games.chat.services import chat_mute, chat_post
from games.models import Notice
from games.play import services
from games.push import tasks as push_tasks
from games.push.models import PushMessage, PushSubscription
from games.push.services import push_preferences_update
from games.rules import engine
from games.rules.tiles.words import describe_tile
from tests.factories import play_first_turns

from .conftest import mover, play, sent, subscribe, sweep
from .push_service import vapid_claims

pytestmark = pytest.mark.django_db(transaction=True)

KEYS = {"kind", "title", "body", "url", "tag"}


def test_the_turn_is_pushed_after_the_grace_period_encrypted_signed_and_once(start, clock, push_service,
                                                                              vapid_keys) -> None:
    game = start(2)
    waiting = mover(game)
    phone, laptop = push_service.device("phone"), push_service.device("laptop")
    subscribe(waiting, phone)
    subscribe(waiting, laptop)
    clock.advance(minutes=4, seconds=59)
    sweep()
    assert push_service.received == []  # the grace period holds for pushes as for emails
    clock.advance(seconds=2)
    sweep()
    [to_phone], [to_laptop] = push_service.to(phone), push_service.to(laptop)
    content = phone.read(to_phone)
    assert content == laptop.read(to_laptop)  # one push, encrypted to each device's own keys
    assert to_phone.body != to_laptop.body
    assert set(content) == KEYS
    assert content["title"] == f"Your turn in The Ark of the Covenant #{game.pk}"
    other = game.seats.exclude(user=waiting).get().user
    assert content["body"] == f"Against {other.name}. Play by Thu 7 Mar 2030, 10:00 (UTC)."
    assert (content["url"], content["kind"], content["tag"]) == (f"/games/{game.pk}/", "turn", f"turn-{game.pk}")
    # nothing hidden: not the tile in hand (the lock screen is anyone's to read), not the seed or the pile
    game.refresh_from_db()
    text = to_phone.body.decode("latin-1") + repr(content)
    assert describe_tile(engine(game.game), game.state["hand"]) not in repr(content)
    assert str(game.state.get("seed")) not in text and "pile" not in repr(content) and "hand" not in repr(content)
    claims = vapid_claims(to_phone, vapid_keys[0])  # signed with the site's VAPID key, for this push service
    assert claims["aud"] == push_service.url and claims["sub"] == "mailto:ark@ark.example"
    assert to_phone.headers["ttl"] == "86400" and to_phone.headers["urgency"] == "high"
    assert sent("Your turn", to=waiting)  # the email goes too (both, by default)
    notice = Notice.objects.get(game=game, kind=Notice.Kind.TURN_EMAIL, version=game.version)
    assert notice.outcome == "sent"
    sweep()
    clock.advance(minutes=30)
    sweep()
    push_tasks.sweep_pending_pushes()
    assert len(push_service.received) == 2  # once per device, never again
    message = PushMessage.objects.get()
    assert (message.status, message.kind, message.version, message.user) == ("sent", "turn", game.version, waiting)


def test_no_push_when_the_player_moves_within_the_grace_period(start, clock, push_service) -> None:
    game = start(2)
    for seat in game.seats.select_related("user"):
        subscribe(seat.user, push_service.device(seat.user.username))
    clock.advance(minutes=2)
    game = play(game)
    clock.advance(minutes=4)
    sweep()
    assert push_service.received == [] and not PushMessage.objects.exists()


@pytest.mark.parametrize("email,push", [(True, True), (True, False), (False, True), (False, False)])
def test_each_kind_by_email_push_both_or_neither(start, clock, push_service, email, push) -> None:
    game = start(2)
    waiting = mover(game)
    device = push_service.device("phone")
    subscribe(waiting, device)
    waiting.notify_turn = email
    waiting.save(update_fields=["notify_turn"])
    push_preferences_update(user=waiting, turn=push)
    clock.advance(minutes=6)
    sweep()
    assert bool(sent("Your turn", to=waiting)) is email
    assert bool(push_service.to(device)) is push
    outcome = Notice.objects.get(game=game, kind=Notice.Kind.TURN_EMAIL, version=game.version).outcome
    assert outcome == ("sent" if email else "pushed" if push else "turned off")


def test_the_reminder_is_pushed_when_a_fifth_of_the_time_is_left(start, clock, push_service) -> None:
    game = start(2, move_hours=120)
    waiting = mover(game)
    device = push_service.device("phone")
    subscribe(waiting, device)
    push_preferences_update(user=waiting, turn=False)
    clock.advance(hours=95)
    sweep()
    assert push_service.received == []
    clock.advance(hours=1, minutes=1)  # 24 hours (a fifth of five days) before the deadline
    sweep()
    [push] = push_service.to(device)
    content = device.read(push)
    assert content["title"] == f"Reminder: your move in The Ark of the Covenant #{game.pk}"
    assert content["body"].startswith("23 hours left: play by")


def test_a_timeout_and_the_end_of_a_game_are_pushed_to_the_others(start, clock, push_service) -> None:
    game = play_first_turns(start(2, move_hours=24))
    absent = mover(game)
    other = game.seats.exclude(user=absent).get().user
    devices = {user.pk: push_service.device(user.username) for user in (absent, other)}
    for user in (absent, other):
        subscribe(user, devices[user.pk])
        push_preferences_update(user=user, turn=False, reminder=False)
    clock.advance(hours=24, minutes=1)
    sweep()
    [push] = push_service.to(devices[other.pk])
    content = devices[other.pk].read(push)
    assert content["kind"] == "timeout" and content["title"] == f"{absent.name} timed out in The Ark of the Covenant #{game.pk}"
    assert push_service.to(devices[absent.pk]) == []
    # the other player resigns: the game ends, and the one who timed out hears of it (the resigner does not)
    services.game_resign(game_id=game.pk, user=other)
    [ended] = push_service.to(devices[absent.pk])
    content = devices[absent.pk].read(ended)
    assert content["kind"] == "ended" and content["title"] == f"The Ark of the Covenant #{game.pk} is over"
    assert content["body"].startswith("Final scores: ") and content["url"] == f"/games/{game.pk}/"
    assert len(push_service.to(devices[other.pk])) == 1


def test_a_message_at_the_table_is_pushed_to_those_who_want_it(start, clock, users, push_service) -> None:
    game = start(3)
    ann, bob, cyd = users[:3]
    devices = {user.pk: push_service.device(user.username) for user in (ann, bob, cyd)}
    for user in (ann, bob, cyd):
        subscribe(user, devices[user.pk])
    push_preferences_update(user=bob, chat=True)
    push_preferences_update(user=cyd, chat=True)
    chat_mute(user=cyd, muted=True)  # muted: no chat anywhere, pushes included
    chat_post(game_id=game.pk, user=ann, text="Good luck <all>")
    [push] = push_service.to(devices[bob.pk])
    assert devices[bob.pk].read(push) == {"kind": "chat", "title": f"Ann at the table of The Ark of the Covenant #{game.pk}",
                                          "body": "Good luck <all>", "url": f"/games/{game.pk}/",
                                          "tag": f"chat-{game.pk}"}
    assert push_service.to(devices[ann.pk]) == [] and push_service.to(devices[cyd.pk]) == []
    assert push.headers["ttl"] == "3600"


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_push_service_says_is_gone_is_removed(start, clock, push_service, status) -> None:
    game = start(2)
    waiting = mover(game)
    gone, kept = push_service.device("gone"), push_service.device("kept")
    subscribe(waiting, gone)
    subscribe(waiting, kept)
    push_service.status["/push/gone"] = status
    clock.advance(minutes=6)
    sweep()
    assert len(push_service.to(gone)) == 1 and len(push_service.to(kept)) == 1
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [kept.endpoint]
    assert PushMessage.objects.get().status == "sent"


def test_a_busy_push_service_is_tried_again_only_for_the_devices_that_missed_it(start, clock, push_service) -> None:
    game = start(2)
    waiting = mover(game)
    busy, fine = push_service.device("busy"), push_service.device("fine")
    subscribe(waiting, busy)
    subscribe(waiting, fine)
    push_service.status["/push/busy"] = 503
    clock.advance(minutes=6)
    sweep()  # the eager retries all meet the 503 and the push stays pending
    message = PushMessage.objects.get()
    assert message.status == "pending" and message.attempts >= 1 and "503" in message.error
    assert len(push_service.to(fine)) == 1
    tries = len(push_service.to(busy))
    push_service.status.pop("/push/busy")
    assert push_tasks.sweep_pending_pushes() == 0  # not before its lease runs out
    clock.advance(minutes=11)  # the lease of the lost delivery runs out
    assert push_tasks.sweep_pending_pushes() == 1
    message.refresh_from_db()
    assert message.status == "sent"
    assert len(push_service.to(fine)) == 1  # the device that took it gets it once
    assert len(push_service.to(busy)) == tries + 1 and busy.read(push_service.to(busy)[-1])["kind"] == "turn"


def test_a_stale_turn_push_is_not_sent(start, clock, push_service) -> None:
    game = start(2)
    waiting = mover(game)
    device = push_service.device("phone")
    subscribe(waiting, device)
    push_service.status["/push/phone"] = 503
    clock.advance(minutes=6)
    sweep()
    play(game)
    push_service.status.pop("/push/phone")
    message = PushMessage.objects.get()
    assert push_tasks.deliver_push(message.pk) == "moved on"
    message.refresh_from_db()
    assert message.status == "skipped"


def test_without_vapid_keys_nothing_is_pushed_or_recorded(start, clock, settings, users) -> None:
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    start(2)
    clock.advance(minutes=6)
    sweep()
    assert len(mail.outbox) == 1 and not PushMessage.objects.exists()


def test_the_delivery_task_retries_with_backoff() -> None:
    task = push_tasks.deliver_push
    assert push_tasks.PushServiceBusy in task.autoretry_for and task.retry_backoff and task.max_retries == 5
    assert issubclass(Retry, Exception)
