"""The "your turn" email: after the grace period only, with the position in words and a link to the game."""
from __future__ import annotations

import pytest
from django.core import mail

from games.models import Notice, SentEmail
from games.notifications import tasks
from games.rules import engine
from games.rules.tiles.words import describe_tile
from tests.factories import play_first_turns

from .conftest import SITE, mover, play, sent, sweep

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_turn_email_goes_after_the_grace_period(start, clock) -> None:
    game = start(2)
    waiting = mover(game)
    clock.advance(minutes=4, seconds=59)
    sweep()
    assert mail.outbox == []  # still within the grace period
    clock.advance(seconds=2)
    sweep()
    [email] = mail.outbox
    assert email.to == [waiting.email] and email.from_email == "ark@ark.example"
    assert email.subject == f"Your turn in The Ark of the Covenant #{game.pk}"
    tile = describe_tile(engine(game.game), game.state["hand"])  # what the tile is, in words, not its id
    for words in (f"Your tile: {tile}.", "Scores: Ann 0", "Bob 0", f"{SITE}/games/{game.pk}/",
                  "Play by Thu 7 Mar 2030, 10:00 (UTC)", "3 days per move"):
        assert words in email.body, words
    [(html, mimetype)] = email.alternatives
    assert mimetype == "text/html" and f'href="{SITE}/games/{game.pk}/"' in html and f"Your tile: {tile}." in html
    sweep()
    assert len(mail.outbox) == 1  # once
    notice = Notice.objects.get(game=game, kind=Notice.Kind.TURN_EMAIL, version=game.version)
    assert notice.done_at is not None and notice.outcome == "sent"
    record = SentEmail.objects.get(game=game, kind=SentEmail.Kind.TURN)
    assert (record.status, record.seat, record.version, record.user) == (
        SentEmail.Status.SENT, game.current_seat, game.version, waiting)


def test_no_turn_email_when_the_player_moves_within_the_grace_period(start, clock) -> None:
    game = start(2)
    first = mover(game)
    clock.advance(minutes=2)
    game = play(game)
    second = mover(game)
    clock.advance(minutes=4)  # 6 minutes after the first turn began: its notice is closed
    sweep()
    assert mail.outbox == []
    assert Notice.objects.get(game=game, kind=Notice.Kind.TURN_EMAIL, version=game.version - 1).outcome == "moved on"
    clock.advance(minutes=1, seconds=1)  # 5 minutes after the second turn began
    sweep()
    assert [m.to for m in mail.outbox] == [[second.email]]
    assert sent(to=first) == []


def test_quick_back_and_forth_sends_no_mail(start, clock) -> None:
    game = start(2)
    for _ in range(6):
        clock.advance(minutes=3)
        sweep()
        game = play(game)
    sweep()
    assert mail.outbox == []


def test_players_who_turned_turn_emails_off_get_none(start, clock) -> None:
    game = start(2)
    waiting = mover(game)
    type(waiting).objects.filter(pk=waiting.pk).update(notify_turn=False)
    clock.advance(minutes=6)
    sweep()
    assert mail.outbox == []
    assert Notice.objects.get(game=game, kind=Notice.Kind.TURN_EMAIL).outcome == "turned off"


def test_a_task_queued_for_an_old_version_does_nothing(start, clock) -> None:
    game = start(2)
    old_version, old_seat = game.version, game.current_seat
    game = play(game)
    state, version = game.state, game.version
    assert tasks.send_turn_email(game.pk, old_seat, old_version) == "moved on"
    assert tasks.send_reminder(game.pk, old_seat, old_version) == "moved on"
    clock.advance(days=4)  # even past the deadline, a timeout of an old version plays nothing
    assert tasks.play_timeout(game.pk, old_version) == "moved on"
    game.refresh_from_db()
    assert (game.state, game.version) == (state, version)
    assert mail.outbox == [] and not SentEmail.objects.exists()


def test_a_task_run_twice_sends_once(start, clock) -> None:
    game = start(2)
    clock.advance(minutes=6)
    assert tasks.send_turn_email(game.pk, game.current_seat, game.version) == "queued"
    assert tasks.send_turn_email(game.pk, game.current_seat, game.version) == "sent before"
    assert len(mail.outbox) == 1 and SentEmail.objects.count() == 1


def test_every_email_has_one_click_unsubscribe_headers(start, clock) -> None:
    start(2, move_hours=24)
    clock.advance(minutes=6)
    sweep()  # the turn email
    clock.advance(hours=20)
    sweep()  # the reminder (a fifth of a day is left)
    clock.advance(hours=4)
    sweep()  # the timeout: the other player hears of it
    subjects = [m.subject for m in mail.outbox]
    assert len(subjects) == 3 and subjects[0].startswith("Your turn in") and subjects[1].startswith("Reminder:")
    assert " timed out in " in subjects[2]
    for email in mail.outbox:
        message = email.message()
        link = message["List-Unsubscribe"]
        assert link.startswith(f"<{SITE}/accounts/unsubscribe/") and link.endswith("/>")
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert link[1:-1] in email.body and link[1:-1] in email.alternatives[0][0]


def test_another_seat_leaving_does_not_send_the_mover_the_same_turn_email_again(start, clock) -> None:
    from games.play import services

    game = play_first_turns(start(3))  # a seat leaving before then aborts the game
    waiting = mover(game)
    deadline = game.deadline
    clock.advance(minutes=6)
    sweep()
    assert [m.to for m in mail.outbox] == [[waiting.email]]
    quitter = next(s.user for s in game.seats.all() if s.number != game.current_seat)
    game = services.game_resign(game_id=game.pk, user=quitter)
    game.refresh_from_db()
    assert mover(game) == waiting and game.deadline == deadline  # the same turn, the same clock
    clock.advance(minutes=6)
    sweep()
    assert [m.to for m in mail.outbox] == [[waiting.email]]  # not a second time
    # the turn's notices moved to the new version: the reminder and the timeout still fall due once
    kinds = set(Notice.objects.filter(game=game, version=game.version, seat=game.current_seat)
                .values_list("kind", flat=True))
    assert kinds == {Notice.Kind.TURN_EMAIL, Notice.Kind.REMINDER, Notice.Kind.TIMEOUT}
    assert Notice.objects.get(game=game, version=game.version, kind=Notice.Kind.TIMEOUT).due_at == deadline


def test_the_engine_words_of_a_turn_email_follow_the_active_language(start, clock) -> None:
    """The position and what the others did since, in the language active where the email is made (the
    recipient's: accounts activate it); in English exactly the engine's words."""
    from django.utils import translation

    from games.notifications.emails import board_in_words

    game = play(start(2))
    seat = game.current_seat
    with translation.override("en"):
        english = board_in_words(game, seat)
    with translation.override("de"):
        german = board_in_words(game, seat)
    tile = describe_tile(engine(game.game), game.state["hand"])
    assert english["position"].startswith(f"Your tile: {tile}.") and german["position"].startswith("Dein Plättchen: ")
    assert english["since"] and english["since"][0].split(" ")[1] == "laid"
    assert len(german["since"]) == len(english["since"]) and german["since"][0].split(" ")[1] == "legte"
