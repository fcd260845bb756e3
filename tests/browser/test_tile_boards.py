"""The tile games' boards (static/js/games/tiles/) on the real game page, desktop and phone: each fault of issue 26
seen on the Ark and Carcassonne, with a test that fails without its fix; a whole turn by keyboard with the focus
always visible; screenshots of both games (kept in docs/screenshots/ when TILE_SCREENSHOTS names that folder)."""
from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any, Callable

import pytest

from games.models import Game
from games.rules import engine
from tests.browser.pages import log_in, sign_in, wait_live
from tests.browser.shell_checks import in_thread
from tests.factories import PASSWORD, UserFactory, play_turn, start_game
from tests.registry import tile_games

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP, PHONE = (1400, 900), (390, 844)
PHONE_OPTIONS = {"has_touch": True, "is_mobile": True, "device_scale_factor": 1}
SHOTS = os.environ.get("TILE_SCREENSHOTS")


def mover_view(game: Game) -> dict[str, Any]:
    eng = engine(game.game)
    return eng.view(eng.state_from_dict(game.state), game.current_seat)


def play_until(game: Game, wanted: Callable[[dict[str, Any]], bool], seed: int = 1, most: int = 80) -> Game:
    """Random turns through the services until the view of the seat to move is ``wanted``."""
    rng = random.Random(seed)

    def run() -> Game:
        current = Game.objects.get(pk=game.pk)
        for _ in range(most):
            if current.status == Game.Status.ACTIVE and wanted(mover_view(current)):
                return current
            current = play_turn(current, rng)
        raise AssertionError("no such position in this game")

    return in_thread(run)


def open_page(new_page: Any, game: Game, seat: int | None = None, phone: bool = False) -> Any:
    user = game.seats.get(number=game.current_seat if seat is None else seat).user
    page = new_page(*PHONE, **PHONE_OPTIONS) if phone else new_page(*DESKTOP)
    sign_in(page, user)
    page.goto(f"/games/{game.pk}/")
    wait_live(page, game.version)
    page.wait_for_function("() => document.querySelector('#game.ready')")
    return page


def shot(page: Any, tmp_path: Path, name: str) -> None:
    page.wait_for_timeout(150)
    page.screenshot(path=str(tmp_path / f"{name}.png"))
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def lay(page: Any, place: dict[str, Any]) -> None:
    """Lay the tile in hand on ``place`` (a listed placement) by clicking the board, turned as listed."""
    page.evaluate("([x, y]) => window.arkGame.board.centreOn(x, y)", [place["x"], place["y"]])
    page.evaluate("r => { const b = window.arkGame.boardUI; b.rotation = r; b.render(); }", place["rotation"])
    cx, cy = page.evaluate("([x, y]) => window.arkGame.board.clientPoint(x, y)", [place["x"], place["y"]])
    page.mouse.click(cx, cy)
    page.wait_for_selector("#board .cell.pending-frame")


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    return page.evaluate("s => [...document.querySelectorAll(s)].map((n) => { const r = n.getBoundingClientRect();"
                         " return {x: r.x, y: r.y, w: r.width, h: r.height, cx: r.x + r.width / 2, cy: r.y + r.height / 2}; })",
                         selector)


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]


def focus_visible(page: Any) -> None:
    """The focus is on a control of the game page (never the body), drawn with its focus ring, in the window."""
    state = page.evaluate("""() => { const a = document.activeElement; const r = a.getBoundingClientRect();
        return {body: a === document.body, inGame: !!a.closest('#game'), ring: a.matches(':focus-visible'),
                seen: r.width > 0 && r.bottom > 0 && r.top < innerHeight, what: a.outerHTML.slice(0, 120)}; }""")
    assert not state["body"] and state["inGame"] and state["ring"] and state["seen"], state


# ---------- around the board ----------

