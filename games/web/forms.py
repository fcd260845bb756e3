"""Forms of the game pages (shape only; the services and the engines decide)."""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, cast

from django import forms
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

from accounts.models import ComputerLevel
from games.i18n import game_choices as translated_game_choices
from games.models import MOVE_HOURS_CHOICES
from games.rules import choices as game_choices
from games.rules import engine, games
from games.rules.base import Engine

#: The computer's levels in the reader's words (the registry's bots and accounts' levels are the same three).
LEVEL_CHOICES = ComputerLevel.choices

#: The most seats any registered game allows (the seat lists are cut per game from the registry).
MOST_SEATS = 5


def option_field_name(game: str, option: str) -> str:
    """The form field of one game's option: each game's options have their own fields."""
    return f"option_{game}_{option}"


def seat_counts() -> dict[str, list[int]]:
    """The player counts each registered game allows, from its engine."""
    out = {}
    for name, _title in game_choices():
        eng: Engine[Any, Any] = engine(name)
        out[name] = list(range(eng.min_players, eng.max_players + 1))
    return out


def most_seats() -> int:
    """The most players any registered game allows."""
    return max((max(counts) for counts in seat_counts().values()), default=MOST_SEATS)


class GameForm(forms.Form):
    """What both lobby forms share: the game (the registry's list), how many play, and the chosen game's
    options. The seat list names every count some game allows; the page shows only the chosen game's (its
    ``data-counts``, static/js/lobby.js), and ``clean`` refuses the others in words."""

    game = forms.ChoiceField(label=_("Game"), choices=())
    seats_label = _("Players")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # "Only by invitation", not "Only by invitation:" by its box
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["game"]).choices = translated_game_choices()
        counts = seat_counts()
        self.fields["seats"] = forms.TypedChoiceField(
            label=self.seats_label, coerce=int, initial=2,
            choices=[(n, self.seats_words(n)) for n in range(2, most_seats() + 1)])
        self.fields["seats"].widget.attrs["data-counts"] = json.dumps(counts, separators=(",", ":"))
        self.add_option_fields()

    def seats_words(self, n: int) -> str:
        return ngettext("%(n)d player", "%(n)d players", n) % {"n": n}

    def add_option_fields(self) -> None:
        self.option_groups: list[tuple[str, list[str]]] = []
        for name, _title in game_choices():
            names = []
            for option in engine(name).options:
                field_name = option_field_name(name, option.name)
                # the engine's words, in the reader's language when a catalogue has them (games/locale)
                label, help_text = gettext(option.label), gettext(option.help) if option.help else ""
                if option.choices:
                    self.fields[field_name] = forms.TypedChoiceField(
                        label=label, choices=[(c, gettext(str(c))) for c in option.choices], initial=option.default,
                        coerce=type(option.default), help_text=help_text)
                else:
                    self.fields[field_name] = forms.BooleanField(label=label, required=False,
                                                                 initial=option.default, help_text=help_text)
                # the lobby shows a game's options only while that game is chosen (static/js/lobby.js)
                self.fields[field_name].widget.attrs["data-for-game"] = name
                names.append(field_name)
            if names:
                self.option_groups.append((name, names))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        game, seats = data.get("game"), data.get("seats")
        if game and seats is not None:
            eng: Engine[Any, Any] = engine(game)
            if not eng.min_players <= seats <= eng.max_players:
                self.add_error("seats", _("%(game)s is played by %(least)d to %(most)d players.") % {
                    "game": eng.title, "least": eng.min_players, "most": eng.max_players})
        return data

    def game_options(self) -> dict[str, Any]:
        """The chosen game's options, from a valid form."""
        game = self.cleaned_data["game"]
        return {option.name: self.cleaned_data[option_field_name(game, option.name)]
                for option in engine(game).options}

    def error_words(self) -> str:
        """The form's errors as one sentence for the lobby's message."""
        return " ".join(str(m) for errors in self.errors.values() for m in errors)


class GameCreateForm(GameForm):
    """A new game: which game, seats, time per move, privacy, computer seats, and the game's options."""

    field_order = ["game", "seats", "move_hours", "private", "rated", "computer_seats", "computer_level"]
    move_hours = forms.TypedChoiceField(label=_("Time per move"), choices=MOVE_HOURS_CHOICES, coerce=int, initial=72)
    private = forms.BooleanField(label=_("Only by invitation"), required=False)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    computer_seats = forms.TypedChoiceField(label=_("Seats for the computer"), coerce=int, initial=0, choices=())
    computer_level = forms.ChoiceField(label=_("Computer level"), choices=LEVEL_CHOICES,
                                       initial="medium", required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["game"]).initial = "ark"
        cast(forms.ChoiceField, self.fields["computer_seats"]).choices = (
            [(0, _("none"))] + [(n, str(n)) for n in range(1, most_seats())])
        self.order_fields(self.field_order)

    def computers(self) -> list[str]:
        """The levels of the computer seats asked for, from a valid form."""
        return [self.cleaned_data.get("computer_level") or "medium"] * self.cleaned_data["computer_seats"]


class PlayComputerForm(GameForm):
    """A game against the site's computer at once: the game, how many play (every seat but yours a computer),
    the level and the game's options. Its fields' ids differ from the new-game form's (both are on the lobby)."""

    field_order = ["game", "seats", "level"]
    level = forms.ChoiceField(label=_("Level"), choices=LEVEL_CHOICES, initial="medium")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "computer_%s")
        if args and args[0] is not None and "seats" not in args[0]:  # an older page or script: two players
            data = args[0].copy()
            data["seats"] = "2"
            args = (data, *args[1:])
        super().__init__(*args, **kwargs)
        self.order_fields(self.field_order)

    def seats_words(self, n: int) -> str:
        return ngettext("%(n)d: you + %(computers)d computer", "%(n)d: you + %(computers)d computers", n - 1) % {
            "n": n, "computers": n - 1}

    def computers(self) -> list[str]:
        """A computer of the chosen level in every seat but the player's."""
        return [self.cleaned_data["level"]] * (self.cleaned_data["seats"] - 1)


def lobby_forms() -> tuple[SafeString, SafeString]:
    """The lobby's two empty forms (a new game; a game against the computer) as HTML, in the active language."""
    return _lobby_forms(get_language(), tuple((name, engine(name)) for name in games()))


@lru_cache(maxsize=32)
def _lobby_forms(language: str, registered: tuple[tuple[str, Any], ...]) -> tuple[SafeString, SafeString]:
    """Drawn once per language and registry (``registered``: each game with its engine, so that a game
    registered or replaced draws them anew): an empty form is the same for every visitor, and Django draws each
    widget from a template, which made the two forms half of the lobby's time."""
    return GameCreateForm().as_div(), PlayComputerForm().as_div()
