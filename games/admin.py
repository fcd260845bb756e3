"""Moderation in the Django admin: find games and users, read move logs, abort, settle, remove, suspend.

Everything here only reads or calls games.play.services: the admin never saves a game, a seat or a move itself,
and never shows a game's engine state, seed or invitation code (the pile order lives in the state).
"""
from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Any, Callable, Iterable, Optional

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html

from games.models import Game, ModeratorAction, Move, Seat
from games.play import services
from games.play.errors import GameError

CONFIRMATION_TEMPLATE = "admin/games/action_confirmation.html"
REMOVE_SEAT_TEMPLATE = "admin/games/game/remove_seat_confirmation.html"
LIVE = (Game.Status.OPEN, Game.Status.ACTIVE)


class ReasonForm(forms.Form):
    """The reason a moderator gives; it is kept in the moderation log."""

    reason = forms.CharField(max_length=2000, widget=forms.Textarea(attrs={"rows": 4, "cols": 60}),
                             help_text="Kept in the moderation log with your name and the time.")


def _pretty_json(value: Any) -> str:
    """A JSON value as indented, wrapped text, or "-" for nothing."""
    if value in (None, [], {}):
        return "-"
    return format_html('<code style="display:block;white-space:pre-wrap">{}</code>',
                       json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False))


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _confirm_with_reason(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet, *,
                         action: str, title: str, question: str, button: str,
                         describe: Callable[[Any], str], run: Callable[[list[Any], str], None],
                         ) -> Optional[TemplateResponse]:
    """An admin action in two steps, like Django's delete: a page asking for a reason, then ``run``.

    Returns the page (first step or an invalid form) or None once done, so the admin goes back to the list.
    """
    form = ReasonForm(request.POST if "post" in request.POST else None)
    objects = list(queryset.order_by("pk"))
    if form.is_valid():
        run(objects, form.cleaned_data["reason"])
        return None
    opts = modeladmin.model._meta
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title, "subtitle": None, "question": question, "button": button, "action": action,
        "items": [(obj, describe(obj)) for obj in objects], "form": form, "opts": opts,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME, "media": modeladmin.media + form.media,
    }
    request.current_app = modeladmin.admin_site.name
    return TemplateResponse(request, CONFIRMATION_TEMPLATE, context)


def _report(modeladmin: admin.ModelAdmin, request: HttpRequest, verb: str, noun: str, done: list[str],
            failures: list[str]) -> None:
    """One success line for everything that worked, one error line per failure (the service's message)."""
    if done:
        modeladmin.message_user(request, f"{verb} {_plural(len(done), noun)}: {', '.join(done)}.",
                                messages.SUCCESS)
    for failure in failures:
        modeladmin.message_user(request, failure, messages.ERROR)


# ----- users (wired into accounts/admin.py: ``actions = [suspend_users, unsuspend_users]``) -----------------
def _describe_user(user: Any) -> str:
    return f"{user.email}, {'suspended' if getattr(user, 'suspended_at', None) else 'active'}"


def _each_user(modeladmin: admin.ModelAdmin, request: HttpRequest, users: list[Any], *, done_verb: str,
               skip_if: Callable[[Any], bool], skipped: str, not_done: str, act: Callable[[Any], None]) -> None:
    """Run ``act`` on each user not skipped; report what was done and each user it was not done for."""
    done, failures = [], []
    for user in users:
        name = user.get_username()
        if skip_if(user):
            failures.append(f"{name} {skipped}.")
            continue
        try:
            act(user)
        except GameError as err:
            failures.append(f"{name} {not_done}: {err}.")
        else:
            done.append(name)
    _report(modeladmin, request, done_verb, "user", done, failures)


