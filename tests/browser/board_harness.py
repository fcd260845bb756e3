"""A board module (static/js/games/<game>/board.js) in Chromium without the game page or a server: a page
served from memory under the site's CSP loads the module, feeds it a table's payload, and sends each step
back to Python (the site's own turn machinery). Used by test_iwari_board.py and test_tikal_board.py, which
give their page, harness script and engine as a module of constants (ORIGIN, PAGE, HARNESS, WATCH,
HARNESS_CSS, CSP, ENG, SCREENSHOT_DIR, GAME)."""
from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def launch() -> Iterator[Any]:
    """Debian's Chromium through Playwright (never a downloaded browser); skips without it."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium")
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def board_pages(browser: Any, spec: ModuleType) -> Iterator[Any]:
    """``make(table, width, height)``: a page showing ``table``'s payload through the board module."""
    contexts = []
    texts = {"/harness.js": ("text/javascript", spec.HARNESS), "/csp-watch.js": ("text/javascript", spec.WATCH),
             "/harness.css": ("text/css", spec.HARNESS_CSS)}

    def serve(route: Any) -> None:
        path = route.request.url[len(spec.ORIGIN):].split("?")[0]
        if path == "/":
            route.fulfill(status=200, content_type="text/html", body=spec.PAGE,
                          headers={"Content-Security-Policy": spec.CSP})
        elif path in texts:
            route.fulfill(status=200, content_type=texts[path][0], body=texts[path][1])
        elif path.startswith("/static/") and ".." not in path:
            file = ROOT / path.lstrip("/")
            kind = "text/javascript" if file.suffix == ".js" else "text/css"
            if file.is_file():
                route.fulfill(status=200, content_type=kind, body=file.read_text(encoding="utf-8"))
            else:
                route.fulfill(status=404, body="")
        else:
            route.fulfill(status=404, body="")

    def make(table: Any, width: int = 1280, height: int = 900) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height},
                                      has_touch=width < 640, is_mobile=width < 640)
        context.set_default_timeout(10000)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda err: page.errors.append(str(err)))
        page.route(f"{spec.ORIGIN}/**", serve)
        page.expose_function("pyStart", lambda: {"board": spec.ENG.board_data(), "payload": table.payload()})
        page.expose_function("pyStep", table.step)
        page.expose_function("pyUndo", table.undo)
        page.goto(f"{spec.ORIGIN}/")
        page.wait_for_function("() => window.ready === true")
        return page

    yield make
    for context in contexts:
        context.close()


def shot(page: Any, tmp_path: Path, spec: ModuleType, name: str) -> Path:
    """A full-page screenshot (into the module's screenshot folder if set, else the test's tmp_path)."""
    folder = Path(spec.SCREENSHOT_DIR) if spec.SCREENSHOT_DIR else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{spec.GAME}-{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def clean(page: Any) -> None:
    """No CSP violation and no script error on the page."""
    assert page.evaluate("window.__csp") == [] and page.errors == []
