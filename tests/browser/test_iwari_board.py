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
from games.rules.iwari.maps import load_board
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


def note(page: Any) -> str:
    return page.locator(".iw-note").inner_text()


def focus_is_kept(page: Any) -> None:
    """The keyboard focus is on a control of the board, and shown (never dropped to the page's body)."""
    state = page.evaluate("""() => { const a = document.activeElement;
      return { body: a === document.body, board: !!a.closest('.iwari'), visible: a.matches(':focus-visible'),
               what: a.outerHTML.slice(0, 120) }; }""")
    assert not state["body"] and state["board"] and state["visible"], state


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
    page.wait_for_function("() => window.calls.length === 1")
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
    page.wait_for_function("() => document.querySelector('.iwari').dataset.phase !== 'settle'")
    view = table.view()
    assert view["spaces"][space] == 0
    assert page.locator(f".iw-space[data-space='{space}'] .iw-tent").count() == 1
    if view["phase"] == "place":  # a second piece was possible: stop at one
        page.get_by_role("button", name="Finish with one piece").click()
        page.wait_for_function("() => document.querySelector('.iwari').dataset.phase !== 'place'")
        view = table.view()
    # undo is offered (no hidden card drawn yet) and takes the step back
    assert view["phase"] == "third"  # seed 7: the two cards left pay for a third-tribe piece
    assert "third tribe" in page.locator(".iw-prompt").inner_text().lower()
    third = [a for a in view["legal"] if a["type"] == "third"]
    assert lit(page) == {a["territory"] for a in third}
    shot(page, tmp_path, "desktop-2p-third")
    # one Undo (the last step); the whole turn only as a second, smaller choice once there are two steps
    assert page.locator(".iw-undo").count() == 1
    assert page.locator(".iw-undo-all").count() == (1 if table.progress.undoable > 1 else 0)
    page.locator(".iw-undo").click()
    page.wait_for_function("() => document.querySelector('.iwari').dataset.phase === 'settle'")
    assert page.locator(".iw-undo").is_disabled() and page.locator(".iw-undo-why").count() == 0  # nothing yet
    assert table.view()["spaces"][space] is None
    assert page.locator(f".iw-space[data-space='{space}'] .iw-tent").count() == 0
    # again, then the third tribe's move on the map
    page.locator(f".iw-hand [data-card='{card}']").first.click()
    click_space(page, space)
    page.wait_for_function("() => document.querySelector('.iwari').dataset.phase === 'third'")
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
    assert not page.locator(".iw-undo").is_disabled()  # the placements can still be taken back
    display_card = next(a["card"] for a in view["legal"] if a["type"] == "take-display")
    before = page.evaluate("window.done")
    page.locator(f".iw-take[data-card='{display_card}']").first.click()
    answered(page, before)
    # a hidden card was turned up in the display: nothing before it can be taken back
    assert table.view()["phase"] == "draw" and table.progress.undoable == 0
    assert page.locator(".iw-undo").is_disabled()
    why = page.locator(".iw-undo-why").inner_text()   # and why, next to it
    assert why.startswith("What you drew stays drawn")
    assert page.locator(".iw-undo").get_attribute("aria-describedby") == page.locator(".iw-undo-why").get_attribute("id")
    while table.view()["phase"] == "draw" and table.view()["current_seat"] == 0:
        before = page.evaluate("window.done")
        page.locator(".iw-deck").click()
        answered(page, before)
    view = table.view()
    assert view["current_seat"] == 1 and len(view["hand"]) == 3
    assert "Waiting for Bob to play" in page.locator(".iw-prompt").inner_text()
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
    page.wait_for_function("() => window.calls.length === 1")
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
    page.locator(f".iw-where-btn[data-territory='{territory}']").tap()  # the close-up comes to it
    page.locator(".iw-cancel").tap()
    page.touchscreen.tap(*free_point(page, territory))
    page.locator(".iw-chooser").wait_for()
    shot(page, tmp_path, "phone-territory")
    choices = page.locator(".iw-chooser .iw-choice")
    assert choices.count() == sum(1 for a in pays if a["territory"] == territory)
    for button in page.locator(".iw-bar button").all():
        size = button.bounding_box()
        assert size["height"] >= 44 and size["width"] >= 44, button.inner_text()
    # the spaces offered are numbered on the map as on their buttons
    numbers = page.eval_on_selector_all(".iw-space-num", "els => els.map(e => e.textContent)")
    assert sorted(numbers) == sorted(b.split()[-1] for b in choices.all_inner_texts() if b.startswith("Tent"))
    choices.first.tap()
    page.wait_for_function("() => window.calls.length === 1")
    assert steps(page)[0] in view["legal"]
    clean(page)


