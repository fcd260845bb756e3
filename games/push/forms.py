"""The settings page's push choices."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class PushChoicesForm(forms.Form):
    """Per kind of event: pushed to my devices or not (the emails have their own choices above)."""

    turn = forms.BooleanField(label=_("Push when it is my turn"), required=False)
    reminder = forms.BooleanField(label=_("Push a reminder before a turn times out"), required=False)
    timeout = forms.BooleanField(label=_("Push when another player in my games times out"), required=False)
    ended = forms.BooleanField(label=_("Push when a game of mine ends"), required=False)
    chat = forms.BooleanField(label=_("Push the messages at my tables"), required=False)
