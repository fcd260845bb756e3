"""Pages of tournaments: the list with a form to create one, a tournament's page (standings with the
tie-breaks stated, crosstable, rounds and their tables, kept live by static/js/tournament.js), the
invitation link, and the buttons that join, withdraw or call off. Writes go through the services."""
from __future__ import annotations

from datetime import timezone as dt_timezone
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from arkproject.ratelimit import rate_limit
from games.play.errors import GameError, GameNotFound
from games.tournaments import selectors, services
from games.tournaments.forms import TournamentForm
from games.tournaments.models import Tournament


def sentence(err: Exception) -> str:
    text = str(err)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def tournament_list(request: HttpRequest) -> HttpResponse:
    """Tournaments taking players, in play, and finished; the form of a new one."""
    listed = list(selectors.tournament_list(request.user)[:200])
    groups = [(_("Taking players"), [t for t in listed if t.status == Tournament.Status.OPEN]),
              (_("In play"), [t for t in listed if t.status == Tournament.Status.RUNNING]),
              (_("Finished"), [t for t in listed if t.status == Tournament.Status.FINISHED])]
    return render(request, "tournaments/list.html", {"groups": groups, "form": TournamentForm()})


@login_required
@require_POST
@rate_limit("games", per_user=True, what="new games")  # a tournament starts games: the new games' count
def tournament_new(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.error_words() or _("Please choose a game, a format and when it starts."))
        return redirect("tournaments")
    data = form.cleaned_data
    starts_at = data.get("starts_at")
    if starts_at is not None:
        starts_at = starts_at.replace(tzinfo=dt_timezone.utc)  # the form says UTC
    try:
        tournament = services.tournament_create(
            user=request.user, name=data["name"], game=data["game"], kind=data["kind"], per_table=data["seats"],
            days_per_move=data["days_per_move"], rated=data["rated"], rounds=data.get("rounds"),
            starts_at=starts_at, start_players=data.get("start_players"), max_players=data.get("max_players"),
            invitation_only=data["invitation_only"], options=form.game_options())
    except GameError as err:
        messages.error(request, sentence(err))
        return redirect("tournaments")
    return redirect("tournament", tournament_id=tournament.pk)


def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """A tournament: settings, standings, crosstable, rounds with their tables."""
    try:
        tournament = selectors.tournament_get(tournament_id)
    except GameNotFound:
        return _not_found(request)
    entry = selectors.tournament_entry(tournament, request.user)
    invite_url = (request.build_absolute_uri(f"/tournaments/join/{entry['invite_code']}/")
                  if entry["invite_code"] and tournament.status == Tournament.Status.OPEN else "")
    return render(request, "tournaments/detail.html", {
        "t": tournament, "entry": entry, "invite_url": invite_url,
        "can_join": (request.user.is_authenticated and tournament.status == Tournament.Status.OPEN
                     and not tournament.entries.filter(user=request.user).exists()
                     and not tournament.invitation_only),
        "can_cancel": (request.user.is_authenticated and tournament.status == Tournament.Status.OPEN
                       and (tournament.created_by_id == request.user.pk or services.is_moderator(request.user))),
        "crosstable_names": [row["name"] for row in entry["standings"]],
    })


def _not_found(request: HttpRequest) -> HttpResponse:
    from django.http import Http404

    raise Http404(_("There is no such tournament."))


def _act(request: HttpRequest, tournament_id: int, service: Any, done: str, **extra: Any) -> HttpResponse:
    try:
        service(tournament_id=tournament_id, user=request.user, **extra)
    except GameNotFound:
        return _not_found(request)
    except GameError as err:
        messages.error(request, sentence(err))
    else:
        messages.success(request, done)
    return redirect("tournament", tournament_id=tournament_id)


@login_required
@require_POST
def tournament_join(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(request, tournament_id, services.tournament_join, _("You are in."),
                invite_code=request.POST.get("invite_code") or None)


@login_required
@require_POST
def tournament_withdraw(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(request, tournament_id, services.tournament_withdraw, _("You have left the tournament."))


@login_required
@require_POST
def tournament_cancel(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(request, tournament_id, services.tournament_cancel, _("The tournament is called off."))


def tournament_invite(request: HttpRequest, code: str) -> HttpResponse:
    """The invitation link: who is invited to what, and a button to join (log in first)."""
    tournament = Tournament.objects.filter(invite_code=code).first()
    if tournament is None:
        return _not_found(request)
    if request.method == "POST" and request.user.is_authenticated:
        return _act(request, tournament.pk, services.tournament_join, _("You are in."), invite_code=code)
    return render(request, "tournaments/invite.html", {"t": tournament, "code": code})
