"""Correspondence tournaments: one game with its options, round robin or Swiss, played in rounds of tables;
each table is a game of the site (games.Game), started by the tournament and played as any other."""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.i18n import game_display
from games.models import Game
from games.rules import choices as game_choices

DAYS_PER_MOVE = [(1, _("1 day")), (2, _("2 days")), (3, _("3 days")), (5, _("5 days")), (7, _("7 days")),
                 (14, _("14 days"))]


def new_code() -> str:
    """The unguessable code of a tournament's invitation link."""
    return secrets.token_urlsafe(18)


class Tournament(models.Model):
    """A tournament: its game and options, its format, how it starts, and where it stands."""

    class Kind(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("round robin")
        SWISS = "swiss", _("Swiss")

    class Status(models.TextChoices):
        OPEN = "open", _("taking players")
        RUNNING = "running", _("in play")
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled")

    name = models.CharField(_("name"), max_length=80)
    game = models.CharField(_("game"), max_length=20, choices=game_choices)
    get_game_display = game_display  # Django's own, in the reader's language (games/i18n.py)

    options = models.JSONField(default=dict, blank=True, help_text="the game's options, as its engine checked them")
    kind = models.CharField(_("format"), max_length=12, choices=Kind.choices)
    per_table = models.PositiveSmallIntegerField(_("players per table"), default=2)
    days_per_move = models.PositiveSmallIntegerField(_("days per move"), choices=DAYS_PER_MOVE, default=3)
    rated = models.BooleanField(_("rated"), default=True)
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True,
                                              help_text="Swiss: the number of rounds; round robin: set at the start")
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    start_players = models.PositiveSmallIntegerField(_("starts with"), null=True, blank=True,
                                                     help_text="starts as soon as this many have joined")
    max_players = models.PositiveSmallIntegerField(_("most players"), default=32)
    invitation_only = models.BooleanField(_("by invitation only"), default=False)
    invite_code = models.CharField(max_length=32, unique=True, default=new_code)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    current_round = models.PositiveSmallIntegerField(default=0)
    plan = models.JSONField(default=list, blank=True,
                            help_text="round robin: every round's tables of user ids, drawn at the start")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(per_table__gte=2, per_table__lte=5),
                                   name="tournament_per_table_2_to_5"),
            models.CheckConstraint(condition=models.Q(starts_at__isnull=False) | models.Q(start_players__isnull=False),
                                   name="tournament_has_a_start"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_game_display()}, {self.get_kind_display()})"

    @property
    def move_hours(self) -> int:
        return self.days_per_move * 24


class Entry(models.Model):
    """A player in a tournament; one who withdrew (or was removed from a game of it) is left out of later
    rounds, their results so far standing."""

    class Left(models.TextChoices):
        NO = "", "-"
        WITHDREW = "withdrew", _("withdrew")
        REMOVED = "removed", _("removed from a game (timeouts or a moderator)")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries")
    joined_at = models.DateTimeField(auto_now_add=True)
    left = models.CharField(max_length=10, choices=Left.choices, default=Left.NO, blank=True)
    left_round = models.PositiveSmallIntegerField(null=True, blank=True, help_text="the round during which they left")

    class Meta:
        ordering = ["tournament", "joined_at", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="tournament_entry_once")]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament_id}"


class Table(models.Model):
    """One table of a round: a game of the site started by the tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    round = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="tournament_table")

    class Meta:
        ordering = ["tournament", "round", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "round", "number"], name="tournament_table_once")]

    def __str__(self) -> str:
        return f"round {self.round} table {self.number} of {self.tournament_id}"


class Bye(models.Model):
    """A player who sits out a round (an odd count at tables of two)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="byes")
    round = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["tournament", "round"]
        constraints = [models.UniqueConstraint(fields=["tournament", "round", "user"], name="tournament_bye_once")]

    def __str__(self) -> str:
        return f"bye for {self.user} in round {self.round} of {self.tournament_id}"
