from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from games.admin import suspend_users, unsuspend_users

from .models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    actions = [suspend_users, unsuspend_users]
    fieldsets = (
        *BaseUserAdmin.fieldsets,
        ("Profile", {"fields": ("display_name", "time_zone")}),
        ("Email", {"fields": ("email_confirmed", "notify_turn", "notify_reminders")}),
        ("Moderation", {"fields": ("suspended_at",)}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("username", "email", "password1", "password2")}),
    )
    # set together with is_active by the moderation service, never by hand
    readonly_fields = ("suspended_at",)
    list_display = ("username", "email", "display_name", "email_confirmed", "is_active", "is_staff", "suspended_at")
    list_filter = ("is_active", "is_staff", "email_confirmed")
    search_fields = ("username", "email", "display_name")
