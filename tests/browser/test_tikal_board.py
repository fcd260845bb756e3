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
from games.rules.tikal.data import SPACE_INDEX as ENG_SPACE
from tests.browser import board_harness
from tests.rules.tikal.helpers import BC, T_N, T_SE, J, lay, position, put

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
  async undo(wholeTurn = false) {
    window.calls.push(["undo", !!wholeTurn]);
    window.board.show(await window.pyUndo(!!wholeTurn));
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

    def undo(self, whole_turn: bool = False) -> dict[str, Any]:
        self.progress.undo(whole_turn)
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


def focused(page: Any) -> dict[str, Any]:
    """What has the keyboard focus: its tag, data-act, data-space and classes (the body when focus was lost)."""
    return page.evaluate("""() => { const a = document.activeElement;
        return {tag: a ? a.tagName.toLowerCase() : null, act: a?.dataset?.act || null, space: a?.dataset?.space || null,
                cls: a?.getAttribute('class') || ''}; }""")


def overlaps(page: Any) -> list[Any]:
    """Every pair of marks on the map (labels, counts, pieces, stones, costs: ``.tk-box``) whose boxes on screen
    overlap by more than half a pixel each way."""
    return page.evaluate("""() => {
        const boxes = [...document.querySelectorAll('.tk-svg .tk-box')]
          .filter((e) => getComputedStyle(e).display !== 'none')
          .map((e) => ({r: e.getBoundingClientRect(),
                        what: `${e.getAttribute('class')} @${e.closest('[data-space]')?.dataset.space || e.dataset.space || '?'}`}))
          .filter((b) => b.r.width > 0 && b.r.height > 0);
        const out = [];
        for (let i = 0; i < boxes.length; i += 1) for (let j = i + 1; j < boxes.length; j += 1) {
          const a = boxes[i].r, b = boxes[j].r;
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 0.5 && h > 0.5) out.push([boxes[i].what, boxes[j].what, Math.round(w * 10) / 10, Math.round(h * 10) / 10]);
        }
        return out;
    }""")


def box_count(page: Any, kind: str) -> int:
    return page.locator(f".tk-svg .tk-box.{kind}").count()


# ----- the board ---------------------------------------------------------------------------------------------


def test_the_board_draws_every_explored_hex_stone_and_piece_and_who_leads_each_temple(open_board: Any, tmp_path: Path) -> None:
    table = Table(players=3, seed=11)
    play_until(table, random.Random(3), lambda v: v["placed"] >= 10 and v["current_seat"] == 0 and v["phase"] == "place")
    view = table.view()
    page = open_board(table)
    data = ENG.board_data()
    assert page.locator(".tk-cell").count() == len(data["spaces"]) == 40
    assert page.locator(".tk-start .tk-cell").count() == len(data["start_area"])
    tiles = page.eval_on_selector_all(".tk-tiles .tk-tile[data-space]", "els => els.map(e => [e.dataset.space, e.dataset.kind])")
    assert dict(tiles) == {key(s["at"]): s["kind"] for s in view["spaces"]}
    # the names of the spaces show where nothing is laid (the log and the panel use them)
    names = page.eval_on_selector_all(".tk-cellname:not(.tk-off)", "els => els.map(e => [e.dataset.space, e.textContent])")
    explored = {key(s["at"]) for s in view["spaces"]}
    assert dict(names) == {f"{s['q']},{s['r']}": s["name"] for s in data["spaces"] if f"{s['q']},{s['r']}" not in explored}
    stones = page.eval_on_selector_all(".tk-tiles .tk-stones", "els => els.map(e => +e.dataset.count)")
    assert sum(stones) == sum(sum(s["stones"]) for s in view["spaces"]) == page.locator(".tk-tiles .tk-stone").count()
    values = page.eval_on_selector_all(".tk-tiles .tk-k-temple .tk-value", "els => els.map(e => +e.textContent)")
    assert sorted(values) == sorted(s["value"] for s in view["spaces"] if s["kind"] == "temple")
    # who leads each temple, from the view (a guard's seat, the strongest seat, or a tie)
    owners = page.eval_on_selector_all(".tk-tiles .tk-plaque", "els => els.map(e => [e.dataset.space, e.dataset.owner, e.dataset.tied])")
    assert sorted(owners) == sorted([key(s["at"]), "" if s["owner"] is None else str(s["owner"]), ",".join(map(str, s["tied"]))]
                                    for s in view["spaces"] if s["kind"] == "temple")
    ruins = page.eval_on_selector_all(".tk-tiles .tk-ruin-treasures", "els => els.map(e => +e.dataset.count)")
    assert sorted(ruins) == sorted(s["treasures"] for s in view["spaces"] if s["kind"] == "ruin" and s["treasures"])
    groups = page.eval_on_selector_all(".tk-explorers", "els => els.map(e => [e.dataset.space, +e.dataset.seat, +e.dataset.workers, e.dataset.leader === '1'])")
    expected = [[key(s["at"]), e["seat"], e["workers"], e["leader"]] for s in view["spaces"] for e in s["explorers"]]
    assert sorted(groups) == sorted(expected) and expected
    assert page.locator(".tk-leader-token").count() == sum(1 for g in expected if g[3])
    counts = page.eval_on_selector_all(".tk-worker-token .tk-count", "els => els.map(e => +e.textContent)")
    assert sorted(counts) == sorted(g[2] for g in expected if g[2])
    assert page.locator(".tk-camp").count() == sum(1 for s in view["spaces"] if s["camp"] is not None)
    assert page.locator(".tk-guard").count() == sum(1 for s in view["spaces"] if s["guard"] is not None)
    # the seats: scores and workers in supply from the view
    rows = page.eval_on_selector_all(".tk-seats tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert [[r[1], r[2]] for r in rows] == [[str(s["score"]), str(s["supply"])] for s in view["seats"]]
    # the hexes are buttons in a group, not inside an image (axe: nested-interactive)
    assert page.locator(".tk-svg").get_attribute("role") == "group"
    assert page.locator("[role='img'] [tabindex], [role='img'] [role='button']").count() == 0
    assert all(page.eval_on_selector_all(".tk-hits [role='button']", "els => els.map(e => !!e.getAttribute('aria-label'))"))
    assert overlaps(page) == []
    clean(page)
    shot(page, tmp_path, "desktop-3p")


def crowded(players: int = 4) -> Any:
    """Every seat on the start area: leaders and workers on the base camp and the temple north of it, workers on the
    clearing and the other temple, a camp on the clearing, a guard, a temple tied; a ruin laid."""
    state = position(players=players, ap=10)
    for seat in range(players):
        put(state, seat, BC, workers=seat + 1, leader=seat < 2)
        put(state, seat, T_N, workers=2 + seat, leader=seat >= 2)
        put(state, seat, J, workers=9 - seat)
        put(state, seat, T_SE, workers=1)
    state.camp[ENG_SPACE[J]] = 1
    state.guard[ENG_SPACE[T_SE]] = 3
    lay(state, "A5", (1, 1), treasures=["jade mask", "gold mask", "sun disc"])
    put(state, 1, (1, 1), workers=1)
    return state


def all_on_the_temple(players: int = 4) -> Any:
    """Eight tokens on one temple (every leader and workers of each seat), with its value and its leader's mark."""
    state = position(players=players, ap=10)
    for seat in range(players):
        put(state, seat, T_N, workers=seat + 1, leader=True)
        put(state, seat, BC, workers=1)
    return state


@pytest.mark.parametrize("width,height", [(1400, 900), (390, 844)])
def test_no_label_count_or_piece_covers_another(open_board: Any, tmp_path: Path, width: int, height: int) -> None:
    """Issue 26: the cost badges sat on the explorer discs and the leader on the worker count. At a few fixed crowded
    positions, with the reach and its costs shown, no two marks overlap (their boxes on screen)."""
    table = Table(players=4, state=crowded())
    page = open_board(table, width, height)
    view = table.view()
    assert box_count(page, "tk-token") == sum(e["leader"] + (e["workers"] > 0) for s in view["spaces"] for e in s["explorers"])
    assert overlaps(page) == []
    tap_space(page, list(BC))          # a worker chosen: the reach lit, with costs on spaces full of explorers
    assert page.locator(".tk-cost-badge").count() >= 3 and page.locator(".tk-chosen-ring").count() == 1
    assert overlaps(page) == []
    shot(page, tmp_path, f"crowded-{width}")
    table = Table(players=4, state=all_on_the_temple())
    page = open_board(table, width, height)
    assert page.locator(f".tk-explorers[data-space='{key(list(T_N))}'] .tk-token").count() == 8
    tap_space(page, list(BC))
    assert overlaps(page) == []
    # a hex in hand shown on a lit space covers the name there
    table = Table(players=2, seed=7)
    page = open_board(table, width, height)
    first = next(a for a in table.view()["legal"] if a["type"] == "place")
    tap_space(page, first["at"])
    assert page.locator(".tk-ghost").count() == 1 and overlaps(page) == []
    clean(page)


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
    assert page.locator(".tk-hand-hex").count() == 1 and page.locator(".tk-place").count() == 0
    by_space: dict[str, list[int]] = {}
    for a in places:
        by_space.setdefault(key(a["at"]), []).append(a["rotation"])
    # where only one way fits, no Rotate button at all (never a disabled "Rotate (1 of 1)")
    for at in sorted(by_space, key=lambda k: len(by_space[k])):
        page.locator(f".tk-hits polygon[data-space='{at}']").click()
        assert page.locator(".tk-rotate").count() == (0 if len(by_space[at]) == 1 else 1)
        assert page.locator(".tk-rotate:disabled").count() == 0
    # at a place where several rotations fit, rotate cycles through those only
    at = max(by_space, key=lambda k: (len(by_space[k]), k))
    page.locator(f".tk-hits polygon[data-space='{at}']").click()
    seen = []
    for _ in range(len(by_space[at]) + 1):
        seen.append(int(page.locator(".tk-ghost").get_attribute("data-rotation")))
        if len(by_space[at]) > 1:
            page.locator(".tk-rotate").click()
    assert set(seen) == set(by_space[at]) and seen[0] == seen[-1]
    # the preview shows the hex's stones as turned, from the view, on the board and in the panel
    rotation = int(page.locator(".tk-ghost").get_attribute("data-rotation"))
    sides = page.eval_on_selector_all(".tk-ghost .tk-stones circle", "els => els.map(e => +e.dataset.side)")
    assert sorted(sides) == sorted(s for s, n in enumerate(view["hex"]["turned"][rotation]) for _ in range(n))
    assert page.locator(".tk-hand-svg").get_attribute("data-rotation") == str(rotation)
    name = next(s["name"] for s in ENG.board_data()["spaces"] if f"{s['q']},{s['r']}" == at)
    assert page.locator(".tk-place").inner_text() == f"Place on {name}"
    shot(page, tmp_path, "desktop-place")
    before = page.evaluate("window.done")
    page.locator(".tk-place").click()
    answered(page, before)
    posted = steps(page)
    assert posted == [{"type": "place", "at": [int(x) for x in at.split(",")], "rotation": rotation}]
    assert listed(view, posted[0])
    assert table.view()["phase"] == "actions"
    clean(page)


def test_a_whole_turn_by_keyboard_with_the_focus_always_visible(open_board: Any) -> None:
    """Issue 26: focus fell to the page's body after every action button and End turn. A whole turn by keyboard:
    a lit hex, Place, bringing workers in, choosing them on the map, moving them with the arrow keys, End turn."""
    table = Table(players=2, seed=7)
    page = open_board(table)
    view = table.view()
    places = [a for a in view["legal"] if a["type"] == "place"]
    focusable = set(page.eval_on_selector_all(".tk-hits polygon[tabindex='0']", "els => els.map(e => e.dataset.space)"))
    assert focusable == {key(a["at"]) for a in places}

    def tab_to(match: Callable[[dict[str, Any]], bool], back: bool = False) -> None:
        for _ in range(80):
            page.keyboard.press("Shift+Tab" if back else "Tab")
            if match(focused(page)):
                return
        raise AssertionError(f"never reached by Tab: {focused(page)}")

    def press(key_name: str) -> None:
        before = page.evaluate("window.done")
        page.keyboard.press(key_name)
        answered(page, before)
        assert focused(page)["tag"] != "body", "the focus fell to the page's body"

    page.locator("body").click(position={"x": 2, "y": 2})
    tab_to(lambda f: f["space"] in focusable)
    page.keyboard.press("Enter")
    assert page.locator(".tk-ghost").count() == 1 and focused(page)["space"] in focusable
    page.keyboard.press("r")              # R turns the hex where it fits otherwise
    tab_to(lambda f: f["act"] == "tk-place")
    press("Enter")
    assert table.view()["phase"] == "actions" and listed(view, steps(page)[0])
    tab_to(lambda f: (f["act"] or "").startswith("tk-enter-0,3-worker"))
    press("Enter")
    assert focused(page)["act"] == "tk-enter-0,3-worker"      # the same button again, for the next worker
    press("Enter")
    assert table.view()["action_points"] == 8
    # back to the map: the base camp, then an arrow to a lit space, Enter walks there
    tab_to(lambda f: f["space"] == key(list(BC)), back=True)
    page.keyboard.press("Enter")
    assert page.locator("[data-selected]").get_attribute("data-selected") == key(list(BC))
    reach = {key(t["at"]): t for t in next(r for r in table.view()["reach"] if r["from"] == list(BC))["to"]}
    page.keyboard.press("ArrowUp")
    target = focused(page)["space"]
    assert target in reach, (target, sorted(reach))
    n = len(steps(page))
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => window.calls.filter(c => c[0] === 'step').length >= n", arg=n + len(reach[target]["path"]))
    page.wait_for_function("(t) => document.querySelector('[data-selected]')?.dataset.selected === t", arg=target)
    assert focused(page)["space"] == target
    # End turn by keyboard: the focus goes to the board's words (whose turn it is now), never to the body
    tab_to(lambda f: f["act"] == "tk-end")
    press("Enter")
    assert steps(page)[-1] == {"type": "end"} and table.view()["current_seat"] == 1
    assert "tk-prompt" in focused(page)["cls"] and "Waiting for Bob" in page.locator(".tk-prompt").inner_text()
    clean(page)


def test_a_whole_turn_enter_move_with_its_cost_undo_and_end(open_board: Any, tmp_path: Path) -> None:
    table = Table(players=2, seed=7)
    page = open_board(table)
    place_first(page, table)
    view = table.view()
    assert view["phase"] == "actions"
    assert page.locator(".tk-ap-line").get_attribute("data-ap") == "10"
    enters = [a for a in view["legal"] if a["type"] == "enter"]
    assert page.locator(".tk-enter button").count() == len(enters)
    for _ in range(2):
        before = page.evaluate("window.done")
        page.locator(".tk-enter button[data-piece='worker']").first.click()
        answered(page, before)
    view = table.view()
    assert view["action_points"] == 8 and page.locator(".tk-ap-line").get_attribute("data-ap") == "8"
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
    page.wait_for_function("() => document.querySelector('.tk-ap-line') && document.querySelector('.tk-ap-line').dataset.ap === String(%d)" % (8 - target["cost"]))
    moves = steps(page)[n:]
    assert [m["to"] for m in moves] == target["path"] and all(m["type"] in ("move", "camp-move") for m in moves)
    assert table.view()["action_points"] == 8 - target["cost"]
    assert page.locator(f".tk-explorers[data-space='{key(target['at'])}'][data-seat='0']").count() == 1
    # one Undo button takes the last hop back; the whole turn is a second, smaller choice; the shell's are not needed
    assert page.locator(".tk-undo").count() == 1 and page.locator(".tk-undo-turn").count() == 1
    before = page.evaluate("window.done")
    page.locator(".tk-undo").click()
    answered(page, before)
    assert table.view()["action_points"] > 8 - target["cost"]
    assert page.locator(".tk-ap-line").get_attribute("data-ap") == str(table.view()["action_points"])
    assert page.evaluate("window.board.ownsUndo") is True
    # an action at a space: the selected space offers only what is listed there
    tap_space(page, base)
    here = page.eval_on_selector_all(".tk-card .tk-act[data-type]:not([data-type='enter']):not([data-type='move'])",
                                     "els => els.map(e => e.dataset.type)")
    assert sorted(here) == sorted(a["type"] for a in table.view()["legal"]
                                  if a["type"] in ("uncover", "dig", "camp", "guard") and a["at"] == base)
    # the whole turn back: every step, the hex's place too (the hex drawn stays drawn); then laid again
    before = page.evaluate("window.done")
    page.locator(".tk-undo-turn").click()
    answered(page, before)
    assert page.evaluate("window.calls")[-1] == ["undo", True] and table.view()["phase"] == "place"
    assert page.locator(".tk-hand-hex").count() == 1 and lit(page)
    place_first(page, table)
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


def test_tapping_another_of_ones_own_spaces_selects_it_and_the_last_point_does_not_end_the_turn(open_board: Any) -> None:
    """Issue 26: select the base camp, "Move the leader", tap a temple; tapping the base camp again walked the leader
    back for 2 AP, and if that spent the last point the turn ended at once with no undo. Now the tap selects the
    base camp (nothing is sent), the selection shows, and at 0 points the turn waits for End turn, undoable."""
    state = put(position(players=2, ap=4), 0, BC, workers=2, leader=True)
    table = Table(players=2, state=state)
    page = open_board(table)
    tap_space(page, list(BC))
    assert page.locator("[data-selected]").get_attribute("data-selected") == key(list(BC))
    page.locator(".tk-piece[data-piece='leader']").click()
    assert page.locator(f".tk-explorers[data-space='{key(list(BC))}'] .tk-chosen-ring").get_attribute("data-piece") == "leader"
    before = page.evaluate("window.done")
    tap_space(page, list(T_N))                                   # the leader walks to the temple: 2 points
    answered(page, before)
    assert steps(page) == [{"type": "move", "piece": "leader", "from": list(BC), "to": list(T_N)}]
    page.wait_for_function("() => document.querySelector('[data-selected]')?.dataset.selected === '0,2'")
    assert table.view()["action_points"] == 2
    # the base camp again: it is selected, with a worker chosen; nothing moves
    tap_space(page, list(BC))
    assert steps(page) == [{"type": "move", "piece": "leader", "from": list(BC), "to": list(T_N)}]
    assert page.locator("[data-selected]").get_attribute("data-selected") == key(list(BC))
    assert page.locator(f".tk-explorers[data-space='{key(list(BC))}'] .tk-chosen-ring").get_attribute("data-piece") == "worker"
    # the leader can still come back, on purpose: the card offers it, with its cost
    assert page.locator(".tk-arrive").inner_text() == "Move the leader here from A2 · 2 AP"
    # spend the last two points: the turn stays, End turn is the one thing to do (or Undo)
    for _ in range(2):
        before = page.evaluate("window.done")
        page.locator(".tk-enter button[data-piece='worker'], .tk-card button[data-type='enter'][data-piece='worker']").first.click()
        answered(page, before)
    view = table.view()
    assert view["action_points"] == 0 and view["current_seat"] == 0 and {"type": "end"} not in steps(page)
    assert [a["type"] for a in view["legal"]] == ["end"]
    assert page.locator(".tk-end.tk-primary").count() == 1 and page.locator(".tk-undo:not([disabled])").count() == 1
    assert page.locator(".tk-prompt").inner_text().startswith("No action points left")
    before = page.evaluate("window.done")
    page.locator(".tk-undo").click()
    answered(page, before)
    assert table.view()["action_points"] == 1 and table.view()["current_seat"] == 0
    clean(page)


def test_after_a_dig_undo_says_why_it_cannot_go_back(open_board: Any) -> None:
    state = lay(position(players=2, ap=10), "A5", (1, 1), treasures=["jade mask", "gold mask"])
    put(state, 0, (1, 1), workers=2)
    table = Table(players=2, state=state)
    page = open_board(table)
    tap_space(page, [1, 1])
    before = page.evaluate("window.done")
    page.locator(".tk-card button[data-type='dig']").click()
    answered(page, before)
    # the treasure was turned up: the dig stands, Undo is greyed and says why
    assert page.locator(".tk-undo").count() == 1 and page.locator(".tk-undo").is_disabled()
    why = page.locator("#tk-undo-why").inner_text()
    assert why.startswith("What you dug stays dug (found a ") and "cannot be taken back" in why
    assert page.locator(".tk-undo").get_attribute("aria-describedby") == "tk-undo-why"
    assert page.locator(".tk-undo-turn").count() == 0
    # a step after it can be undone again, back to the dig and no further
    before = page.evaluate("window.done")
    page.locator(".tk-enter button[data-piece='worker']").first.click()
    answered(page, before)
    assert not page.locator(".tk-undo").is_disabled() and page.locator("#tk-undo-why").count() == 0
    clean(page)


def test_an_action_at_a_space_is_offered_with_its_cost_and_the_temple_shows_its_new_level(open_board: Any) -> None:
    state = put(position(players=2, ap=10), 0, T_N, workers=1, leader=True)
    table = Table(players=2, state=state)
    page = open_board(table)
    view = table.view()
    # the leader is told apart from the worker on the same space: two tokens, the leader crowned
    group = page.locator(f".tk-explorers[data-space='{key(list(T_N))}']")
    assert group.get_attribute("data-workers") == "1" and group.get_attribute("data-leader") == "1"
    assert group.locator(".tk-leader-token .tk-crown").count() == 1 and group.locator(".tk-worker-token .tk-count").text_content() == "1"
    tap_space(page, list(T_N))
    offered = page.eval_on_selector_all(".tk-card .tk-act[data-type='uncover']", "els => els.map(e => e.textContent)")
    uncover = next(a for a in view["legal"] if a["type"] == "uncover" and a["at"] == list(T_N))
    assert offered == [f"Uncover a level · {uncover['cost']} AP"]
    assert page.locator(".tk-card h3").inner_text().startswith("Temple A2 · value 1 · ")
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
    assert page.locator(".tk-ap-line").get_attribute("data-ap") == str(10 - uncover["cost"]) == str(after["action_points"])
    assert page.locator(f".tk-tiles .tk-plaque[data-space='{key(list(T_N))}']").get_attribute("data-owner") == "0"
    clean(page)


def test_a_volcano_round_says_whose_bonus_turn_it_is_and_its_scores_stay_until_the_next_turn(open_board: Any, tmp_path: Path) -> None:
    table = Table(players=3, seed=5)
    play_until(table, random.Random(8), lambda v: v["round"] == "volcano" and v["bonus"] and v["current_seat"] == 0
               and bool(v["last_scoring"]) and len(v["queue"]) < 2)
    view = table.view()
    page = open_board(table)
    banner = page.locator(".tk-round").inner_text()
    assert "Volcano" in banner and "Your bonus turn" in banner
    scored = page.eval_on_selector_all(".tk-scoring tbody tr", "rows => rows.map(r => [+r.dataset.seat, r.cells[3].textContent])")
    assert scored == [[e["seat"], f"+{e['points']}"] for e in view["last_scoring"]["results"]]
    assert "so far" in page.locator(".tk-scoring h3").inner_text()
    assert page.locator(".tk-ap-line").get_attribute("data-ap") == str(view["action_points"])
    assert page.locator(".tk-hand-hex").count() == 0      # the volcano waits: no hex to lay in a bonus turn
    shot(page, tmp_path, "desktop-volcano")
    # the other seats see whose bonus turn it is too
    other = Table(players=3, state=table.progress.state, seat=1)
    page2 = open_board(other)
    assert f"{NAMES[0]}'s bonus turn" in page2.locator(".tk-round").inner_text()
    # once everyone has scored, the round's results stay on the board through the volcano's turn ...
    rng = random.Random(9)
    play_until(table, rng, lambda v: v["round"] is None)
    view = table.view()
    assert view["last_scoring"] and view["phase"] in ("place", "actions")
    page3 = open_board(Table(players=3, state=table.progress.state, seat=0))
    rows = page3.eval_on_selector_all(".tk-scoring tbody tr", "rows => rows.map(r => +r.dataset.seat)")
    assert rows == [e["seat"] for e in view["last_scoring"]["results"]] and len(rows) == 3
    assert page3.locator(".tk-scoring h3").inner_text() == "Volcano scoring"
    # ... and go with the next player's turn
    drawer = view["current_seat"]
    play_until(table, rng, lambda v: v["current_seat"] != drawer)
    page4 = open_board(Table(players=3, state=table.progress.state, seat=0))
    assert page4.locator(".tk-scoring").is_hidden()
    for p in (page, page2, page3, page4):
        clean(p)


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
    page.wait_for_function("() => document.querySelector('.tk-ap-line')?.dataset.ap === '9'")
    tap = table.view()["reach"][0]["from"]
    page.locator(f".tk-hits polygon[data-space='{key(tap)}']").tap()
    shot(page, tmp_path, "phone-reach")
    for button in page.locator("#controls button").all():
        size = button.bounding_box()
        assert size["height"] >= 44 and size["width"] >= 44, button.inner_text()
    # the stones and the explorers stay readable on a phone
    assert page.locator(".tk-tiles .tk-stone").first.bounding_box()["width"] >= 6
    assert page.locator(".tk-token").first.bounding_box()["width"] >= 12
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    clean(page)


def test_a_replay_position_is_drawn_without_choices(open_board: Any) -> None:
    """Issue 26: the board took the replay's ``{seq, step, view, move}`` for the view and drew nothing ("Replay: turn
    undefined, Seat NaN to play"). It is given what the shell gives it."""
    table = Table(players=2, seed=7)
    play_until(table, random.Random(4), lambda v: v["placed"] >= 6 and v["current_seat"] == 0 and v["phase"] == "place")
    page = open_board(table)
    assert page.locator("#controls .tk-controls").count() == 1 and lit(page)
    view = dict(table.view(), legal=[], reach=[], your_seat=0)
    laid = next(s for s in view["spaces"] if s["hex"])
    move = {"seq": 9, "words": "Bob laid a temple", "turn": {"hex": laid["hex"], "at": laid["at"], "rotation": 0, "actions": []},
            "steps": [], "events": []}
    page.evaluate("(p) => window.board.showPosition(p)", {"seq": 9, "step": None, "view": view, "move": move})
    assert page.locator("#controls > *").count() == 0
    assert lit(page) == set()
    text = page.locator(".tk-prompt").inner_text()
    assert text.startswith("Replay") and "undefined" not in text and "NaN" not in text and NAMES[view["current_seat"]] in text
    assert page.locator(".tk-tiles .tk-tile").count() == len(view["spaces"])
    assert page.locator(".tk-explorers").count() == sum(len(s["explorers"]) for s in view["spaces"])
    assert page.locator("[data-recent]").get_attribute("data-recent") == key(laid["at"])   # the move's hex marked
    tap_space(page, next(a for a in table.view()["legal"])["at"])
    assert page.evaluate("window.calls") == [] and lit(page) == set()
    # back to the game: the choices again
    page.evaluate("(p) => window.board.show(p)", table.payload())
    assert lit(page) and page.locator("[data-recent]").count() == 0
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
    names = {f"{s['q']},{s['r']}": s["name"] for s in ENG.board_data()["spaces"]}
    for row, seat in zip(rows, view["seats"]):
        e = finals[seat["seat"]]
        assert row[0].startswith(NAMES[seat["seat"]])
        rounds = sum(r["points"] for r in view["events"]
                     if r["type"] == "score" and r["seat"] == seat["seat"] and r["round"] == "volcano")
        assert row[1] == str(rounds)
        assert row[3] == str(e["temples"]) and row[5] == str(e["treasures"]) and row[6] == str(seat["score"])
        for t in e["temple_list"]:
            assert f"{t['value']} on {names[key(t['at'])]}" in row[2]
        for kind, n in seat["treasures"].items():
            assert f"{n}× {kind}" in row[4]
    winners = [NAMES[s] for s in view["winners"]]
    assert all(w in page.locator(".tk-prompt").inner_text() for w in winners)
    assert page.locator("#controls button").count() == 0
    assert page.locator(".tk-hand-hex, .tk-hand-chip:not([hidden])").count() == 0     # no "hex in hand" after the end
    assert page.locator(".tk-scoring").is_hidden()                                   # the breakdown says it all
    shot(page, tmp_path, "desktop-final")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => document.querySelector('.tk-svg').style.minWidth !== ''")
    # on a phone the whole explored jungle scrolls sideways in its box, at a size that stays legible
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator(".tk-hits polygon").first.bounding_box()
    assert box["width"] >= 60 and box["height"] >= 52
    shot(page, tmp_path, "phone-final")
    clean(page)
