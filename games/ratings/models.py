"""Ratings per game (openskill's Plackett-Luce model): each player's present rating, and its change per game."""
from __future__ import annotations

from django.conf import settings
from django.db import models

from games.models import Game
from games.rules import choices as game_choices


class Rating(models.Model):
    """A player's rating at one game (``game``: the registry's name, such as "ark"): mu and sigma of openskill."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=20, choices=game_choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0, help_text="rated games finished")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "-mu"]
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="rating_once_per_user_and_game")]

    def __str__(self) -> str:
        return f"{self.user} at {self.game}: {self.mu:.2f} ± {self.sigma:.2f}"


class RatingChange(models.Model):
    """What one finished rated game did to one player's rating (the history, and the end-of-game display)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes")
    kind = models.CharField(max_length=20, choices=game_choices, help_text="the game played (its registry name)")
    rank = models.PositiveSmallIntegerField(help_text="1 = first; ties share a rank; resigned and removed last")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    games_after = models.PositiveIntegerField(help_text="the player's rated games of this kind, this one included")
    finished_at = models.DateTimeField()

    class Meta:
        ordering = ["finished_at", "game_id"]
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="rating_change_once_per_game_and_user")]
        indexes = [models.Index(fields=["user", "kind", "finished_at"], name="rating_change_history")]

    def __str__(self) -> str:
        return f"{self.user} in game {self.game_id}: rank {self.rank}"
