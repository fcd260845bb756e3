"""Games, their seats and the append-only move log. The rules live in games/rules; these only store."""
from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.i18n import game_display
from games.rules import choices as game_choices  # the registry: the one list of games

MOVE_HOURS_CHOICES = [(24, _("1 day")), (48, _("2 days")), (72, _("3 days")), (120, _("5 days")),
                      (168, _("7 days")), (336, _("14 days"))]


def new_invite_code() -> str:
    """An unguessable code for the invitation link of a game."""
    return secrets.token_urlsafe(18)


def new_seed() -> int:
    """The secret seed of a game's shuffles (seat order and the pile)."""
    return secrets.randbits(62)


class Game(models.Model):
    """One game: its options, status, the engine state (secret: never sent as is) and version."""

    class Status(models.TextChoices):
        OPEN = "open", _("waiting for players")
        ACTIVE = "active", _("in play")
        FINISHED = "finished", _("finished")
        ABORTED = "aborted", _("aborted")

    game = models.CharField(max_length=20, choices=game_choices)
    get_game_display = game_display  # Django's own, in the reader's language (games/i18n.py)

    players = models.PositiveSmallIntegerField(help_text="number of seats, 2 to 5")
    options = models.JSONField(default=dict, blank=True, help_text="the game's options chosen at creation")
    move_hours = models.PositiveIntegerField(choices=MOVE_HOURS_CHOICES, default=72)
    private = models.BooleanField(default=False, help_text="joined only through the invitation link")
    rated = models.BooleanField(default=False, help_text="its result changes the players' ratings (games/ratings)")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    state = models.JSONField(default=dict, blank=True, help_text="engine state, pile included: never shown")
    # The entry being played (games/play/turns.py): its steps so far (chance ones included), how many of them
    # stand (a chance step showed hidden information), and the state before its first player step. Null
    # between entries. Secret like ``state``: only the mover's own view shows what it holds.
    turn = models.JSONField(null=True, blank=True, help_text="the turn in progress: never shown as is")
    seed = models.BigIntegerField(default=new_seed)
    version = models.PositiveIntegerField(default=0)
    current_seat = models.SmallIntegerField(null=True, blank=True)
    # ``deadline`` and ``last_move_at`` change on every turn and are not indexed: that way a turn's update of
    # the row is a HOT update in PostgreSQL, touching no index (timeouts are found through Notice.due_at).
    deadline = models.DateTimeField(null=True, blank=True)
    invite_code = models.CharField(max_length=32, unique=True, default=new_invite_code)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_created")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    last_move_at = models.DateTimeField(null=True, blank=True)
    # While the player to move is on vacation the clock stops: ``deadline`` is empty and this holds the
    # time they will have when they come back (accounts.Vacation; games.play.services.game_clock_pause).
    time_left = models.DurationField(null=True, blank=True,
                                     help_text="time left for the move while the clock is stopped (vacation)")

    others: str  # set by the lobby's page for its list, never stored: "with Ann and Bob"

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
        PLAYING = "playing", _("playing")
        RESIGNED = "resigned", _("resigned")
        REMOVED = "removed", _("removed")

    class Result(models.TextChoices):
        NONE = "", "-"
        WON = "won", _("won")
        LOST = "lost", _("lost")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    score = models.IntegerField(default=0)
    result = models.CharField(max_length=5, choices=Result.choices, default=Result.NONE, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    timeouts = models.PositiveSmallIntegerField(
        default=0, help_text="timeouts in a row: the server played for this seat; reset when the player moves")

    # Annotated when a change reads the seats of the game it locked (games/play/change.py), never stored.
    away: bool

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="seat_number_unique_per_game"),
            models.UniqueConstraint(fields=["game", "user"], name="one_seat_per_user_per_game"),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of game {self.game_id}: {self.user}"