def test_a_replay_position_is_drawn_without_choices(open_board: Any) -> None:
    table = Table(players=2, seed=7)
    page = open_board(table)
    position = {"seq": 0, "step": None, "view": dict(table.view(), legal=[]), "move": None}
    assert page.locator(".iw-bar button").count() > 0
    page.evaluate("(p) => window.board.showPosition(p)", position)
    assert page.locator(".iw-bar button").count() == 0  # nothing to post from a replay
    assert page.locator(".iw-space.iw-target").count() == 0 and lit(page) == set()
    assert page.locator(".iw-prompt").inner_text().startswith("Replay")
    page.locator(".iw-hits circle[data-totem='EW']").click()
    assert page.evaluate("window.calls") == []
    assert note(page) == "This is a replay: nothing can be played on it."
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
        assert row[1] == str(final["scores"][seat])
        assert row[3:6] == [f"+{final['tents'][seat]}", f"+{final['totems'][seat]}", f"+{final['settlements'][seat]}"]
    # where the points came from: every territory the tents scored in, with each tribe's tents
    scored = page.eval_on_selector_all(".iw-final .iw-breakdown tbody tr", "rs => rs.map(r => r.dataset.territory)")
    assert set(scored) == set(final["counts"])
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
    page.wait_for_function("() => window.calls.length === 1")
    assert steps(page)[0] in pays
    page.wait_for_function("() => window.done === 1")
    focus_is_kept(page)  # the answer redrew the bar: the focus stayed on it
    clean(page)


def test_on_a_phone_a_tap_on_the_whole_map_never_places_at_once(open_board: Any) -> None:
    table = Table(players=2, seed=7)
    page = open_board(table, 390, 844)
    view = table.view()
    page.locator(".iw-hand [data-index='0']").tap()
    pays = [a for a in view["legal"] if a["type"] == "place" and a["pay"] == [view["hand"][0]]]
    space = next(a["at"] for a in pays if a["piece"] == "tent")
    page.locator(".iw-zoom-out").tap()  # the whole map: its spaces are too small to hit surely
    box = page.locator(f".iw-hits circle[data-space='{space}']").bounding_box()
    assert box["width"] < 44
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.locator(".iw-chooser").wait_for()
    assert page.evaluate("window.calls") == []
    assert page.locator(".iw-zoom-out").is_visible()
    # close up again, the space is big enough to tap: now it places
    box = page.locator(f".iw-hits circle[data-space='{space}']").bounding_box()
    assert box["width"] >= 44
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("() => window.calls.length === 1")
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
    page.wait_for_function("() => document.querySelector('.iwari').dataset.phase !== 'settle'")
    if table.view()["phase"] == "place":
        page.get_by_role("button", name="Finish with one piece").click()
        page.wait_for_function("() => document.querySelector('.iwari').dataset.phase === 'draw'")
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


# ----- nothing hidden under something else ------------------------------------------------------------------

OVERLAPS = """() => {
  // every drawn thing that must stay readable: names (with their feats' badge), water and ridge names,
  // connection markers (mountains included), tent spaces and tents, totem circles
  const items = [...document.querySelectorAll(
    '.iw-name, .iw-water-label, .iw-ridge-label, .iw-conn, .iw-space, .iw-totem-circle')];
  const boxes = items.map((e) => {
    const r = e.getBoundingClientRect();
    return { what: e.dataset.box || `label:${e.dataset.label}`, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom };
  });
  const clash = [];
  for (let i = 0; i < boxes.length; i += 1) for (let j = i + 1; j < boxes.length; j += 1) {
    const a = boxes[i], b = boxes[j];
    const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0), h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
    if (w > 0.5 && h > 0.5) clash.push(`${a.what} / ${b.what}`);
  }
  // no border or ridge crosses a name: points along them, none inside a label's box
  const labels = [...document.querySelectorAll('.iw-name, .iw-water-label, .iw-ridge-label')].map((e) => {
    const r = e.getBoundingClientRect();
    return { what: e.dataset.label, x0: r.left + 1, y0: r.top + 1, x1: r.right - 1, y1: r.bottom - 1 };
  });
  const lines = [...document.querySelectorAll('.iw-borders path, .iw-ridge-base')];
  for (const line of lines) {
    const m = line.getScreenCTM(), n = line.getTotalLength();
    for (let d = 0; d <= n; d += 1.5) {
      const p = line.getPointAtLength(d), x = m.a * p.x + m.c * p.y + m.e, y = m.b * p.x + m.d * p.y + m.f;
      for (const l of labels) if (x > l.x0 && x < l.x1 && y > l.y0 && y < l.y1) clash.push(`a line crosses ${l.what}`);
    }
  }
  return [...new Set(clash)];
}"""


def crowded_three_players() -> Table:
    """A late three-player game with feats: tents and totems everywhere, feats on territories and connections."""
    rng = random.Random(13)
    state = ENG.new_game(3, {"feats": True}, 31)
    while state.turns < 30 and not ENG.is_over(state):
        state = take_chance(ENG, ENG.apply(state, rng.choice(ENG.legal_actions(state))))
    board = load_board(state.map_id)
    for tid in ("CF", "FH", "RM", "EW"):  # feats on the territories where names have the least room
        state.feat_territory[board.territory_index[tid]] += 1
        state.feats_placed.append(("union", 0, tid))
    for cid in ("c01", "c12", "c21"):
        state.feat_connection[board.connection_ids.index(cid)] += 1
        state.feats_placed.append(("honour", 1, cid))
    return Table(players=3, state=state, seat=ENG.current_player(state) if ENG.current_player(state) >= 0 else 0)


