"""Games, their seats and the append-only move log. The rules live in games/rules; these only store."""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

GAME_CHOICES = [("ark", "The Ark of the Covenant"), ("carcassonne", "Carcassonne")]
MOVE_HOURS_CHOICES = [(24, "1 day"), (48, "2 days"), (72, "3 days"), (120, "5 days"), (168, "7 days"),
                      (336, "14 days")]


def new_invite_code() -> str:
    """An unguessable code for the invitation link of a game."""
    return secrets.token_urlsafe(18)


def new_seed() -> int:
    """The secret seed of a game's shuffles (seat order and the pile)."""
    return secrets.randbits(62)


class Game(models.Model):
    """One game: its options, status, the engine state (secret: never sent as is) and version."""

    class Status(models.TextChoices):
        OPEN = "open", "waiting for players"
        ACTIVE = "active", "in play"
        FINISHED = "finished", "finished"
        ABORTED = "aborted", "aborted"

    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    players = models.PositiveSmallIntegerField(help_text="number of seats, 2 to 5")
    move_hours = models.PositiveIntegerField(choices=MOVE_HOURS_CHOICES, default=72)
    private = models.BooleanField(default=False, help_text="joined only through the invitation link")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    state = models.JSONField(default=dict, blank=True, help_text="engine state, pile included: never shown")
    seed = models.BigIntegerField(default=new_seed)
    version = models.PositiveIntegerField(default=0)
    current_seat = models.SmallIntegerField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    invite_code = models.CharField(max_length=32, unique=True, default=new_invite_code)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    last_move_at = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(players__gte=2, players__lte=5), name="game_players_2_to_5"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_game_display()} ({self.status})"


class Seat(models.Model):
    """A player's place in a game. ``number`` is the engine's seat (turn order once started)."""

    class Status(models.TextChoices):
        PLAYING = "playing", "playing"
        RESIGNED = "resigned", "resigned"
        REMOVED = "removed", "removed"

    class Result(models.TextChoices):
        NONE = "", "-"
        WON = "won", "won"
        LOST = "lost", "lost"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    score = models.IntegerField(default=0)
    result = models.CharField(max_length=5, choices=Result.choices, default=Result.NONE, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="seat_number_unique_per_game"),
            models.UniqueConstraint(fields=["game", "user"], name="one_seat_per_user_per_game"),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of game {self.game_id}: {self.user}"


class Move(models.Model):
    """One entry of a game's append-only log: a turn as submitted, a forced discard, or a seat change."""

    class Kind(models.TextChoices):
        TURN = "turn", "turn"
        DISCARD = "discard", "discard (the tile fitted nowhere)"
        RESIGN = "resign", "resigned"
        REMOVE = "remove", "removed by a moderator"
        SETTLE = "settle", "settled by a moderator"
        ABORT = "abort", "aborted by a moderator"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    turn = models.JSONField(null=True, blank=True, help_text="the turn in record form")
    events = models.JSONField(default=list, blank=True, help_text="what this move scored")
    version = models.PositiveIntegerField(help_text="the game's version after this move")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="move_seq_unique_per_game")]

    def __str__(self) -> str:
        return f"game {self.game_id} move {self.seq}: {self.kind}"


class ModeratorAction(models.Model):
    """Who did what to which game or user, and when."""

    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    action = models.CharField(max_length=30)
    game = models.ForeignKey(Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="moderation")
    target = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="moderation_received")
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.moderator} {self.action} at {self.created_at:%Y-%m-%d %H:%M}"
