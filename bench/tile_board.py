"""What the tile games' board costs the browser: Chromium draws a late position of the Ark and of Carcassonne
through static/js/games/tiles/ (no server, no Django: a page served from memory loads the board module) and this
prints, per game, one JSON line of figures from Chromium's own timing.

    .venv/bin/python -m bench.tile_board [--turns 60] [--throttle 4] [--runs 3]

- ``first_ms``: creating the board and drawing the position (``createBoard`` + ``show``), as ``performance.now``
  measures it around the calls, the median of ``--runs`` fresh pages; ``again_ms`` the same when the page is
  opened again (the tile models kept in the browser's storage);
- ``script_ms``, ``layout_ms``, ``style_ms``: Chromium's ScriptDuration, LayoutDuration and RecalcStyleDuration
  (DevTools ``Performance.getMetrics``) over the page's load and that first drawing;
- ``rotate_ms``, ``place_ms``, ``back_ms``: one redraw each (turning the tile in hand, laying it, taking it back);
- ``nodes``: the elements of the board's SVG; ``tile_px``: how large a tile is drawn on a 390 px phone.

``--throttle 4`` slows the processor four times, as Lighthouse's mobile run does. Figures only: no pass or fail.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
from pathlib import Path
from typing import Any

# the static files drawn (BENCH_STATIC_ROOT: another checkout's, to compare before and after under the same load)
ROOT = Path(os.environ.get("BENCH_STATIC_ROOT") or Path(__file__).resolve().parents[1])
ORIGIN = "http://bench.invalid"
PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/css/site.css"></head>
<body><div id="game" class="game ready"><div class="game-grid"><section class="board-area">
<div id="board-root" class="board-root"></div></section>
<aside class="side"><section id="turn-panel" class="panel turn-panel"><div id="board-controls"></div></section></aside>
</div></div><script type="module" src="/bench.js"></script></body></html>"""
SCRIPT = """
const data = await window.pyStart();
const mod = await import(`/static/js/games/${data.game}/board.js`);
const api = { step: async () => data.payload, undo: async () => data.payload, confirm: async () => data.payload,
  setControls: (nodes) => document.getElementById('board-controls').replaceChildren(...(nodes || [])),
  say: () => {}, error: () => {}, clearError: () => {}, name: (s) => `Player ${s + 1}`, get game() { return data.payload; } };
const t0 = performance.now();
const board = mod.createBoard(document.getElementById('board-root'), data.board, api);
board.show(data.payload);
document.body.getBoundingClientRect();
window.firstMs = performance.now() - t0;
window.board = board;
window.ready = true;
"""


def late_payload(game: str, turns: int, seed: int) -> dict[str, Any]:
    """A two-player game ``turns`` turns in, as its seat to move sees it (the page's payload)."""
    from games.rules import engine

    eng = engine(game)
    state = eng.new_game(2, {}, seed)
    rng = random.Random(seed)
    while not eng.is_over(state) and state.moves < turns:
        state = eng.apply(state, rng.choice(eng.legal_actions(state)))
    while not eng.is_over(state) and not eng.view(state, state.seat)["legal"]:
        state = eng.apply(state, rng.choice(eng.legal_actions(state)))  # on to a tile in hand
    view = eng.view(state, state.seat)
    return {"game": game, "board": eng.board_data(), "payload": {
        "id": 1, "game": game, "status": "active", "version": 10, "your_seat": state.seat,
        "current_seat": state.seat, "seats": [], "view": view}}


def measure(browser: Any, data: dict[str, Any], throttle: float, width: int, height: int) -> dict[str, float]:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()

    def serve(route: Any) -> None:
        path = route.request.url[len(ORIGIN):].split("?")[0]
        if path == "/":
            route.fulfill(status=200, content_type="text/html", body=PAGE)
        elif path == "/bench.js":
            route.fulfill(status=200, content_type="text/javascript", body=SCRIPT)
        elif path.startswith("/static/") and ".." not in path and (ROOT / path.lstrip("/")).is_file():
            file = ROOT / path.lstrip("/")
            kind = "text/javascript" if file.suffix == ".js" else "text/css"
            route.fulfill(status=200, content_type=kind, body=file.read_text(encoding="utf-8"))
        else:
            route.fulfill(status=404, body="")

    page.route(f"{ORIGIN}/**", serve)
    page.expose_function("pyStart", lambda: data)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    if throttle > 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(f"{ORIGIN}/")
    page.wait_for_function("window.ready === true", timeout=120000)
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    timed = page.evaluate("""() => {
      const b = window.board, ui = b.ui || b;
      const time = (fn) => { const t = performance.now(); fn(); document.body.getBoundingClientRect(); return performance.now() - t; };
      const legal = ui.payload.view.legal;
      return {
        rotate: time(() => ui.rotate(1)),
        place: time(() => ui.place(legal[0])),
        back: time(() => ui.takeBack()),
        nodes: document.querySelectorAll('#board *').length,
        tile: ui.view.view.s * 100,
        first: window.firstMs,
      };
    }""")
    page.wait_for_timeout(800)  # the tile models are kept in the browser's storage meanwhile
    page.reload()
    page.wait_for_function("window.ready === true", timeout=120000)
    again = page.evaluate("window.firstMs")
    context.close()
    return {"first_ms": timed["first"], "again_ms": again, **{
        "script_ms": 1000 * metrics.get("ScriptDuration", 0), "layout_ms": 1000 * metrics.get("LayoutDuration", 0),
        "style_ms": 1000 * metrics.get("RecalcStyleDuration", 0), "rotate_ms": timed["rotate"],
        "place_ms": timed["place"], "back_ms": timed["back"], "nodes": timed["nodes"], "tile_px": timed["tile"]}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=60, help="turns played before the position drawn")
    parser.add_argument("--throttle", type=float, default=4.0, help="processor slow-down (Lighthouse mobile: 4)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"])
        for game in ("ark", "carcassonne"):
            data = late_payload(game, args.turns, args.seed)
            runs = []
            for _ in range(args.runs):
                runs.append(measure(browser, data, args.throttle, 390, 844))
            out: dict[str, Any] = {"game": game, "turns": args.turns, "tiles": len(data["payload"]["view"]["board"]),
                                   "throttle": args.throttle, "runs": args.runs}
            for name in runs[0]:
                out[name] = round(statistics.median(r[name] for r in runs), 1)
            print(json.dumps(out), flush=True)
        browser.close()


if __name__ == "__main__":
    main()
