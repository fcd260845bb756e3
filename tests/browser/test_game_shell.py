"""The game page around the board (static/js/game.js): another seat's turn arrives step by step with the last
move marked, the computer is shown thinking (with no deadline) and its steps arrive the same way, and every
game's page passes axe-core with its layout settling without shifting, on a desktop and on a phone."""
from __future__ import annotations

import os
import random
import re
from typing import Any

import pytest

from games.models import Game
from tests.browser.pages import sign_in
from tests.browser.shell_checks import api_turn, axe_violations, each_game, layout_shift, play, watch_layout_shifts
from tests.factories import UserFactory, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WINDOWS = {"desktop": (1400, 900), "phone": (390, 844)}
SHOTS = os.environ.get("GAME_PAGE_SHOTS")  # a folder to keep screenshots in, to look at

#: Before the page's scripts: every change of the position shown (#game's data-shown) is recorded with what the
#: page said beside it then: the turn line, the turn panel, the log entry marked, the scores.
RECORD = r"""
window.__seen = [];
document.addEventListener('DOMContentLoaded', () => {
  const game = document.querySelector('#game');
  if (!game) return;
  const note = () => window.__seen.push({
    shown: game.dataset.shown || '', line: document.querySelector('#turn-line').textContent,
    info: document.querySelector('#turn-info').textContent.replace(/\s+/g, ' '),
    playing: document.querySelector('#log li.playing')?.dataset.seq || null,
    scores: [...document.querySelectorAll('#scores td.score')].map((td) => td.textContent)});
  new MutationObserver(note).observe(game, {attributes: true, attributeFilter: ['data-shown']});
  new MutationObserver(note).observe(document.querySelector('#turn-line'), {childList: true, characterData: true, subtree: true});
});
"""


def open_game(new_page: Any, user: Any, game_id: int, window: str = "desktop") -> Any:
    page = new_page(*WINDOWS[window])
    sign_in(page, user)
    page.add_init_script(RECORD)
    page.goto(f"/games/{game_id}/")
    page.wait_for_function("() => window.arkGame && window.arkGame.boardUI && window.arkGame.drawnSeq !== null"
                           " && document.querySelector('#game.ready')")
    return page


def wait_live(page: Any, version: int) -> None:
    page.wait_for_function("v => document.querySelector('#game').dataset.shown === `live:${v}`", arg=version,
                           timeout=30000)


def test_the_other_players_turn_arrives_step_by_step_and_the_last_move_is_marked(new_page, live_url) -> None:
    users = [UserFactory(display_name="Amelia"), UserFactory(display_name="Bruno")]
    game = start_game(users, game="iwari", seed=0x5E11)
    first = users[game.current_seat]
    watcher = users[1 - game.current_seat]
    page = open_game(new_page, watcher, game.pk)
    player = new_page()
    sign_in(player, first)
    answer = api_turn(player, game.pk, random.Random(4))
    wait_live(page, answer["version"])
    move = page.evaluate("window.arkGame.moves")[-1]
    steps = len(move["steps"])
    assert steps > 1 and move["seat"] == 1 - watcher_seat(game, watcher)
    # each step of it was drawn in turn, then the whole entry, then the live game
    expected = [f"{move['seq']}:{k}" for k in range(1, steps)] + [f"{move['seq']}:"]
    assert page.evaluate("window.arkGame.arrivals") == expected
    seen = page.evaluate("window.__seen")
    arriving = [s for s in seen if s["shown"].startswith("arrive:")]
    assert list(dict.fromkeys(s["shown"] for s in arriving)) == [f"arrive:{e}" for e in expected]
    for s in arriving:  # while it arrives: whose turn it is, the step in words, the entry marked in the log
        assert s["playing"] == str(move["seq"]) and "played" in s["info"] and "Step" in s["info"] or steps == 1
        assert "Amelia" in s["line"] or "Bruno" in s["line"]
    # afterwards: the last move marked in the log, and it is this player's turn
    latest = page.locator("#log li.latest")
    assert latest.get_attribute("data-seq") == str(move["seq"]) and "last move" in latest.inner_text()
    assert page.locator("#game.my-turn").count() == 1 and page.locator("#turn-line").inner_text() == "Your turn."
    # the names are written the one way everywhere: the log's sentence and the turn line
    assert first.name in latest.inner_text()
    # a scoring's words that end a sentence end the entry once ("... Amelia 10.", not "10..")
    words = page.evaluate("""async () => (await import('/static/js/shell/log.js')).moveWordsHTML(
        {words: 'Bruno settled Flint Hollow', event_words: ['Half-journey scoring (tents): Bruno 7, Amelia 10.']})""")
    assert words.endswith("Bruno 7, Amelia 10.</span>") and ".." not in words
    assert page.errors == [] and player.errors == []


