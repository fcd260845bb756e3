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
    """The page shows the answer to the step taken at ``before`` (and a Tikal board has drawn it)."""
    page.wait_for_function("v => window.arkGame.game.version > v && !document.querySelector('.tikal.tk-busy')", arg=before)


def view(page: Any) -> dict[str, Any]:
    return page.evaluate("window.arkGame.game.view")


def my_turn(page: Any) -> bool:
    return page.evaluate("(g => g.status === 'active' && g.current_seat === g.your_seat)(window.arkGame.game)")


def pages_of(new_page: Any, game: Game, sizes: Any = None) -> dict[int, Any]:
    out = {}
    for seat in game.seats.select_related("user").order_by("number"):
        page = new_page(*sizes[seat.number]) if sizes else new_page()
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
    page.wait_for_function("() => document.querySelector('.tk-ap-line').dataset.ap === '8'")
    before = version(page)
    page.locator(".tk-end").click()
    answered(page, before)


def focused(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => { const a = document.activeElement;
        return {tag: a ? a.tagName.toLowerCase() : null, act: a?.dataset?.act || null, space: a?.dataset?.space || null,
                cls: a?.getAttribute('class') || '', visible: !!a && a.getBoundingClientRect().width > 0}; }""")


def tikal_turn_by_keyboard(page: Any) -> None:
    """A whole turn with the keys alone, on the game page: the focus is never dropped to the body (issue 26: it was,
    after every action button and End turn)."""
    def tab_to(match: Any, back: bool = False) -> None:
        for _ in range(120):
            page.keyboard.press("Shift+Tab" if back else "Tab")
            if match(focused(page)):
                return
        raise AssertionError(f"never reached by Tab: {focused(page)}")

    def press_and_wait() -> None:
        before = version(page)
        page.keyboard.press("Enter")
        answered(page, before)
        f = focused(page)
        assert f["tag"] != "body" and f["visible"], f

    lit = {f"{a['at'][0]},{a['at'][1]}" for a in view(page)["legal"] if a["type"] == "place"}
    page.locator(".tk-prompt").focus()
    tab_to(lambda f: f["space"] in lit)
    page.keyboard.press("Enter")
    tab_to(lambda f: f["act"] == "tk-place")
    press_and_wait()
    tab_to(lambda f: (f["act"] or "").startswith("tk-enter-0,3-worker"))
    press_and_wait()
    assert focused(page)["act"] == "tk-enter-0,3-worker"
    press_and_wait()
    assert view(page)["action_points"] == 8
    tab_to(lambda f: f["act"] == "tk-end")
    press_and_wait()
    assert "tk-prompt" in focused(page)["cls"] and not my_turn(page)


def in_view_above_the_bar(page: Any, selector: str) -> bool:
    """``selector``'s box is on the screen, above the bar of controls at the bottom (if there is one)."""
    return page.evaluate("""(sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        const bar = document.querySelector('#turn-panel');
        const barTop = bar && getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect().top : innerHeight;
        return r.top >= -1 && r.bottom <= Math.min(innerHeight, barTop) + 1;
    }""", selector)


def tikal_turn_on_a_phone(page: Any) -> None:
    """Lay the hex, bring a worker in, choose it and move it, end: every step with the board in view above the bar of
    controls and without scrolling (issue 26: each action was 470-670 px of scrolling away)."""
    first = next(a for a in view(page)["legal"] if a["type"] == "place")
    spot = f"{first['at'][0]},{first['at'][1]}"
    assert in_view_above_the_bar(page, f".tk-hits polygon[data-space='{spot}']")
    scroll = page.evaluate("scrollY")
    page.locator(f".tk-hits polygon[data-space='{spot}']").click()
    while page.locator(".tk-ghost").get_attribute("data-rotation") != str(first["rotation"]):
        page.locator(".tk-rotate").click()
    before = version(page)
    page.locator(".tk-place").click()
    answered(page, before)
    assert page.evaluate("getComputedStyle(document.querySelector('#turn-panel')).position") == "sticky"
    assert in_view_above_the_bar(page, ".tk-map") or in_view_above_the_bar(page, f".tk-hits polygon[data-space='{spot}']")
    before = version(page)
    page.locator(".tk-enter button[data-piece='worker']").first.click()
    answered(page, before)
    page.locator(".tk-hits polygon[data-space='0,3']").click()
    reach = next(r for r in view(page)["reach"] if r["from"] == [0, 3])
    target = min(reach["to"], key=lambda t: (len(t["path"]), t["cost"]))
    spot = f"{target['at'][0]},{target['at'][1]}"
    assert in_view_above_the_bar(page, f".tk-hits polygon[data-space='{spot}']")
    before = version(page)
    page.locator(f".tk-hits polygon[data-space='{spot}']").click()
    answered(page, before)
    assert in_view_above_the_bar(page, ".tk-selected")
    assert page.evaluate("scrollY") == scroll                      # nothing scrolled the page meanwhile
    # one Undo, the board's; the shell draws none of its own
    assert page.locator("#turn-buttons button").count() == 0 and page.locator(".tk-undo").count() == 1
    before = version(page)
    page.locator(".tk-end").click()
    answered(page, before)


def test_two_players_play_tikal_turns_on_the_page(new_page, live_url) -> None:
    """Ann on a desktop plays her turns by keyboard, Bob on a phone by tapping, with the board in view."""
    users = [UserFactory(), UserFactory()]
    game = start_game(users, game="tikal", seed=0x71CA1)
    sizes = {game.current_seat: (1400, 900), 1 - game.current_seat: (390, 844)}
    pages = pages_of(new_page, game, sizes)
    for turn in range(4):
        game.refresh_from_db()
        mover, other = pages[game.current_seat], pages[1 - game.current_seat]
        mover.wait_for_function("v => window.arkGame.game.version >= v", arg=game.version)
        assert my_turn(mover)
        if turn == 0:
            tikal_turn_by_keyboard(mover)
        elif turn == 1:
            tikal_turn_on_a_phone(mover)
        else:
            tikal_turn(mover)
        other.wait_for_function("n => (document.querySelector('#log').innerText.match(/laid/g) || []).length >= n",
                                arg=turn + 1)
    game.refresh_from_db()
    assert game.moves.count() == 4 and game.status == Game.Status.ACTIVE
    for page in pages.values():
        assert page.errors == []
        assert "turned 0" not in page.locator("#log").inner_text()


def test_a_finished_tikal_game_replays_every_position(new_page, live_url) -> None:
    """Issue 26: the replay drew nothing. Every position of a finished game, stepped with the arrow keys, draws the
    view's hexes and explorers; and at the end, on a desktop, the board is big, its marks readable and apart."""
    from tests.browser.tikal_game import play_until, seat_user

    users = [UserFactory(), UserFactory()]
    game = start_game(users, game="tikal", seed=0x71CA1)
    game = play_until(game.pk, lambda v: False, seed=6)
    assert game.status == Game.Status.FINISHED
    page = new_page(1400, 900)
    log_in(page, seat_user(game, 0).username, PASSWORD)
    page.goto(f"/games/{game.pk}/")
    page.wait_for_selector(".tikal .tk-tile")
    # at the end, on a 1400 px window: the 40 spaces take the board's width, the pieces and stones are readable
    assert page.locator(".tk-map").bounding_box()["width"] >= 850
    assert min(b["width"] for b in [page.locator(".tk-token").first.bounding_box(), page.locator(".tk-plaque").first.bounding_box()]) >= 18
    assert page.locator(".tk-stone").first.bounding_box()["width"] >= 9
    moves = page.request.get(f"/api/games/{game.pk}/moves/").json()
    page.click("#final-panel button[data-act=replay]")
    page.wait_for_selector("#step-bar:not([hidden])")
    for index in range(0, len(moves) + 1):
        if index:
            page.keyboard.press("ArrowRight")
        seq = moves[index - 1]["seq"] if index else 0
        position = page.request.get(f"/api/games/{game.pk}/position/?seq={seq}").json()["view"]
        page.wait_for_function("([n, e]) => document.querySelectorAll('.tk-tiles .tk-tile').length === n"
                               " && document.querySelectorAll('.tk-pieces .tk-explorers').length === e",
                               arg=[len(position["spaces"]), sum(len(s["explorers"]) for s in position["spaces"])])
        text = page.locator(".tk-prompt").inner_text()
        assert text.startswith(("Replay", "Game over")) and "undefined" not in text and "NaN" not in text, text
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
