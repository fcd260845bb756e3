"""Two players in two browsers: sign up, start an Ark game, play through the page, see each other's moves
live, play on to the end, and read the final scores and the winner on the page."""
from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest

from games.models import Game
from games.play import services
from tests.browser.pages import (
    click_cell,
    confirm_turn,
    game_data,
    log_in,
    my_turn,
    place_first_fit,
    play_random_turns,
    sign_in,
    sign_up,
    tiles_on_board,
    wait_for_game,
    wait_live,
)
from tests.browser.shell_checks import api_turn
from tests.factories import PASSWORD as FACTORY_PASSWORD
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Set to a folder (e.g. docs) to keep the mid-game screenshot there; by default it goes to a temporary folder.
SCREENSHOT_DIR = os.environ.get("ARK_SCREENSHOT_DIR")


def test_two_players_play_an_ark_game_in_the_browser(new_page, live_url, tmp_path):
    ann, bob = new_page(), new_page()
    sign_up(ann, "ann")
    sign_up(bob, "bob")

    # Ann starts a two-player Ark game from the lobby; the page shows her the invitation link.
    ann.select_option("select[name=game]", "ark")
    ann.select_option("select[name=seats]", "2")
    ann.click("form.new-game button[type=submit]")
    ann.wait_for_url(re.compile(r"/games/\d+/$"))
    game_id = int(re.search(r"/games/(\d+)/", ann.url).group(1))
    Game.objects.filter(pk=game_id).update(seed=20261121)  # a fixed shuffle: the same game every run
    invite = ann.locator("#invite-link").input_value()

    # Bob follows the link and takes the seat; the game starts and Ann's page shows it without a reload.
    bob.goto(urlparse(invite).path)
    bob.click("main button[type=submit]")
    bob.wait_for_url(re.compile(rf"/games/{game_id}/$"))
    wait_for_game(bob)
    wait_for_game(ann)
    assert not ann.locator("#invite-link").count()

    # Two turns through the pages, one by each player; the other page updates live.
    posts: dict[object, list[str]] = {ann: [], bob: []}
    for page in (ann, bob):
        page.on("request", lambda request, sent=posts[page]: request.method == "POST" and sent.append(request.url))
    for turn in range(2):
        mover, other = (ann, bob) if my_turn(ann) else (bob, ann)
        assert my_turn(mover) and not my_turn(other)
        before = tiles_on_board(other)
        posts[mover].clear()

        rotation = mover.evaluate("window.arkGame.rotation")
        mover.click("button.hand-tile")  # a click on the tile in hand turns it
        assert mover.evaluate("window.arkGame.rotation") == (rotation + 90) % 360

        # A cell that touches no tile: refused on the page, with a reason, and nothing sent.
        board = game_data(mover, game_id)["view"]["board"]
        far = max(t["x"] for t in board) + 2
        click_cell(mover, far, 0)
        alert = mover.locator("#alert")
        assert alert.is_visible() and "must touch" in alert.inner_text()
        assert not mover.locator("#board .cell.pending-frame").count()
        assert posts[mover] == []

        # A highlighted cell takes the tile, by a click (first turn) or a drag from the hand (second turn),
        # but nothing is sent yet; a follower spot is chosen on the board; Confirm.
        place = place_first_fit(mover, game_id, want_follower=True, drag=turn == 1)
        assert posts[mover] == []
        if place["followers"]:
            mover.locator("#board .spot-follower").first.click()
            assert mover.locator("input[name=action]:checked").get_attribute("value").startswith("follower-")
        answer = confirm_turn(mover)
        assert answer["view"]["board"][-1]["x"] == place["x"] and answer["view"]["board"][-1]["y"] == place["y"]
        assert not my_turn(mover)

        # The other player sees the new tile appear, with no reload, and the move in the log.
        other.wait_for_function("n => document.querySelectorAll('#board .layer-tiles .tile').length === n",
                                arg=before + 1)
        other.wait_for_function("() => document.querySelector('#log li') && "
                                "document.querySelector('#log li').textContent.includes('laid')")  # the server's words
        wait_live(other, answer["version"])  # the turn shown step by step, then the live game
        assert my_turn(other) or Game.objects.get(pk=game_id).current_seat is None

    # Most of the game is played by a helper through the service; halfway, a picture of the board.
    rng = random.Random(7)
    play_random_turns(game_id, rng, turns=32)
    for page in (ann, bob):
        page.reload()
        wait_for_game(page)
    mover = ann if my_turn(ann) else bob
    mover.click("button[data-act=fit]")
    mover.click("button[data-act=zoom-in]")
    mover.click("button[data-act=zoom-in]")
    mover.mouse.move(0, 0)
    shots = Path(SCREENSHOT_DIR) if SCREENSHOT_DIR else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    mover.screenshot(path=str(shots / "screenshot-board.png"))
    game = play_random_turns(game_id, rng, leave=1)

    # The last turns through the page, then the final scoring is shown.
    for page in (ann, bob):
        page.reload()
        wait_for_game(page)
    for _ in range(6):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        mover = ann if my_turn(ann) else bob
        place_first_fit(mover, game_id)
        confirm_turn(mover)
        for page in (ann, bob):  # both pages follow live (the other's turn shown step by step first)
            wait_live(page, game.version + 1)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    scores = {seat.user.username: seat.score for seat in game.seats.select_related("user")}
    winners = [seat.user.username for seat in game.seats.select_related("user") if seat.result == "won"]
    for page in (ann, bob):
        page.wait_for_selector("#final-panel:not([hidden])")
        verdict = page.locator("#verdict").inner_text()
        assert all(name in verdict for name in winners)
        rows = {row.locator(".seat-name").inner_text().strip(): row.locator(".total").inner_text()
                for row in page.locator("table.final tbody tr").all()}
        assert rows == {name: str(points) for name, points in scores.items()}
        assert page.locator("#board .layer-tiles .tile").count() == len(game_data(page, game_id)["view"]["board"])

    # The finished game replays move by move, and its record downloads.
    ann.click("#final-panel button[data-act=replay]")
    assert ann.locator("#board .layer-tiles .tile").count() == 1
    ann.click("#step-bar button[data-act=step-next]")
    assert ann.locator("#board .layer-tiles .tile").count() == 2
    assert "laid" in ann.locator("#step-bar .step-caption").inner_text()
    assert ann.locator("#final-panel").is_hidden()  # the result is not said over an earlier position
    ann.click("#step-bar button[data-act=end-replay]")
    with ann.expect_download() as download:
        ann.click("#final-panel a[download]")
    assert download.value.suggested_filename == f"ark-{game_id}.json"
    assert ann.errors == [] and bob.errors == []