def test_the_headers_sign_up_keeps_the_invitation(new_page, live_url) -> None:
    host = UserFactory(display_name="Amelia")
    from games.play import services

    game = services.game_create(user=host, game="carcassonne", players=2, private=True)
    page = new_page(*PHONE)
    page.goto(f"/invite/{game.invite_code}/")
    # the invitation's own links, and the log-in page it leads to: every Sign up comes back to the invitation
    page.goto(f"/accounts/login/?next=/invite/{game.invite_code}/")
    header = page.locator("header a.nav-cta").get_attribute("href")
    assert header.endswith(f"next=/invite/{game.invite_code}/"), header
    page.locator("header a.nav-cta").click()
    page.fill("input[name=username]", "newcomer")
    page.fill("input[name=email]", "newcomer@example.org")
    page.fill("input[name=password]", PASSWORD)
    page.fill("input[name=password_confirm]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(f"/invite/{game.invite_code}/$"))
    assert page.errors == []


# ---------- the names of places ----------

@pytest.mark.parametrize("name", tile_games())
def test_the_piece_choices_name_each_place_as_the_log_does(new_page, live_url, name) -> None:
    users = [UserFactory(display_name="Amelia"), UserFactory(display_name="Bruno")]
    game = start_game(users, game=name, seed=21)

    def field_spot(v: dict[str, Any]) -> bool:
        return any(any(len(at) == 3 for at in p["followers"]) for p in v["legal"])

    game = play_until(game, field_spot)
    page = open_page(new_page, game)
    place = next(p for p in page.evaluate("window.arkGame.game.view.legal") if any(len(at) == 3 for at in p["followers"]))
    lay(page, place)
    labels = [t.strip() for t in page.locator("fieldset.choices label").all_inner_texts()]
    for at in place["followers"]:
        assert f"Follower on {place['names'][at]}" in labels, labels
    assert not [t for t in labels if "()" in t or t.endswith(" on ")], labels
    half = next(at for at in place["followers"] if len(at) == 3)
    page.locator(f"input[data-key='action-follower-{half}']").check()
    with page.expect_response(lambda r: r.url.endswith("/turns/")) as answer:
        page.click("button[data-act=confirm]")
    assert answer.value.ok
    page.wait_for_function("() => document.querySelectorAll('#log li').length >= 1 && !document.querySelector('#game.my-turn')")
    page.wait_for_function("w => document.querySelector('#log').textContent.includes(w)", arg=place["names"][half])
    assert page.errors == []


# ---------- "Your turn was played." under a fresh "Your turn" ----------

def test_a_quick_answer_never_leaves_your_turn_was_played_under_your_turn(new_page, live_url) -> None:
    person = UserFactory(display_name="Amelia")
    page = new_page(*DESKTOP)
    log_in(page, person.username, PASSWORD)
    form = page.locator("form.play-computer")
    form.locator("select[name=game]").select_option("carcassonne")
    form.locator("select[name=level]").select_option("easy")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game_id = int(re.search(r"/games/(\d+)/", page.url).group(1))
    page.wait_for_function("() => document.querySelector('#game.my-turn.ready')", timeout=60000)

    def late_answer(route: Any) -> None:
        # this page's answer arrives after the computer has answered (and the socket has said so: the page holds
        # that frame while its own request is out, docs/frontend.md, and draws it after the answer)
        response = route.fetch()
        for _ in range(300):
            data = page.request.get(f"/api/games/{game_id}/").json()
            if data["current_seat"] == data["your_seat"] and data["version"] > response.json()["version"]:
                break
            page.wait_for_timeout(100)
        page.wait_for_timeout(500)  # the socket's frame of the newer version reaches the page meanwhile
        route.fulfill(response=response)

    page.route("**/turns/", late_answer)
    place = page.evaluate("window.arkGame.game.view.legal")[0]
    lay(page, place)
    page.click("button[data-act=confirm]")
    page.wait_for_function("() => !document.querySelector('button[data-act=confirm]')")
    page.wait_for_function("() => document.querySelector('#game.my-turn') && document.querySelector('#game').dataset.shown.startsWith('live')")
    page.wait_for_timeout(300)
    assert page.locator("#turn-line").inner_text() == "Your turn."
    assert "was played" not in page.locator("#status").inner_text()
    assert page.errors == []


# ---------- the phone ----------

def first_city(v: dict[str, Any]) -> bool:
    return any(p.get("ark_at") and p.get("prophet") and p["followers"] for p in v["legal"])


def test_on_a_phone_the_first_city_tile_keeps_its_marks_and_the_ark_apart(new_page, live_url, tmp_path) -> None:
    users = [UserFactory(display_name="Amelia"), UserFactory(display_name="Bruno")]
    game = play_until(start_game(users, game="ark", seed=5), first_city, seed=5)
    page = open_page(new_page, game, phone=True)
    place = next(p for p in page.evaluate("window.arkGame.game.view.legal")
                 if p.get("ark_at") and p.get("prophet") and p["followers"])
    lay(page, place)
    page.wait_for_timeout(300)
    shot(page, tmp_path, "ark-phone-first-city")
    marks = boxes(page, "#board .layer-marks .spot")
    assert len(marks) >= 2
    # marks are targets a finger tells apart: their centres 36 px apart at least (20 before)
    for i, a in enumerate(marks):
        for b in marks[i + 1:]:
            assert ((a["cx"] - b["cx"]) ** 2 + (a["cy"] - b["cy"]) ** 2) ** 0.5 >= 36, marks
    # the ghost Ark does not cover a mark; the zoom buttons do not cover the tile; the tile is above the sheet
    for ark in boxes(page, "#board .layer-ark .ghost-ark .ark-halo"):
        assert not any(overlap(ark, m) for m in marks), (ark, marks)
    tile = boxes(page, "#board .layer-tiles .tile.pending")[0]
    for tool in boxes(page, ".board-tools .tool"):
        assert tool["w"] == 0 or not overlap(tool, tile), (tool, tile)
    sheet = boxes(page, "#turn-panel")[0]
    assert tile["y"] + tile["h"] <= sheet["y"] + 2, (tile, sheet)
    # the ghost Ark (on another tile of the city) is framed above the sheet too, inside the board
    board = boxes(page, "#board")[0]
    arks = boxes(page, "#board .layer-ark .ghost-ark")
    assert arks, "no ghost Ark"
    for ark in arks:
        assert max(board["y"], 0) - 2 <= ark["y"] and ark["y"] + ark["h"] <= sheet["y"] + 2, (ark, sheet)
        assert board["x"] - 2 <= ark["x"] and ark["x"] + ark["w"] <= board["x"] + board["w"] + 2, (ark, board)
    confirm_in_sight(page)
    assert page.errors == []


def confirm_in_sight(page: Any) -> None:
    """Confirm is on the screen and nothing covers it."""
    confirm = boxes(page, "button[data-act=confirm]")[0]
    assert confirm["y"] + confirm["h"] <= PHONE[1] and confirm["y"] >= 0, confirm
    assert page.evaluate("""() => { const b = document.querySelector('button[data-act=confirm]').getBoundingClientRect();
        return document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)?.closest('button')?.dataset.act; }""") == "confirm"


def test_on_a_phone_the_arks_first_move_is_shown_above_the_sheet(new_page, live_url, tmp_path) -> None:
    users = [UserFactory(display_name="Amelia"), UserFactory(display_name="Bruno")]
    def many(p: dict[str, Any]) -> bool:
        return len(p["followers"]) + len(p.get("prophet") or []) >= 4

    game = play_until(start_game(users, game="ark", seed=8), lambda v: bool(v.get("ark")) and any(map(many, v["legal"])),
                      seed=8, most=120)
    page = open_page(new_page, game, phone=True)
    lay(page, next(p for p in page.evaluate("window.arkGame.game.view.legal") if many(p)))
    # six choices or more (no piece, four spots or more, the Ark): Confirm stays in sight
    assert page.locator("fieldset.choices input").count() >= 6
    confirm_in_sight(page)
    before = page.evaluate("window.arkGame.game.version")
    page.locator("input[data-key='action-ark']").click()
    page.wait_for_function("v => window.arkGame.game.version > v && document.querySelector('#board .cell.ark-next')", arg=before)
    page.wait_for_timeout(400)
    shot(page, tmp_path, "ark-phone-ark-move")
    sheet = boxes(page, "#turn-panel")[0]
    ark = boxes(page, "#board .layer-ark .ark")[0]
    board = boxes(page, "#board")[0]
    assert ark["y"] >= max(board["y"], 0) - 2 and ark["y"] + ark["h"] <= sheet["y"] + 2, (ark, sheet)
    for cell in boxes(page, "#board .cell.ark-next rect"):
        assert cell["y"] + cell["h"] / 2 <= sheet["y"], (cell, sheet)
    assert page.errors == []


@pytest.mark.parametrize("name", tile_games())
def test_late_in_a_game_tiles_stay_readable_on_a_phone(new_page, live_url, name) -> None:
    users = [UserFactory(), UserFactory()]
    game = play_until(start_game(users, game=name, seed=13), lambda v: len(v["board"]) >= 60 and bool(v["legal"]),
                      seed=13, most=90)
    page = open_page(new_page, game, phone=True)
    assert page.evaluate("window.arkGame.board.view.s * 100") >= 56
    tile = boxes(page, "#board .layer-tiles .tile.recent")[0]
    assert tile["w"] >= 55, tile
    assert page.errors == []


# ---------- the end and the replay ----------

@pytest.mark.parametrize("name", tile_games())
def test_the_stepped_final_scoring_shows_the_pieces_that_scored(new_page, live_url, name) -> None:
    users = [UserFactory(display_name="Amelia"), UserFactory(display_name="Bruno")]
    game = start_game(users, game=name, seed=3)
    game = in_thread(lambda: _to_the_end(game))
    page = open_page(new_page, game, seat=0)
    events = [e for e in page.evaluate("window.arkGame.game.view.events") if e["final"] and any(e["points"])]
    page.click("button[data-act=feature-next]")
    for i, event in enumerate(events[:4]):
        if i:
            page.click("button[data-act=feature-next]")
        page.wait_for_function("n => document.querySelectorAll('#board .cell.scored').length === n", arg=len(event["tiles"]))
        assert page.locator("#board .piece.scored-piece").count() == len(event.get("pieces", [])) > 0
    assert page.errors == []


@pytest.mark.parametrize("name", tile_games())
def test_on_a_phone_the_final_scoring_leaves_the_board_in_view(new_page, live_url, name) -> None:
    users = [UserFactory(display_name="Amelia"), UserFactory(display_name="Bruno")]
    game = in_thread(lambda: _to_the_end(start_game(users, game=name, seed=3)))
    page = open_page(new_page, game, seat=0, phone=True)
    # the list comes under the board, not above it
    board = boxes(page, "#board")[0]
    assert boxes(page, ".final-scoring")[0]["y"] >= board["y"] + board["h"]
    page.click("button[data-act=feature-next]")
    events = [e for e in page.evaluate("window.arkGame.game.view.events") if e["final"] and any(e["points"])]
    for i in range(min(4, len(events))):
        if i:
            page.click("button[data-act=feature-next]")
        page.wait_for_function("n => document.querySelectorAll('#board .cell.scored').length === n", arg=len(events[i]["tiles"]))
        page.wait_for_timeout(100)
        # a sheet at the bottom of the screen; the board above it in view, the feature's tiles between the two
        sheet = boxes(page, "#turn-panel")[0]
        board = boxes(page, "#board")[0]
        assert sheet["y"] + sheet["h"] <= PHONE[1] + 1 and sheet["h"] <= PHONE[1] * 0.42, sheet
        assert -1 <= board["y"] and board["y"] + 150 <= sheet["y"], (board, sheet)
        for cell in boxes(page, "#board .cell.scored rect"):
            assert board["y"] - 1 <= cell["cy"] <= sheet["y"], (cell, sheet)
        # the feature chosen and the step buttons are on the screen, inside the sheet
        for sel in (".feature-link.chosen", "button[data-act=feature-next]", "button[data-act=feature-prev]"):
            b = boxes(page, sel)[0]
            assert sheet["y"] - 1 <= b["y"] and b["y"] + b["h"] <= min(PHONE[1], sheet["y"] + sheet["h"]) + 1, (sel, b, sheet)
    assert page.errors == []


def _to_the_end(game: Game) -> Game:
    rng = random.Random(3)
    current = Game.objects.get(pk=game.pk)
    while current.status == Game.Status.ACTIVE:
        current = play_turn(current, rng)
    return current


def test_a_replay_shows_the_scores_of_the_move_shown(new_page, live_url) -> None:
    users = [UserFactory(display_name="Amelia"), UserFactory(display_name="Bruno")]
    game = in_thread(lambda: _to_the_end(start_game(users, game="carcassonne", seed=3)))
    page = open_page(new_page, game, seat=0)
    finals = page.evaluate("window.arkGame.game.view.scores")
    page.click("#final-panel button[data-act=replay]")
    for _ in range(12):
        page.click("#step-bar button[data-act=step-next]")
    page.wait_for_function("() => (document.querySelector('#game').dataset.shown || '').startsWith('replay:')")
    shown = page.evaluate("window.arkGame.replayView.scores")
    assert shown != finals
    page.wait_for_function("s => JSON.stringify([...document.querySelectorAll('#scores td.score')].map((td) => Number(td.textContent)))"
                           " === JSON.stringify(s)", arg=shown)
    # nothing else on the page says the final result over the position shown
    assert page.locator("#final-panel").is_hidden()
    page.keyboard.press("Escape")  # back to the game: the result again
    page.wait_for_selector("#final-panel:not([hidden])")
    assert page.errors == []


# ---------- a whole turn by keyboard ----------

def arrow_to(page: Any, x: int, y: int) -> None:
    cursor = page.evaluate("window.arkGame.cursor") or {"x": 0, "y": 0}
    for key, count in (("ArrowRight", x - cursor["x"]), ("ArrowDown", y - cursor["y"])):
        back = {"ArrowRight": "ArrowLeft", "ArrowDown": "ArrowUp"}[key]
        for _ in range(abs(count)):
            page.keyboard.press(key if count > 0 else back)
            focus_visible(page)


@pytest.mark.parametrize("name", tile_games())
def test_a_whole_turn_by_keyboard_with_the_focus_always_visible(new_page, live_url, name) -> None:
    users = [UserFactory(), UserFactory()]
    game = play_until(start_game(users, game=name, seed=31), lambda v: any(len(p["followers"]) >= 2 for p in v["legal"]), seed=31)
    page = open_page(new_page, game)
    legal = page.evaluate("window.arkGame.game.view.legal")
    page.locator("#board").focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")  # the board has the focus, from the keyboard
    focus_visible(page)
    target = next(p for p in legal if len(p["followers"]) >= 2)
    for _ in range(4):
        if page.evaluate("window.arkGame.rotation") == target["rotation"]:
            break
        page.keyboard.press("r")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    arrow_to(page, target["x"], target["y"])
    page.keyboard.press("Enter")  # "place here"
    page.wait_for_selector("#board .cell.pending-frame")
    focus_visible(page)
    # Tab to the piece choice; the arrow keys move through it and the focus stays on the chosen radio
    for _ in range(20):
        if page.evaluate("document.activeElement.name") == "action":
            break
        page.keyboard.press("Tab")
    focus_visible(page)
    for _ in range(2):
        page.keyboard.press("ArrowDown")
        page.wait_for_timeout(50)
        focus_visible(page)
        assert page.evaluate("document.activeElement.name") == "action"
    chosen = page.evaluate("document.activeElement.dataset.key")
    assert page.locator(f"input[data-key='{chosen}']").is_checked()
    for _ in range(20):
        if page.evaluate("document.activeElement.dataset.act") == "confirm":
            break
        page.keyboard.press("Tab")
    focus_visible(page)
    with page.expect_response(lambda r: r.url.endswith("/turns/")) as answer:
        page.keyboard.press("Enter")
    assert answer.value.ok
    page.wait_for_function("() => !document.querySelector('#game.my-turn')")
    page.wait_for_timeout(100)
    state = page.evaluate("() => ({body: document.activeElement === document.body, inGame: !!document.activeElement.closest('#game')})")
    assert state == {"body": False, "inGame": True}
    assert page.errors == []


# ---------- screenshots ----------

@pytest.mark.parametrize("name", tile_games())
def test_screenshots_of_the_tile_boards(new_page, live_url, tmp_path, name) -> None:
    users = [UserFactory(display_name="Amelia"), UserFactory(display_name="Bruno")]
    game = play_until(start_game(users, game=name, seed=41), lambda v: len(v["board"]) >= 24 and any(
        len(p["followers"]) >= 2 for p in v["legal"]), seed=41)
    opened = []
    for window, phone in (("desktop", False), ("phone", True)):
        page = open_page(new_page, game, phone=phone)
        shot(page, tmp_path, f"{name}-{window}-turn")
        place = next(p for p in page.evaluate("window.arkGame.game.view.legal") if len(p["followers"]) >= 2)
        lay(page, place)
        page.locator("fieldset.choices input[name=action]").nth(1).check()
        page.wait_for_timeout(300)
        shot(page, tmp_path, f"{name}-{window}-choosing")
        other = open_page(new_page, game, seat=1 - game.current_seat, phone=phone)
        shot(other, tmp_path, f"{name}-{window}-other")
        assert page.errors == [] and other.errors == []
        opened += [page, other]
    for page in opened:  # closed before the game is played to its end: each would draw every turn as it arrives
        page.context.close()
    end = in_thread(lambda: _to_the_end(game))
    for window, phone in (("desktop", False), ("phone", True)):
        page = open_page(new_page, end, seat=0, phone=phone)
        page.click("button[data-act=feature-next]")
        page.click("button[data-act=feature-next]")
        page.wait_for_selector("#board .piece.scored-piece")
        page.wait_for_timeout(100)
        shot(page, tmp_path, f"{name}-{window}-final")
        page.click("#final-panel button[data-act=replay]")
        for _ in range(20):
            page.click("#step-bar button[data-act=step-next]")
        page.wait_for_function("() => (document.querySelector('#game').dataset.shown || '').startsWith('replay:')")
        shot(page, tmp_path, f"{name}-{window}-replay")
        assert page.errors == []
