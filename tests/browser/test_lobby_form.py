"""The lobby's new-game form shows a game's own options only while that game is chosen, and creates the game
with them."""
from __future__ import annotations

from games.models import Game
from tests.browser.pages import log_in
from tests.factories import PASSWORD, UserFactory


def test_the_options_follow_the_chosen_game(new_page, live_url) -> None:
    user = UserFactory()
    page = new_page()
    log_in(page, user.username, PASSWORD)
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
