"""Rematch offers: after a game, the same players in a new game of the same kind, seat order turned."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class RematchOffer(models.Model):
    """One offer per finished game; it becomes a game when every player of it has accepted."""

    class Status(models.TextChoices):
        OPEN = "open", _("waiting for answers")
        STARTED = "started", _("started")
        DECLINED = "declined", _("declined")

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch")
    offered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    accepted = models.JSONField(default=list, help_text="ids of the users who accepted")
    declined_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                    related_name="+")
    new_game = models.OneToOneField(Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="rematch_of")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"rematch of game {self.game_id} ({self.status})"
