"""Web Push in the admin: every device's subscription (a moderator can remove one), the pushes sent."""
from __future__ import annotations

from django.contrib import admin

from games.push.models import PushMessage, PushPreference, PushSubscription


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    list_display = ("id", "user", "service", "user_agent", "created_at", "last_sent_at", "has_error")
    list_select_related = ("user",)
    search_fields = ("user__username", "user__email", "endpoint")
    readonly_fields = ("user", "endpoint", "p256dh", "auth", "user_agent", "created_at", "last_sent_at", "last_error")
    list_filter = ("created_at",)

    @admin.display(description="push service")
    def service(self, obj: PushSubscription) -> str:
        return obj.endpoint.split("/")[2] if obj.endpoint.count("/") >= 2 else obj.endpoint

    @admin.display(boolean=True, description="last push failed")
    def has_error(self, obj: PushSubscription) -> bool:
        return bool(obj.last_error)

    def has_add_permission(self, request: object) -> bool:
        return False  # only a browser subscribes


@admin.register(PushMessage)
class PushMessageAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "user", "game", "version", "status", "attempts", "created_at", "sent_at")
    list_filter = ("kind", "status")
    list_select_related = ("user",)
    search_fields = ("user__username", "key")
    readonly_fields = [f.name for f in PushMessage._meta.fields]

    def has_add_permission(self, request: object) -> bool:
        return False


@admin.register(PushPreference)
class PushPreferenceAdmin(admin.ModelAdmin):
    list_display = ("user", "turn", "reminder", "timeout", "ended", "chat")
    search_fields = ("user__username",)
    list_select_related = ("user",)
