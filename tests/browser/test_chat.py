"""Two players chat at the table in two browsers: each sees the other's message arrive live, as text (never
as markup); then one resigns, each sees the rating change of the rated game, and a rematch is offered and
accepted with one click each.

These drive chat.js and rematch.js, which stand alone (their own connection to the game's socket): they do
not depend on the board's game.js, which is being rewritten elsewhere."""
from __future__ import annotations

import pytest

from games.models import Game
from tests.browser.pages import sign_in
from tests.factories import UserFactory, play_first_turns
from tests.factories import start_game as make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EVIL = "<img src=x onerror=alert(1)> & \"hi\""


def send(page, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-form button[type=submit]")


def chat_errors(page) -> list[str]:
    return [e for e in page.errors if "chat" in e or "rematch" in e]


def test_two_players_chat_live_and_rematch(new_page) -> None:
    ann_user, bob_user = UserFactory(username="ann"), UserFactory(username="bob")
    game = play_first_turns(make_game([ann_user, bob_user], rated=True))  # else resigning aborts it, unrated
    ann, bob = new_page(), new_page()
    sign_in(ann, "ann")
    sign_in(bob, "bob")
    ann.goto(f"/games/{game.pk}/")
    bob.goto(f"/games/{game.pk}/")
    for page in (ann, bob):
        page.wait_for_function("() => window.arkChat && window.arkChat.socket.state === 'open'")

    send(ann, "good luck, Bob")
    bob.locator("#chat-list .chat-msg", has_text="good luck, Bob").wait_for()
    ann.locator("#chat-list .chat-msg", has_text="good luck, Bob").wait_for()
    send(bob, EVIL)
    ann.locator("#chat-list .chat-text", has_text="onerror").wait_for()
    assert ann.locator("#chat-list img").count() == 0, "markup stays text"
    assert ann.locator("#chat-list .chat-text").last.inner_text() == EVIL
    assert ann.locator("#chat-input").get_attribute("maxlength") == "500"

    # a spectator reads but has no box to write in
    carl = new_page()
    UserFactory(username="carl")
    sign_in(carl, "carl")
    carl.goto(f"/games/{game.pk}/")
    assert carl.locator("#chat-list .chat-msg").count() == 2 and carl.locator("#chat-form").count() == 0

    # the game ends: a rematch in one click each
    # Bob resigns from the page (asked twice); both open pages show the results when the finished game arrives,
    # without a reload
    bob.click("[data-act=resign]")
    bob.click("[data-act=resign-no]")
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    bob.click("[data-act=resign]")
    bob.click("[data-act=resign-yes]")
    for page in (ann, bob):
        page.wait_for_selector("#table-end:not([hidden]) .rating-change")
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    ann.locator("#rematch-offer").wait_for(state="visible")
    assert ann.evaluate("window.arkChat.socket.state") == "open"  # the page stayed: nothing reloaded it
    # the rated game's result moved both ratings: the winner's up, the resigner's down, at the end and at the table
    for page in (ann, bob):
        assert page.locator("#table-end .rating-change.up").count() == 1
        assert page.locator("#table-end .rating-change.down").count() == 1
        page.wait_for_selector("#scores .rating-change.up")
        assert page.locator("#scores .rating-change.down").count() == 1
    up = ann.locator("#table-end li", has=ann.locator(".rating-change.up")).inner_text()
    assert up.startswith("ann") and "won" in up
    ann.locator("#rematch-offer").click()
    bob.locator("#rematch-accept").wait_for(state="visible")
    bob.locator("#rematch-accept").click()
    ann.locator("#rematch-go").wait_for(state="visible")
    assert ann.locator("#rematch-offer").is_hidden() and bob.locator("#rematch-decline").is_hidden()
    new_id = int(ann.locator("#rematch-go").get_attribute("href").strip("/").split("/")[-1])
    assert Game.objects.get(pk=new_id).status == Game.Status.ACTIVE
    assert chat_errors(ann) == [] and chat_errors(bob) == []
