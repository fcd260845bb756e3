"""Pages of the games app: the lobby, the game page, invitations, profiles. Writes go through services."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.contrib.staticfiles import finders
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import signed_in
from arkproject.ratelimit import rate_limit
from games.api.serializers import GameSerializer
from games.chat.web import chat_context
from games.models import Game, Seat
from games.play import selectors, services
from games.play.errors import GameError, GameNotFound
from games.ratings.selectors import attach_lobby_ratings
from games.ratings.web import player_context
from games.rematch.web import table_end_context
from games.review.web import review_link_context, reviewed_game_ids
from games.rules import engine
from games.tournaments.selectors import tournament_table_of, tournament_tables_of
from games.web.forms import GameCreateForm, PlayComputerForm, lobby_forms
from games.web.modules import module_preloads

#: The game page's own module (templates/games/game.html), which loads the board's.
PAGE_MODULE = "js/game.js"


@lru_cache(maxsize=None)
def board_data(game: str) -> dict[str, Any]:
    """A game's public reference data, as its board draws it (from the engine's own data files)."""
    return engine(game).board_data()


@lru_cache(maxsize=None)
def board_module_name(game: str) -> str:
    """A game's board module (static/js/games/<game>/board.js), else the generic board."""
    name = f"js/games/{game}/board.js"
    return name if finders.find(name) else "js/games/generic/board.js"


def board_module(game: str) -> str:
    """The URL of a game's board module, through the static files storage, so that in production it is the
    hashed file whose imports are hashed too."""
    return static(board_module_name(game))


def game_payload(request: HttpRequest, game: Game) -> dict[str, Any]:
    """What GET /api/games/{id}/ answers, for embedding in the page."""
    return dict(GameSerializer(game, context={"request": request}).data)


def home(request: HttpRequest) -> HttpResponse:
    """The lobby: my games (those waiting for me first), games with open seats, a form to start one."""
    mine: list[Game] = []
    waiting: list[Game] = []
    if request.user.is_authenticated:
        listed = list(selectors.game_list(user=request.user, mine=True).exclude(status=Game.Status.ABORTED)[:100])
        attach_lobby_ratings(listed)  # each player's rating beside their name
        tables = tournament_tables_of(game.pk for game in listed)
        for game in listed:
            game.tournament_table = tables.get(game.pk)  # the tournament it is a table of, named in the list
            game.others = ", ".join(s.user.name for s in game.seats.all() if s.user_id != request.user.pk)
            seat = selectors.seat_of(game, request.user)
            if game.status == Game.Status.ACTIVE and seat is not None and seat.number == game.current_seat:
                waiting.append(game)
            else:
                mine.append(game)
    open_games = selectors.game_list(user=request.user, status=Game.Status.OPEN).filter(private=False)
    if request.user.is_authenticated:
        open_games = open_games.exclude(seats__user=request.user)
    open_list = list(open_games[:50])
    attach_lobby_ratings(open_list)
    new_game_form, computer_form = lobby_forms() if request.user.is_authenticated else ("", "")
    return render(request, "games/home.html", {"waiting": waiting, "mine": mine, "open_games": open_list,
                                               "new_game_form": new_game_form, "computer_form": computer_form})


@login_required
@require_POST
@rate_limit("games", per_user=True, what="new games")  # the API's count too (settings.RATE_LIMITS)
def game_new(request: HttpRequest) -> HttpResponse:
    """Create a game from the lobby form; the creator takes seat 0."""
    form = GameCreateForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.error_words() or _("Please choose a game, its players and a time per move."))
        return redirect("home")
    data = form.cleaned_data
    try:
        game = services.game_create(user=request.user, game=data["game"], players=data["seats"],
                                    move_hours=data["move_hours"], private=data["private"],
                                    options=form.game_options(), computers=form.computers(),
                                    rated=form.cleaned_data["rated"])
    except GameError as err:
        messages.error(request, str(err)[:1].upper() + str(err)[1:] + ".")
        return redirect("home")
    # no message here: the game page itself offers the invitation link while seats are open (static/js/game.js)
    return redirect("game", game_id=game.pk)


