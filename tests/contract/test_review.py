"""Every game of the registry can be reviewed once finished (games/review, docs/review.md): the hard search weighs
each turn from its player's view, the chart and the alternatives are made, and the pages serve them; with a
small budget (what a review is, not how good its search is)."""
from __future__ import annotations

import dataclasses
import random

import pytest
from rest_framework.test import APIClient

from games.review import analysis, selectors
from games.review.models import Review
from games.review.services import decisions, review_figures
from games.rules import engine
from tests.contract.conftest import contract_games
from tests.games.test_review import SMALL, finished

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", contract_games())
def test_every_game_can_be_reviewed_with_its_chart_and_alternatives(name, make_user) -> None:
    users = [make_user(), make_user()]
    game = finished(users, make_user(is_staff=True), game=name, turns=4)
    result = review_figures(game, SMALL)
    assert len(result["turns"]) >= 4  # every turn of a player (Tikal's bonus turns too)
    series = result["chart"]["series"]
    assert len(series) == 2 and all(points[-1].get("final") for points in series)
    review = Review.objects.create(game=game, status=Review.Status.DONE, result=result, budget=SMALL.to_dict(),
                                   queued_at=game.finished_at)
    eng = engine(name)
    for turn in result["turns"]:
        assert [eng.parse_action(step) for step in turn["best_line"]]  # a line of legal actions in dict form
    turn = result["turns"][0]
    views = {which: selectors.review_position(game, review, turn["seq"], which) for which in selectors.POSITIONS}
    assert all(view is not None and view["your_seat"] is None for view in views.values())  # a spectator's
    assert views["before"] != views["played"]
    answer = APIClient().get(f"/api/games/{game.pk}/review/position/?seq={turn['seq']}&position=best")
    assert answer.status_code == 200 and answer.json()["view"] == views["best"]
    client = APIClient()
    client.force_login(users[0])
    page = client.get(f"/games/{game.pk}/review/")
    assert page.status_code == 200 and b'id="review-chart"' in page.content and b"Suggested instead" in page.content


@pytest.mark.parametrize("name", contract_games())
def test_the_search_at_a_turn_knows_only_what_its_player_saw(name, make_user) -> None:
    """The same figures from any state its player's view allows: what was hidden from them changes nothing."""
    game = finished([make_user(), make_user()], make_user(is_staff=True), game=name, turns=4, seed=5)
    eng = engine(name)
    settings = SMALL.settings(4)
    for decision in decisions(game)[:3]:
        view = eng.view(decision.state, decision.seat)
        other = eng.sample_state(view, decision.seat, random.Random("another draw of what was hidden"))
        assert eng.view(other, decision.seat) == view
        redrawn = dataclasses.replace(decision, state=other)  # the same turn played, its draws in the same places
        assert analysis.appraise(eng, decision, game.seed, settings) == analysis.appraise(eng, redrawn, game.seed, settings)


