"""A whole game of every game of the registry (games(), never a typed list) played in German (issue 28: "a player
plays a whole game of each kind in German"): two players whose account language is German, each in a German
browser (locale de, Accept-Language de), play every turn through their page's own API requests with the legal
steps the server's view offers, until the game is over. On the way: the page has no English left on the first
turn, in the middle of the game and on the final page (final scoring, the end of the table), as
tests/browser/test_game_page_languages.py reads it; refused steps come back in German (the engine's refusal,
400; another player's turn, a stale version and a finished game, 409)."""
from __future__ import annotations

import random
import time
from typing import Any

import pytest
from django.utils import translation

from accounts.models import User
from games.i18n import error_text
from games.models import Game
from games.play.payloads import progress_of
from games.rules import RulesError, games
from tests.browser.pages import sign_in
from tests.browser.test_game_page_languages import TEXTS, page_texts, proper_names, same_words_allowed, words_left
from tests.factories import UserFactory, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: After how many turns the page is read for English: the first seat's first turn is played (the log has a line),
#: and the middle of the shortest game (Iwari: about 28 turns for two players).
LOOKED_AT = (1, 12)
#: A turn takes fewer steps than this (Tikal's: a dozen at most).
MAX_STEPS = 80


def german(msgid: str, **params: Any) -> str:
    with translation.override("de"):
        said = translation.gettext(msgid)
    return said % params if params else said


def opened_texts(page: Any) -> list[str]:
    """The page's texts with every folded part opened (a scoring's "where the points came from")."""
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return list(page.evaluate(TEXTS))


