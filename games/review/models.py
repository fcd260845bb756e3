"""A finished game's review (docs/review.md): asked for once, computed by a task, stored."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class Review(models.Model):
    """The hard computer's judgement of every turn of a finished game; ``result`` holds the figures."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for the computer")
        RUNNING = "running", _("being computed")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="review")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="+")
    budget = models.JSONField(default=dict, help_text="the search budget it was computed with")
    result = models.JSONField(default=dict, blank=True, help_text="per turn: the values, the best line; the chart")
    error = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    queued_at = models.DateTimeField(help_text="when it was last handed to the computer queue")
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"review of game {self.game_id} ({self.status})"