@pytest.mark.parametrize("window", [(1280, 900), (390, 844)])
def test_no_label_count_or_piece_overlaps_another(open_board: Any, tmp_path: Path, window: tuple[int, int]) -> None:
    """At a few fixed positions (a crowded game with feats, a two-player game with the third tribe, the end),
    the bounding boxes of names, badges, connection numbers, mountains, tents and totem circles never meet,
    and no border or ridge runs through a name ("Whale Fjord", "Frost Strait", "Whitehorn Ridge")."""
    two = Table(players=2, seed=3)
    two.random_turns(random.Random(4), 16)
    end = Table(players=3, seed=21)
    rng, state = random.Random(1), end.progress.state
    while not ENG.is_over(state):
        state = take_chance(ENG, ENG.apply(state, rng.choice(ENG.legal_actions(state))))
    end.progress = Progress.load(ENG, state, None)
    for name, table in (("crowded", crowded_three_players()), ("two", two), ("end", end)):
        page = open_board(table, *window)
        page.evaluate("document.querySelector('.iw-zoom-out')?.click()")  # the whole map at once
        assert page.evaluate(OVERLAPS) == [], name
        assert page.locator(".iw-ridge-name").text_content() == "Whitehorn Ridge"
        assert {w.text_content() for w in page.locator(".iw-water-name").all()} >= {"Whale Fjord", "Frost Strait"}
        if name == "crowded":
            assert page.locator(".iw-feat").count() >= 4 and page.locator(".iw-factor").count() >= 3
            shot(page, tmp_path, f"overlaps-{window[0]}")
        clean(page)


# ----- what the player is told ------------------------------------------------------------------------------


def test_a_tap_on_a_place_that_is_not_lit_says_why(open_board: Any) -> None:
    state = set_hand(tent(game(3), 1, "EW1"), 0, "forest", "desert", "coast")
    table = Table(players=3, state=state)
    page = open_board(table)
    page.locator(".iw-hand [data-card='forest']").click()
    assert "EW" in lit(page) and "IC" not in lit(page)
    page.mouse.click(*free_point(page, "IC"))   # Glacier: nothing in this hand pays there (the view's words)
    assert note(page) == "Icecrown Shelf: the hand holds no Glacier card and no pair."
    click_space(page, "EW1")                    # a tent is there already
    assert note(page) == "Elderwood: this tent space already holds Bob's tent."
    page.mouse.click(*free_point(page, "FH"))   # Desert pays there, not the Forest chosen
    assert note(page) == "Flint Hollow takes one Desert card: Forest does not pay there."
    page.locator(".iw-hand [data-card='forest']").click()
    page.locator(".iw-hand [data-card='desert']").click()
    page.locator(".iw-hits circle[data-totem='FH']").click()   # unexplored: its first piece is a tent
    assert note(page) == "Flint Hollow is unexplored: its first piece must be a tent."
    assert page.evaluate("window.calls") == []
    page.locator(".iw-exchange").click()        # an exchange: now the turn is to draw, the map waits
    page.wait_for_function("() => window.done === 1")
    page.mouse.click(*free_point(page, "EW"))
    assert note(page).startswith("Draw 1 card now, from the deck or the display")
    clean(page)


def test_the_second_card_of_a_pair_and_the_cards_a_place_takes_are_lit(open_board: Any) -> None:
    state = set_hand(game(3), 0, "desert", "desert", "coast")
    table = Table(players=3, state=state)
    page = open_board(table)
    legal = table.view()["legal"]
    assert table.view()["hand"] == ["coast", "desert", "desert"]
    page.locator(".iw-hand [data-index='1']").click()            # one Desert: the other completes a pair
    assert page.eval_on_selector_all(".iw-pair-hint", "els => els.map(e => e.dataset.index)") == ["2"]
    assert "choose the second Desert card (lit) to pay with a pair" in note(page)
    page.locator(".iw-hand [data-index='2']").click()
    assert lit(page) == {a["territory"] for a in legal if a["type"] == "place" and a["pay"] == ["desert", "desert"]}
    page.locator(".iw-hand [data-index='2']").click()
    page.locator(".iw-hand [data-index='1']").click()            # nothing chosen again
    # a territory tapped with nothing chosen: the cards that pay there light up, from the legal payments
    page.mouse.click(*free_point(page, "LB"))                    # Coast: one Coast card, or the Desert pair
    assert sorted(page.eval_on_selector_all(".iw-pays-hint", "els => els.map(e => e.dataset.card)")) == [
        "coast", "desert", "desert"]
    assert note(page) == 'Loon Bay takes one Coast card or a pair of Desert cards: choose the cards (marked "pays").'
    # where only the pair pays, it is chosen at once and the places there are offered
    page.mouse.click(*free_point(page, "IC"))
    assert page.eval_on_selector_all(".iw-on", "els => els.map(e => e.dataset.index)") == ["1", "2"]
    assert page.locator(".iw-chooser").count() == 1
    assert {b.get_attribute("data-territory") for b in page.locator(".iw-chooser .iw-choice").all()} == {"IC"}
    clean(page)
