"""Moderating the table chat: messages (hide with a reason, recorded) and players' reports."""
from __future__ import annotations

from typing import Any, Optional

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse

from games.admin import ReadOnlyAdmin, _confirm_with_reason
from games.chat.models import ChatMessage, ChatReport
from games.chat.services import chat_hide


def hide_messages(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet
                  ) -> Optional[TemplateResponse]:
    """Ask for a reason, then hide each message through ``chat_hide`` (kept in the moderation log)."""
    def run(items: list[Any], reason: str) -> None:
        for item in items:
            chat_hide(message=item if isinstance(item, ChatMessage) else item.message, moderator=request.user,
                      reason=reason)
        modeladmin.message_user(request, f"Hid {len(items)} message{'s' if len(items) != 1 else ''}.",
                                messages.SUCCESS)

    return _confirm_with_reason(
        modeladmin, request, queryset, action="hide_messages", title="Hide chat messages",
        question="Hide these messages from every table? Give the reason (kept in the moderation log).",
        button="Hide", describe=lambda item: str(item), run=run)


hide_messages.short_description = "Hide the messages, with a reason"  # type: ignore[attr-defined]


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyAdmin):
    list_display = ("id", "game", "author", "short_text", "seq", "created_at", "hidden", "hidden_by")
    list_filter = ("hidden",)
    list_select_related = ("game", "author", "hidden_by")
    search_fields = ("game__id__exact", "author__username", "text")
    fields = ("game", "author", "text", "seq", "created_at", "hidden", "hidden_reason", "hidden_by", "hidden_at")
    readonly_fields = fields
    actions = [hide_messages]

    @admin.display(description="text")
    def short_text(self, message: ChatMessage) -> str:
        return message.text[:80]


@admin.register(ChatReport)
class ChatReportAdmin(ReadOnlyAdmin):
    list_display = ("id", "message", "reporter", "reason", "created_at", "resolved")
    list_filter = ("resolved",)
    list_select_related = ("message", "reporter")
    fields = ("message", "reporter", "reason", "created_at", "resolved")
    readonly_fields = fields
    actions = [hide_messages]
