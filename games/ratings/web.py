"""Pages of ratings: a player's games and ratings per game, and the leaderboards."""
from __future__ import annotations

from typing import Any

from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.models import Game, Seat
from games.ratings.chart import history_chart
from games.ratings.openskill_model import PROVISIONAL_GAMES
from games.ratings.selectors import leaderboard, rating_history, user_ratings
from games.rules import choices as game_choices


def player_context(player: Any) -> dict[str, Any]:
    """Per game: games played (finished), won and in progress, the rating and its history as a chart."""
    names = dict(game_choices())
    counts = (Seat.objects.filter(user=player).values("game__game").annotate(
        finished=Count("pk", filter=Q(game__status=Game.Status.FINISHED)),
        won=Count("pk", filter=Q(game__status=Game.Status.FINISHED, result=Seat.Result.WON)),
        playing=Count("pk", filter=Q(game__status=Game.Status.ACTIVE, status=Seat.Status.PLAYING))))
    ratings = user_ratings(player)
    per_game = []
    for row in sorted(counts, key=lambda r: r["game__game"]):
        kind = row["game__game"]
        if not (row["finished"] or row["playing"] or kind in ratings):
            continue
        per_game.append({"game": kind, "name": names.get(kind, kind), "finished": row["finished"], "won": row["won"],
                         "playing": row["playing"], "rating": ratings.get(kind),
                         "chart": history_chart(rating_history(player, kind))})
    return {"per_game": per_game, "provisional_games": PROVISIONAL_GAMES}


def leaderboards(request: HttpRequest, game: str = "") -> HttpResponse:
    """The established ratings of one game (every game's, if none is named), best first."""
    names = dict(game_choices())
    if game and game not in names:
        raise Http404(_("There is no such game."))
    boards = [{"game": kind, "name": names[kind], "rows": leaderboard(kind, 100 if game else 10)}
              for kind in ([game] if game else list(names))]
    return render(request, "games/leaderboard.html", {"boards": boards, "one": bool(game),
                                                      "provisional_games": PROVISIONAL_GAMES})
