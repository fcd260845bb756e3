"""The review page of a finished game in the browser: the chart of each player's expected margin, the mistakes
and good moves, and the board drawing the position before a move, after it, and after the suggestion instead."""
from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from games.i18n import localize
from games.models import Game
from games.play import services
from games.review import analysis
from games.review.models import Review
from games.review.services import review_figures
from games.rules import games
from tests.browser.pages import sign_in
from tests.browser.shell_checks import axe_violations
from tests.factories import UserFactory, play_turns, start_game

pytestmark = pytest.mark.browser

#: Set to a folder (docs/screenshots) to keep the screenshots; by default they go to the test's temporary folder.
SCREENSHOT_DIR = os.environ.get("REVIEW_SCREENSHOT_DIR")


def reviewed_game(name: str, turns: int) -> tuple[Game, Any]:
    """A game of ``name``: ``turns`` random turns, settled by a moderator, and its review made (a small budget)."""
    players = [UserFactory(), UserFactory()]
    game = play_turns(start_game(players, game=name, seed=31), turns, random.Random(31))
    services.game_settle(game_id=game.pk, moderator=UserFactory(is_staff=True), reason="test")
    game.refresh_from_db()
    budget = analysis.Budget(playouts=3, total=2000)
    Review.objects.create(game=game, status=Review.Status.DONE, budget=budget.to_dict(), queued_at=game.finished_at,
                          result={**review_figures(game, budget), "seconds": 1.0})
    return game, players[0]


def shoot(page: Any, tmp_path: Path, name: str) -> None:
    folder = Path(SCREENSHOT_DIR) if SCREENSHOT_DIR else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=False)


@pytest.mark.parametrize("name", games())
def test_a_review_page_shows_the_chart_and_the_alternatives(name, new_page, tmp_path) -> None:
    game, player = reviewed_game(name, 14)
    for label, size in (("desktop", {"width": 1280, "height": 900}),
                        ("phone", {"width": 390, "height": 844, "has_touch": True, "is_mobile": True})):
        page = new_page(**size)
        sign_in(page, player)
        page.goto(f"/games/{game.pk}/")
        page.click("text=See the review of this game")
        page.wait_for_url(f"**/games/{game.pk}/review/")
        review = Review.objects.get(game=game)
        turns = review.result["turns"]
        # the chart: a line per player, a point per turn of theirs and the final margin
        page.wait_for_function("() => document.querySelectorAll('#review-chart polyline').length === 2")
        assert page.locator("#review-chart circle").count() == len(turns) + 2
        # the page opens on the worst mistake's suggestion (or the first turn), drawn by the game's own board
        first = turns[review.result["mistakes"][0]] if review.result["mistakes"] else turns[0]
        which = "best" if review.result["mistakes"] else "played"
        page.wait_for_function("s => document.querySelector('#review').dataset.shown === s", arg=f"{which}:{first['seq']}")
        assert page.locator("#board-root *").count() > 0
        shoot(page, tmp_path, f"review-{name}-{label}-chart")
        page.locator("#board-root").scroll_into_view_if_needed()
        shoot(page, tmp_path, f"review-{name}-{label}")
        drawn = {}
        for position in ("before", "played", "best"):
            page.click(f".review-which [data-which={position}]")
            page.wait_for_function("s => document.querySelector('#review').dataset.shown === s",
                                   arg=f"{position}:{first['seq']}")
            assert page.locator(f".review-which [data-which={position}][aria-pressed=true]").count() == 1
            drawn[position] = page.inner_html("#board-root")
        assert drawn["before"] != drawn["played"]  # the move made is on the board
        if not first["best_is_played"]:
            assert drawn["best"] != drawn["played"]  # and the suggestion, where it is another move
        caption = page.inner_text("#review-caption")
        best_words = localize(first["best_words"])  # stored as the engine's words, said in the reader's language
        assert "Suggested instead" in caption and best_words[:20] in caption
        # the list of mistakes and good moves, and every turn, each opening its position
        assert page.locator("#review-mistakes li").count() == max(1, len(review.result["mistakes"]))
        assert page.locator("#review-turns tbody tr").count() == len(turns)
        last = turns[-1]
        page.click(f"#review-turns button[data-seq='{last['seq']}']")
        page.wait_for_function("s => document.querySelector('#review').dataset.shown === s", arg=f"played:{last['seq']}")
        page.keyboard.press("ArrowLeft")
        page.wait_for_function("s => document.querySelector('#review').dataset.shown === s",
                               arg=f"played:{turns[-2]['seq']}")
        # the review's own parts (the board is the game's own module, checked by its own tests)
        assert axe_violations(page, "{include: [['#review']], exclude: [['#board-root']]}") == []
        assert page.errors == []
