"""Everything that writes accounts: registration, email confirmation, settings, API tokens."""
from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any, Optional

from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from rest_framework.authtoken.models import Token

from .models import User

logger = logging.getLogger(__name__)

EMAIL_CONFIRM_SALT = "accounts.email_confirm"
EMAIL_CONFIRM_MAX_AGE = timedelta(days=3)
SETTINGS_FIELDS = frozenset({"display_name", "notify_turn", "notify_reminders", "time_zone"})


def user_register(*, username: str, email: str, password: str, display_name: str = "") -> User:
    """Create an account, or raise ValidationError keyed by field with every problem found."""
    user = User(username=username.strip(), email=User.objects.normalize_email(email.strip()),
                display_name=display_name.strip())
    errors: dict[str, list[str]] = {}
    try:
        # field rules only (username characters, lengths, email form); uniqueness is checked below in plain words
        user.full_clean(exclude=["password"], validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        errors.update(exc.message_dict)
    if "username" not in errors and User.objects.filter(username=user.username).exists():
        errors["username"] = ["A user with that username already exists."]
    if "email" not in errors and User.objects.filter(email__iexact=user.email).exists():
        errors["email"] = ["An account with that email address already exists."]
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
        raise ValidationError("A user with that username or email address already exists.") from None
    return user


def user_signup(*, username: str, email: str, password: str, display_name: str = "",
                request: Optional[HttpRequest] = None) -> User:
    """Register an account and send its confirmation email; a mail failure is logged, the account stays."""
    user = user_register(username=username, email=email, password=password, display_name=display_name)
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
        raise ValidationError("This confirmation link has expired; ask for a new one.", code="expired") from None
    except signing.BadSignature:
        raise ValidationError("This confirmation link is not valid.", code="invalid") from None
    user = User.objects.filter(pk=data.get("id")).first() if isinstance(data, dict) else None
    if user is None or user.email != data.get("email"):
        raise ValidationError("This confirmation link is for an email address that is no longer on the account.",
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
    except ValidationError:
        for name, value in original.items():  # leave the caller's object as it was
            setattr(user, name, value)
        raise
    user.save(update_fields=list(fields))
    return user


def auth_token_obtain(*, user: User) -> str:
    """The user's API token key, created on first use."""
    token, _ = Token.objects.get_or_create(user=user)
    return token.key
