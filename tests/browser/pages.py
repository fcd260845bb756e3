"""What a player does on the pages, as small functions the browser tests read like steps."""
from __future__ import annotations

import random
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Optional

from django.db import connections

from games.models import Game
from tests.factories import play_turn

PASSWORD = "a long pass phrase for tests"


def sign_up(page: Any, username: str) -> None:
    """Create an account through the sign-up page; it logs the new user in and goes to the lobby."""
    page.goto("/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=email]", f"{username}@example.org")
    page.fill("input[name=password]", PASSWORD)
    page.fill("input[name=password_confirm]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    assert page.locator(".nav-user").count() == 1, page.url + page.content()[:3000]
    assert page.locator(".nav-user").inner_text() == username


def log_in(page: Any, username: str, password: str) -> None:
    """Sign in through the sign-in form, as a player does; it ends on the lobby. For the tests of the form and
    of the lobby: the others sign in by :func:`sign_in`."""
    page.goto("/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(r"/$"))


def game_data(page: Any, game_id: int) -> dict[str, Any]:
    """GET /api/games/<id>/ as the page's user (its session cookie)."""
    response = page.request.get(f"/api/games/{game_id}/")
    assert response.ok, response.text()
    return response.json()


def wait_for_game(page: Any) -> None:
    """The game page has drawn its board from the embedded data and shows its grid (static/js/game.js shows it
    once the board is drawn and the log loaded: until then nothing in it can take the focus)."""
    page.wait_for_function("() => window.arkGame && document.querySelectorAll('#board .layer-tiles .tile').length > 0"
                           " && document.querySelector('#game.ready')")


def wait_live(page: Any, version: int, timeout: float = 30000) -> None:
    """The page shows the live game at ``version`` or later: what arrived from the other seats has been shown
    step by step (static/js/shell/arrival.js), the board shows the game as it is, with its choices, and the page
    shows its grid (``#game.ready``, as :func:`wait_for_game`)."""
    page.wait_for_function("v => window.arkGame && window.arkGame.game.version >= v && "
                           "document.querySelector('#game').dataset.shown === `live:${window.arkGame.game.version}`"
                           " && document.querySelector('#game.ready')", arg=version, timeout=timeout)


def tiles_on_board(page: Any) -> int:
    return page.locator("#board .layer-tiles .tile").count()


def click_cell(page: Any, x: int, y: int, px: float = 50, py: float = 50) -> None:
    """Click a board cell (at a point inside it, in tile units) where it is drawn now."""
    page.evaluate("([x, y]) => window.arkGame.board.centreOn(x, y)", [x, y])
    cx, cy = page.evaluate("([x, y, px, py]) => window.arkGame.board.clientPoint(x, y, px, py)", [x, y, px, py])
    page.mouse.click(cx, cy)


def my_turn(page: Any) -> bool:
    return page.locator("#game.my-turn").count() == 1


def confirm_turn(page: Any) -> dict[str, Any]:
    """Press Confirm and wait for the server's answer; returns the game it answered."""
    with page.expect_response(lambda r: r.url.endswith("/turns/") and r.request.method == "POST") as answer:
        page.click("button[data-act=confirm]")
    response = answer.value
    assert response.ok, response.text()
    return response.json()


def place_first_fit(page: Any, game_id: int, want_follower: bool = False, drag: bool = False) -> dict[str, Any]:
    """Place the tile in hand at the first highlighted place (one with a follower spot if asked), by a click
    on the place or by dragging the tile in hand there."""
    data = game_data(page, game_id)
    rotation = page.evaluate("window.arkGame.rotation")
    places = [p for p in data["view"]["legal"] if p["rotation"] == rotation]
    if want_follower and any(p["followers"] for p in places):
        places = [p for p in places if p["followers"]]
    place = places[0]
    if drag:
        page.evaluate("([x, y]) => window.arkGame.board.centreOn(x, y)", [place["x"], place["y"]])
        box = page.locator("button.hand-tile").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        cx, cy = page.evaluate("([x, y]) => window.arkGame.board.clientPoint(x, y)", [place["x"], place["y"]])
        page.mouse.move(cx, cy, steps=8)
        assert page.locator("#board .ghost.ghost-ok").count() == 1  # the ghost shows where it would go
        page.mouse.up()
    else:
        click_cell(page, place["x"], place["y"])
    page.wait_for_selector("#board .cell.pending-frame")
    return place


def play_random_turns(game_id: int, rng: random.Random, leave: int = 0, turns: Optional[int] = None) -> Game:
    """Play random legal turns through the service until ``leave`` tiles are left in the pile (or ``turns``).

    In a thread of its own: Playwright keeps an event loop running in the test's thread, and the live
    update sent after each commit (``async_to_sync``) cannot run inside one.
    """
    def run() -> Game:
        try:
            return _play_random_turns(game_id, rng, leave, turns)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(run).result()


def _play_random_turns(game_id: int, rng: random.Random, leave: int, turns: Optional[int]) -> Game:
    game = Game.objects.get(pk=game_id)
    played = 0
    while game.status == Game.Status.ACTIVE and (turns is None or played < turns):
        if len(game.state["pile"]) <= leave:
            break
        game = play_turn(game, rng)
        played += 1
    game.refresh_from_db()
    return game


def sign_in(page: Any, user: Any) -> None:
    """Give ``page``'s browser the signed-in session of ``user`` (a user or a username) as cookies, without loading a
    page: the session that signing in makes (Django's ``Client.force_login``: the same session, the same
    ``user_logged_in`` signal) and a CSRF cookie for the page's own API requests (the token the site's pages would
    set). Two page loads fewer than :func:`log_in` (the form, and the lobby it leads to, which would stay open and
    redraw its lists at every step a test plays), for the tests that are not about signing in."""
    from django.conf import settings
    from django.test import Client
    from django.utils.crypto import get_random_string

    if isinstance(user, str):
        from accounts.models import User

        user = User.objects.get(username=user)
    client = Client()
    client.force_login(user)
    host = {"domain": "127.0.0.1", "path": "/"}
    page.context.add_cookies([
        {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value, **host},
        {"name": settings.CSRF_COOKIE_NAME, "value": get_random_string(32), **host}])