@admin.action(description="Suspend selected users (and remove them from their games)", permissions=["change"])
def suspend_users(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet
                  ) -> Optional[TemplateResponse]:
    """Ask for a reason, then suspend each user through ``services.user_suspend``."""
    def run(users: list[Any], reason: str) -> None:
        _each_user(modeladmin, request, users, done_verb="Suspended",
                   skip_if=lambda user: getattr(user, "suspended_at", None) is not None,
                   skipped="was already suspended", not_done="was not suspended",
                   act=lambda user: services.user_suspend(user=user, moderator=request.user, reason=reason))

    return _confirm_with_reason(
        modeladmin, request, queryset, action="suspend_users", title="Suspend users",
        question="Suspend these accounts? They can no longer sign in or use a token, and they are removed "
                 "from every game in progress (a two-player game ends and the other player wins).",
        button="Suspend", describe=_describe_user, run=run)


@admin.action(description="Lift the suspension of selected users", permissions=["change"])
def unsuspend_users(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet
                    ) -> Optional[TemplateResponse]:
    """Ask for a reason, then lift each user's suspension through ``services.user_unsuspend``."""
    def run(users: list[Any], reason: str) -> None:
        _each_user(modeladmin, request, users, done_verb="Lifted the suspension of",
                   skip_if=lambda user: getattr(user, "suspended_at", None) is None,
                   skipped="is not suspended", not_done="was not reinstated",
                   act=lambda user: services.user_unsuspend(user=user, moderator=request.user, reason=reason))

    return _confirm_with_reason(
        modeladmin, request, queryset, action="unsuspend_users", title="Lift suspensions",
        question="Let these accounts sign in again? Games they were removed from stay as they are.",
        button="Lift the suspension", describe=_describe_user, run=run)


# ----- games -------------------------------------------------------------------------------------------------
class StalledFilter(admin.SimpleListFilter):
    """Games in play with no move for more than N days."""

    title = "stalled for"
    parameter_name = "stalled"
    DAYS = (1, 3, 7, 14, 30)

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [(str(days), f"no move for more than {_plural(days, 'day')}") for days in self.DAYS]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() not in {str(days) for days in self.DAYS}:
            return queryset
        since = timezone.now() - timedelta(days=int(self.value() or 0))
        return queryset.filter(status=Game.Status.ACTIVE, last_move_at__lt=since)


class ReadOnlyInline(admin.TabularInline):
    """An inline that only shows rows; whoever may view the game may view them."""

    extra = 0
    max_num = 0
    can_delete = False
    show_change_link = False
    related: tuple[str, ...] = ()  # foreign keys the rows show, fetched with them

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self.admin_site.get_model_admin(self.parent_model).has_view_permission(request, obj)

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).select_related(*self.related)


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("user", "number", "status", "score", "result", "remove")
    readonly_fields = fields
    ordering = ("number",)
    related = ("user", "game")
    may_remove = False  # set per request by GameAdmin.get_inline_instances

    @admin.display(description="moderation")
    def remove(self, seat: Seat) -> str:
        if not (self.may_remove and seat.pk and seat.status == Seat.Status.PLAYING and seat.game.status in LIVE):
            return ""
        url = reverse("admin:games_game_remove_seat", args=[seat.game_id, seat.pk], current_app=self.admin_site.name)
        return format_html('<a class="button" href="{}">Remove player…</a>', url)


class MoveInline(ReadOnlyInline):
    model = Move
    verbose_name = "move"
    verbose_name_plural = "move log"
    fields = ("seq", "kind", "seat", "user", "turn_json", "events_json", "version", "created_at")
    readonly_fields = fields
    ordering = ("seq",)
    related = ("user",)

    @admin.display(description="turn")
    def turn_json(self, move: Move) -> str:
        return _pretty_json(move.turn)

    @admin.display(description="events")
    def events_json(self, move: Move) -> str:
        return _pretty_json(move.events)