class Table:
    """The two German players, each in a browser page of their own, and the game they play."""

    def __init__(self, new_page: Any, name: str) -> None:
        self.new_page = new_page
        self.users = [UserFactory(language="de"), UserFactory(language="de")]
        self.game = start_game(self.users, game=name, seed=2028)
        self.pages: dict[int, Any] = {}
        self.refusals = 0  # engine refusals checked
        self.steps = 0
        for seat in self.game.seats.select_related("user"):
            page = new_page(locale="de", extra_http_headers={"Accept-Language": "de"}, width=1400, height=900)
            # signed in: the page's own requests (its cookies, its Accept-Language) play the turns; the game's
            # page is opened when it is read (an open page would play every turn that arrives as an animation)
            sign_in(page, seat.user)
            page.user = seat.user
            self.pages[seat.number] = page

    def post(self, seat: int, path: str, data: dict[str, Any]) -> Any:
        page = self.pages[seat]
        token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
        return page.request.post(f"/api/games/{self.game.pk}/{path}", data=data,
                                 headers={"X-CSRFToken": token, "Content-Type": "application/json"})

    def view(self, seat: int) -> dict[str, Any]:
        answer = self.pages[seat].request.get(f"/api/games/{self.game.pk}/")
        assert answer.ok, answer.text()
        return dict(answer.json())

    def refused(self, answer: Any, status: int, expected: str) -> None:
        assert answer.status == status, (answer.status, answer.text())
        detail = answer.json()["detail"]
        assert detail == expected, f"{self.game.game}: refused with {detail!r}, not in German ({expected!r})"

    def play_turn(self, data: dict[str, Any], rng: random.Random, refuse: bool) -> dict[str, Any]:
        """The seat to move plays one whole turn of random legal steps, as its page offers them; with ``refuse``,
        a step the position no longer allows is sent first, once the turn has one, and refused in German."""
        seat, first = data["current_seat"], data["version"]
        assert data["your_seat"] == seat
        before: list[Any] = []
        for _ in range(MAX_STEPS):
            actions = data["turn"]["actions"]
            stale = [a for a in before if a not in actions]
            if refuse and stale:
                self.engine_refusal(seat, data["version"], stale[0])
                refuse = False
            answer = self.post(seat, "steps/", {"version": data["version"], "action": rng.choice(actions)})
            assert answer.ok, answer.text()
            self.steps += 1
            before, data = actions, answer.json()
            if data["status"] != "active" or data["current_seat"] != seat or data["version"] <= first:
                return data
            if not (data.get("turn") or {}).get("steps"):
                return data  # a new turn of the same seat (a bonus turn): this one ended
        raise AssertionError("the turn did not end")

    def engine_refusal(self, seat: int, version: int, action: dict[str, Any]) -> None:
        """A step the position no longer allows: the engine refuses it, and the player reads why in German."""
        self.game.refresh_from_db()
        progress = progress_of(self.game)
        assert progress is not None
        try:
            progress.play(progress.eng.parse_action(action), seat)
        except RulesError as err:
            english = str(err)
            with translation.override("de"):
                expected = error_text(err)
        else:
            raise AssertionError(f"{self.game.game}: {action} was allowed")
        self.refused(self.post(seat, "steps/", {"version": version, "action": action}), 400, expected)
        names = [self.game.get_game_display(), *(u.username for u in self.users)]
        assert expected != english and not set(words_left(expected, names, same_words_allowed("de")).split()) & set(
            english.split()), f"{self.game.game}: the refusal {english!r} is said in English: {expected!r}"
        self.refusals += 1

    def conflicts(self, data: dict[str, Any]) -> None:
        """Another player's step, and the mover's with a stale version: both refused in German (409)."""
        seat, action = data["current_seat"], data["turn"]["actions"][0]
        other = next(s for s in self.pages if s != seat)
        self.refused(self.post(other, "steps/", {"version": data["version"], "action": action}), 409,
                     german("it is not your turn"))
        self.refused(self.post(seat, "steps/", {"version": data["version"] - 1, "action": action}), 409,
                     german("the game has moved on since you looked (now at version %(version)d); reload it and "
                            "play again", version=data["version"]))

    def english_left(self, seat: int, final: bool = False) -> list[str]:
        """What the page of ``seat``'s player shows that reads as the same page in English (the player's account
        switched to English for a moment to read it)."""
        user: User = self.pages[seat].user
        User.objects.filter(pk=user.pk).update(language="")
        try:
            english, page = page_texts(self.new_page, user, self.game, "en")
            english += opened_texts(page)
        finally:
            User.objects.filter(pk=user.pk).update(language="de")
        page.context.close()
        local, page = page_texts(self.new_page, user, self.game, "de")
        local += opened_texts(page)
        if final:  # the final scoring and the end of the table are shown, and in German
            page.wait_for_selector("#final-panel:not([hidden]) button[data-act=replay]")
            assert "Replay the game" not in page.locator("#final-panel").inner_text()
            assert german("Game over") in page.locator("#table-end:not([hidden])").inner_text()
        names = proper_names(self.game, page)
        page.context.close()
        allowed = same_words_allowed("de")
        english_set = set(english)
        assert any(t not in english_set for t in local), "nothing on the German page differs from English"
        return sorted({t for t in local if t in english_set and words_left(t, names, allowed)})


@pytest.mark.parametrize("name", games())
def test_a_german_player_plays_a_whole_game_in_german(new_page, live_url, name) -> None:
    table = Table(new_page, name)
    rng = random.Random(28)
    started, looking = time.monotonic(), 0.0
    data = table.view(table.game.current_seat)
    turns, last = 0, None
    while data["status"] == "active":
        seat = data["current_seat"]
        if turns in LOOKED_AT:
            now = time.monotonic()
            left = table.english_left(seat)
            looking += time.monotonic() - now
            assert not left, f"{name}, turn {turns + 1}: English left on the German page: {left}"
        data = table.view(seat)
        if turns == LOOKED_AT[0]:
            table.conflicts(data)
        data = table.play_turn(data, rng, refuse=table.refusals < 2)
        turns, last = turns + 1, seat
    table.game.refresh_from_db()
    print(f"{name}: {turns} turns, {table.steps} steps played in {time.monotonic() - started - looking:.1f} s, "
          f"pages read in {looking:.1f} s")  # a figure to read with -s, never a limit
    assert table.game.status == Game.Status.FINISHED and data["status"] == "finished"
    assert table.refusals >= 1, f"{name}: no step was refused on the way"
    assert last is not None
    table.refused(table.post(last, "steps/", {"version": data["version"], "action": {"type": "pass"}}), 409,
                  german("this game is over"))
    for seat in table.pages:  # the final page, final scoring and the end of the table, of both players
        left = table.english_left(seat, final=True)
        assert not left, f"{name}, the end: English left on the German page: {left}"
