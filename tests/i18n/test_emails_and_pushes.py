"""Emails and pushes go out in the recipient's language (docs/i18n.md): their choice, else the language their
browser last asked for, else English; the words of the whole email, subject and body, text and HTML."""
from __future__ import annotations

import pytest
from django.core import mail
from django.utils import translation

from games.models import SentEmail
from games.push import messages as push_messages
from games.push.models import PushKind
from tests.factories import play_first_turns
from tests.notifications.conftest import *  # noqa: F403 (its fixtures: a frozen clock, eager tasks, games)
from tests.notifications.conftest import SITE, mover, play, sweep

pytestmark = pytest.mark.django_db(transaction=True)


def choose(user, language: str = "", last: str = "") -> None:
    type(user).objects.filter(pk=user.pk).update(language=language, last_language=last)


def test_the_turn_email_of_a_german_player_is_german(start, clock) -> None:
    game = start(2)
    waiting = mover(game)
    choose(waiting, "de")
    clock.advance(minutes=6)
    sweep()
    [email] = mail.outbox
    # the game's own name is the engines' words (their catalogue: games/locale)
    assert email.subject.startswith("Du bist am Zug in ") and email.subject.endswith(f" #{game.pk}")
    for words in (f"Hallo {waiting.name},", "wartet auf deinen Zug.", "Punkte:", "Zieh bis Do 7 Mär 2030, 10:00 (UTC)",
                  "du hast 3 Tage pro Zug.", "Dein Zug:", f"{SITE}/games/{game.pk}/",
                  "Du bekommst diese E-Mail wegen deiner Einstellungen unter", "„Du bist am Zug“-E-Mails ausschalten"):
        assert words in email.body, words
    [(html, _mimetype)] = email.alternatives
    assert '<html lang="de">' in html and "Zu deinem Zug</a>" in html and "Hallo" in html
    for english in ("Hello", "Your turn", "Play by", "per move", "Scores", "You get this email"):
        assert english not in email.body and english not in html, english
    assert translation.get_language() == "en"  # the recipient's language went with the email, not the thread


def test_a_player_who_never_chose_gets_the_language_of_their_browser_and_others_get_english(start, clock) -> None:
    game = start(2)
    waiting = mover(game)
    choose(waiting, "", last="fr")
    clock.advance(minutes=6)
    sweep()
    [email] = mail.outbox
    assert email.subject.startswith("À vous de jouer dans ") and "Bonjour" in email.body
    game = play(game)
    choose(mover(game))  # never chose, never came with a browser: the site's default
    clock.advance(minutes=6)
    sweep()
    assert SentEmail.objects.order_by("-pk").first().subject.startswith("Your turn in ")


def test_the_timeout_email_and_the_pushes_speak_each_recipients_language(start, clock) -> None:
    game = play_first_turns(start(3))
    absent = mover(game)
    others = [seat.user for seat in game.seats.all() if seat.user != absent]
    choose(others[0], "de")
    choose(others[1], "fr")
    mail.outbox.clear()
    clock.advance(hours=72, minutes=1)
    sweep()
    by_address = {message.to[0]: message for message in mail.outbox}
    german, french = by_address[others[0].email], by_address[others[1].email]
    assert f"{absent.name} hat in " in german.subject and "die Zeit überschritten" in german.subject
    assert "Die Partie geht weiter." in german.body or "Jetzt bist du am Zug" in german.body
    assert f"{absent.name} a dépassé son temps dans " in french.subject and "Bonjour" in french.body
    game.refresh_from_db()
    for user in others + [absent]:
        user.refresh_from_db()
    title_de = push_messages.payload(PushKind.TURN, game, others[0])["title"]
    title_fr = push_messages.payload(PushKind.ENDED, game, others[1])["title"]
    assert title_de.startswith("Du bist am Zug in ") and title_fr.endswith(" est terminée")
    assert push_messages.payload(PushKind.TURN, game, absent)["title"].startswith("Your turn in ")
