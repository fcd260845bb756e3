"""The lobby's new-game form shows a game's own options only while that game is chosen, and creates the game
with them."""
from __future__ import annotations

from games.models import Game
from tests.browser.pages import sign_in
from tests.factories import UserFactory


def test_the_options_follow_the_chosen_game(new_page, live_url) -> None:
    user = UserFactory()
    page = new_page()
    sign_in(page, user)
    page.goto("/")
    feats = page.locator("form.new-game input[name=option_iwari_feats]")
    page.select_option("form.new-game select[name=game]", "ark")
    assert not feats.is_visible()
    page.select_option("form.new-game select[name=game]", "iwari")
    assert feats.is_visible()
    feats.check()
    page.click("form.new-game button[type=submit]")
    page.wait_for_url("**/games/*/")
    game = Game.objects.filter(seats__user=user).latest("pk")
    assert game.game == "iwari" and game.options == {"feats": True}
    assert page.errors == []


def allowed_seats(page, form: str) -> list[str]:
    return page.eval_on_selector_all(f"form.{form} select[name=seats] option",
                                     "os => os.filter((o) => !o.disabled && !o.hidden).map((o) => o.value)")


def test_both_forms_offer_only_what_the_chosen_game_allows_and_pass_axe(new_page, live_url) -> None:
    from games.rules import engine, games
    from tests.browser.shell_checks import axe_violations, layout_shift, watch_layout_shifts

    user = UserFactory()
    page = new_page()
    sign_in(page, user)
    watch_layout_shifts(page)
    page.goto("/")
    assert layout_shift(page) < 0.1
    assert axe_violations(page) == []
    for form in ("new-game", "play-computer"):
        for name in games():
            page.select_option(f"form.{form} select[name=game]", name)
            eng = engine(name)
            assert allowed_seats(page, form) == [str(n) for n in range(eng.min_players, eng.max_players + 1)]
    # against the computer: three players of Iwari with feats, two of them computers
    page.select_option("form.play-computer select[name=game]", "iwari")
    page.select_option("form.play-computer select[name=seats]", "3")
    page.locator("form.play-computer input[name=option_iwari_feats]").check()
    assert not page.locator("form.new-game input[name=option_iwari_feats]").is_visible()
    page.click("form.play-computer button[type=submit]")
    page.wait_for_url("**/games/*/")
    game = Game.objects.filter(seats__user=user).latest("pk")
    assert game.game == "iwari" and game.players == 3 and game.options == {"feats": True}
    page.wait_for_function("() => window.arkGame && window.arkGame.boardUI")
    assert "invitation" not in page.locator("main").inner_text().lower()
    assert page.errors == []
