"""The screenshots of docs/boards/tikal.md, taken on the real game page (desktop 1400x900 and phone 390x844).

Skipped unless ``TIKAL_SCREENSHOT_DIR`` names a folder: they take a whole game played through the services, and
what they show is checked by test_tikal_board.py and test_tikal_and_iwari_pages.py. Run:

    TIKAL_SCREENSHOT_DIR=docs/screenshots .venv/bin/python -m pytest -q tests/browser/test_tikal_screens.py
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from games.models import Game
from tests.browser.pages import sign_in
from tests.browser.tikal_game import play_until, seat_user
from tests.factories import UserFactory, start_game

FOLDER = os.environ.get("TIKAL_SCREENSHOT_DIR")
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(not FOLDER, reason="set TIKAL_SCREENSHOT_DIR to take the docs' screenshots")]
WINDOWS = {"desktop": (1400, 900), "phone": (390, 844)}


def snap(page: Any, window: str, what: str) -> None:
    folder = Path(str(FOLDER))
    folder.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(300)  # the board's own transitions settle (a picture, not a check)
    page.screenshot(path=str(folder / f"tikal-{window}-{what}.png"))


def open_as(new_page: Any, user: Any, game: Game, window: str) -> Any:
    page = new_page(*WINDOWS[window])
    sign_in(page, user)
    page.goto(f"/games/{game.pk}/")
    page.wait_for_function("() => !!(window.arkGame && window.arkGame.boardUI)")
    page.wait_for_selector(".tikal .tk-tile")
    return page


def test_screenshots(new_page: Any, live_url: str) -> None:
    users = [UserFactory(username="ann"), UserFactory(username="bob")]
    game = start_game(users, game="tikal", seed=0x71CA1)
    # the middle of a game: the mover's hex to lay
    game = play_until(game.pk, lambda v: v["turn"] >= 12 and v["phase"] == "place" and not v["round"], seed=3)
    me, other = game.current_seat, 1 - game.current_seat
    for window in WINDOWS:
        page = open_as(new_page, seat_user(game, me), game, window)
        lit = page.eval_on_selector_all("[data-lit]", "els => els.map(e => e.dataset.lit)")
        page.locator(f".tk-hits [data-space='{lit[len(lit) // 2]}']").click()
        snap(page, window, "place")
        page.close()
        page = open_as(new_page, seat_user(game, other), game, window)
        snap(page, window, "other")
        page.close()
    # choosing an action: the mover's explorers selected, where they reach lit
    game = play_until(game.pk, lambda v: v["phase"] == "actions" and len(v["reach"]) >= 2
                      and v["action_points"] == 10 and not v["round"], seed=4)
    for window in WINDOWS:
        page = open_as(new_page, seat_user(game, game.current_seat), game, window)
        view = page.evaluate("window.arkGame.game.view")
        at = max(view["reach"], key=lambda r: len(r["to"]))["from"]
        page.locator(f".tk-hits [data-space='{at[0]},{at[1]}']").click()
        snap(page, window, "actions")
        page.close()
    # a volcano scoring: a bonus turn after the first player scored
    game = play_until(game.pk, lambda v: v["round"] == "volcano" and v["bonus"] and bool(v["last_scoring"]), seed=5)
    for window in WINDOWS:
        page = open_as(new_page, seat_user(game, game.current_seat), game, window)
        snap(page, window, "volcano")
        page.close()
    # the end
    game = play_until(game.pk, lambda v: False, seed=6)
    assert game.status == Game.Status.FINISHED
    for window in WINDOWS:
        page = open_as(new_page, seat_user(game, 0), game, window)
        snap(page, window, "end")
        page.close()
