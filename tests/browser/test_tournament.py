"""A tournament's page in the browser: its standings, crosstable and tables, kept live (a table ending
elsewhere shows without a reload), the new-tournament form fitted to the chosen game's table sizes (from the
registry), with no accessibility violation (axe) on a desktop window and a phone. Screenshots go to
``ARK_SCREENSHOT_DIR`` if set (docs/screenshots/tournament-*.png), else the test's own folder."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from games.rules import engine, games
from games.tournaments import services
from games.tournaments.models import Table
from tests.browser.pages import sign_in
from tests.browser.shell_checks import axe_violations, in_thread
from tests.factories import UserFactory
from tests.tournaments.conftest import finish_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]
SCREENSHOT_DIR = os.environ.get("ARK_SCREENSHOT_DIR")


def make_tournament():
    people = [UserFactory(username=f"p{n}", display_name=name) for n, name in enumerate(
        ["Ann", "Bob", "Cyd", "Dan", "Eve", "Fay"])]
    moderator = UserFactory(username="mod", is_staff=True)
    tournament = services.tournament_create(user=people[0], name="Autumn Swiss", game="carcassonne", kind="swiss",
                                            rounds=3, start_players=6, days_per_move=2)
    for user in people[1:]:
        services.tournament_join(tournament_id=tournament.pk, user=user)
    rng = random.Random(5)
    for table in Table.objects.filter(tournament=tournament, round=1):
        finish_table(table.game, moderator, rng)
    return tournament, moderator


def test_the_tournament_page_shows_standings_and_keeps_its_tables_live(new_page, tmp_path) -> None:
    tournament, moderator = in_thread(make_tournament)
    shots = Path(SCREENSHOT_DIR) if SCREENSHOT_DIR else tmp_path
    page = new_page()
    sign_in(page, "p0")
    page.goto(f"/tournaments/{tournament.pk}/")
    assert page.locator("table.standings tbody tr").count() == 6
    assert "Buchholz" in page.inner_text("#standings-h + p")
    assert page.locator("#tournament-live .badge.finished").count() == 3  # round 1's three tables
    violations = axe_violations(page)
    assert violations == [], violations
    page.screenshot(path=str(shots / "tournament-desktop.png"), full_page=True)

    # a table of round 2 ends elsewhere: the page shows it when it looks again (on its timer, or on coming back
    # into view, as here), without a reload
    page.wait_for_function("() => document.getElementById('tournament-live') !== null")
    page.evaluate("() => window.__before = document.getElementById('tournament-live')")
    game = Table.objects.filter(tournament=tournament, round=2).first().game
    in_thread(lambda: finish_table(game, moderator, random.Random(6)))
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("() => document.querySelectorAll('#tournament-live .badge.finished').length === 4")
    assert page.evaluate("() => window.__before !== document.getElementById('tournament-live')")
    assert page.errors == []

    phone = new_page(width=390, height=844, is_mobile=True, has_touch=True)
    sign_in(phone, "p1")
    phone.goto(f"/tournaments/{tournament.pk}/")
    assert axe_violations(phone) == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # nothing makes a phone scroll sideways
    phone.screenshot(path=str(shots / "tournament-phone.png"), full_page=True)


def test_the_new_tournament_form_offers_the_chosen_games_table_sizes(new_page, tmp_path) -> None:
    in_thread(lambda: UserFactory(username="ann"))
    page = new_page()
    sign_in(page, "ann")
    page.goto("/tournaments/")
    form = page.locator("form.new-tournament")
    for name in games():  # every registered game offers its own table sizes
        form.locator("select[name=game]").select_option(name)
        enabled = form.locator("select[name=seats] option:not([disabled])").evaluate_all(
            "(options) => options.map((o) => Number(o.value))")
        eng = engine(name)
        assert enabled == list(range(eng.min_players, eng.max_players + 1))
    assert axe_violations(page) == []
    page.screenshot(path=str(Path(SCREENSHOT_DIR or tmp_path) / "tournament-list.png"), full_page=True)
    assert page.errors == []


def test_a_table_names_its_tournament_on_its_page_and_in_the_lobby(new_page, tmp_path) -> None:
    def make():
        ann, bob = (UserFactory(username=f"t{n}", display_name=name) for n, name in enumerate(["Ann", "Bob"]))
        tournament = services.tournament_create(user=ann, name="Winter Round Robin", game="carcassonne",
                                                kind="round_robin", start_players=2, days_per_move=2)
        services.tournament_join(tournament_id=tournament.pk, user=bob)
        return tournament, Table.objects.get(tournament=tournament, round=1).game_id

    tournament, game_id = in_thread(make)
    shots = Path(SCREENSHOT_DIR) if SCREENSHOT_DIR else tmp_path
    for name, size in (("desktop", {}), ("phone", {"width": 390, "height": 844, "is_mobile": True, "has_touch": True})):
        page = new_page(**size)
        sign_in(page, "t0")
        page.goto(f"/games/{game_id}/")
        page.wait_for_function("() => document.getElementById('board-root').childElementCount > 0")
        line = page.locator(".game-head .tournament-line")
        assert line.inner_text() == "A table of round 1 of the tournament Winter Round Robin."
        assert line.locator("a").get_attribute("href") == f"/tournaments/{tournament.pk}/#round-1"
        assert axe_violations(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        page.screenshot(path=str(shots / f"tournament-table-{name}.png"))
        page.goto("/")
        tag = page.locator(f'li[data-game="{game_id}"] .tournament-tag')
        assert tag.inner_text() == "Winter Round Robin, round 1"
        assert axe_violations(page) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        page.screenshot(path=str(shots / f"tournament-lobby-{name}.png"))
        assert page.errors == []

    # finished, the table is in the player's page list of games with its tournament (to its players)
    in_thread(lambda: finish_table(Table.objects.get(game_id=game_id).game, UserFactory(is_staff=True),
                                   random.Random(3)))
    page = new_page(width=390, height=844, is_mobile=True, has_touch=True)
    sign_in(page, "t1")
    page.goto("/players/t0/")
    assert page.locator(".game-list .tournament-tag").inner_text() == "Winter Round Robin, round 1"
    # (axe is not asked here: the rating chart's links inside its focusable svg are a known "nested-interactive")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(shots / "tournament-player-phone.png"), full_page=True)
