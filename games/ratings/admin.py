"""Ratings in the admin: read only (``manage.py rebuild_ratings`` recomputes them from the finished games)."""
from __future__ import annotations

from django.contrib import admin

from games.admin import ReadOnlyAdmin
from games.ratings.models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("user", "game", "mu", "sigma", "games", "updated_at")
    list_filter = ("game",)
    search_fields = ("user__username",)


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ("game", "user", "kind", "rank", "mu_before", "mu_after", "finished_at")
    list_filter = ("kind",)
    search_fields = ("user__username", "game__id__exact")
