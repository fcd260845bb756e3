"""The replay of every game of the registry (games.rules.games(), never a typed list): a short seeded game
played through the services, then the page steps through every position (every move, and each step of a move
of several) and the board draws each one; the players' scores are those of the position shown."""
from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.browser.pages import sign_in
from tests.browser.shell_checks import each_game, play
from tests.factories import UserFactory, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Turns played before the replay: every seat plays a few, some of them in several steps.
TURNS = 6

#: What the board drew: its SVG and HTML, less what only marks focus or hover.
DRAWING = """() => {
  const root = document.querySelector('#board-root');
  const shapes = [...root.querySelectorAll('path, polygon, polyline, circle, ellipse, rect, line, use, image, text')]
    .filter((n) => { const b = n.getBoundingClientRect(); return b.width > 0 && b.height > 0; });
  return {shapes: shapes.length, html: root.innerHTML.length, text: root.innerText,
          hash: [...root.querySelectorAll('svg')].map((s) => s.innerHTML).join('|')};
}"""


#: Parts of a view that say whose turn it is and what they may do: a replay need not draw them.
TURN_KEYS = {"current_seat", "your_seat", "legal", "options", "phase", "turn", "turn_state", "active"}


def drawn_parts(view: dict[str, Any]) -> str:
    """The view less whose turn it is and what they may do (the position itself), as text to compare."""
    return json.dumps({k: v for k, v in view.items() if k not in TURN_KEYS}, sort_keys=True)


def shown(page: Any) -> str:
    return page.evaluate("document.querySelector('#game').dataset.shown || ''")


def wait_shown(page: Any, what: str) -> None:
    page.wait_for_function("w => document.querySelector('#game').dataset.shown === w", arg=what)


def visible_text(page: Any) -> str:
    return page.locator("#game").inner_text()


def scores_shown(page: Any) -> list[int]:
    return [int(x) for x in page.locator("#scores td.score").all_inner_texts()]


@pytest.mark.parametrize("name", each_game({}))
def test_the_replay_draws_every_position_of_every_game(new_page, live_url, name) -> None:
    users = [UserFactory(), UserFactory()]
    game = play(start_game(users, game=name, seed=2026), TURNS, seed=26)
    page = new_page()
    sign_in(page, users[0])
    page.goto(f"/games/{game.pk}/")
    page.wait_for_function("() => window.arkGame && window.arkGame.boardUI && window.arkGame.moves.length > 0")
    moves = page.evaluate("window.arkGame.moves")
    live = page.evaluate(DRAWING)
    assert live["shapes"] > 0, f"{name}: the live board draws nothing"

    page.click("#history button[data-act=replay]")
    wait_shown(page, "replay:0:")
    bar = page.locator("#step-bar")
    positions = 0
    previous: dict[str, Any] = {}

    def check(seq: int, step: Any, label: str, index: int) -> None:
        nonlocal positions, previous
        wait_shown(page, f"replay:{seq}:{'' if step is None else step}")
        drawn = page.evaluate(DRAWING)
        view = page.evaluate("window.arkGame.replayView")
        assert drawn["shapes"] > 0, f"{name} {label}: the board drew nothing"
        if previous and previous["view"] != drawn_parts(view):
            before = json.loads(previous["view"])
            view = json.loads(drawn_parts(view))
            assert drawn["hash"] != previous["hash"] or drawn["text"] != previous["text"], \
                f"{name} {label}: the position changed and the board drew the same thing " + str(
                    {k: (before.get(k), view.get(k)) for k in view if before.get(k) != view.get(k)})[:1500]
        text = visible_text(page)
        for bad in ("undefined", "NaN", "[object Object]"):
            assert bad not in text, f"{name} {label}: {bad!r} on the page: {text[:400]}"
        assert scores_shown(page) == view["scores"], f"{name} {label}: the scores are not the position's"
        # a turn or move the page names is the one shown (not "after turn 5" while showing move 6)
        for said in re.findall(r"(?:after|replay:?) (?:turn|move) (\d+)", text, flags=re.I):
            assert int(said) == index, f"{name} {label}: the page says {said!r} while showing move {index}"
        previous = {"view": drawn_parts(view), "hash": drawn["hash"], "text": drawn["text"]}
        positions += 1

    check(0, None, "the start", 0)
    assert bar.locator(".move-no").inner_text().startswith("Start")
    for index, move in enumerate(moves, start=1):
        bar.locator("button[data-act=step-next]").click()
        check(move["seq"], None, f"move {index}", index)
        caption = bar.locator(".step-caption").inner_text()
        assert f"Move {index} of {len(moves)}" in bar.inner_text() and move["words"][:20] in caption
        steps = len(move["steps"])
        for k in range(steps - 1, 0, -1):  # back through its steps, one action at a time
            bar.locator("button[data-act=substep-prev]").click()
            check(move["seq"], k, f"move {index} step {k} of {steps}", index)
            assert f"Action {k} of {steps}" in bar.inner_text()
    assert positions >= len(moves) + 1
    # the bar stays in view, and its words are the move shown
    box = bar.bounding_box()
    viewport = page.viewport_size
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 1
    page.keyboard.press("Escape")
    wait_shown(page, f"live:{game.version}")
    assert scores_shown(page) == [s.score for s in game.seats.order_by("number")]
    assert page.errors == []
