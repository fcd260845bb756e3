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


class User(AbstractUser):
    """A site account; players sign in with their username and are reached by email."""

    email = models.EmailField("email address", unique=True)
    display_name = models.CharField(max_length=50, blank=True)
    email_confirmed = models.BooleanField(default=False)
    notify_turn = models.BooleanField("email me when it is my turn", default=True)
    notify_reminders = models.BooleanField("email me reminders", default=True)
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