class ModerationInline(ReadOnlyInline):
    model = ModeratorAction
    fk_name = "game"
    verbose_name = "moderator action"
    verbose_name_plural = "moderation history"
    fields = ("created_at", "moderator", "action", "target", "reason")
    readonly_fields = fields
    ordering = ("-created_at",)
    related = ("moderator", "target")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Games are read here and changed only through the moderation actions (games.play.services)."""

    list_display = ("id", "game", "status", "seats_filled", "current_player", "last_move_at", "deadline",
                    "created_at")
    list_filter = ("game", "status", StalledFilter, "private")
    search_fields = ("id__exact", "seats__user__username", "seats__user__email", "seats__user__display_name")
    search_help_text = "A game number (12 or #12), or a player's username, email address or display name."
    # state, seed and invite_code are left out on purpose: the pile order and the invitation are secrets
    fieldsets = (
        (None, {"fields": ("game", "players", "move_hours", "private", "status", "created_by")}),
        ("Play", {"fields": ("version", "current_seat", "current_player", "deadline", "last_move_at")}),
        ("Dates", {"fields": ("created_at", "started_at", "finished_at")}),
    )
    readonly_fields = ("game", "players", "move_hours", "private", "status", "created_by", "version",
                       "current_seat", "current_player", "deadline", "last_move_at", "created_at", "started_at",
                       "finished_at")
    inlines = (SeatInline, MoveInline, ModerationInline)
    actions = ("abort_games", "settle_games")

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        playing = Count("seats", filter=Q(seats__status=Seat.Status.PLAYING), distinct=True)
        return super().get_queryset(request).annotate(seats_playing=playing).prefetch_related("seats__user")

    def get_search_results(self, request: HttpRequest, queryset: QuerySet, search_term: str) -> tuple[QuerySet, bool]:
        search_term = re.sub(r"(?<!\S)#(\d+)\b", r"\1", search_term)  # "#12" is how games are written
        return super().get_search_results(request, queryset, search_term)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # players create games

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # abort instead: the move log and the moderation history stay

    def get_inline_instances(self, request: HttpRequest, obj: Any = None) -> list[admin.options.InlineModelAdmin]:
        inlines = super().get_inline_instances(request, obj)
        for inline in inlines:
            if isinstance(inline, SeatInline):
                inline.may_remove = self.has_change_permission(request, obj)
        return inlines

    @admin.display(description="seats playing", ordering="seats_playing")
    def seats_filled(self, game: Game) -> str:
        return f"{getattr(game, 'seats_playing', '?')}/{game.players}"  # annotated by get_queryset

    @admin.display(description="current player")
    def current_player(self, game: Game) -> Any:
        if game.current_seat is None or game.status != Game.Status.ACTIVE:
            return "-"
        seat = next((s for s in game.seats.all() if s.number == game.current_seat), None)
        return seat.user if seat else "-"

    def changeform_view(self, request: HttpRequest, object_id: Optional[str] = None, form_url: str = "",
                        extra_context: Optional[dict[str, Any]] = None) -> HttpResponse:
        if request.method == "POST":
            raise PermissionDenied("games change only through the moderation actions")
        extra_context = {"title": f"View {self.opts.verbose_name}", **(extra_context or {}), "show_save": False,
                         "show_save_and_continue": False, "show_save_and_add_another": False, "show_delete": False}
        return super().changeform_view(request, object_id, form_url, extra_context)

    # ----- list actions
    def _run_on_games(self, request: HttpRequest, queryset: QuerySet, *, action: str, title: str, question: str,
                      button: str, service: Callable[..., Game], done_message: str, verb: str
                      ) -> Optional[TemplateResponse]:
        def run(games: Iterable[Game], reason: str) -> None:
            done, failures = [], []
            for game in games:
                try:
                    service(game_id=game.pk, moderator=request.user, reason=reason)
                except GameError as err:
                    failures.append(f"Game #{game.pk} was not {verb}: {err}.")
                else:
                    done.append(f"#{game.pk}")
            _report(self, request, done_message, "game", done, failures)

        return _confirm_with_reason(self, request, queryset, action=action, title=title, question=question,
                                    button=button, describe=self._describe_game, run=run)

    @staticmethod
    def _describe_game(game: Game) -> str:
        names = ", ".join(f"{s.user.get_username()} ({s.get_status_display()})" for s in game.seats.all())
        return f"players: {names or 'none'}"

    @admin.action(description="Abort selected games", permissions=["change"])
    def abort_games(self, request: HttpRequest, queryset: QuerySet) -> Optional[TemplateResponse]:
        return self._run_on_games(
            request, queryset, action="abort_games", title="Abort games", button="Abort",
            question="Abort these games? They stop for good, with no result.",
            service=services.game_abort, done_message="Aborted", verb="aborted")

    @admin.action(description="Settle selected games now (final scoring)", permissions=["change"])
    def settle_games(self, request: HttpRequest, queryset: QuerySet) -> Optional[TemplateResponse]:
        return self._run_on_games(
            request, queryset, action="settle_games", title="Settle games", button="Settle now",
            question="Settle these games now? The final scoring runs as at the end of the game, and the best "
                     "score among the players still playing wins.",
            service=services.game_settle, done_message="Settled", verb="settled")

    # ----- removing a player
    def get_urls(self) -> list[Any]:
        custom = [path("<path:object_id>/remove/<int:seat_id>/", self.admin_site.admin_view(self.remove_seat_view),
                       name="games_game_remove_seat")]
        return custom + super().get_urls()  # before the catch-all "<path:object_id>/"

    def remove_seat_view(self, request: HttpRequest, object_id: str, seat_id: int) -> HttpResponse:
        """Ask for a reason, then take the seat's player out of the game through ``services.seat_remove``."""
        game = self.get_object(request, unquote(object_id))
        if game is None:
            raise Http404("there is no such game")
        if not self.has_change_permission(request, game):
            raise PermissionDenied
        seat = get_object_or_404(Seat.objects.select_related("user"), pk=seat_id, game=game)
        change_url = reverse("admin:games_game_change", args=[game.pk], current_app=self.admin_site.name)
        name = seat.user.get_username()
        form = ReasonForm(request.POST if request.method == "POST" else None)
        if form.is_valid():
            try:
                game = services.seat_remove(game_id=game.pk, user=seat.user, moderator=request.user,
                                            reason=form.cleaned_data["reason"])
            except GameError as err:
                self.message_user(request, f"{name} was not removed from game #{game.pk}: {err}.", messages.ERROR)
            else:
                ends: dict[str, str] = {
                    Game.Status.FINISHED: " The game is over.",
                    Game.Status.ABORTED: " The game is aborted: a player left before every player had played a turn "
                                         "of their own, so it rates no one."}
                over = ends.get(game.status, "")
                self.message_user(request, f"Removed {name} from game #{game.pk}.{over}", messages.SUCCESS)
            return HttpResponseRedirect(change_url)
        context = {
            **self.admin_site.each_context(request),
            "title": f"Remove {name} from game #{game.pk}", "subtitle": None, "opts": self.opts,
            "game": game, "seat": seat, "form": form, "change_url": change_url, "media": self.media + form.media,
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, REMOVE_SEAT_TEMPLATE, context)


