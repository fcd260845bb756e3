"""Web Push: each device a player turned notifications on for, their choices per kind, and each push decided.

A push is decided and recorded (a pending ``PushMessage``) in the transaction that decides it, as an email is
(games/notifications/emails.py), and delivered afterwards by ``games.tasks.deliver_push``; the unique
``(user, key)`` makes each push at most once, and the push sweep queues a pending one again when its delivery
task was lost.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class PushSubscription(models.Model):
    """One browser's push subscription (the Push API's ``PushSubscription``) for one account.

    The endpoint is the push service's address for that browser; ``p256dh`` and ``auth`` are the keys the
    payload is encrypted to (RFC 8291). A push service that answers 404 or 410 has dropped it: it is deleted.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    # unique: a browser's subscription belongs to the account that subscribed it last (a shared computer)
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200, help_text="the browser's public key (base64url)")
    auth = models.CharField(max_length=100, help_text="the browser's authentication secret (base64url)")
    user_agent = models.CharField(max_length=300, blank=True, help_text="which browser, as it said when subscribing")
    created_at = models.DateTimeField(auto_now_add=True)
    last_sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)

    class Meta:
        ordering = ["user", "-id"]
        verbose_name = _("push subscription")

    def __str__(self) -> str:
        return f"push subscription {self.pk} of {self.user}"

    def info(self) -> dict[str, object]:
        """The subscription as the browser gives it (``PushSubscription.toJSON()``), for pywebpush."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class PushKind(models.TextChoices):
    """What a push is about: the events that send email, and a message at the table."""

    TURN = "turn", _("your turn")
    REMINDER = "reminder", _("reminder before the deadline")
    TIMEOUT = "timeout", _("another player timed out")
    ENDED = "ended", _("the game ended")
    CHAT = "chat", _("a message at the table")


class PushPreference(models.Model):
    """Which kinds of push a player wants (every device of theirs alike). The emails' choices are the account's
    own (``notify_turn``...): per kind a player has email, push, both or neither."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_preference")
    turn = models.BooleanField(_("push when it is my turn"), default=True)
    reminder = models.BooleanField(_("push a reminder before a turn times out"), default=True)
    timeout = models.BooleanField(_("push when another player in my games times out"), default=True)
    ended = models.BooleanField(_("push when a game of mine ends"), default=True)
    chat = models.BooleanField(_("push the messages at my tables"), default=False)

    def __str__(self) -> str:
        return f"push choices of {self.user}"

    def wants(self, kind: str) -> bool:
        return bool(getattr(self, kind))


class PushMessage(models.Model):
    """One push to one player (to each of their devices), recorded when decided, delivered after commit."""

    class Status(models.TextChoices):
        PENDING = "pending", "pending"
        SENT = "sent", "sent"
        SKIPPED = "skipped", "skipped (the game moved on, or no device)"
        FAILED = "failed", "failed"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_messages")
    kind = models.CharField(max_length=10, choices=PushKind.choices)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="push_messages")
    version = models.PositiveIntegerField(default=0, help_text="the game version it was decided for")
    key = models.CharField(max_length=80, help_text="what makes it once only, e.g. turn:12:0:7 (game, seat, version)")
    payload = models.JSONField(help_text="what the device shows: title, body, the game's address")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    delivered_to = models.JSONField(default=list, help_text="the subscriptions that took it (a retry skips them)")
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    due_at = models.DateTimeField(null=True, blank=True, help_text="while pending: when the sweep retries it")

    class Meta:
        ordering = ["-id"]
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="push_message_once")]
        indexes = [models.Index(fields=["due_at"], condition=models.Q(status="pending"), name="push_pending_due")]

    def __str__(self) -> str:
        return f"{self.kind} push to {self.user} ({self.status})"
