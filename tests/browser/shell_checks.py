"""Checks the shell's browser tests share: axe-core (accessibility), layout shift, a game played through the
services in a thread of its own (Playwright keeps an event loop in the test's thread)."""
from __future__ import annotations

import random
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Optional, TypeVar

import pytest
from django.db import connections

from tests.factories import play_turn

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
T = TypeVar("T")

#: Before a page's own scripts run: every layout shift not caused by the user is summed into ``__cls``
#: (the Cumulative Layout Shift as Lighthouse counts it, without its session windows: a stricter sum).
LAYOUT_SHIFT_WATCH = """
window.__cls = 0; window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__cls += entry.value;
    window.__shifts.push({value: entry.value, sources: (entry.sources || []).map((s) => {
      const n = s.node; if (!n || !n.tagName) return String(n && n.nodeName);
      return n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + (n.className && typeof n.className === 'string' ? '.' + n.className.trim().split(/\\s+/).join('.') : '');
    })});
  }
}).observe({type: 'layout-shift', buffered: true});
"""


def each_game(faults: dict[str, str]) -> list[Any]:
    """The registry's games as test parameters; a game whose board is known to fail the test (``faults``: why,
    and where it is being fixed) is marked xfail, strictly: once its board is fixed, the mark must go."""
    from games.rules import games

    return [pytest.param(name, marks=pytest.mark.xfail(reason=faults[name], strict=True)) if name in faults
            else name for name in games()]


def in_thread(fn: Callable[[], T]) -> T:
    """Run database work in a thread of its own (the live update after each commit cannot run inside the
    event loop Playwright keeps in the test's thread)."""
    def run() -> T:
        try:
            return fn()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(run).result()


def play(game: Any, turns: Optional[int], seed: int = 1) -> Any:
    """Play ``turns`` random legal turns through the services (None: to the end), in a thread of its own."""
    rng = random.Random(seed)

    def run() -> Any:
        from games.models import Game

        played, current = 0, Game.objects.get(pk=game.pk)
        while current.status == Game.Status.ACTIVE and (turns is None or played < turns):
            current = play_turn(current, rng)
            played += 1
        current.refresh_from_db()
        return current

    return in_thread(run)


def api_turn(page: Any, game_id: int, rng: random.Random, max_steps: int = 60) -> dict[str, Any]:
    """The player of ``page`` plays one whole turn of random legal steps through the live server's API (so that
    the server process publishes each version to the sockets, as when a person plays); returns the last answer."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    headers = {"X-CSRFToken": token, "Content-Type": "application/json"}
    data = page.request.get(f"/api/games/{game_id}/").json()
    seat, first = data["current_seat"], data["version"]
    assert seat == data["your_seat"], "not this player's turn"
    for _ in range(max_steps):
        action = rng.choice(data["turn"]["actions"])
        answer = page.request.post(f"/api/games/{game_id}/steps/", headers=headers,
                                   data={"version": data["version"], "action": action})
        assert answer.ok, answer.text()
        data = answer.json()
        if data["status"] != "active" or data["current_seat"] != seat or data["version"] <= first:
            return dict(data)
        if not (data.get("turn") or {}).get("steps"):
            return dict(data)  # a new turn of the same seat (a bonus turn): this one ended
    raise AssertionError("the turn did not end")


def watch_layout_shifts(page: Any) -> None:
    """Count layout shifts from the page's first paint (call before ``goto``)."""
    page.add_init_script(LAYOUT_SHIFT_WATCH)


def layout_shift(page: Any) -> float:
    """The layout shift summed since the page loaded (after two animation frames, so pending ones count)."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return float(page.evaluate("window.__cls"))


def axe_violations(page: Any, context: str = "document") -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (skips without node_modules/axe-core: see the Makefile)."""
    if not AXE.exists():
        reason = ("no node/npm to install axe-core" if shutil.which("npm") is None
                  else "axe-core is not installed: make test (or npm install --no-save axe-core@4.12.1)")
        pytest.skip(reason)
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern
        # (a <script> tag would be refused by it)
        page.evaluate(f"() => {{ {AXE.read_text(encoding='utf-8')}\n}}")
        assert page.evaluate("typeof window.axe !== 'undefined'"), "axe-core did not load"
    result = page.evaluate(f"async () => (await axe.run({context}, {{resultTypes: ['violations']}})).violations"
                           ".map((v) => ({id: v.id, impact: v.impact, help: v.help,"
                           " nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' '))}))")
    return list(result)
