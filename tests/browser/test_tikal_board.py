"""Tikal's board module (static/js/games/tikal/board.js) in Chromium, without the game page or a server.

As for Iwari (test_iwari_board.py): a small page at a made-up origin loads the module under the site's
Content-Security-Policy and gives it the real geometry (``board_data``) and payloads built by the engine;
``api.step`` and ``api.undo`` go back to Python, which plays them through the site's turn machinery
(``games.play.turns.Progress``) and shows the next payload. Every choice the board offers must be one the
view lists: the tests compare what lights up, and what is posted, with ``view["legal"]`` and ``view["reach"]``.
"""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from games.play.turns import Progress
from games.rules import engine as get_engine
from games.rules.play import take_chance
from tests.browser import board_harness
from tests.rules.tikal.helpers import T_N, position, put

pytestmark = pytest.mark.browser

ORIGIN = "http://tikal.test"
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "object-src 'none'; base-uri 'self'")
#: Set to a folder to keep the screenshots; by default they go to the test's temporary folder.
SCREENSHOT_DIR = os.environ.get("TIKAL_SCREENSHOT_DIR")

ENG = get_engine("tikal")
GAME = "tikal"
NAMES = ["Ann", "Bob", "Cy", "Di", "Eve"]

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/css/site.css"><link rel="stylesheet" href="/static/css/games/tikal.css"><link rel="stylesheet" href="/harness.css">
<script src="/csp-watch.js"></script>
<script type="module" src="/harness.js"></script></head>
<body><div id="board"></div><div id="controls"></div></body></html>"""

WATCH = """window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`));"""

HARNESS = """import { createBoard } from "/static/js/games/tikal/board.js";
window.calls = [];
window.done = 0; // steps and undos the board has been shown the answer to
const controls = document.getElementById("controls");
const data = await window.pyStart();
const api = {
  async step(action) {
    window.calls.push(["step", action]);
    const next = await window.pyStep(action);
    if (next.error) { window.done += 1; throw new Error(next.error); }
    window.board.show(next);
    window.done += 1;
  },
  async undo() {
    window.calls.push(["undo"]);
    window.board.show(await window.pyUndo());
    window.done += 1;
  },
  async confirm() { window.calls.push(["confirm"]); },
  setControls(nodes) { controls.replaceChildren(...nodes); },
};
window.board = createBoard(document.getElementById("board"), data.board, api);
window.board.show(data.payload);
window.ready = true;
"""

HARNESS_CSS = "body { margin: 8px; font: 16px sans-serif; } #controls { margin-top: 8px; }"


class Table:
    """One game as the site runs it (``Progress``), seen from ``seat``."""

    def __init__(self, players: int = 2, seed: int = 7, seat: int = 0, state: Any = None) -> None:
        if state is None:
            self.progress = Progress.start(ENG, ENG.new_game(players, {}, seed))
        else:
            self.progress = Progress.load(ENG, state, None)
        self.seat = seat
        self.players = players

    def payload(self) -> dict[str, Any]:
        p, seat = self.progress, self.seat
        current = ENG.current_player(p.state)
        current = current if current >= 0 else None
        view = ENG.view(p.state if p.seat in (None, seat) else p.public_state, seat)
        mine = p.steps[p.first:] if p.first is not None and p.seat == seat else []
        turn = None
        if current == seat:
            turn = {"steps": [{"action": s, "words": ENG.describe_action(s)} for s in mine],
                    "undo": p.undoable if p.seat == seat else 0,
                    "actions": [a.to_dict() for a in ENG.legal_actions(p.state)]}
        return {"game": {"id": 1, "game": "tikal"}, "your_seat": seat, "current_seat": current,
                "seats": [{"seat": n, "user": {"id": n + 1, "username": NAMES[n].lower(), "display_name": NAMES[n],
                                               "kind": "human"}, "score": 0, "status": "playing", "result": None}
                          for n in range(self.players)],
                "turn": turn, "view": view}

    def view(self) -> dict[str, Any]:
        return self.payload()["view"]

    def step(self, action: dict[str, Any]) -> dict[str, Any]:
        legal = [a.to_dict() for a in ENG.legal_actions(self.progress.state)]
        if action not in legal:
            return {"error": f"not a legal action: {action}"}
        self.progress.play(ENG.parse_action(action), self.seat)
        self.progress.closed.clear()
        return self.payload()

    def undo(self) -> dict[str, Any]:
        self.progress.undo(False)
        return self.payload()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from board_harness.launch()


@pytest.fixture
def open_board(browser: Any) -> Iterator[Any]:
    """``open_board(table, width, height)``: a page showing ``table``'s payload through the board module."""
    yield from board_harness.board_pages(browser, sys.modules[__name__])


def shot(page: Any, tmp_path: Path, name: str) -> Path:
    return board_harness.shot(page, tmp_path, sys.modules[__name__], name)


clean = board_harness.clean


def key(at: list[int]) -> str:
    return f"{at[0]},{at[1]}"


def lit(page: Any) -> set[str]:
    return set(page.eval_on_selector_all("[data-lit]", "els => els.map(e => e.dataset.lit)"))


def steps(page: Any) -> list[Any]:
    return [c[1] for c in page.evaluate("window.calls") if c[0] == "step"]


def answered(page: Any, before: int) -> None:
    """Wait until the board has shown the answer to the step (or undo) taken after ``before`` answers."""
    page.wait_for_function("(n) => window.done > n", arg=before)


def tap_space(page: Any, at: list[int]) -> None:
    page.locator(f".tk-hits polygon[data-space='{key(at)}']").click()


def listed(view: dict[str, Any], action: dict[str, Any]) -> bool:
    return any({k: v for k, v in a.items() if k != "cost"} == action for a in view["legal"])


def play_until(table: Table, rng: random.Random, done: Callable[[dict[str, Any]], bool], limit: int = 3000) -> None:
    """Random legal steps by every seat until ``done(view of the table's seat)``."""
    p = table.progress
    for _ in range(limit):
        if done(table.view()):
            return
        assert not ENG.is_over(p.state)
        p.play(rng.choice(ENG.legal_actions(p.state)), ENG.current_player(p.state))
        p.closed.clear()
    raise AssertionError("never got there")


def place_first(page: Any, table: Table) -> dict[str, Any]:
    """Lay the hex in hand at the first listed place, as listed; returns the action posted."""
    view = table.view()
    first = next(a for a in view["legal"] if a["type"] == "place")
    tap_space(page, first["at"])
    while page.locator(".tk-ghost").get_attribute("data-rotation") != str(first["rotation"]):
        page.locator(".tk-rotate").click()
    before = page.evaluate("window.done")
    page.locator(".tk-place").click()
    answered(page, before)
    return steps(page)[-1]


# ----- the board ---------------------------------------------------------------------------------------------


def test_the_board_draws_every_explored_hex_stone_and_piece(open_board: Any, tmp_path: Path) -> None:
    table = Table(players=3, seed=11)
    play_until(table, random.Random(3), lambda v: v["placed"] >= 10 and v["current_seat"] == 0 and v["phase"] == "place")
    view = table.view()
    page = open_board(table)
    data = ENG.board_data()
    assert page.locator(".tk-cell").count() == len(data["spaces"]) == 40
    assert page.locator(".tk-cell.tk-start").count() == len(data["start_area"])
    tiles = page.eval_on_selector_all(".tk-tile[data-space]", "els => els.map(e => [e.dataset.space, e.dataset.kind])")
    assert dict(tiles) == {key(s["at"]): s["kind"] for s in view["spaces"]}
    stones = page.eval_on_selector_all(".tk-tiles .tk-stones", "els => els.map(e => +e.dataset.count)")
    assert sum(stones) == sum(sum(s["stones"]) for s in view["spaces"])
    values = page.eval_on_selector_all(".tk-tiles .tk-k-temple .tk-value", "els => els.map(e => +e.textContent)")
    assert sorted(values) == sorted(s["value"] for s in view["spaces"] if s["kind"] == "temple")
    ruins = page.eval_on_selector_all(".tk-tiles .tk-ruin-treasures", "els => els.map(e => +e.dataset.count)")
    assert sorted(ruins) == sorted(s["treasures"] for s in view["spaces"] if s["kind"] == "ruin")
    groups = page.eval_on_selector_all(".tk-explorers", "els => els.map(e => [e.dataset.space, +e.dataset.seat, +e.dataset.workers, e.dataset.leader === '1'])")
    expected = [[key(s["at"]), e["seat"], e["workers"], e["leader"]] for s in view["spaces"] for e in s["explorers"]]
    assert sorted(groups) == sorted(expected) and expected
    assert page.locator(".tk-leader").count() == sum(1 for g in expected if g[3])
    assert page.locator(".tk-camp").count() == sum(1 for s in view["spaces"] if s["camp"] is not None)
    assert page.locator(".tk-guard").count() == sum(1 for s in view["spaces"] if s["guard"] is not None)
    # the seats: scores and workers in supply from the view
    rows = page.eval_on_selector_all(".tk-seats tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert [[r[1], r[2]] for r in rows] == [[str(s["score"]), str(s["supply"])] for s in view["seats"]]
    clean(page)
    shot(page, tmp_path, "desktop-3p")


# ----- a turn ------------------------------------------------------------------------------------------------


def test_the_hex_in_hand_lights_exactly_its_listed_places_and_rotates_through_fitting_turns(open_board: Any, tmp_path: Path) -> None:
    table = Table(players=2, seed=7)
    def some_turns_do_not_fit(v: dict[str, Any]) -> bool:
        places = [a for a in v["legal"] if a["type"] == "place"]
        return v["current_seat"] == 0 and v["placed"] >= 4 and 0 < len(places) < 6 * len({key(a["at"]) for a in places})

    play_until(table, random.Random(2), some_turns_do_not_fit)
    page = open_board(table)
    view = table.view()
    places = [a for a in view["legal"] if a["type"] == "place"]
    assert lit(page) == {key(a["at"]) for a in places}
    assert page.locator(".tk-hand-hex").count() == 1
    # at a place where only some rotations fit, rotate cycles through those only
    by_space: dict[str, list[int]] = {}
    for a in places:
        by_space.setdefault(key(a["at"]), []).append(a["rotation"])
    at = min(by_space, key=lambda k: (len(by_space[k]), k))
    page.locator(f".tk-hits polygon[data-space='{at}']").click()
    seen = []
    for _ in range(len(by_space[at]) + 1):
        seen.append(int(page.locator(".tk-ghost").get_attribute("data-rotation")))
        if len(by_space[at]) > 1:
            page.locator(".tk-rotate").click()
    assert set(seen) == set(by_space[at]) and seen[0] == seen[-1]
    assert page.locator(".tk-rotate").is_disabled() == (len(by_space[at]) == 1)
    # the preview shows the hex's stones as turned, from the view
    rotation = int(page.locator(".tk-ghost").get_attribute("data-rotation"))
    sides = page.eval_on_selector_all(".tk-ghost .tk-stones circle", "els => els.map(e => +e.dataset.side)")
    assert sorted(sides) == sorted(s for s, n in enumerate(view["hex"]["turned"][rotation]) for _ in range(n))
    shot(page, tmp_path, "desktop-place")
    before = page.evaluate("window.done")
    page.locator(".tk-place").click()
    answered(page, before)
    posted = steps(page)
    assert posted == [{"type": "place", "at": [int(x) for x in at.split(",")], "rotation": rotation}]
    assert listed(view, posted[0])
    assert table.view()["phase"] == "actions"
    clean(page)


def test_without_a_mouse_the_lit_spaces_are_reached_by_keyboard(open_board: Any) -> None:
    table = Table(players=2, seed=7)
    page = open_board(table)
    view = table.view()
    places = [a for a in view["legal"] if a["type"] == "place"]
    focusable = set(page.eval_on_selector_all(".tk-hits polygon[tabindex='0']", "els => els.map(e => e.dataset.space)"))
    assert focusable == {key(a["at"]) for a in places}
    page.locator(f".tk-hits polygon[data-space='{key(places[0]['at'])}']").focus()
    page.keyboard.press("Enter")
    page.locator(".tk-place").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("window.calls.length === 1")
    assert listed(view, steps(page)[0])
    clean(page)


def test_a_whole_turn_enter_move_with_its_cost_undo_and_end(open_board: Any, tmp_path: Path) -> None:
    table = Table(players=2, seed=7)
    page = open_board(table)
    place_first(page, table)
    view = table.view()
    assert view["phase"] == "actions"
    assert page.locator(".tk-ap").get_attribute("data-ap") == "10" == page.locator(".tk-ap-line").get_attribute("data-ap")
    # bring two workers in at the base camp (buttons from the listed enter actions)
    enters = [a for a in view["legal"] if a["type"] == "enter"]
    assert page.locator(".tk-enter button").count() == len(enters)
    for _ in range(2):
        before = page.evaluate("window.done")
        page.locator(".tk-enter button[data-piece='worker']").first.click()
        answered(page, before)
    view = table.view()
    assert view["action_points"] == 8 and page.locator(".tk-ap").get_attribute("data-ap") == "8"
    base = view["reach"][0]["from"]
    # tap them: every reachable space lights with its cost from the view
    tap_space(page, base)
    reach = next(r for r in view["reach"] if r["from"] == base)
    assert lit(page) == {key(t["at"]) for t in reach["to"]}
    costs = dict(page.eval_on_selector_all(".tk-cost", "els => els.map(e => [e.dataset.space, +e.textContent])"))
    assert costs == {key(t["at"]): t["cost"] for t in reach["to"]}
    shot(page, tmp_path, "desktop-reach")
    # the farthest: one listed move per hop, the points drop by the cost shown
    target = max(reach["to"], key=lambda t: (len(t["path"]), t["cost"]))
    n = len(steps(page))
    before = page.evaluate("window.done")
    tap_space(page, target["at"])
    page.wait_for_function("(n) => window.done >= n", arg=before + len(target["path"]))
    page.wait_for_function("document.querySelector('.tk-ap') && document.querySelector('.tk-ap').dataset.ap === String(%d)" % (8 - target["cost"]))
    moves = steps(page)[n:]
    assert [m["to"] for m in moves] == target["path"] and all(m["type"] in ("move", "camp-move") for m in moves)
    after = table.view()
    assert after["action_points"] == 8 - target["cost"]
    assert page.locator(f".tk-explorers[data-space='{key(target['at'])}'][data-seat='0']").count() == 1
    # undo takes the last hop back
    before = page.evaluate("window.done")
    page.locator(".tk-undo").click()
    answered(page, before)
    assert table.view()["action_points"] > 8 - target["cost"]
    assert page.locator(".tk-ap").get_attribute("data-ap") == str(table.view()["action_points"])
    # an action at a space: the selected space offers only what is listed there
    tap_space(page, base)
    here = page.eval_on_selector_all(".tk-controls .tk-act[data-type]:not([data-type='enter']):not([data-type='exchange'])",
                                     "els => els.map(e => e.dataset.type)")
    assert sorted(here) == sorted(a["type"] for a in table.view()["legal"]
                                  if a["type"] in ("uncover", "dig", "camp", "guard") and a["at"] == base)
    # end the turn: Bob to play
    before = page.evaluate("window.done")
    page.locator(".tk-end").click()
    answered(page, before)
    assert steps(page)[-1] == {"type": "end"}
    assert table.view()["current_seat"] == 1
    assert "Waiting for Bob" in page.locator(".tk-prompt").inner_text()
    assert page.locator("#controls button").count() == 0
    for posted in steps(page):
        assert posted["type"] in {"place", "enter", "move", "camp-move", "end"}
    clean(page)


def test_an_action_at_a_space_is_offered_with_its_cost_and_the_temple_shows_its_new_level(open_board: Any) -> None:
    state = put(position(players=2, ap=10), 0, T_N, workers=1, leader=True)
    table = Table(players=2, state=state)
    page = open_board(table)
    view = table.view()
    # the leader is told apart from the worker on the same space
    group = page.locator(f".tk-explorers[data-space='{key(list(T_N))}']")
    assert group.get_attribute("data-workers") == "1" and group.get_attribute("data-leader") == "1"
    assert group.locator(".tk-leader").count() == 1 and group.locator(".tk-worker").count() == 1
    tap_space(page, list(T_N))
    offered = page.eval_on_selector_all(".tk-controls .tk-act[data-type='uncover']", "els => els.map(e => e.textContent)")
    uncover = next(a for a in view["legal"] if a["type"] == "uncover" and a["at"] == list(T_N))
    assert offered == [f"Uncover a temple level · {uncover['cost']} AP"]
    # both pieces there: moving the leader or a worker is a choice; the reach is the same
    assert page.locator(".tk-piece").count() == 2
    page.locator(".tk-piece[data-piece='leader']").click()
    assert page.locator(".tk-piece[data-piece='leader']").get_attribute("aria-pressed") == "true"
    before = page.evaluate("window.done")
    page.locator(".tk-act[data-type='uncover']").click()
    answered(page, before)
    assert steps(page) == [{"type": "uncover", "at": list(T_N)}]
    after = table.view()
    value = next(s["value"] for s in after["spaces"] if s["at"] == list(T_N))
    assert value > 1 and page.locator(f".tk-tiles .tk-tile[data-space='{key(list(T_N))}'] .tk-value").text_content() == str(value)
    assert page.locator(".tk-ap").get_attribute("data-ap") == str(10 - uncover["cost"]) == str(after["action_points"])
    clean(page)


def test_a_volcano_round_says_whose_bonus_turn_it_is_and_what_scored(open_board: Any, tmp_path: Path) -> None:
    table = Table(players=3, seed=5)
    play_until(table, random.Random(8), lambda v: v["round"] == "volcano" and v["bonus"] and v["current_seat"] == 0
               and any(e["type"] == "score" for e in v["events"]) and len(v["queue"]) < 2)
    view = table.view()
    page = open_board(table)
    banner = page.locator(".tk-round").inner_text()
    assert "Volcano" in banner and "Your bonus turn" in banner
    last = [e for e in view["events"] if e["type"] == "score"][-1]
    assert f"{NAMES[last['seat']]} scored {last['points']}" in banner
    assert page.locator(".tk-ap").get_attribute("data-ap") == str(view["action_points"])
    assert page.locator(".tk-hand h3").inner_text() == "The volcano"
    shot(page, tmp_path, "desktop-volcano")
    # the other seats see whose bonus turn it is too
    other = Table(players=3, state=table.progress.state, seat=1)
    page2 = open_board(other)
    assert f"{NAMES[0]}'s bonus turn" in page2.locator(".tk-round").inner_text()
    clean(page)
    clean(page2)


# ----- phones, replays, the end ------------------------------------------------------------------------------


def test_on_a_phone_the_board_fits_and_every_target_is_big_enough(open_board: Any, tmp_path: Path) -> None:
    table = Table(players=2, seed=7)
    page = open_board(table, 390, 844)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    view = table.view()
    first = next(a for a in view["legal"] if a["type"] == "place")
    for k in lit(page):
        box = page.locator(f".tk-hits polygon[data-space='{k}']").bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (k, box)
    page.locator(f".tk-hits polygon[data-space='{key(first['at'])}']").tap()
    shot(page, tmp_path, "phone-place")
    for button in page.locator("#controls button").all():
        size = button.bounding_box()
        assert size["height"] >= 44 and size["width"] >= 44, button.inner_text()
    before = page.evaluate("window.done")
    page.locator(".tk-place").tap()
    answered(page, before)
    page.locator(".tk-enter button").first.tap()
    page.wait_for_function("document.querySelector('.tk-ap')?.dataset.ap === '9'")
    tap = table.view()["reach"][0]["from"]
    page.locator(f".tk-hits polygon[data-space='{key(tap)}']").tap()
    shot(page, tmp_path, "phone-reach")
    for button in page.locator("#controls button").all():
        size = button.bounding_box()
        assert size["height"] >= 44 and size["width"] >= 44, button.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    clean(page)


def test_a_replay_position_is_drawn_without_choices(open_board: Any) -> None:
    table = Table(players=2, seed=7)
    page = open_board(table)
    assert page.locator("#controls button").count() > 0 and lit(page)
    position = dict(table.view(), legal=[], reach=[])
    page.evaluate("(p) => window.board.showPosition(p)", position)
    assert page.locator("#controls button").count() == 0
    assert lit(page) == set()
    assert page.locator(".tk-prompt").inner_text().startswith("Replay")
    assert page.locator(".tk-tiles .tk-tile").count() == len(position["spaces"])
    tap_space(page, next(a for a in table.view()["legal"])["at"])
    assert page.evaluate("window.calls") == [] and lit(page) == set()
    clean(page)


def test_the_end_shows_temples_and_treasure_sets_per_player(open_board: Any, tmp_path: Path) -> None:
    rng = random.Random(1)
    table = Table(players=3, seed=21)
    state = table.progress.state
    while not ENG.is_over(state):
        state = take_chance(ENG, ENG.apply(state, rng.choice(ENG.legal_actions(state))))
    table.progress = Progress.load(ENG, state, None)
    view = table.view()
    page = open_board(table)
    rows = page.eval_on_selector_all(".tk-final-table tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert len(rows) == 3
    finals = {e["seat"]: e for e in view["events"] if e["type"] == "score" and e["round"] in ("final", "settle")}
    for row, seat in zip(rows, view["seats"]):
        e = finals[seat["seat"]]
        assert row[0].startswith(NAMES[seat["seat"]])
        rounds = sum(r["points"] for r in view["events"]
                     if r["type"] == "score" and r["seat"] == seat["seat"] and r["round"] == "volcano")
        assert row[1] == str(rounds)
        assert row[3] == str(e["temples"]) and row[5] == str(e["treasures"]) and row[6] == str(seat["score"])
        assert row[2].count(",") == max(0, len(e["temple_list"]) - 1) or row[2] == "—"
        for kind, n in seat["treasures"].items():
            assert f"{n}× {kind}" in row[4]
    winners = [NAMES[s] for s in view["winners"]]
    assert all(w in page.locator(".tk-prompt").inner_text() for w in winners)
    assert page.locator("#controls button").count() == 0
    shot(page, tmp_path, "desktop-final")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("document.querySelector('.tk-svg').style.minWidth !== ''")
    # on a phone the whole explored jungle scrolls sideways in its box, at a size that stays legible
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator(".tk-hits polygon").first.bounding_box()
    assert box["width"] >= 60 and box["height"] >= 52
    shot(page, tmp_path, "phone-final")
    clean(page)
