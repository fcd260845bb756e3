"""The play experience of the tile games (issue 16), on a desktop window and on a phone: replay, framing,
the Ark, choosing a piece on a phone, a second tab, the legal places of every rotation, the final scoring."""
from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from games.models import Game
from tests.browser.pages import click_cell, game_data, play_random_turns, sign_in, wait_for_game
from tests.factories import UserFactory, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Set to a folder to keep a screenshot of each step looked at.
SHOTS = os.environ.get("ARK_SHOTS_DIR")
WINDOWS = {"desktop": (1280, 860), "phone": (390, 844)}


def shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def new_game(game: str = "ark", seed: int = 20261121) -> tuple[Game, dict[int, Any]]:
    users = [UserFactory(), UserFactory()]
    g = start_game(users, game=game, seed=seed)
    seats = {s.number: s.user for s in g.seats.select_related("user")}
    return g, seats


def open_as(new_page: Any, user: Any, game: Game, window: str, **context: Any) -> Any:
    page = new_page(*WINDOWS[window], **context) if context else new_page(*WINDOWS[window])
    sign_in(page, user)
    page.goto(f"/games/{game.pk}/")
    wait_for_game(page)
    return page


def mover_of(game: Game, seats: dict[int, Any]) -> Any:
    game.refresh_from_db()
    return seats[game.current_seat]


def inside(page: Any, selector: str, box_selector: str = "#board") -> bool:
    """Every element of ``selector`` lies within the box of ``box_selector`` (on screen, as drawn)."""
    return page.evaluate("""([sel, boxSel]) => {
        const box = document.querySelector(boxSel).getBoundingClientRect();
        const els = [...document.querySelectorAll(sel)];
        return els.length > 0 && els.every((el) => { const r = el.getBoundingClientRect();
          return r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1; });
    }""", [selector, box_selector])


def first_place(page: Any, game_id: int, follower: bool = False) -> dict[str, Any]:
    legal = game_data(page, game_id)["view"]["legal"]
    rotation = page.evaluate("window.arkGame.rotation")
    places = [p for p in legal if p["rotation"] == rotation] or legal
    if follower and any(p["followers"] for p in places):
        places = [p for p in places if p["followers"]]
    return places[0]


@pytest.mark.parametrize("window", ["desktop", "phone"])
def test_the_replay_draws_every_piece_and_the_ark_and_the_arrows_step_it(new_page, live_url, window):
    game, seats = new_game()
    rng = random.Random(3)
    play_random_turns(game.pk, rng, turns=26)
    page = open_as(new_page, seats[0], game, window)
    moves = page.request.get(f"/api/games/{game.pk}/moves/").json()
    page.click("#history button[data-act=replay]")
    page.wait_for_selector("#step-bar:not([hidden])")
    page.locator("#board").focus()
    seen_ark = False
    for index in range(1, len(moves) + 1):
        page.keyboard.press("ArrowRight")
        assert page.locator("#step-bar .move-no strong").inner_text() == str(index)
        view = page.request.get(f"/api/games/{game.pk}/position/?seq={moves[index - 1]['seq']}").json()["view"]
        page.wait_for_function("n => document.querySelectorAll('#board .layer-tiles .tile').length === n",
                               arg=len(view["board"]))
        assert page.locator("#board .layer-pieces .piece").count() == len(view["followers"])
        assert page.locator("#board .layer-ark .ark").count() == (1 if view["ark"] else 0)
        seen_ark = seen_ark or bool(view["ark"])
    page.keyboard.press("ArrowLeft")
    assert page.locator("#step-bar .move-no strong").inner_text() == str(len(moves) - 1)
    shot(page, f"replay-{window}")
    page.keyboard.press("Escape")
    assert page.locator("#step-bar").is_hidden()
    assert page.errors == []


