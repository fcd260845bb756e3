"""Forms of the game pages (shape only; the services and the engines decide)."""
from __future__ import annotations

from typing import Any, cast

from django import forms

from games.models import MOVE_HOURS_CHOICES
from games.rules import choices as game_choices
from games.rules import engine
from games.rules.bots import LEVELS


def option_field_name(game: str, option: str) -> str:
    """The form field of one game's option: each game's options have their own fields."""
    return f"option_{game}_{option}"


class GameCreateForm(forms.Form):
    """A new game: which game (the registry's list), seats, time per move, privacy, and the game's options."""

    game = forms.ChoiceField(choices=(), initial="ark")
    seats = forms.TypedChoiceField(choices=[(n, f"{n} players") for n in range(2, 6)], coerce=int, initial=2)
    move_hours = forms.TypedChoiceField(label="Time per move", choices=MOVE_HOURS_CHOICES, coerce=int, initial=72)
    private = forms.BooleanField(label="Only by invitation", required=False)
    rated = forms.BooleanField(label="Rated", required=False, initial=True)
    computer_seats = forms.TypedChoiceField(label="Seats for the computer", coerce=int, initial=0,
                                            choices=[(0, "none")] + [(n, str(n)) for n in range(1, 5)])
    computer_level = forms.ChoiceField(label="Computer level", choices=[(lv, lv) for lv in LEVELS],
                                       initial="medium", required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # "Only by invitation", not "Only by invitation:" by its box
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["game"]).choices = game_choices()
        self.option_groups: list[tuple[str, list[str]]] = []
        for name, _ in game_choices():
            names = []
            for option in engine(name).options:
                field_name = option_field_name(name, option.name)
                if option.choices:
                    self.fields[field_name] = forms.TypedChoiceField(
                        label=option.label, choices=[(c, str(c)) for c in option.choices], initial=option.default,
                        coerce=type(option.default), help_text=option.help)
                else:
                    self.fields[field_name] = forms.BooleanField(label=option.label, required=False,
                                                                 initial=option.default, help_text=option.help)
                # the lobby shows a game's options only while that game is chosen (static/js/lobby.js)
                self.fields[field_name].widget.attrs["data-for-game"] = name
                names.append(field_name)
            if names:
                self.option_groups.append((name, names))

    def computers(self) -> list[str]:
        """The levels of the computer seats asked for, from a valid form."""
        return [self.cleaned_data.get("computer_level") or "medium"] * self.cleaned_data["computer_seats"]

    def game_options(self) -> dict[str, Any]:
        """The chosen game's options, from a valid form."""
        game = self.cleaned_data["game"]
        return {option.name: self.cleaned_data[option_field_name(game, option.name)]
                for option in engine(game).options}


class PlayComputerForm(forms.Form):
    """One click to a two-player game against the site's computer."""

    game = forms.ChoiceField(choices=())
    level = forms.ChoiceField(choices=[(lv, lv) for lv in LEVELS], initial="medium")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["game"]).choices = game_choices()
