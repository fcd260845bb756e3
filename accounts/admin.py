from typing import Any

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.db.models import Exists, OuterRef, QuerySet, Subquery
from django.http import HttpRequest

from games.admin import suspend_users, unsuspend_users

from .models import User, Vacation


class OnVacationFilter(admin.SimpleListFilter):
    """Moderators see who is away: their games' clocks are stopped."""

    title = "on vacation"
    parameter_name = "on_vacation"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [("yes", "Yes"), ("no", "No")]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        away = Exists(Vacation.objects.filter(user=OuterRef("pk"), ended_at__isnull=True))
        if self.value() == "yes":
            return queryset.filter(away)
        if self.value() == "no":
            return queryset.exclude(away)
        return queryset


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    actions = [suspend_users, unsuspend_users]
    fieldsets = (
        *(BaseUserAdmin.fieldsets or ()),
        ("Profile", {"fields": ("display_name", "time_zone")}),
        ("Email", {"fields": ("email_confirmed", "notify_turn", "notify_reminders", "reminder_mode",
                              "notify_timeouts")}),
        ("Moderation", {"fields": ("suspended_at",)}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("username", "email", "password1", "password2")}),
    )
    # set together with is_active by the moderation service, never by hand
    readonly_fields = ("suspended_at",)
    list_display = ("username", "email", "display_name", "email_confirmed", "is_active", "is_staff", "suspended_at",
                    "on_vacation_until")
    list_filter = ("is_active", "is_staff", "email_confirmed", OnVacationFilter)
    search_fields = ("username", "email", "display_name")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        """A computer player's username and email are ones no person could choose ("computer~easy"), which
        the form's own checks would refuse: shown, not edited."""
        fields = tuple(super().get_readonly_fields(request, obj))
        return (*fields, "username", "email") if obj is not None and obj.computer_level else fields

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        running = Vacation.objects.filter(user=OuterRef("pk"), ended_at__isnull=True)
        return super().get_queryset(request).annotate(vacation_ends_at=Subquery(running.values("ends_at")[:1]))

    @admin.display(description="on vacation until", ordering="vacation_ends_at", empty_value="-")
    def on_vacation_until(self, user: User) -> Any:
        """When the user's running vacation ends by itself (empty: not on vacation)."""
        return getattr(user, "vacation_ends_at", None)
