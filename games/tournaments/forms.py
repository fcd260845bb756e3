"""The form of a new tournament (shape only; the service decides): the game, its options and players per
table from the registry (the lobby's game form), the format, time per move, rating, start and invitation."""
from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.tournaments.models import DAYS_PER_MOVE, Tournament
from games.web.forms import GameForm


class TournamentForm(GameForm):
    seats_label = _("Players per table")
    field_order = ["name", "game", "kind", "seats", "rounds", "days_per_move", "rated", "start_players", "starts_at",
                   "max_players", "invitation_only"]

    name = forms.CharField(label=_("Name"), max_length=80, required=False)
    kind = forms.ChoiceField(label=_("Format"), choices=Tournament.Kind.choices, initial=Tournament.Kind.SWISS)
    rounds = forms.IntegerField(label=_("Rounds (Swiss)"), min_value=1, max_value=20, required=False, initial=3)
    days_per_move = forms.TypedChoiceField(label=_("Time per move"), choices=DAYS_PER_MOVE, coerce=int, initial=3)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    start_players = forms.IntegerField(label=_("Starts when this many have joined"), min_value=2, max_value=64,
                                       required=False, initial=8)
    starts_at = forms.DateTimeField(label=_("Or starts at (UTC)"), required=False,
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    max_players = forms.IntegerField(label=_("Most players"), min_value=2, max_value=64, required=False)
    invitation_only = forms.BooleanField(label=_("Only by invitation"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.order_fields(self.field_order)

    def seats_words(self, n: int) -> str:
        return ngettext("%(n)s at a table", "%(n)s at a table", n) % {"n": n}
