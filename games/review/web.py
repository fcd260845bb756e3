"""The review's page, and what the game page and the player page show of reviews."""
from __future__ import annotations

from typing import Any, Iterable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.models import Game
from games.play import selectors as game_selectors
from games.play.errors import GameError, GameNotFound
from games.review import selectors
from games.review.models import Review
from games.review.services import review_request


def _game(request: HttpRequest, game_id: int) -> Game:
    try:
        return game_selectors.game_get(game_id=game_id, user=request.user)
    except GameNotFound:
        raise Http404(_("There is no such game.")) from None


def review_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """A finished game's review: the chart, the mistakes and good moves, the board; or why there is none yet."""
    from games.web.views import board_css, board_data, board_module  # the game page's own (it links here)

    game = _game(request, game_id)
    entry = selectors.review_entry(game)
    names = game_selectors.seat_names(game)
    result = entry["result"] or {}
    turns = [{**turn, "number": n, "name": names[turn["seat"]]} for n, turn in enumerate(result.get("turns", []), 1)]
    return render(request, "games/review.html", {
        "game": game, "entry": entry, "turns": turns, "mistakes": [turns[i] for i in result.get("mistakes", [])],
        "good": [turns[i] for i in result.get("good", [])], "board_data": board_data(game.game), "board_module": board_module(game.game),
        "board_css": board_css(game.game), "auth_next": request.path,
        "page_data": {"game": game.pk, "kind": game.game, "names": names, "words": page_words(), **entry},
    }, status=409 if entry["refusal"] else 200)


def page_words() -> dict[str, str]:
    """The few words the page's script writes itself, in the reader's language."""
    return {"turn": _("Turn"), "before": _("The position before the move."), "played": _("Move made"),
            "best": _("Suggested instead"), "moves": _("moves"), "margin": _("expected margin"),
            "unavailable": _("This position cannot be shown.")}


@login_required
@require_POST
def review_ask(request: HttpRequest, game_id: int) -> HttpResponse:
    """The "Review this game" button: ask for the review, then show its page (which waits for it)."""
    game = _game(request, game_id)
    try:
        review_request(game=game, user=request.user)
    except GameError as err:
        messages.error(request, str(err))
    return redirect("game_review", game_id=game.pk)


def review_link_context(game: Game) -> dict[str, Any]:
    """For the game page: its review's status ("none" if not asked for) once the game is over; nothing before."""
    if game.status != Game.Status.FINISHED:
        return {"review_status": None}
    review = selectors.review_of(game)
    return {"review_status": review.status if review else "none"}


def reviewed_game_ids(game_ids: Iterable[int]) -> set[int]:
    """Which of these games have a review done (the player page links them)."""
    return set(Review.objects.filter(game_id__in=list(game_ids), status=Review.Status.DONE)
               .values_list("game_id", flat=True))
