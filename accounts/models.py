from functools import lru_cache
from zoneinfo import available_timezones

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower


@lru_cache(maxsize=1)
def time_zone_names() -> tuple[str, ...]:
    """The IANA time zone names this system knows, sorted."""
    return tuple(sorted(available_timezones()))


def validate_time_zone(value: str) -> None:
    """Reject a name that is not an IANA time zone, such as "Mars/Olympus"."""
    if value not in time_zone_names():
        raise ValidationError("“%(value)s” is not a known time zone.", code="invalid_time_zone",
                              params={"value": value})


class ReminderMode(models.TextChoices):
    """How reminders reach a player: one email per game, or one daily digest of every game waiting."""

    EACH = "each", "an email for each game when a fifth of the time is left"
    DIGEST = "digest", "one daily digest of every game waiting for me"


class User(AbstractUser):
    """A site account; players sign in with their username and are reached by email."""

    email = models.EmailField("email address", unique=True)
    display_name = models.CharField(max_length=50, blank=True)
    email_confirmed = models.BooleanField(default=False)
    notify_turn = models.BooleanField("email me when it is my turn", default=True)
    notify_reminders = models.BooleanField("email me reminders", default=True)
    reminder_mode = models.CharField("reminders", max_length=10, choices=ReminderMode.choices,
                                     default=ReminderMode.EACH)
    notify_timeouts = models.BooleanField("email me when another player times out", default=True)
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    # Set with is_active=False by the moderation service; ModelBackend and TokenAuthentication refuse inactive users.
    suspended_at = models.DateTimeField(null=True, blank=True)

    class Meta(AbstractUser.Meta):
        constraints = [
            # unique=True alone lets "Ann@example.com" and "ann@example.com" be two accounts
            models.UniqueConstraint(Lower("email"), name="accounts_user_email_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """The name shown to other players: the display name, else the username."""
        return self.display_name or self.username


class Vacation(models.Model):
    """Time away: while it runs, the clocks of the user's games stop (games.services.game_clock_pause).

    ``ends_at`` is when it ends by itself (the days asked for, or the allowance left for an open-ended one);
    ``ended_at`` is set when it ends, and ``days_used`` counts the time away rounded up to whole days.
    """

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="vacations")
    started_at = models.DateTimeField()
    ends_at = models.DateTimeField(help_text="when it ends by itself")
    days_planned = models.PositiveSmallIntegerField(null=True, blank=True, help_text="empty: until ended")
    ended_at = models.DateTimeField(null=True, blank=True)
    days_used = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        constraints = [
            models.UniqueConstraint(fields=["user"], condition=models.Q(ended_at__isnull=True),
                                    name="one_running_vacation_per_user"),
        ]

    def __str__(self) -> str:
        return f"vacation of {self.user} from {self.started_at:%Y-%m-%d}"