@pytest.mark.parametrize("window", ["desktop", "phone"])
def test_a_turn_starts_framed_and_confirm_returns_to_the_players_view(new_page, live_url, window):
    game, seats = new_game(seed=77)
    play_random_turns(game.pk, random.Random(5), turns=12)
    page = open_as(new_page, mover_of(game, seats), game, window)
    # the last move and every legal place are in view, unless that would draw the tiles smaller than 56 px (a
    # phone, late in a game): then the tiles stay readable, the last move in view with places beside it
    if page.evaluate("window.arkGame.board.view.s") > 0.57:
        assert inside(page, "#board .cell.legal")
    else:
        assert page.evaluate("""() => { const box = document.querySelector('#board').getBoundingClientRect();
            return [...document.querySelectorAll('#board .cell.legal')].some((el) => { const r = el.getBoundingClientRect();
              return r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom; }); }""")
    assert page.evaluate("window.arkGame.board.view.s") >= 0.56
    assert inside(page, "#board .layer-tiles .tile.recent")
    shot(page, f"turn-start-{window}")
    place = first_place(page, game.pk)
    page.evaluate("([x, y]) => window.arkGame.board.centreOn(x, y)", [place["x"], place["y"]])
    before = page.evaluate("({...window.arkGame.board.view})")  # the player's own view of the board
    x, y = page.evaluate("([x, y]) => window.arkGame.board.clientPoint(x, y)", [place["x"], place["y"]])
    page.mouse.click(x, y)
    page.wait_for_selector("#board .cell.pending-frame")
    with page.expect_response(lambda r: r.url.endswith("/turns/")):
        page.click("button[data-act=confirm]")
    page.wait_for_function("() => !document.querySelector('#game.my-turn')")
    after = page.evaluate("({...window.arkGame.board.view})")
    assert after == pytest.approx(before)
    assert page.errors == []


def play_until_the_ark_is_out(game: Game, rng: random.Random) -> None:
    for _ in range(80):
        game.refresh_from_db()
        if game.state.get("ark") is not None and game.status == Game.Status.ACTIVE:
            return
        play_random_turns(game.pk, rng, turns=1)
    pytest.fail("the Ark never came onto the board")


@pytest.mark.parametrize("window", ["desktop", "phone"])
def test_moving_the_ark_brings_it_into_view_and_the_opponent_sees_its_path(new_page, live_url, window):
    game, seats = new_game(seed=4242)
    play_until_the_ark_is_out(game, random.Random(9))
    mover = mover_of(game, seats)
    other = next(u for u in seats.values() if u != mover)
    page = open_as(new_page, mover, game, window)
    watcher = open_as(new_page, other, game, "desktop")
    place = first_place(page, game.pk)
    click_cell(page, place["x"], place["y"])
    page.wait_for_selector("#board .cell.pending-frame")
    page.locator("#board").evaluate("svg => svg.closest('.board-frame').scrollIntoView()")
    page.wait_for_timeout(100)
    with page.expect_response(lambda r: r.url.endswith("/steps/")) as answer:
        page.click("input[name=action][value=ark]")
    assert answer.value.ok
    page.wait_for_selector("#board .cell.ark-next")
    assert inside(page, "#board .cell.ark-next") and inside(page, "#board .layer-ark .ark")
    shot(page, f"ark-choose-{window}")
    options = [o for o in game_data(page, game.pk)["view"]["options"] if o["type"] == "ark"]
    path = options[0]["path"]
    for x, y in path:
        click_cell(page, x, y)
    assert page.locator("#board .cell.ark-path").count() == len(path)
    with page.expect_response(lambda r: r.url.endswith("/steps/")) as answer:
        page.click("button[data-act=confirm]")
    assert answer.value.ok
    data = answer.value.json()
    if data["view"]["phase"] == "ark":  # this tile completed the first city: the Ark's tile is chosen too
        choice = data["view"]["options"][0]
        click_cell(page, choice["x"], choice["y"])
        page.click("button[data-act=confirm]")
    page.wait_for_function("() => !document.querySelector('#game.my-turn')")
    watcher.wait_for_selector("#board .cell.ark-path.ark-seen")
    assert watcher.locator("#board .cell.ark-path.ark-seen").count() == len(path)
    shot(watcher, f"ark-seen-{window}")
    assert page.errors == [] and watcher.errors == []