# ----- read-only logs ----------------------------------------------------------------------------------------
class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows written only by the services: listed and shown, never added, changed or deleted here."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "kind", "seat", "user", "version", "created_at")
    list_filter = ("kind", "game__game")
    list_select_related = ("game", "user")
    search_fields = ("game__id__exact", "user__username")
    search_help_text = "A game number, or the username of who made the move."
    fields = ("game", "seq", "kind", "seat", "user", "turn_json", "events_json", "version", "created_at")
    readonly_fields = fields

    @admin.display(description="turn")
    def turn_json(self, move: Move) -> str:
        return _pretty_json(move.turn)

    @admin.display(description="events")
    def events_json(self, move: Move) -> str:
        return _pretty_json(move.events)


@admin.register(ModeratorAction)
class ModeratorActionAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "moderator", "action", "game", "target", "reason")
    list_filter = ("action", ("moderator", admin.RelatedOnlyFieldListFilter))
    list_select_related = ("moderator", "game", "target")
    search_fields = ("reason", "moderator__username", "target__username", "target__email", "game__id__exact")
    search_help_text = "Words of the reason, a moderator's or target's username, a target's email, a game number."
    date_hierarchy = "created_at"
    fields = ("created_at", "moderator", "action", "game", "target", "reason")
    readonly_fields = fields
