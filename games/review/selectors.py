"""Reading a game's review: its entry for the API and the page, and the positions it draws."""
from __future__ import annotations

from typing import Any, Optional

from games.i18n import localize
from games.models import Game
from games.review import analysis, services
from games.review.models import Review
from games.rules import IllegalActionError, engine

#: The positions of a reviewed turn the page draws: before the move, after the move made, after the suggestion.
POSITIONS = ("before", "played", "best")


def review_of(game: Game) -> Optional[Review]:
    return Review.objects.filter(game=game).first()


def review_entry(game: Game, review: Optional[Review] = None) -> dict[str, Any]:
    """The review as the API and the page give it: ``status`` ("none" if not asked for), whether it may be asked
    for (and why not), the budget, and once done its figures."""
    review = review or review_of(game)
    refusal = services.review_refusal(game)
    entry: dict[str, Any] = {"game": game.pk, "status": review.status if review else "none",
                             "can_request": refusal is None and (review is None or review.status == Review.Status.FAILED),
                             "refusal": refusal, "budget": review.budget if review else services.budget().to_dict(),
                             "result": None}  # a failure's error stays in the admin: it may name the state
    if review is not None and review.status == Review.Status.DONE:
        entry["result"] = localize(public_result(game, review.result))
    return entry


def public_result(game: Game, result: dict[str, Any]) -> dict[str, Any]:
    """The stored figures with each line's steps as a spectator may see them (``step_for``: a step the engine
    declares hidden stays hidden; the server's own positions read the stored lines)."""
    eng = engine(game.game)

    def shown(steps: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
        return [eng.step_for(step, seat, None) for step in steps]

    turns = [{**t, "best_line": shown(t["best_line"], t["seat"]), "played_line": shown(t["played_line"], t["seat"]),
              # said again from the lines, as Words (a review stored before the words were kept has them in English)
              "best_words": analysis.words(eng, t["best_line"], t["seat"]),
              "played_words": analysis.words(eng, t["played_line"], t["seat"])}
             for t in result.get("turns", [])]
    return {**result, "turns": turns}


def review_position(game: Game, review: Review, seq: int, which: str) -> Optional[dict[str, Any]]:
    """A spectator's view of reviewed turn ``seq``: before its move, after the move made (the player's actions up
    to a draw) or after the search's suggestion instead; None if the review has no such turn."""
    turn = next((t for t in review.result.get("turns", []) if t["seq"] == seq), None)
    if turn is None or which not in POSITIONS:
        return None
    decision = next((d for d in services.decisions(game) if d.seq == seq), None)
    if decision is None:
        return None
    eng = engine(game.game)
    state = decision.state
    line = [] if which == "before" else decision.line if which == "played" else [
        eng.parse_action(step) for step in turn["best_line"]]
    try:
        for action in line:
            state = eng.apply(state, action)
    except IllegalActionError:  # a review made before a change of the rules: its suggestion no longer applies
        return None
    view: dict[str, Any] = eng.view(state, None)
    return view