def watcher_seat(game: Game, user: Any) -> int:
    return game.seats.get(user=user).number


# Flaky under load (the computer's turn did not reach the page within 60 s once, with two suites beside it;
# never alone): rerun while the cause is found. Not the re-render fixed for the Tikal and Iwari pages (this
# person's steps go through the API, not the page's requests, and it never failed in 10 runs beside two busy
# loops): the time goes to the server playing the computer's turn (its plan) and the page showing it step by step.
@pytest.mark.flaky(reruns=2)
def test_the_computer_thinks_with_no_deadline_and_its_turn_arrives_step_by_step(new_page, live_url) -> None:
    page = new_page()
    person = UserFactory()
    sign_in(page, person)
    page.add_init_script(RECORD)
    page.goto("/")
    form = page.locator("form.play-computer")
    form.locator("select[name=game]").select_option("iwari")
    form.locator("select[name=level]").select_option("medium")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.filter(seats__user=person).latest("pk")
    page.wait_for_function("() => window.arkGame && window.arkGame.boardUI && window.arkGame.drawnSeq !== null")
    rng = random.Random(5)
    for _ in range(1):  # the computer plays after the person
        page.wait_for_function("() => document.querySelector('#game.my-turn')", timeout=60000)
        answer = api_turn(page, game.pk, rng)
        page.wait_for_function("v => window.arkGame.game.version >= v", arg=answer["version"])
    page.wait_for_function("() => document.querySelector('#game.my-turn')", timeout=60000)
    seen = page.evaluate("window.__seen")
    thinking = [s for s in seen if s["line"] == "Computer (medium) is thinking…"]
    assert thinking, [s["line"] for s in seen]
    for s in thinking:  # an indicator, and no deadline for a computer
        assert "is thinking" in s["info"] and " left" not in s["info"] and "h " not in s["info"]
    assert "))" not in " ".join(s["line"] + s["info"] for s in seen)
    computer_moves = [m for m in page.evaluate("window.arkGame.moves") if m["seat"] != page.evaluate(
        "window.arkGame.game.your_seat")]
    arrived = page.evaluate("window.arkGame.arrivals")
    assert computer_moves and f"{computer_moves[-1]['seq']}:" in arrived  # its turn after the person's
    assert any(a.endswith(":1") for a in arrived)  # step by step, not all at once
    assert page.errors == []


#: The page's scripts: those its HTML names, fetched ones not named there, named ones never fetched.
MODULES = """() => {
  const path = (u) => new URL(u, location.href).pathname;
  const named = [...document.querySelectorAll('script[src], link[rel=modulepreload]')].map((e) => path(e.src || e.href));
  const fetched = performance.getEntriesByType('resource').map((r) => path(r.name)).filter((p) => p.endsWith('.js'));
  return { late: fetched.filter((p) => !named.includes(p)),
           unused: named.filter((p) => p.endsWith('.js') && !fetched.includes(p)) };
}"""