class Move(models.Model):
    """One entry of a game's append-only log: a turn played, a forced entry, or a seat change.

    ``steps`` are the actions applied, chance ones included, in order: replaying them (and the seat changes)
    from the seed gives the game's state exactly. ``turn`` is the same entry in the game's record form.
    """

    class Kind(models.TextChoices):
        TURN = "turn", "turn"
        TIMEOUT = "timeout", "timeout (the server played for an absent player)"
        FORCED = "forced", "forced (chance alone decided it, such as a tile that fits nowhere)"
        RESIGN = "resign", "resigned"
        REMOVE = "remove", "removed by a moderator"
        SETTLE = "settle", "settled by a moderator"
        ABORT = "abort", "aborted by a moderator"

    # no index of its own: the unique (game, seq) constraint's index serves lookups by game
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves", db_index=False)
    seq = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    turn = models.JSONField(null=True, blank=True, help_text="the entry in record form (null for seat changes)")
    steps = models.JSONField(default=list, blank=True, help_text="the actions applied, chance ones included")
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


class Notice(models.Model):
    """Something due at a time for the player to move: a turn email, a reminder, the timeout; or, for a
    computer seat, its step.

    Rows, not broker countdowns: ``games.tasks.sweep_due_notices`` runs every minute and hands the due ones
    to tasks. A notice belongs to one game version; a move closes it. While the player is on vacation
    ``due_at`` is empty and ``remaining`` holds the time that was left. A computer's step is queued as soon as
    its turn commits; its notice falls due only if the step has not been made ``COMPUTER_STEP_PATIENCE_SECONDS``
    later (the queued task was lost), and the sweep queues it again.
    """

    class Kind(models.TextChoices):
        TURN_EMAIL = "turn_email", "turn email"
        REMINDER = "reminder", "reminder"
        TIMEOUT = "timeout", "timeout"
        COMPUTER = "computer", "computer's step"

    # no index of its own: the unique (game, seat, kind, version) constraint's index serves lookups by game
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notices", db_index=False)
    seat = models.SmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    version = models.PositiveIntegerField(help_text="the game version this notice was made for")
    due_at = models.DateTimeField(null=True, blank=True, help_text="empty while the clock is stopped")
    remaining = models.DurationField(null=True, blank=True, help_text="time left when the clock stopped")
    attempts = models.PositiveSmallIntegerField(default=0)
    done_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["due_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat", "kind", "version"], name="notice_once_per_turn"),
        ]
        indexes = [
            models.Index(fields=["due_at"], condition=models.Q(done_at__isnull=True), name="notice_open_due"),
            # a turn closes its game's open notices: found directly, not among every notice the game ever had
            models.Index(fields=["game"], condition=models.Q(done_at__isnull=True), name="notice_open_by_game"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for seat {self.seat} of game {self.game_id} v{self.version}"


class SentEmail(models.Model):
    """One notification email: recorded (pending) in the transaction that decides to send it, sent after.

    The unique constraints make every email at most once: per game, seat, kind and version, and a
    digest per user and day. A failed send is retried on the same row; a lost delivery task is queued again
    by the email sweep (``due_at``).
    """

    class Kind(models.TextChoices):
        TURN = "turn", "your turn"
        REMINDER = "reminder", "reminder"
        TIMEOUT = "timeout", "a player timed out"
        DIGEST = "digest", "daily digest"

    class Status(models.TextChoices):
        PENDING = "pending", "pending"
        SENT = "sent", "sent"
        SKIPPED = "skipped", "skipped (the game moved on)"
        FAILED = "failed", "failed"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sent_emails")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, blank=True, related_name="sent_emails")
    seat = models.SmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    day = models.DateField(null=True, blank=True, help_text="the user's local day (digests)")
    to = models.EmailField()
    subject = models.CharField(max_length=200)
    body_text = models.TextField()
    body_html = models.TextField(blank=True)
    unsubscribe_url = models.URLField(max_length=500)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    # A pending email's delivery is queued after the commit that recorded it; if it has not been sent by this
    # time (the task was lost: a worker killed, the broker down) the email sweep queues it again.
    due_at = models.DateTimeField(null=True, blank=True, help_text="while pending: when the sweep retries it")

    class Meta:
        ordering = ["-id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat", "kind", "version"], condition=models.Q(game__isnull=False),
                                    name="sent_email_once_per_game_seat_kind_version"),
            models.UniqueConstraint(fields=["user", "kind", "day"], condition=models.Q(day__isnull=False),
                                    name="sent_email_once_per_user_kind_day"),
        ]
        indexes = [models.Index(fields=["due_at"], condition=models.Q(status="pending"), name="sent_email_pending_due")]

    def __str__(self) -> str:
        return f"{self.kind} email to {self.to} ({self.status})"
