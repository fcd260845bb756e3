"""Pages of the games app (plain for now: the browser issue builds the lobby and the board)."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .models import Game
from .selectors import game_list


def home(request: HttpRequest) -> HttpResponse:
    """The lobby: my games, then games with open seats."""
    mine = game_list(user=request.user, mine=True).exclude(status=Game.Status.ABORTED)[:50]
    open_games = game_list(user=request.user, status=Game.Status.OPEN).filter(private=False)[:50]
    return render(request, "games/home.html", {"mine": mine, "open_games": open_games})
