"""Tikal and Iwari on the real game page: two players in two browsers play whole turns by clicking their boards;
each sees the other's turn arrive in the log."""
from __future__ import annotations

from typing import Any

from games.models import Game
from tests.browser.pages import log_in
from tests.factories import PASSWORD, UserFactory, start_game


def version(page: Any) -> int:
    return page.evaluate("window.arkGame.game.version")


def answered(page: Any, before: int) -> None:
    page.wait_for_function("v => window.arkGame.game.version > v", arg=before)


def view(page: Any) -> dict[str, Any]:
    return page.evaluate("window.arkGame.game.view")


def my_turn(page: Any) -> bool:
    return page.evaluate("(g => g.status === 'active' && g.current_seat === g.your_seat)(window.arkGame.game)")


def pages_of(new_page: Any, game: Game) -> dict[int, Any]:
    out = {}
    for seat in game.seats.select_related("user").order_by("number"):
        page = new_page()
        log_in(page, seat.user.username, PASSWORD)
        page.goto(f"/games/{game.pk}/")
        page.wait_for_function("window.arkGame && window.arkGame.game")
        out[seat.number] = page
    return out


def tikal_turn(page: Any) -> None:
    """Lay the hex where the view lists it first, bring two workers in, end the turn: all by clicking."""
    first = next(a for a in view(page)["legal"] if a["type"] == "place")
    spot = f"{first['at'][0]},{first['at'][1]}"
    page.locator(f".tk-hits polygon[data-space='{spot}']").click()
    while page.locator(".tk-ghost").get_attribute("data-rotation") != str(first["rotation"]):
        page.locator(".tk-rotate").click()
    before = version(page)
    page.locator(".tk-place").click()
    answered(page, before)
    for _ in range(2):
        before = version(page)
        page.locator(".tk-enter button[data-piece='worker']").first.click()
        answered(page, before)
    page.wait_for_function("() => document.querySelector('.tk-ap').dataset.ap === '8'")
    before = version(page)
    page.locator(".tk-end").click()
    answered(page, before)


def test_two_players_play_tikal_turns_on_the_page(new_page, live_url) -> None:
    users = [UserFactory(), UserFactory()]
    game = start_game(users, game="tikal", seed=0x71CA1)
    pages = pages_of(new_page, game)
    for turn in range(4):
        game.refresh_from_db()
        mover, other = pages[game.current_seat], pages[1 - game.current_seat]
        mover.wait_for_function("v => window.arkGame.game.version >= v", arg=game.version)
        assert my_turn(mover)
        tikal_turn(mover)
        other.wait_for_function("n => (document.querySelector('#log').innerText.match(/laid/g) || []).length >= n",
                                arg=turn + 1)
    game.refresh_from_db()
    assert game.moves.count() == 4 and game.status == Game.Status.ACTIVE
    for page in pages.values():
        assert page.errors == []


def iwari_step(page: Any) -> None:
    """One step of the seat's Iwari turn, by clicking what the board offers for the first listed action."""
    phase = page.locator(".iwari").get_attribute("data-phase")
    legal = view(page)["legal"]
    before = version(page)
    if phase == "settle":
        action = next(a for a in legal if a["type"] == "place" and a["piece"] == "tent")
        for card in action["pay"]:
            page.locator(f".iw-hand [data-card='{card}']:not(.chosen):not([aria-pressed='true'])").first.click()
        page.locator(f".iw-hits circle[data-space='{action['at']}']").click()
    elif phase == "place":
        page.get_by_role("button", name="Finish with one piece").click()
    elif phase == "third":
        action = next(a for a in legal if a["type"] == "third")
        if action["piece"] == "tent":
            page.locator(f".iw-hits circle[data-space='{action['at']}']").click()
        else:
            page.locator(f".iw-hits circle[data-totem='{action['territory']}']").click()
    elif phase == "draw":
        page.locator(".iw-deck").click()
    else:
        raise AssertionError(f"an unexpected phase: {phase}")
    if page.locator(".iw-chooser").count():
        page.locator(".iw-chooser .iw-choice").first.click()
    answered(page, before)


def test_two_players_play_iwari_turns_with_the_third_tribe_on_the_page(new_page, live_url) -> None:
    users = [UserFactory(), UserFactory()]
    game = start_game(users, game="iwari", seed=0x1AA21)
    pages = pages_of(new_page, game)
    for turn in range(3):
        game.refresh_from_db()
        seat = game.current_seat
        mover, other = pages[seat], pages[1 - seat]
        mover.wait_for_function("v => window.arkGame.game.version >= v", arg=game.version)
        hand_before = len(view(mover)["hand"])
        steps = 0
        while my_turn(mover):
            iwari_step(mover)
            steps += 1
            assert steps < 20
        assert len(view(mover)["hand"]) == hand_before  # refilled to three
        other.wait_for_function("n => document.querySelectorAll('#log li').length >= n", arg=turn + 1)
    game.refresh_from_db()
    assert game.moves.count() == 3
    tents = [t for t in engine_view(game)["spaces"].values() if t is not None]
    assert len(tents) >= 3
    for page in pages.values():
        assert page.errors == []


def engine_view(game: Game) -> dict[str, Any]:
    from games.rules import engine

    eng = engine("iwari")
    return eng.view(eng.state_from_dict(game.state), None)
