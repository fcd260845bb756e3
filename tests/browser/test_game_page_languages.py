"""The game page in German and French (docs/i18n-games.md): for every game of the registry (games(), never a typed
list), a game in progress is opened in Chromium as the player to move, once with the browser's language German
(Accept-Language de) and once in English. Every visible text, aria-label, title, placeholder and tooltip is
collected; any text with words in it that reads the same in both, once proper names are set aside (players,
games, the site, board places like C3, a map's territories), is English left in the German page. French is
checked the same way for one game."""
from __future__ import annotations

import os
import re
from typing import Any

import pytest

from games.models import Game
from games.rules import games
from tests.browser.pages import sign_in
from tests.browser.shell_checks import play
from tests.factories import UserFactory, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TURNS = 5

#: Every text a reader meets on the page: visible text nodes, and the labels and tooltips of elements.
TEXTS = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (!p || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(p.tagName)) continue;
    const text = n.textContent.trim();
    if (!text) continue;
    if (p.closest('title, desc')) { out.push(text); continue; }  // an SVG tooltip
    if (p.checkVisibility && !p.checkVisibility({ visibilityProperty: true })) continue;
    out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
      const v = el.getAttribute(a);
      if (v && v.trim()) out.push(v.trim());
    }
  }
  out.push(document.title);
  return out;
}"""

SITE = "Correspondence Board Games"


def same_words_allowed(lang: str) -> set[str]:
    """Words the language spells as English does (their translation is the msgid itself: Totem, Orange ...)."""
    from tests.games.test_engine_words_i18n import LOCALE

    allowed: set[str] = set()
    for domain in ("django", "djangojs"):
        text = (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
        for msgid, msgstr in re.findall(r'^msgid "(.+)"\nmsgstr "(.+)"$', text, flags=re.M):
            if msgid == msgstr:
                allowed.add(msgid.lower())
    return allowed


def proper_names(game: Game, page: Any) -> list[str]:
    """The names a translation keeps: players, games, the site, a map's own names (longest first)."""
    from games.rules import choices

    names = [SITE, "API"] + [title for _, title in choices()]
    for seat in game.seats.select_related("user"):
        names += [seat.user.username, seat.user.name, seat.user.display_name or ""]
    board = page.evaluate("() => JSON.parse(document.getElementById('board-data').textContent || '{}')")
    names += [str(v) for v in _named(board)]
    # a long name drawn on the map may be broken into lines: each of its words is a name too
    names += [w for n in list(names) for w in n.split()]
    return sorted({n for n in names if n}, key=len, reverse=True)


def _named(data: Any) -> list[Any]:
    """Every ``name`` in the board's reference data (a map's territories, ridges, seas)."""
    if isinstance(data, dict):
        return [v for k, v in data.items() if k == "name" and isinstance(v, str)] + \
            [n for k, v in data.items() if k != "name" for n in _named(v)]
    if isinstance(data, list):
        return [n for v in data for n in _named(v)]
    return []


def words_left(text: str, names: list[str], allowed: set[str]) -> str:
    """``text`` less proper names, board places (C3, (1, 0), #12) and words spelt alike in both languages."""
    for name in names:
        text = text.replace(name, " ")
    text = re.sub(r"\b[A-Z]{1,2}\d{1,2}\b|#\d+|\d+", " ", text)
    kept = [w for w in re.findall(r"[^\W\d_]{2,}", text) if w.lower() not in allowed]
    return " ".join(kept)


def page_texts(new_page: Any, user: Any, game: Game, lang: str, phone: bool = False) -> tuple[list[str], Any]:
    size = {"width": 390, "height": 844, "has_touch": True, "is_mobile": True} if phone else {"width": 1400, "height": 900}
    page = new_page(locale=lang, extra_http_headers={"Accept-Language": lang}, **size)
    sign_in(page, user)
    page.goto(f"/games/{game.pk}/")
    page.wait_for_function("() => window.arkGame && window.arkGame.boardUI && window.arkGame.moves.length > 0"
                           " && document.querySelector('#game.ready')")
    page.wait_for_function("() => document.querySelector('#log li') && document.querySelector('#turn-line').textContent")
    assert page.evaluate("document.documentElement.lang") == lang
    assert not page.errors, page.errors
    shots = os.environ.get("GAME_PAGE_SHOTS")  # a folder to keep screenshots of the pages in, to look at
    if shots:
        page.screenshot(path=f"{shots}/{game.game}-{lang}{'-phone' if phone else ''}.png", full_page=True)
    return page.evaluate(TEXTS), page


def english_left(new_page: Any, name: str, lang: str) -> list[str]:
    users = [UserFactory(), UserFactory()]
    game = play(start_game(users, game=name, seed=2027), TURNS, seed=27)
    assert game.status == Game.Status.ACTIVE
    mover = game.seats.get(number=game.current_seat).user
    english, _ = page_texts(new_page, mover, game, "en")
    local, page = page_texts(new_page, mover, game, lang)
    phone, _ = page_texts(new_page, mover, game, lang, phone=True)  # a phone's page: its own controls
    local += phone
    english += page_texts(new_page, mover, game, "en", phone=True)[0]
    names = proper_names(game, page)
    allowed = same_words_allowed(lang)
    english_set = set(english)
    left = sorted({t for t in local if t in english_set and words_left(t, names, allowed)})
    # the engine's words in the log and the turn panel were said in the reader's language too
    assert any(t not in english_set for t in local), f"{name}: nothing on the {lang} page differs from English"
    return left


@pytest.mark.parametrize("name", games())
def test_no_english_left_on_a_german_page_of_a_game_in_progress(new_page, live_url, name) -> None:
    left = english_left(new_page, name, "de")
    assert not left, f"{name}: English left on the German page: {left}"


def test_no_english_left_on_a_french_page(new_page, live_url) -> None:
    left = english_left(new_page, games()[0], "fr")
    assert not left, f"English left on the French page: {left}"