@login_required
@require_POST
@rate_limit("games", per_user=True, what="new games")
def game_vs_computer(request: HttpRequest) -> HttpResponse:
    """Start a game against the site's computer at once: every seat but the player's a computer of the level
    chosen, with the game's options (the lobby's "Play against the computer")."""
    form = PlayComputerForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.error_words() or _("Please choose a game, its players and a level."))
        return redirect("home")
    try:
        game = services.game_create(user=request.user, game=form.cleaned_data["game"],
                                    players=form.cleaned_data["seats"], move_hours=24, private=True,
                                    options=form.game_options(), computers=form.computers())
    except GameError as err:
        messages.error(request, str(err)[:1].upper() + str(err)[1:] + ".")
        return redirect("home")
    return redirect("game", game_id=game.pk)


@lru_cache(maxsize=None)
def board_css(game: str) -> str | None:
    """The game's own style sheet (static/css/games/<game>.css), if its board has one."""
    path = f"css/games/{game}.css"
    return path if finders.find(path) else None


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """The board of one game, for its players and for anyone watching."""
    try:
        game = selectors.game_get(game_id=game_id, user=request.user)
    except GameNotFound:
        raise Http404(_("There is no such game.")) from None
    return render(request, "games/game.html", {
        "game": game, "payload": game_payload(request, game), "board_data": board_data(game.game),
        "board_module": board_module(game.game), "board_css": board_css(game.game),
        "module_preloads": module_preloads(PAGE_MODULE, board_module_name(game.game)),
        "ws_path": f"/ws/games/{game.pk}/", **chat_context(request, game), **table_end_context(game),
        **review_link_context(game), "tournament_table": tournament_table_of(game.pk),
        "auth_next": request.path,  # the header's log-in and sign-up links come back here
    })


@login_required
@require_POST
def game_join(request: HttpRequest, game_id: int) -> HttpResponse:
    """Take an open seat of a public game."""
    try:
        services.game_join(game_id=game_id, user=request.user)
    except GameError as err:
        messages.error(request, str(err).capitalize() + ".")
        return redirect("home")
    return redirect("game", game_id=game_id)


def invite(request: HttpRequest, code: str) -> HttpResponse:
    """An invitation link: the game and who invites, and a button that joins its open seat; someone signed out
    is offered to sign up (or log in) and come back here (the header's links keep the invitation too)."""
    game = Game.objects.filter(invite_code=code).select_related("created_by").first()
    if game is None:
        raise Http404(_("This invitation link is not valid."))
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.path)
        try:
            services.game_join_by_invite(invite_code=code, user=request.user)
        except GameError as err:
            messages.error(request, str(err).capitalize() + ".")
            return redirect("home")
        return redirect("game", game_id=game.pk)
    seated = request.user.is_authenticated and game.seats.filter(user=signed_in(request)).exists()
    return render(request, "games/invite.html", {"game": game, "seated": seated, "inviter": game.created_by,
                                                 "auth_next": request.path})


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """A player's page: their finished games and results (the public ones, and the private ones the visitor may
    see as the game's page shows them: a tournament's tables to their players), each with its tournament."""
    player = get_object_or_404(get_user_model(), username=username)
    finished = Seat.objects.filter(user=player, game__status=Game.Status.FINISHED)
    if not request.user.is_staff:
        visible = Q(game__private=False)
        if request.user.is_authenticated:
            visible |= Q(game__in=Seat.objects.filter(user=request.user).values("game_id"))
        finished = finished.filter(visible)
    seats = list(finished.select_related("game").prefetch_related("game__seats__user")
                 .order_by("-game__finished_at")[:100])
    tables = tournament_tables_of(s.game_id for s in seats)
    for seat in seats:
        seat.game.tournament_table = tables.get(seat.game_id)
    won = sum(1 for s in seats if s.result == Seat.Result.WON)
    return render(request, "games/profile.html", {"player": player, "seats": seats, "won": won,
                                                  "reviewed": reviewed_game_ids(s.game_id for s in seats),
                                                  **player_context(player)})