def test_on_a_phone_the_tile_stays_in_view_while_a_piece_is_chosen(new_page, live_url, chromium):
    game, seats = new_game(seed=99)
    play_random_turns(game.pk, random.Random(2), turns=4)
    mover = mover_of(game, seats)
    context = chromium.new_context(viewport={"width": 390, "height": 844}, base_url=live_url, has_touch=True,
                                   is_mobile=True, device_scale_factor=2)
    context.set_default_timeout(15000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        sign_in(page, mover)
        page.goto(f"/games/{game.pk}/")
        wait_for_game(page)
        # the game's menus are whole on the narrow screen
        for el in page.locator(".site-nav a:visible, .site-nav button:visible, .board-tools button").all():
            box = el.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, el.inner_text()
        # no keyboard hints on a touch screen; every control a thumb can hit
        assert all(not el.is_visible() for el in page.locator(".kbd-hint").all())
        for el in page.locator("#game button:visible, #game .choice:visible").all():
            box = el.bounding_box()
            assert box["height"] >= 44, el.evaluate("e => e.outerHTML.slice(0, 120)")
        place = first_place(page, game.pk, follower=True)
        page.evaluate("([x, y]) => window.arkGame.board.centreOn(x, y)", [place["x"], place["y"]])
        x, y = page.evaluate("([x, y]) => window.arkGame.board.clientPoint(x, y)", [place["x"], place["y"]])
        page.touchscreen.tap(x, y)
        page.wait_for_selector("#board .cell.pending-frame")
        # the board settles the tile above the bar (an animation frame or two, more on a busy machine)
        page.wait_for_function("""() => {
            const tile = document.querySelector('#board .tile.pending'), bar = document.getElementById('turn-panel');
            return tile && bar && tile.getBoundingClientRect().bottom <= bar.getBoundingClientRect().top + 1;
        }""", timeout=5000)
        sheet = page.locator(".pending-sheet")
        assert sheet.is_visible()
        assert page.locator("input[name=action]:checked").get_attribute("value") == "pass"  # one tap: laid, no more
        # above the bar, as the screen shows it (a late re-layout, e.g. a socket's sync, may move both: the board
        # frames the tile again, so this is measured until it settles, for at most five seconds)
        for _ in range(50):
            tile = page.locator("#board .tile.pending > .frame").bounding_box()  # the tile's square (the group's box, as the
            # browser reports it, takes in the strokes of its art)
            bar = page.locator("#turn-panel").bounding_box()
            if tile["y"] >= 0 and tile["y"] + tile["height"] <= bar["y"] + 1:
                break
            page.wait_for_timeout(100)
        assert tile["y"] >= 0 and tile["y"] + tile["height"] <= bar["y"] + 1, (tile, bar)
        for el in sheet.locator("button, .choice").all():
            assert el.bounding_box()["height"] >= 44
        assert page.locator(".pending-sheet button[data-act=confirm]").is_visible()
        shot(page, "phone-choose-piece")
    finally:
        context.close()
    assert errors == []


def test_a_second_tab_drops_what_was_not_sent_when_the_turn_is_played_elsewhere(new_page, live_url):
    game, seats = new_game(seed=5)
    mover = mover_of(game, seats)
    one = open_as(new_page, mover, game, "desktop")
    two = new_page()
    two.context.add_cookies(one.context.cookies())
    two.goto(f"/games/{game.pk}/")
    wait_for_game(two)
    place = first_place(one, game.pk)
    click_cell(two, place["x"], place["y"])
    two.wait_for_selector("#board .cell.pending-frame")
    click_cell(one, place["x"], place["y"])
    one.wait_for_selector("#board .cell.pending-frame")
    with one.expect_response(lambda r: r.url.endswith("/turns/")):
        one.click("button[data-act=confirm]")
    two.wait_for_function("() => !document.querySelector('#game.my-turn')")
    assert not two.locator("#board .cell.pending-frame").count()
    assert not two.locator("#board .tile.pending").count()
    assert "played elsewhere" in two.locator("#status").inner_text()
    assert one.errors == [] and two.errors == []


@pytest.mark.parametrize("window", ["desktop", "phone"])
def test_the_places_of_every_rotation_are_highlighted(new_page, live_url, window):
    game, seats = new_game(game="carcassonne", seed=31)
    play_random_turns(game.pk, random.Random(4), turns=6)
    page = open_as(new_page, mover_of(game, seats), game, window)
    legal = game_data(page, game.pk)["view"]["legal"]
    cells = {(p["x"], p["y"]) for p in legal}
    assert page.locator("#board .cell.legal").count() == len(cells)
    rotation = page.evaluate("window.arkGame.rotation")
    fits_now = {(p["x"], p["y"]) for p in legal if p["rotation"] == rotation}
    assert page.locator("#board .cell.legal-now").count() == len(fits_now)
    text = page.locator("#turn-panel").inner_text()
    assert f"{len(cells)} highlighted place" in text
    # a place that takes the tile only turned another way: a click lays it turned so
    other = [c for c in cells if c not in fits_now] or list(cells)
    x, y = other[0]
    rotations = sorted(p["rotation"] for p in legal if (p["x"], p["y"]) == (x, y))
    click_cell(page, x, y)
    page.wait_for_selector("#board .cell.pending-frame")
    assert page.evaluate("window.arkGame.rotation") in rotations
    seen = {page.evaluate("window.arkGame.rotation")}
    for _ in range(4):  # Rotate turns it only through the rotations that fit there
        page.keyboard.press("r")
        seen.add(page.evaluate("window.arkGame.rotation"))
    assert seen == set(rotations)
    shot(page, f"rotations-{window}")
    assert page.errors == []


def test_no_highlighted_places_are_promised_when_there_are_none(new_page, live_url):
    game, seats = new_game(seed=8)
    mover = mover_of(game, seats)
    waiter = next(u for u in seats.values() if u != mover)
    page = open_as(new_page, waiter, game, "desktop")
    assert "highlighted" not in page.locator("#game").inner_text()
    assert page.locator("#board .cell.legal").count() == 0
    assert page.errors == []


@pytest.mark.parametrize("window", ["desktop", "phone"])
def test_the_final_scoring_is_shown_feature_by_feature(new_page, live_url, window):
    game, seats = new_game(seed=20261121)
    game = play_random_turns(game.pk, random.Random(7), leave=-1)
    assert game.status == Game.Status.FINISHED
    page = open_as(new_page, seats[0], game, window)
    view = game_data(page, game.pk)["view"]
    finals = [e for e in view["events"] if e["final"] and any(e["points"])]
    items = page.locator(".final-events li")
    assert items.count() == len(finals)
    fields = [i for i, e in enumerate(finals) if e["feature"] == "field"]
    if fields:
        text = items.nth(fields[0]).inner_text()
        assert "sheep" in text and "wolves" in text or "wolf" in text
    cities = [i for i, e in enumerate(finals) if e["feature"] == "city" and e["detail"].get("scrolls")]
    if cities:
        assert "scroll" in items.nth(cities[0]).inner_text()
    items.nth(0).locator("button").click()
    assert page.locator("#board .cell.scored").count() == len(finals[0]["tiles"])
    assert inside(page, "#board .cell.scored")
    if len(finals) > 1:  # step through them
        page.click("button[data-act=feature-next]")
        assert page.locator("#board .cell.scored").count() == len(finals[1]["tiles"])
        assert page.locator("#status").inner_text().startswith("Final scoring 2 of")
    shot(page, f"final-{window}")
    assert page.errors == []


def test_any_game_can_be_played_from_the_plain_list_of_moves(new_page, live_url):
    """?board=list: the generic board, every legal step a button in words (also what a game without a board of
    its own gets)."""
    users = [UserFactory(), UserFactory()]
    game = start_game(users, game="iwari", seed=12)
    seats = {s.number: s.user for s in game.seats.select_related("user")}
    page = new_page(390, 844)
    sign_in(page, mover_of(game, seats))
    page.goto(f"/games/{game.pk}/?board=list")
    page.wait_for_selector("#board-controls button.action-choice")
    actions = game_data(page, game.pk)["turn"]["actions"]
    assert page.locator("#board-controls button.action-choice").count() == len(actions)
    version = page.evaluate("window.arkGame.game.version")
    with page.expect_response(lambda r: r.url.endswith("/steps/")) as answer:
        page.locator("#board-controls button.action-choice").first.click()
    assert answer.value.ok
    page.wait_for_function("v => window.arkGame.game.version > v", arg=version)
    shot(page, "generic-phone")
    assert page.errors == []


def test_a_turn_sent_from_a_page_that_missed_a_change_is_refused_in_words(new_page, live_url):
    game, seats = new_game(seed=5)
    mover = mover_of(game, seats)
    one = open_as(new_page, mover, game, "desktop")
    two = new_page()
    two.context.add_cookies(one.context.cookies())
    two.goto(f"/games/{game.pk}/")
    wait_for_game(two)
    two.evaluate("window.arkGame.socket.stop()")  # this page hears nothing more
    place = first_place(one, game.pk)
    click_cell(one, place["x"], place["y"])
    one.wait_for_selector("#board .cell.pending-frame")
    with one.expect_response(lambda r: r.url.endswith("/turns/")):
        one.click("button[data-act=confirm]")
    click_cell(two, place["x"], place["y"])
    two.wait_for_selector("#board .cell.pending-frame")
    with two.expect_response(lambda r: r.url.endswith("/turns/")) as answer:
        two.click("button[data-act=confirm]")
    assert answer.value.status == 409
    alert = two.locator("#alert")
    assert alert.is_visible() and "Not played" in alert.inner_text()
    two.wait_for_function("() => !document.querySelector('#game.my-turn')")  # it fetched the game as it is
    assert not two.locator("#board .cell.pending-frame").count()
    assert two.errors == []
