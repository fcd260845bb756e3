from functools import lru_cache
from typing import Any, ClassVar
from zoneinfo import available_timezones

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.contrib.auth.models import UserManager as DjangoUserManager
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from accounts.names import name_key, validate_display_name


@lru_cache(maxsize=1)
def time_zone_names() -> tuple[str, ...]:
    """The IANA time zone names this system knows, sorted."""
    return tuple(sorted(available_timezones()))


def validate_time_zone(value: str) -> None:
    """Reject a name that is not an IANA time zone, such as "Mars/Olympus"."""
    if value not in time_zone_names():
        raise ValidationError(_("“%(value)s” is not a known time zone."), code="invalid_time_zone",
                              params={"value": value})


class ReminderMode(models.TextChoices):
    """How reminders reach a player: one email per game, or one daily digest of every game waiting."""

    EACH = "each", _("an email for each game when a fifth of the time is left")
    DIGEST = "digest", _("one daily digest of every game waiting for me")


class UserManager(DjangoUserManager["User"]):
    def get_by_natural_key(self, username: str | None) -> "User":
        """The account of ``username`` as typed, or else of the name it stands for (any case, any lookalike):
        log-in finds the one account a name can mean."""
        found = self.filter(username=username).first()
        if found is None:
            found = self.filter(name_key=name_key(username or "")).order_by("pk").first()
        if found is None:
            raise self.model.DoesNotExist
        return found


class ComputerLevel(models.TextChoices):
    """How well a computer player plays (games/rules/bots.py)."""

    EASY = "easy", _("easy")
    MEDIUM = "medium", _("medium")
    HARD = "hard", _("hard")


class User(AbstractUser):
    """A site account; players sign in with their username and are reached by email."""

    email = models.EmailField("email address", unique=True)
    display_name = models.CharField(max_length=50, blank=True, validators=[validate_display_name])
    # The username's case-folded confusable skeleton (accounts/names.py): unique, so that no one can take a
    # name another would be mistaken for ("U01" beside "u01", a Cyrillic "аlice" beside "alice").
    name_key = models.CharField(max_length=600, unique=True, editable=False)
    email_confirmed = models.BooleanField(default=False)
    notify_turn = models.BooleanField("email me when it is my turn", default=True)
    notify_reminders = models.BooleanField("email me reminders", default=True)
    reminder_mode = models.CharField("reminders", max_length=10, choices=ReminderMode.choices,
                                     default=ReminderMode.EACH)
    notify_timeouts = models.BooleanField("email me when another player times out", default=True)
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    # Set with is_active=False by the moderation service; ModelBackend and TokenAuthentication refuse inactive users.
    suspended_at = models.DateTimeField(null=True, blank=True)
    # A computer player of the site's own (games/computer/): it moves by itself, never times out, gets no email.
    # Found by (level, seat) and never by its name (accounts.services.computer_player); it cannot log in.
    computer_level = models.CharField(max_length=10, blank=True, choices=ComputerLevel.choices,
                                      help_text="a computer player of the site, at this level (empty: a person)")
    computer_seat = models.PositiveSmallIntegerField(
        null=True, blank=True, editable=False,
        help_text="which of the computers of its level it is: the Nth computer of a level at one table")
    # The display name's key (accounts/names.py ``name_key``), so that no one takes a name another player
    # is shown by.
    display_key = models.CharField(max_length=600, blank=True, db_index=True, editable=False)
    # A bot account: a program of the user's own that plays through the API; shown as a bot to everyone.
    is_bot = models.BooleanField("bot account", default=False,
                                 help_text="the account is played by a program through the API")
    # The language the site speaks to the player (docs/i18n.md): "" follows the browser's Accept-Language;
    # else one of settings.LANGUAGES, chosen on the settings page, the API or the language switcher.
    language = models.CharField(max_length=10, blank=True, default="", choices=settings.LANGUAGES)
    # The language of the player's latest signed-in page (accounts/middleware.py), written only when it changes:
    # emails and pushes reach a player who never chose in the language their browser last asked for.
    last_language = models.CharField(max_length=10, blank=True, default="", editable=False)

    class Meta(AbstractUser.Meta):
        constraints = [
            # unique=True alone lets "Ann@example.com" and "ann@example.com" be two accounts
            models.UniqueConstraint(Lower("email"), name="accounts_user_email_ci_unique"),
            models.UniqueConstraint(fields=["computer_level", "computer_seat"], name="one_computer_per_level_and_seat",
                                    condition=models.Q(computer_seat__isnull=False)),
        ]

    def __str__(self) -> str:
        return self.name

    def set_password(self, raw_password: str | None) -> None:
        """A new password also revokes the account's API tokens once it is saved (a stolen token dies with the
        old password; the user asks for a new one)."""
        super().set_password(raw_password)
        self._revoke_tokens = True

    objects: ClassVar[UserManager] = UserManager()

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_key = name_key(self.username)
        self.display_key = name_key(self.display_name) if self.display_name else ""
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "username" in update_fields:
            kwargs["update_fields"] = update_fields = {*update_fields, "name_key"}
        if update_fields is not None and "display_name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "display_key"}
        super().save(*args, **kwargs)
        if getattr(self, "_revoke_tokens", False):
            from django.db import transaction
            from rest_framework.authtoken.models import Token

            from games.play.signals import account_sessions_changed

            Token.objects.filter(user=self).delete()
            self._revoke_tokens = False
            # the sessions opened with the old password are void: their sockets close (games/live)
            user_id = self.pk
            transaction.on_commit(lambda: account_sessions_changed.send(sender=type(self), user_id=user_id))

    @property
    def name(self) -> str:
        """The name shown to other players: the display name, else the username."""
        return self.display_name or self.username

    @property
    def kind(self) -> str:
        """What plays this account: "computer" (the site's), "bot" (a program through the API) or "person"."""
        return "computer" if self.computer_level else "bot" if self.is_bot else "person"

    @property
    def reading_language(self) -> str:
        """The language to write to this player in when they are not reading a page (emails, pushes): their
        choice, else their browser's latest, else the site's default."""
        return self.language or self.last_language or settings.LANGUAGE_CODE


class Vacation(models.Model):
    """Time away: while it runs, the clocks of the user's games stop (games.play.services.game_clock_pause).

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


def signed_in(request: Any) -> User:
    """The account of a request its view admits only when logged in (a login-required page, an API view with
    the default permission): typed as the site's User."""
    user = request.user
    assert isinstance(user, User), "a view for logged-in users only"
    return user
