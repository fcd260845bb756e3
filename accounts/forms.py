"""Page forms: they check the shape of what was typed; the services decide."""
from __future__ import annotations

from typing import Any, cast

from django import forms
from django.conf import settings
from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from games.chat.selectors import muted as chat_muted

from .models import ReminderMode, User, time_zone_names


class PlainLabels:
    """Labels without Django's trailing colon (a checkbox reads "Email me when it is my turn", not "...turn:")."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)  # type: ignore[call-arg]


class SignUpForm(PlainLabels, forms.Form):
    """Username, email, optional display name and the password twice."""

    username = forms.CharField(label=_("Username"), max_length=150,
                               help_text=_("Letters, digits and @ . + - _ only; you log in with it."),
                               widget=forms.TextInput(attrs={"autocomplete": "username", "autofocus": True}))
    email = forms.EmailField(label=_("Email"), max_length=254,
                             help_text=_("We send a confirmation link and, if you want, turn reminders."),
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    display_name = forms.CharField(label=_("Display name"), max_length=50, required=False,
                                   help_text=_("Shown to other players; your username if left empty."))
    password = forms.CharField(label=_("Password"), strip=False,
                               help_text=lazy(password_validation.password_validators_help_text_html, str)(),
                               widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))
    password_confirm = forms.CharField(label=_("Password again"), strip=False,
                                       widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}))
    # the browser's time zone, filled in by static/js/timezone.js; the settings page can change it
    time_zone = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput(attrs={"data-time-zone": ""}))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("password") and data.get("password_confirm") and data["password"] != data["password_confirm"]:
            self.add_error("password_confirm", _("The two passwords differ."))
        return data

    def add_service_error(self, error: ValidationError) -> None:
        """Show a service's ValidationError next to the fields it names, or above the form."""
        if not hasattr(error, "error_dict"):
            self.add_error(None, error)
            return
        for field, messages in error.message_dict.items():
            self.add_error(field if field in self.fields else None, messages)


class UserSettingsForm(PlainLabels, forms.Form):
    """What a player may change about their account on the settings page."""

    display_name = forms.CharField(label=_("Display name"), max_length=50, required=False,
                                   help_text=_("Shown to other players; your username if left empty."))
    is_bot = forms.BooleanField(label=_("This is a bot account (a program of mine plays it through the API)"),
                                required=False)
    notify_turn = forms.BooleanField(label=_("Email me when it is my turn"), required=False)
    notify_reminders = forms.BooleanField(label=_("Email me reminders before a turn times out"), required=False)
    # not required: a form without it (an older page, a script) keeps the present choice
    reminder_mode = forms.ChoiceField(label=_("Reminders come as"), choices=ReminderMode.choices, required=False,
                                      widget=forms.RadioSelect)
    notify_timeouts = forms.BooleanField(label=_("Email me when another player in my games times out"),
                                         required=False)
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=(),
                                  help_text=_("Deadlines and dates are shown in this time zone."))
    # "": follow the browser; the languages by their own names (a reader lost in a language finds their own)
    language = forms.ChoiceField(label=_("Language"), required=False,
                                 choices=[("", _("The browser's language")), *settings.LANGUAGES])
    mute_chat = forms.BooleanField(label=_("Mute the table chat of every game"), required=False,
                                   help_text=_("No messages on the game pages, live or in emails (games/chat)."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["time_zone"]).choices = [(name, name.replace("_", " ")) for name in time_zone_names()]

    @classmethod
    def for_user(cls, user: User, data: Any = None) -> "UserSettingsForm":
        """The form filled with the user's present settings."""
        initial = {name: getattr(user, name) for name in ("display_name", "is_bot", "notify_turn", "notify_reminders",
                                                            "reminder_mode", "notify_timeouts", "time_zone",
                                                            "language")}
        initial["mute_chat"] = chat_muted(user)
        return cls(data=data, initial=initial)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("reminder_mode"):
            data.pop("reminder_mode", None)
        if "language" not in self.data:  # a form from before the choice existed keeps the present one
            data.pop("language", None)
        return data


class VacationStartForm(PlainLabels, forms.Form):
    """How long to be away: a number of days, or empty for "until I end it" (capped by the days left)."""

    days = forms.IntegerField(label=_("Days"), min_value=1, max_value=366, required=False,
                              help_text=_("Leave empty to stay away until you end it (at most the days you have "
                                          "left)."))
