"""Iwari's board module (static/js/games/iwari/board.js) in Chromium, without the game page or a server.

A small page at a made-up origin loads the module under the site's Content-Security-Policy and gives it the
real map data (``board_data``) and payloads built by the engine. ``api.step`` and ``api.undo`` go back to
Python (``expose_function``), which plays them through the site's turn machinery (``games.play.turns``) and
shows the next payload, so whole turns are played through the board as a player would.
"""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from games.play.turns import Progress
from games.rules import engine as get_engine
from games.rules.play import take_chance
from tests.browser import board_harness
from tests.rules.iwari.helpers import RED, game, set_hand, tent

pytestmark = pytest.mark.browser

ORIGIN = "http://iwari.test"
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "object-src 'none'; base-uri 'self'")
#: Set to a folder to keep the screenshots; by default they go to the test's temporary folder.
SCREENSHOT_DIR = os.environ.get("IWARI_SCREENSHOT_DIR")

ENG = get_engine("iwari")
GAME = "iwari"
NAMES = ["Ann", "Bob", "Cy", "Di", "Eve"]

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/css/site.css"><link rel="stylesheet" href="/static/css/games/iwari.css"><link rel="stylesheet" href="/harness.css">
<script src="/csp-watch.js"></script>
<script type="module" src="/harness.js"></script></head>
<body><div id="board"></div><div id="controls"></div></body></html>"""

WATCH = """window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`));"""

HARNESS = """import { createBoard } from "/static/js/games/iwari/board.js";
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

    def __init__(self, players: int = 2, seed: int = 7, feats: bool = False, seat: int = 0, state: Any = None) -> None:
        if state is None:
            self.progress = Progress.start(ENG, ENG.new_game(players, {"feats": feats}, seed))
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
        return {"game": {"id": 1, "game": "iwari"}, "your_seat": seat, "current_seat": current,
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

    def random_turns(self, rng: random.Random, turns: int) -> None:
        """Random steps by every seat for ``turns`` turns, then until it is ``seat``'s turn again."""
        p = self.progress
        while not ENG.is_over(p.state) and (ENG.turn_number(p.state) < turns
                                              or ENG.current_player(p.state) != self.seat):
            p.play(rng.choice(ENG.legal_actions(p.state)), ENG.current_player(p.state))
            p.closed.clear()


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


def lit(page: Any) -> set[str]:
    return set(page.eval_on_selector_all("[data-lit]", "els => els.map(e => e.dataset.lit)"))


def target_spaces(page: Any) -> set[str]:
    return set(page.eval_on_selector_all(".iw-space.iw-target", "els => els.map(e => e.dataset.space)"))


def target_totems(page: Any) -> set[str]:
    return set(page.eval_on_selector_all(".iw-totem-circle.iw-target", "els => els.map(e => e.dataset.totem)"))


def steps(page: Any) -> list[Any]:
    return [c[1] for c in page.evaluate("window.calls") if c[0] == "step"]


def free_point(page: Any, territory: str) -> tuple[float, float]:
    """A point of the page where a tap reaches ``territory`` itself (no space, circle or marker)."""
    point = page.evaluate("""(tid) => {
      const svg = document.querySelector(".iw-svg");
      svg.scrollIntoView({ block: "start" });
      const r = svg.getBoundingClientRect();
      const bottom = Math.min(r.bottom, window.innerHeight), right = Math.min(r.right, window.innerWidth);
      for (let y = Math.max(0, r.top) + 2; y < bottom; y += 4) for (let x = Math.max(0, r.left) + 2; x < right; x += 4) {
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest(".iw-terr")?.dataset.territory === tid) return [x, y];
      }
      return null;
    }""", territory)
    assert point, territory
    return point[0], point[1]


def answered(page: Any, before: int) -> None:
    """Wait until the board has shown the answer to the step (or undo) taken after ``before`` answers."""
    page.wait_for_function("(n) => window.done > n", arg=before)


def click_space(page: Any, space: str) -> None:
    page.locator(f".iw-hits circle[data-space='{space}']").click()


# ----- the map ----------------------------------------------------------------------------------------------


def test_the_map_draws_every_territory_space_connection_and_piece(open_board: Any, tmp_path: Path) -> None:
    table = Table(players=3, seed=11)
    table.random_turns(random.Random(3), 9)  # some pieces on the map first
    page = open_board(table)
    data = ENG.board_data()["maps"]["titans-crossing"]
    view = table.view()
    assert page.locator(".iw-terr").count() == len(data["territories"]) == 12
    assert page.locator(".iw-space").count() == len(data["tent_spaces"]) == 52
    assert page.locator(".iw-paths line").count() == len(data["paths"])
    assert page.locator(".iw-conn").count() == 21
    assert page.locator(".iw-conn.iw-water").count() == sum(c["kind"] == "water" for c in data["connections"]) == 4
    assert page.locator(".iw-conn.iw-land").count() == 17
    covered = set(page.eval_on_selector_all(".iw-conn.iw-covered", "els => els.map(e => e.dataset.conn)"))
    assert covered == set(view["mountains"])
    assert page.locator(".iw-totem-circle").count() == 12
    tents = {sid: tribe for sid, tribe in view["spaces"].items() if tribe is not None}
    assert tents  # random turns put tents on the map
    drawn = page.eval_on_selector_all(".iw-tent", "els => els.map(e => [e.parentNode.dataset.space, +e.dataset.tribe])")
    assert dict(drawn) == tents
    totems = sum(sum(t["totems"]) for t in view["territories"])
    assert page.locator(".iw-totem").count() == totems
    # every territory's biome is its class (its colour comes from the style sheet)
    biomes = page.eval_on_selector_all(".iw-terr", "els => els.map(e => [e.dataset.territory, e.getAttribute('class')])")
    assert {tid: cls.split()[1] for tid, cls in biomes} == {t["id"]: f"iw-b-{t['biome']}" for t in data["territories"]}
    clean(page)
    shot(page, tmp_path, "desktop-3p")


def test_hovering_a_territory_shows_its_majorities_and_points_now(open_board: Any) -> None:
    table = Table(players=3, seed=11)
    table.random_turns(random.Random(5), 12)
    view = table.view()
    explored = next(t for t in view["territories"] if sum(t["tents"]) >= 2)
    page = open_board(table)
    name = next(t["name"] for t in ENG.board_data()["maps"]["titans-crossing"]["territories"] if t["id"] == explored["id"])
    space = next(sid for sid, tribe in view["spaces"].items() if tribe is not None and sid.startswith(explored["id"]))
    page.locator(f".iw-hits circle[data-space='{space}']").hover()
    info = page.locator(".iw-info")
    assert name in info.inner_text()
    rows = page.eval_on_selector_all(".iw-majority tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    expected = [tribe for tribe, n in enumerate(explored["tents"]) if n or explored["totems"][tribe]]
    assert len(rows) == len(expected)
    for row, tribe in zip(rows, expected):
        assert row[1] == str(explored["tents"][tribe])
        assert row[3] == str(explored["tent_points"][tribe])  # what tent scoring would give now, from the view
    clean(page)


# ----- a turn -----------------------------------------------------------------------------------------------


def test_a_card_lights_exactly_what_it_pays_for_and_a_space_posts_a_legal_action(open_board: Any) -> None:
    table = Table(players=2, seed=7)
    page = open_board(table)
    view = table.view()
    legal = view["legal"]
    hand = view["hand"]
    # nothing chosen, nothing lit: the places depend on the payment
    assert lit(page) == set() and target_spaces(page) == set()
    for i, card in enumerate(hand):
        page.locator(f".iw-hand [data-index='{i}']").click()
        pays = [a for a in legal if a["type"] == "place" and a["pay"] == [card]]
        assert lit(page) == {a["territory"] for a in pays}
        assert target_spaces(page) == {a["at"] for a in pays if a["piece"] == "tent"}
        assert target_totems(page) == {a["territory"] for a in pays if a["piece"] == "totem"}
        page.locator(f".iw-hand [data-index='{i}']").click()  # unchoose
    # a pair of one biome, if the hand has one, lights every place a wild pair can buy
    pairs = [c for c in set(hand) if hand.count(c) >= 2]
    if pairs:
        first = hand.index(pairs[0])
        second = hand.index(pairs[0], first + 1)
        page.locator(f".iw-hand [data-index='{first}']").click()
        page.locator(f".iw-hand [data-index='{second}']").click()
        assert lit(page) == {a["territory"] for a in legal if a["type"] == "place" and a["pay"] == [pairs[0]] * 2}
        page.locator(f".iw-hand [data-index='{first}']").click()
        page.locator(f".iw-hand [data-index='{second}']").click()
    # choose a card, then a lit space: the action posted is in the view's legal list
    card = next(c for c in hand if any(a["type"] == "place" and a["pay"] == [c] for a in legal))
    page.locator(f".iw-hand [data-card='{card}']").first.click()
    space = sorted(target_spaces(page))[0]
    click_space(page, space)
    page.wait_for_function("window.calls.length === 1")
    posted = steps(page)[0]
    assert posted in legal and posted["at"] == space and posted["pay"] == [card]
    clean(page)


def test_a_whole_two_player_turn_with_the_third_tribe_draws_and_undo(open_board: Any, tmp_path: Path) -> None:
    table = Table(players=2, seed=7)
    page = open_board(table)
    shot(page, tmp_path, "desktop-2p-start")
    hand = table.view()["hand"]
    legal = table.view()["legal"]
    # one card on an unexplored territory: one tent only, then the third tribe moves with the other two
    card = next(c for c in hand if any(a["type"] == "place" and a["pay"] == [c] for a in legal))
    page.locator(f".iw-hand [data-card='{card}']").first.click()
    space = sorted(target_spaces(page))[0]
    click_space(page, space)
    page.wait_for_function("document.querySelector('.iwari').dataset.phase !== 'settle'")
    view = table.view()
    assert view["spaces"][space] == 0
    assert page.locator(f".iw-space[data-space='{space}'] .iw-tent").count() == 1
    if view["phase"] == "place":  # a second piece was possible: stop at one
        page.get_by_role("button", name="Finish with one piece").click()
        page.wait_for_function("document.querySelector('.iwari').dataset.phase !== 'place'")
        view = table.view()
    # undo is offered (no hidden card drawn yet) and takes the step back
    assert view["phase"] == "third"  # seed 7: the two cards left pay for a third-tribe piece
    assert "third tribe" in page.locator(".iw-prompt").inner_text().lower()
    third = [a for a in view["legal"] if a["type"] == "third"]
    assert lit(page) == {a["territory"] for a in third}
    shot(page, tmp_path, "desktop-2p-third")
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("document.querySelector('.iwari').dataset.phase === 'settle'")
    assert table.view()["spaces"][space] is None
    assert page.locator(f".iw-space[data-space='{space}'] .iw-tent").count() == 0
    # again, then the third tribe's move on the map
    page.locator(f".iw-hand [data-card='{card}']").first.click()
    click_space(page, space)
    page.wait_for_function("document.querySelector('.iwari').dataset.phase === 'third'")
    view = table.view()
    while view["phase"] == "third":
        third = [a for a in view["legal"] if a["type"] == "third"]
        target = third[0]
        before = page.evaluate("window.done")
        if target["piece"] == "tent":
            click_space(page, target["at"])
        else:
            page.locator(f".iw-hits circle[data-totem='{target['territory']}']").click()
        if page.locator(".iw-chooser").count():
            page.locator(".iw-chooser .iw-choice").first.click()
        answered(page, before)
        view = table.view()
    posted = [s for s in steps(page) if s["type"] == "third"]
    assert posted and all(s["pay"] for s in posted)
    third_tents = [sid for sid, tribe in view["spaces"].items() if tribe == 2]
    for sid in third_tents:
        assert page.locator(f".iw-space[data-space='{sid}'].iw-third").count() == 1
    # the draws: from the display, then the deck
    assert view["phase"] == "draw"
    shot(page, tmp_path, "desktop-2p-draw")
    assert not page.get_by_role("button", name="Undo").is_disabled()  # the placements can still be taken back
    display_card = next(a["card"] for a in view["legal"] if a["type"] == "take-display")
    before = page.evaluate("window.done")
    page.locator(f".iw-take[data-card='{display_card}']").first.click()
    answered(page, before)
    # a hidden card was turned up in the display: nothing before it can be taken back
    assert table.view()["phase"] == "draw" and table.progress.undoable == 0
    assert page.get_by_role("button", name="Undo").is_disabled()
    while table.view()["phase"] == "draw" and table.view()["current_seat"] == 0:
        before = page.evaluate("window.done")
        page.locator(".iw-deck").click()
        answered(page, before)
    view = table.view()
    assert view["current_seat"] == 1 and len(view["hand"]) == 3
    assert "Waiting for Bob" in page.locator(".iw-prompt").inner_text()
    clean(page)


def test_exchange_needs_exactly_one_card(open_board: Any) -> None:
    table = Table(players=3, seed=4)
    page = open_board(table)
    exchange = page.locator(".iw-exchange")
    assert exchange.is_disabled()
    card = table.view()["hand"][0]
    page.locator(".iw-hand [data-index='0']").click()
    assert not exchange.is_disabled()
    exchange.click()
    page.wait_for_function("window.calls.length === 1")
    assert steps(page) == [{"type": "exchange", "card": card}]
    assert table.view()["phase"] == "draw"
    clean(page)


# ----- phones, replays, the end ----------------------------------------------------------------------------


def test_on_a_phone_a_territory_tap_offers_its_places_as_big_buttons(open_board: Any, tmp_path: Path) -> None:
    table = Table(players=2, seed=7)
    page = open_board(table, 390, 844)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    view = table.view()
    card = view["hand"][0]
    pays = [a for a in view["legal"] if a["type"] == "place" and a["pay"] == [card]]
    page.locator(".iw-hand [data-index='0']").tap()
    territory = pays[0]["territory"]
    shot(page, tmp_path, "phone-chosen-card")
    page.touchscreen.tap(*free_point(page, territory))
    page.locator(".iw-chooser").wait_for()
    shot(page, tmp_path, "phone-territory")
    choices = page.locator(".iw-chooser .iw-choice")
    assert choices.count() == sum(1 for a in pays if a["territory"] == territory)
    for button in page.locator("#controls button").all():
        size = button.bounding_box()
        assert size["height"] >= 44 and size["width"] >= 44, button.inner_text()
    choices.first.tap()
    page.wait_for_function("window.calls.length === 1")
    assert steps(page)[0] in view["legal"]
    clean(page)


def test_a_replay_position_is_drawn_without_choices(open_board: Any) -> None:
    table = Table(players=2, seed=7)
    page = open_board(table)
    position = dict(table.view(), legal=[])
    assert page.locator("#controls button").count() > 0
    page.evaluate("(p) => window.board.showPosition(p)", position)
    assert page.locator("#controls button").count() == 0  # nothing to post from a replay
    assert page.locator(".iw-space.iw-target").count() == 0 and lit(page) == set()
    assert page.locator(".iw-prompt").inner_text().startswith("Replay")
    page.locator(".iw-hits circle[data-totem='EW']").click()
    assert page.evaluate("window.calls") == []
    clean(page)


def test_the_end_shows_tents_totems_and_settlements_per_player(open_board: Any, tmp_path: Path) -> None:
    rng = random.Random(1)
    table = Table(players=3, seed=21)
    state = table.progress.state
    while not ENG.is_over(state):
        state = take_chance(ENG, ENG.apply(state, rng.choice(ENG.legal_actions(state))))
    table.progress = Progress.load(ENG, state, None)
    view = table.view()
    final = next(e for e in view["events"] if e["type"] == "final")
    page = open_board(table)
    rows = page.eval_on_selector_all(".iw-final-table tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.textContent))")
    assert len(rows) == 3
    for row in rows:
        seat = NAMES.index(row[0].replace(" winner", "").strip())
        assert row[2:6] == [str(final["tents"][seat]), str(final["totems"][seat]), str(final["settlements"][seat]),
                            str(final["scores"][seat])]
    winners = [NAMES[s] for s in view["winners"]]
    assert all(w in page.locator(".iw-prompt").inner_text() for w in winners)
    shot(page, tmp_path, "desktop-final")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, tmp_path, "phone-final")
    clean(page)



def test_without_the_map_the_lit_territories_are_buttons_too(open_board: Any) -> None:
    """Keyboard players (and phones) reach every place through the controls: territory, then place."""
    table = Table(players=3, seed=4)
    page = open_board(table)
    view = table.view()
    card = view["hand"][0]
    pays = [a for a in view["legal"] if a["type"] == "place" and a["pay"] == [card]]
    page.locator(".iw-hand [data-index='0']").focus()
    page.keyboard.press("Enter")
    where = page.eval_on_selector_all(".iw-where-btn", "els => els.map(e => e.dataset.territory)")
    assert set(where) == {a["territory"] for a in pays} == lit(page)
    page.locator(f".iw-where-btn[data-territory='{where[-1]}']").focus()
    page.keyboard.press("Enter")
    choices = page.locator(".iw-chooser .iw-choice")
    assert choices.count() == sum(1 for a in pays if a["territory"] == where[-1])
    choices.last.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("window.calls.length === 1")
    assert steps(page)[0] in pays
    clean(page)


def test_on_a_phone_a_tap_on_the_whole_map_never_places_at_once(open_board: Any) -> None:
    table = Table(players=2, seed=7)
    page = open_board(table, 390, 844)
    view = table.view()
    page.locator(".iw-hand [data-index='0']").tap()
    pays = [a for a in view["legal"] if a["type"] == "place" and a["pay"] == [view["hand"][0]]]
    space = next(a["at"] for a in pays if a["piece"] == "tent")
    box = page.locator(f".iw-hits circle[data-space='{space}']").bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.locator(".iw-chooser").wait_for()
    assert page.evaluate("window.calls") == []
    assert page.locator(".iw-zoom-out").is_visible()
    # zoomed in, the space is big enough to tap: now it places
    box = page.locator(f".iw-hits circle[data-space='{space}']").bounding_box()
    assert box["width"] >= 44
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("window.calls.length === 1")
    assert steps(page)[0]["at"] == space and steps(page)[0] in view["legal"]
    clean(page)


def test_a_settlement_earns_union_and_the_feat_goes_where_the_player_taps(open_board: Any, tmp_path: Path) -> None:
    state = game(3, feats=True)
    tent(state, RED, "LB1", "EW3", "EW4")
    set_hand(state, 0, "desert", "coast", "coast")
    table = Table(players=3, state=state)
    page = open_board(table)
    page.locator(".iw-hand [data-card='desert']").click()
    click_space(page, "FH1")
    page.wait_for_function("document.querySelector('.iwari').dataset.phase !== 'settle'")
    if table.view()["phase"] == "place":
        page.get_by_role("button", name="Finish with one piece").click()
        page.wait_for_function("document.querySelector('.iwari').dataset.phase === 'draw'")
    while table.view()["phase"] == "draw":
        before = page.evaluate("window.done")
        page.locator(".iw-deck").click()
        answered(page, before)
    view = table.view()
    assert view["phase"] == "feat" and "Union" in page.locator(".iw-prompt").inner_text()
    # the settlement (from the view) is drawn along its paths; the feat's places light up
    assert sorted(view["settlements"][0][0]) == ["EW3", "EW4", "FH1", "LB1"]
    settled = page.eval_on_selector_all(".iw-paths line.iw-settled", "els => els.map(e => [e.dataset.a, e.dataset.b])")
    assert settled and all(a in view["settlements"][0][0] and b in view["settlements"][0][0] for a, b in settled)
    assert lit(page) == {a["at"] for a in view["legal"]} == {"LB", "EW", "FH"}
    shot(page, tmp_path, "desktop-feat")
    before = page.evaluate("window.done")
    page.mouse.click(*free_point(page, "EW"))
    answered(page, before)
    assert steps(page)[-1] == {"type": "feat", "feat": "union", "at": "EW"}
    assert page.locator(".iw-feat").count() == 1
    clean(page)
