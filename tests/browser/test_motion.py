"""Motion on the pages. A player who asks for less motion (``prefers-reduced-motion: reduce``) sees nothing move;
for the others, what moves is drawn in steps or by the compositor alone (opacity, transform), never the page
painted afresh at every frame: a lobby stays open all day, a game's page at your turn for hours, on phones too.
Both are checked where the pages animate: the lobby as a game arrives in "waiting for you", and each game's page
at the player's turn (every game of the registry)."""
from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pages import log_in, sign_in
from tests.browser.shell_checks import each_game, play
from tests.factories import PASSWORD, UserFactory, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The page's running animations: what each animates and how its time runs (steps, or a curve at every frame).
RUNNING = r"""() => document.getAnimations().filter((a) => a.playState === 'running').map((a) => {
  const target = a.effect.target, style = getComputedStyle(target);
  const names = style.animationName.split(', '), easings = style.animationTimingFunction.split(/,\s*(?![^()]*\))/);
  const props = new Set(a.effect.getKeyframes().flatMap((k) => Object.keys(k)));
  for (const p of ['offset', 'computedOffset', 'easing', 'composite']) props.delete(p);
  return {name: a.animationName || '', on: target.tagName + '.' + (target.getAttribute('class') || ''),
          easing: easings[names.indexOf(a.animationName)] || easings[0], props: [...props].sort()};
})"""

COMPOSITED = {"opacity", "transform"}


def painted_every_frame(page: Any) -> tuple[list[Any], list[Any]]:
    """The running animations, and those of them that repaint at every frame."""
    running = page.evaluate(RUNNING)
    return running, [a for a in running if not a["easing"].startswith("steps(") and not set(a["props"]) <= COMPOSITED]


def test_a_game_arriving_in_the_lobby_glows_in_steps_and_not_at_all_for_less_motion(new_page, live_url) -> None:
    """The game arrives in both lobbies marked (the mark outlives a second reading of the lists, which the socket's
    first list and the turn's own message often both cause)."""
    users = [UserFactory(), UserFactory()]
    game = start_game(users, game="carcassonne", seed=3)
    mover = game.seats.get(number=game.current_seat).user
    waiter = next(u for u in users if u != mover)
    pages = {}
    for motion in ("no-preference", "reduce"):
        pages[motion] = new_page(reduced_motion=motion)
        log_in(pages[motion], waiter.username, PASSWORD)  # the lobby: a game that arrives, live or when its
        # socket connects and reads the list, is marked as arrived
    play(game, 1, seed=3)  # the other player's turn: the game now waits for this player
    for motion, page in pages.items():
        page.wait_for_selector(f"#waiting-list li.just-arrived[data-game='{game.pk}']")
        running, every_frame = painted_every_frame(page)
        if motion == "reduce":
            assert running == [], f"the lobby moves for a player who asked for less motion: {running}"
        else:
            assert any(a["on"].startswith("LI.") for a in running), f"the arriving game does not glow: {running}"
            assert every_frame == [], f"the lobby repaints at every frame: {every_frame}"
        assert page.errors == []


@pytest.mark.parametrize("name", each_game({}))
def test_a_games_page_at_your_turn_moves_in_steps_and_not_at_all_for_less_motion(new_page, live_url, name) -> None:
    users = [UserFactory(), UserFactory()]
    game = play(start_game(users, game=name, seed=77), 2, seed=77)
    mover = game.seats.get(number=game.current_seat).user
    for motion in ("no-preference", "reduce"):
        page = new_page(reduced_motion=motion)
        sign_in(page, mover)
        page.goto(f"/games/{game.pk}/")
        page.wait_for_function("() => window.arkGame && window.arkGame.boardUI && document.querySelector('#game.ready')"
                               " && document.querySelector('#game').dataset.shown")
        if motion == "no-preference":  # the marks of the choices are drawn
            page.wait_for_function("() => document.getAnimations().some((a) => a.playState === 'running')")
        running, every_frame = painted_every_frame(page)
        if motion == "reduce":
            assert running == [], f"{name}: the page moves for a player who asked for less motion: {running}"
        else:  # every game marks the choices at your turn by moving them
            assert running, f"{name}: nothing moves on the page at your turn"
            assert every_frame == [], f"{name}: the page repaints at every frame: {every_frame}"
        assert page.errors == []