@pytest.mark.parametrize("name", each_game({}))
def test_every_games_page_passes_axe_and_settles_without_shifting(new_page, live_url, name) -> None:
    users = [UserFactory(), UserFactory()]
    game = play(start_game(users, game=name, seed=77), 2, seed=77)
    mover = game.seats.get(number=game.current_seat).user
    violations = {}
    for window in WINDOWS:  # a desktop window, then a phone
        page = new_page(*WINDOWS[window])
        sign_in(page, mover)
        watch_layout_shifts(page)
        page.goto(f"/games/{game.pk}/")
        page.wait_for_function("() => window.arkGame && window.arkGame.boardUI && window.arkGame.drawnSeq !== null"
                               " && document.querySelector('#game.ready') && document.querySelector('#game').dataset.shown")
        page.wait_for_load_state("networkidle")
        shift = layout_shift(page)
        assert shift < 0.1, f"{name} on a {window}: layout shift {shift:.3f}: {page.evaluate('window.__shifts')}"
        # every module the page ran was named in its HTML (a script tag or a modulepreload), none found late
        # by an import (a round trip more on a phone), and nothing announced went unused
        modules = page.evaluate(MODULES)
        assert modules["late"] == [] and modules["unused"] == [], f"{name}: {modules}"
        violations[window] = axe_violations(page)
        assert page.errors == []
    assert violations == {window: [] for window in WINDOWS}, f"{name}: {violations}"


@pytest.mark.parametrize("name", each_game({}))
def test_the_last_turn_is_marked_on_the_other_players_board(new_page, live_url, name) -> None:
    """After a turn, the other player's board marks what it put down (from the log entry the server sends):
    live when the socket brings it, and on a fresh load of the page."""
    users = [UserFactory(), UserFactory()]
    game = play(start_game(users, game=name, seed=26), 2, seed=26)
    mover = game.seats.get(number=game.current_seat).user
    watcher = next(u for u in users if u != mover)
    page = open_game(new_page, watcher, game.pk)
    player = new_page()
    sign_in(player, mover)
    answer = api_turn(player, game.pk, random.Random(26))
    wait_live(page, answer["version"])
    entry = [m for m in page.evaluate("window.arkGame.moves") if m["kind"] in ("turn", "timeout") and m["steps"]][-1]
    assert entry["seat"] == game.current_seat

    def marked() -> None:
        page.wait_for_function("seq => document.querySelector('#board-root').dataset.lastTurn === String(seq)",
                               arg=entry["seq"])
        marks = page.locator("#board-root .last-turn")
        assert marks.count() >= 1
        assert all(box and box["width"] > 0 for box in (marks.nth(i).bounding_box() for i in range(marks.count())))

    marked()  # live, after the turn arrived step by step
    page.reload()
    page.wait_for_function("() => window.arkGame && window.arkGame.boardUI && window.arkGame.drawnSeq !== null")
    marked()  # on a fresh load
    assert page.errors == [] and player.errors == []


@pytest.mark.parametrize("name", each_game({}))
def test_on_a_phone_the_board_stays_put_through_a_turn(new_page, live_url, name) -> None:
    """On a phone the turn panel sits above the board: what it says of the turn so far, which grows with each
    step, never pushes the board down the page while the player is still in their turn (it grew a line a step
    before: 52 px after Iwari's first step)."""
    users = [UserFactory(), UserFactory()]
    game = play(start_game(users, game=name, seed=33), 2, seed=33)
    page = open_game(new_page, game.seats.get(number=game.current_seat).user, game.pk, "phone")
    wait_live(page, game.version)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/{name}-phone-step0.png")
    where = "() => document.querySelector('#board-root').getBoundingClientRect().top + scrollY"
    top = page.evaluate(where)
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    rng = random.Random(33)
    data = page.request.get(f"/api/games/{game.pk}/").json()
    seat, tops = data["current_seat"], []
    for _ in range(60):  # the steps of one turn, played as another of the player's windows would
        answer = page.request.post(f"/api/games/{game.pk}/steps/", data={
            "version": data["version"], "action": rng.choice(data["turn"]["actions"])},
            headers={"X-CSRFToken": token, "Content-Type": "application/json"})
        assert answer.ok, answer.text()
        data = answer.json()
        if data["status"] != "active" or data["current_seat"] != seat or not (data.get("turn") or {}).get("steps"):
            break
        wait_live(page, data["version"])
        tops.append(page.evaluate(where))
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/{name}-phone-step{len(tops)}.png")
    # (it may rise: the tile games' choices after the tile is laid take a sheet at the bottom of the screen)
    assert all(t < top + 1 for t in tops), f"{name}: the board's top went down from {top} to {tops}"
    assert page.errors == []
