"""Everything that writes accounts: registration, email confirmation, settings, API tokens."""
from __future__ import annotations

import logging
import math
from datetime import datetime, timedelta
from typing import Any, Optional

from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, models, transaction
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.authtoken.models import Token

from .models import ComputerLevel, User, Vacation, time_zone_names
from .names import looks_like_computer, name_key

logger = logging.getLogger(__name__)

EMAIL_CONFIRM_SALT = "accounts.email_confirm"
EMAIL_CONFIRM_MAX_AGE = timedelta(days=3)
SETTINGS_FIELDS = frozenset({"display_name", "is_bot", "notify_turn", "notify_reminders", "reminder_mode",
                             "notify_timeouts", "time_zone", "language"})


def user_register(*, username: str, email: str, password: str, display_name: str = "", time_zone: str = "") -> User:
    """Create an account, or raise ValidationError keyed by field with every problem found. ``time_zone``: the
    browser's own, if it sent one this server knows (else UTC)."""
    user = User(username=username.strip(), email=User.objects.normalize_email(email.strip()),
                display_name=display_name.strip())
    if time_zone in time_zone_names():
        user.time_zone = time_zone
    errors: dict[str, list[str]] = {}
    try:
        # field rules only (username characters, lengths, email form); uniqueness is checked below in plain words
        user.full_clean(exclude=["password"], validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        errors.update(exc.message_dict)
    if "username" not in errors:
        problem = _username_problem(user.username)
        if problem:
            errors["username"] = [problem]
    if "display_name" not in errors and user.display_name:
        problem = display_name_problem(user, user.display_name)
        if problem:
            errors["display_name"] = [problem]
    if "email" not in errors and User.objects.filter(email__iexact=user.email).exists():
        errors["email"] = [_("An account with that email address already exists.")]
    try:
        validate_password(password, user)
    except ValidationError as exc:
        errors["password"] = exc.messages
    if errors:
        raise ValidationError(errors)
    user.set_password(password)
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:  # another request took the name or address between our check and the insert
        raise ValidationError(_("A user with that username or email address already exists.")) from None
    return user


COMPUTER_NAME = gettext_lazy("That name is kept for the site's computer players: choose another.")


def _username_problem(username: str) -> str:
    """Why a new account cannot have ``username`` (empty if it can): taken, too like a taken name or another
    player's display name, or a computer player's."""
    key = name_key(username)
    same = User.objects.filter(name_key=key).values_list("username", flat=True).first()
    if same == username:
        return _("A user with that username already exists.")
    if same is not None:  # another case, or letters that look alike: it would pass for that player
        return _("That username is too like an existing one (“%(name)s”): choose another.") % {"name": same}
    if looks_like_computer(username):
        return str(COMPUTER_NAME)
    shown = User.objects.filter(display_key=key).first()
    if shown is not None:
        return _("That username is too like another player's name (“%(name)s”): choose another.") % {
            "name": shown.name}
    return ""


def display_name_problem(user: User, display_name: str) -> str:
    """Why ``user`` may not be shown as ``display_name`` (empty if they may): it would pass for a computer
    player, or for another player's username or display name (any case, any lookalike letters)."""
    if looks_like_computer(display_name):
        return str(COMPUTER_NAME)
    key = name_key(display_name)
    others = User.objects.exclude(pk=user.pk) if user.pk is not None else User.objects.all()
    other = others.filter(models.Q(name_key=key) | models.Q(display_key=key)).first()
    if other is not None:
        name = other.username if other.name_key == key else other.display_name
        return _("That display name is too like another player's name (“%(name)s”): choose another.") % {
            "name": name}
    return ""


def user_signup(*, username: str, email: str, password: str, display_name: str = "", time_zone: str = "",
                request: Optional[HttpRequest] = None) -> User:
    """Register an account and send its confirmation email; a mail failure is logged, the account stays."""
    user = user_register(username=username, email=email, password=password, display_name=display_name,
                         time_zone=time_zone)
    try:
        email_confirmation_send(user=user, request=request)
    except Exception:  # the account exists; the user can ask for the email again from the settings page
        logger.exception("could not send the confirmation email to user %s", user.pk)
    return user


def email_confirmation_token(*, user: User) -> str:
    """A signed, URL-safe token naming the user and the address to confirm."""
    return signing.TimestampSigner(salt=EMAIL_CONFIRM_SALT).sign_object({"id": user.pk, "email": user.email})


def email_confirmation_send(*, user: User, request: Optional[HttpRequest] = None) -> None:
    """Email the user a link that confirms their address; the link is built from settings.SITE_URL."""
    # request is unused: the link always uses SITE_URL, so mail sent from a worker reads the same
    token = email_confirmation_token(user=user)
    context = {
        "user": user,
        "confirm_url": settings.SITE_URL.rstrip("/") + reverse("email_confirm", args=[token]),
        "site_url": settings.SITE_URL,
        "days": EMAIL_CONFIRM_MAX_AGE.days,
    }
    subject = render_to_string("accounts/email_confirm_subject.txt", context).strip()
    body = render_to_string("accounts/email_confirm_email.txt", context)
    send_mail(subject, body, None, [user.email])


def email_confirm(*, token: str) -> User:
    """Mark the address in a confirmation token as confirmed; raise ValidationError if the link is bad."""
    signer = signing.TimestampSigner(salt=EMAIL_CONFIRM_SALT)
    try:
        data: Any = signer.unsign_object(token, max_age=EMAIL_CONFIRM_MAX_AGE)
    except signing.SignatureExpired:
        raise ValidationError(_("This confirmation link has expired; ask for a new one."), code="expired") from None
    except signing.BadSignature:
        raise ValidationError(_("This confirmation link is not valid."), code="invalid") from None
    user_id = data.get("id") if isinstance(data, dict) else None
    user = User.objects.filter(pk=user_id).first() if isinstance(user_id, int) else None
    if user is None or user.email != data.get("email"):
        raise ValidationError(_("This confirmation link is for an email address that is no longer on the account."),
                              code="stale")
    if not user.email_confirmed:
        user.email_confirmed = True
        user.save(update_fields=["email_confirmed"])
    return user


def user_settings_update(*, user: User, **fields: Any) -> User:
    """Change a user's display name, notification choices or time zone after validating them."""
    unknown = set(fields) - SETTINGS_FIELDS
    if unknown:
        raise TypeError(f"user_settings_update: cannot set {', '.join(sorted(unknown))}")
    if not fields:
        return user
    if "display_name" in fields:
        fields["display_name"] = fields["display_name"].strip()
    original = {name: getattr(user, name) for name in fields}
    for name, value in fields.items():
        setattr(user, name, value)
    others = [field.name for field in User._meta.fields if field.name not in fields]
    try:
        user.full_clean(exclude=others, validate_unique=False, validate_constraints=False)
        if "display_name" in fields and user.display_name and user.display_name != original["display_name"]:
            problem = display_name_problem(user, user.display_name)  # a name kept as it was stays allowed
            if problem:
                raise ValidationError({"display_name": [problem]})
    except ValidationError:
        for name, value in original.items():  # leave the caller's object as it was
            setattr(user, name, value)
        raise
    user.save(update_fields=list(fields))
    return user


def auth_token_obtain(*, user: User) -> str:
    """The user's API token key, created on first use (and again after a password change revoked it). The
    site's computer players have none: they play from the server itself."""
    if user.computer_level:
        raise ValidationError(_("The site's computer players cannot log in."), code="computer")
    token, _created = Token.objects.get_or_create(user=user)
    return str(token.key)


def auth_token_revoke(*, user: User, key: str) -> None:
    """Revoke ``user``'s token ``key`` (logging out of the API)."""
    Token.objects.filter(user=user, key=key).delete()


# ----- unsubscribe links (every notification email has one) ---------------------------------------------
#: The kinds of email a link can turn off, and the preference each one clears.
UNSUBSCRIBE_KINDS = {"turn": "notify_turn", "reminder": "notify_reminders", "timeout": "notify_timeouts"}
UNSUBSCRIBE_NAMES = {"turn": gettext_lazy("“it is your turn” emails"),
                     "reminder": gettext_lazy("reminders and daily digests"),
                     "timeout": gettext_lazy("emails about other players timing out")}


def unsubscribe_token(*, user: User, kind: str) -> str:
    """A signed token naming the user and the kind of email; it turns that kind off without a log-in."""
    if kind not in UNSUBSCRIBE_KINDS:
        raise ValueError(f"no such kind of email: {kind}")
    return signing.dumps({"u": user.pk, "k": kind}, salt=settings.UNSUBSCRIBE_SALT, compress=True)


def unsubscribe_url(*, user: User, kind: str) -> str:
    """The absolute unsubscribe link of an email (SITE_URL, so mail from a worker reads the same)."""
    token = unsubscribe_token(user=user, kind=kind)
    return settings.SITE_URL.rstrip("/") + reverse("unsubscribe", args=[token])


def unsubscribe_read(*, token: str) -> tuple[User, str]:
    """The user and kind a token names; ValidationError if it was tampered with or names no one."""
    try:
        data: Any = signing.loads(token, salt=settings.UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        raise ValidationError(_("This unsubscribe link is not valid."), code="invalid") from None
    kind = data.get("k") if isinstance(data, dict) else None
    user = User.objects.filter(pk=data.get("u")).first() if kind in UNSUBSCRIBE_KINDS and data.get("u") else None
    if user is None or kind is None:
        raise ValidationError(_("This unsubscribe link is not valid."), code="invalid")
    return user, kind


def unsubscribe(*, token: str) -> tuple[User, str]:
    """Turn off the kind of email a token names (idempotent); returns the user and the kind."""
    user, kind = unsubscribe_read(token=token)
    field = UNSUBSCRIBE_KINDS[kind]
    User.objects.filter(pk=user.pk).update(**{field: False})
    setattr(user, field, False)
    return user, kind


# ----- vacations: a yearly allowance of days during which the user's clocks stop ---------------------------
def _now() -> datetime:
    from games.play import clock  # the site's clock (tests set it

    return clock.now()


def vacation_current(*, user: User) -> Optional[Vacation]:
    """The user's running vacation, if any."""
    return Vacation.objects.filter(user=user, ended_at__isnull=True).first()


def _days_away(start: datetime, end: datetime) -> int:
    """Time away in whole days, rounded up."""
    seconds = max((end - start).total_seconds(), 0)
    return math.ceil(seconds / 86400)


def vacation_days_left(*, user: User, at: Optional[datetime] = None) -> int:
    """Vacation days left this (UTC) year; a running vacation holds the days it may still run."""
    at = at or _now()
    used = 0
    for vacation in Vacation.objects.filter(user=user, started_at__year=at.year):
        if vacation.ended_at is not None:
            used += vacation.days_used or 0
        else:
            used += _days_away(vacation.started_at, vacation.ends_at)
    return max(settings.VACATION_DAYS_PER_YEAR - used, 0)


def vacation_start(*, user: User, days: Optional[int] = None) -> Vacation:
    """Go on vacation for ``days`` (None: until ended), capped by the days left; the user's clocks stop."""
    from games.play import services as game_services

    if days is not None and days < 1:
        raise ValidationError(_("A vacation lasts at least one day."), code="too_short")
    now = _now()
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # one start at a time per user
        if vacation_current(user=user) is not None:
            raise ValidationError(_("You are on vacation already."), code="running")
        left = vacation_days_left(user=user, at=now)
        if left < 1:
            raise ValidationError(_("You have no vacation days left this year."), code="no_days_left")
        length = min(days, left) if days is not None else left
        vacation = Vacation.objects.create(user=user, started_at=now, ends_at=now + timedelta(days=length),
                                           days_planned=None if days is None else length)
    for game_id in game_services.games_waiting_for(user):
        game_services.game_clock_pause(game_id=game_id, user=user)
    return vacation


def vacation_end(*, user: User, at: Optional[datetime] = None) -> Optional[Vacation]:
    """End the user's vacation (early, or when it runs out at ``at``); their clocks run again from now.

    The days used are the time away rounded up to whole days. Returns None if no vacation was running.
    """
    from games.play import services as game_services

    now = _now()
    with transaction.atomic():
        vacation = Vacation.objects.select_for_update().filter(user=user, ended_at__isnull=True).first()
        if vacation is None:
            return None
        vacation.ended_at = min(at or now, vacation.ends_at)
        vacation.days_used = _days_away(vacation.started_at, vacation.ended_at)
        vacation.save(update_fields=["ended_at", "days_used"])
    for game_id in game_services.games_waiting_for(user):
        game_services.game_clock_resume(game_id=game_id, user=user)
    return vacation


def vacations_end_due() -> int:
    """End the vacations whose time is up (the periodic sweep); returns how many ended."""
    ended = 0
    due = Vacation.objects.filter(ended_at__isnull=True, ends_at__lte=_now()).select_related("user")
    for vacation in list(due):
        if vacation_end(user=vacation.user, at=vacation.ends_at) is not None:
            ended += 1
    return ended


# ----- computer players (games/computer/) -------------------------------------------------------------------
def computer_username(level: str, number: int = 1) -> str:
    """A computer's username: "computer~easy", "computer~easy~2". No person can sign up with such a name
    (usernames take letters, digits and @ . + - _ only; no character that a person may use looks like "~"),
    nor with one like it (``names.looks_like_computer``)."""
    return f"computer~{level}" + (f"~{number}" if number > 1 else "")


def computer_player(*, level: str, number: int = 1) -> User:
    """The site's computer player at ``level`` (one account per level and place at a table: a game with two
    computers of a level seats "Computer (easy)" and "Computer (easy) 2"); made on first use.

    Found by what it is, its level and place, never by a name: an account a person named "computer-easy" is a
    person. Its email's domain has an underscore, which no address a person signs up with may have.
    """
    if level not in ComputerLevel.values:
        raise ValidationError(f"a computer plays easy, medium or hard, not {level!r}")
    if number < 1:
        raise ValidationError(f"computers are numbered from 1, not {number}")
    display = f"Computer ({level})" + (f" {number}" if number > 1 else "")
    user, created = User.objects.get_or_create(computer_level=level, computer_seat=number, defaults={
        "username": computer_username(level, number), "email": f"{level}-{number}@computer_players.invalid",
        "display_name": display})
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user