def test_a_turn_from_the_keyboard_and_a_lost_connection(new_page, live_url):
    one, two = UserFactory(), UserFactory()
    game = services.game_create(user=one, game="carcassonne", players=2)
    Game.objects.filter(pk=game.pk).update(seed=5)
    game = services.game_join(game_id=game.pk, user=two)
    mover = game.seats.get(number=game.current_seat).user
    waiter = two if mover == one else one
    lobby = new_page()
    log_in(lobby, waiter.username, FACTORY_PASSWORD)  # the other player watches the lobby
    assert not lobby.locator(f"#waiting-list li[data-game='{game.pk}']").count()
    lobby.wait_for_function("() => document.querySelector('#lobby') !== null")
    page = new_page(width=390, height=844)  # a phone
    sign_in(page, mover)
    sockets, game_frames = [], []
    page.on("websocket", lambda ws: (sockets.append(ws.url), ws.on("framereceived", lambda frame: game_frames.append(
        json.loads(frame).get("version") if '"type":"game"' in str(frame) else None))))
    page.goto(f"/games/{game.pk}/")
    wait_for_game(page)
    assert "Your turn" in page.locator("#turn-line").inner_text()

    # Keyboard only: focus the board, rotate with R, move the cursor with the arrows, Enter places,
    # Escape takes back, Enter places again, then Tab to Confirm and press Enter.
    page.focus("#board")
    places = game_data(page, game.pk)["view"]["legal"]
    for _ in range(4):
        rotation = page.evaluate("window.arkGame.rotation")
        page.keyboard.press("r")
        assert page.evaluate("window.arkGame.rotation") == (rotation + 90) % 360
        legal = [p for p in places if p["rotation"] == (rotation + 90) % 360]
        if legal:
            break
    target = legal[0]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    cursor = page.evaluate("window.arkGame.cursor")
    steps = {"ArrowRight": target["x"] - cursor["x"], "ArrowDown": target["y"] - cursor["y"]}
    for key, count in steps.items():
        back = {"ArrowRight": "ArrowLeft", "ArrowDown": "ArrowUp"}[key]
        for _ in range(abs(count)):
            page.keyboard.press(key if count > 0 else back)
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .cell.pending-frame")
    page.keyboard.press("Escape")
    assert not page.locator("#board .cell.pending-frame").count()
    page.focus("#board")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .cell.pending-frame")
    for _ in range(30):
        if page.evaluate("document.activeElement.dataset.act") == "confirm":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.act") == "confirm"
    with page.expect_response(lambda r: r.url.endswith("/turns/")) as answer:
        page.keyboard.press("Enter")
    assert answer.value.ok
    page.wait_for_function("() => !document.querySelector('#game.my-turn')")
    # the focus stays on the page's controls, never dropped to the body
    assert page.evaluate("document.activeElement !== document.body && !!document.activeElement.closest('#game')")
    # The other player's lobby now lists the game as waiting for them, without a reload.
    lobby.wait_for_selector(f"#waiting-list li.waiting[data-game='{game.pk}']")
    # They play; the turn comes back: the old "Your turn was played." is gone under the fresh "Your turn".
    other = new_page()
    sign_in(other, waiter)
    game = Game.objects.get(pk=game.pk)
    version = api_turn(other, game.pk, random.Random(3))["version"]
    page.wait_for_function("v => window.arkGame.game.version >= v && document.querySelector('#game.my-turn')",
                           arg=version)
    assert "was played" not in page.locator("#status").inner_text()
    # one socket for the whole page (board, chat, rematch), and each version's frame once
    versions = [v for v in game_frames if v is not None]
    game_sockets = [url for url in sockets if "/ws/games/" in url]
    assert len(game_sockets) == 1 and versions and len(versions) == len(set(versions)), (sockets, versions)

    # The live link drops: the page says so and comes back by itself.
    page.evaluate("window.arkGame.socket.ws.close()")
    page.wait_for_selector("#conn:not([hidden])")
    assert "reconnecting" in page.locator("#conn").inner_text()
    page.wait_for_selector("#conn", state="hidden", timeout=10000)
    assert page.errors == [] and lobby.errors == []
