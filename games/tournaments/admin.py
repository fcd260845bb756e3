"""Tournaments in the admin: their settings, players (with who left and when) and tables; a moderator can
call off one that has not started, or advance one now (what Celery would do when due)."""
from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from games.play.errors import GameError
from games.tournaments import services
from games.tournaments.models import Bye, Entry, Table, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ["user", "joined_at", "left", "left_round"]
    readonly_fields = ["joined_at"]
    raw_id_fields = ["user"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    fields = ["round", "number", "game"]
    readonly_fields = ["round", "number", "game"]
    can_delete = False


class ByeInline(admin.TabularInline):
    model = Bye
    extra = 0
    fields = ["round", "user"]
    readonly_fields = ["round", "user"]
    can_delete = False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "kind", "per_table", "status", "current_round", "rounds", "rated",
                    "invitation_only", "created_by", "created_at"]
    list_filter = ["status", "kind", "game", "rated", "invitation_only"]
    search_fields = ["name", "created_by__username"]
    readonly_fields = ["invite_code", "status", "current_round", "plan", "started_at", "finished_at", "created_at"]
    raw_id_fields = ["created_by"]
    inlines = [EntryInline, TableInline, ByeInline]
    actions = ["advance_now", "call_off"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # created through the site's form or the API (their checks), by a player or a moderator

    @admin.action(description=_("Advance now (start, next round or finish, if due)"))
    def advance_now(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        for tournament in queryset:
            done = services.tournament_advance(tournament.pk)
            self.message_user(request, f"{tournament}: {done}")

    @admin.action(description=_("Call off (only before it starts)"))
    def call_off(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        for tournament in queryset:
            try:
                services.tournament_cancel(tournament_id=tournament.pk, user=request.user)
            except GameError as err:
                self.message_user(request, f"{tournament}: {err}", messages.WARNING)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["tournament", "round", "number", "game"]
    list_filter = ["tournament"]
    raw_id_fields = ["tournament", "game"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # tables are made by the tournament's rounds
