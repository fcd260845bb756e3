"""Table chat: the messages of a game's players, hidden by moderators, reported by players, muted per user."""
from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game

#: The longest message, in characters.
MAX_LENGTH = 500


class ChatMessage(models.Model):
    """One message at a game's table, written by one of its players after move ``seq`` of the log."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_messages")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages")
    text = models.TextField(max_length=MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)
    seq = models.PositiveIntegerField(default=0, help_text="the last move of the log when it was written (0: before "
                                                           "the first): the replay shows it there")
    hidden = models.BooleanField(default=False)
    hidden_reason = models.TextField(blank=True)
    hidden_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="+")
    hidden_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "id"]
        indexes = [models.Index(fields=["game", "id"], name="chat_by_game")]

    def __str__(self) -> str:
        return f"{self.author} in game {self.game_id}: {self.text[:40]}"


class ChatReport(models.Model):
    """A player's report of a message; moderators see them in the admin and hide the message if need be."""

    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    reason = models.TextField(blank=True, max_length=MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved = models.BooleanField(default=False, help_text="a moderator dealt with it")

    class Meta:
        ordering = ["resolved", "-created_at"]
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="chat_report_once_per_reporter")]

    def __str__(self) -> str:
        return f"report by {self.reporter} of message {self.message_id}"


class ChatSetting(models.Model):
    """A user's chat setting: ``muted`` hides every table's chat from them (pages, pushes and emails)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_setting")
    muted = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"chat of {self.user}: {'muted' if self.muted else 'on'}"
