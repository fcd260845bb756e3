"""Forms of the game pages (shape only; the services decide)."""
from django import forms

from .models import GAME_CHOICES, MOVE_HOURS_CHOICES


class GameCreateForm(forms.Form):
    game = forms.ChoiceField(choices=GAME_CHOICES, initial="ark")
    seats = forms.TypedChoiceField(choices=[(n, f"{n} players") for n in range(2, 6)], coerce=int, initial=2)
    move_hours = forms.TypedChoiceField(label="Time per move", choices=MOVE_HOURS_CHOICES, coerce=int, initial=72)
    private = forms.BooleanField(label="Only by invitation", required=False)
