"""Iwari's actions: small frozen values with a dict form (``"type"`` key).

A turn (one record entry, docs/records/iwari.md) is a sequence of steps:

- ``place`` (a tent on a space, or a totem, in one territory, paid with 1 or 2 cards), once or twice, then
  ``done`` if a second piece was possible but the player stops; or ``exchange`` (one card); or ``pass``;
- ``third`` (two players): the third tribe's placements with the cards left in hand;
- ``draw-deck`` then the chance step ``card`` (the card drawn, seen by the drawer only), or ``take-display``
  then the chance step ``refill`` (the card turned up in its place), until the hand is refilled;
- ``feat`` (with the feats option): where an earned feat goes.

Chance steps (``card``, ``refill``) show hidden cards: the site undoes a turn only back to the last of them.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..base import InvalidActionError, quoted
from ..words import Words, text
from .cards import BIOME_INDEX, BIOMES

PIECES = ("tent", "totem")
FEATS = ("union", "discovery", "honour", "respect")  # rules/iwari.md section 13, in the order they are checked


@dataclass(frozen=True, slots=True)
class Placement:
    """One piece placed: ``piece`` in ``territory`` (a tent ``at`` a tent space), paid with the cards ``pay``."""

    piece: str
    territory: str
    at: str | None
    pay: tuple[str, ...]
    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "piece": self.piece, "territory": self.territory}
        if self.at is not None:
            out["at"] = self.at
        out["pay"] = list(self.pay)
        return out


@dataclass(frozen=True, slots=True)
class Place(Placement):
    """The player's own piece (rules/iwari.md section 3A)."""

    type: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Third(Placement):
    """A third-tribe piece, paid with the cards left in hand (rules/iwari.md section 6)."""

    type: ClassVar[str] = "third"


@dataclass(frozen=True, slots=True)
class Done:
    """Stop after one piece when a second was possible."""

    type: ClassVar[str] = "done"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class Exchange:
    """Discard ``card``, then draw one (rules/iwari.md section 3B)."""

    card: str
    type: ClassVar[str] = "exchange"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card}


@dataclass(frozen=True, slots=True)
class Pass:
    """No card and no legal action (rules/iwari.md section 4)."""

    type: ClassVar[str] = "pass"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class DrawDeck:
    """Draw the top card of the deck (the chance step ``card`` says which it is)."""

    type: ClassVar[str] = "draw-deck"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class TakeDisplay:
    """Take a face-up ``card`` from the display (it is replaced at once from the deck: chance step ``refill``)."""

    card: str
    type: ClassVar[str] = "take-display"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card}


@dataclass(frozen=True, slots=True)
class Card:
    """Chance: the card drawn from the deck into the mover's hand."""

    card: str
    type: ClassVar[str] = "card"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card}


@dataclass(frozen=True, slots=True)
class Refill:
    """Chance: the card turned up from the deck into the display's empty place."""

    card: str
    type: ClassVar[str] = "refill"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card}


@dataclass(frozen=True, slots=True)
class Feat:
    """Put an earned feat marker on a territory (union, discovery) or a connection (honour, respect)."""

    feat: str
    at: str
    type: ClassVar[str] = "feat"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "feat": self.feat, "at": self.at}


Action = Place | Third | Done | Exchange | Pass | DrawDeck | TakeDisplay | Card | Refill | Feat

DONE, PASS, DRAW_DECK = Done(), Pass(), DrawDeck()


def _text(data: Mapping[str, Any], key: str, what: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise InvalidActionError(Words("{what} needs '{key}' (a non-empty string)", what=what, key=text(key)))
    return value


def _card(data: Mapping[str, Any], key: str, what: str) -> str:
    value = _text(data, key, what)
    if value not in BIOME_INDEX:
        raise InvalidActionError(Words("{what}: {card} is not a card (cards are {cards})", what=what,
                                       card=quoted(value), cards=", ".join(BIOMES)))
    return value


def parse_pay(value: Any, what: str) -> tuple[str, ...]:
    """A payment: one card, or a pair of one biome (rules/iwari.md section 3A.2)."""
    if not isinstance(value, (list, tuple)) or len(value) not in (1, 2):
        raise InvalidActionError(Words("{what} needs 'pay': one card, or a pair of cards of one biome", what=what))
    for card in value:
        if not isinstance(card, str) or card not in BIOME_INDEX:  # a list or an object: malformed, not a 500
            raise InvalidActionError(Words("{what}: {card} is not a card (cards are {cards})", what=what,
                                           card=quoted(card), cards=", ".join(BIOMES)))
    if len(value) == 2 and value[0] != value[1]:
        raise InvalidActionError(Words("{what}: a pair is two cards of one biome, not {first} and {second}", what=what,
                                       first=text(value[0]), second=text(value[1])))
    return tuple(value)


def placement_fields(data: Mapping[str, Any], what: str) -> tuple[str, str, str | None, tuple[str, ...]]:
    """(piece, territory, at, pay) of a ``place`` or ``third`` action's dict form."""
    piece = data.get("piece")
    if piece not in PIECES:
        raise InvalidActionError(Words("{what} needs 'piece': tent or totem, not {piece}", what=what,
                                       piece=quoted(piece)))
    territory = _text(data, "territory", what)
    at = data.get("at")
    if piece == "tent":
        at = _text(data, "at", Words("{what} with a tent", what=what))
    elif at is not None:
        raise InvalidActionError(Words("{what}: a totem goes on the totem circle, so it takes no 'at'", what=what))
    return piece, territory, at, parse_pay(data.get("pay"), what)


def parse_action(data: Any) -> Action:
    """An action from its dict form; raises ``InvalidActionError``."""
    if not isinstance(data, Mapping):
        raise InvalidActionError(Words("an action must be a JSON object with a 'type'"))
    kind = data.get("type")
    if kind == "place":
        return Place(*placement_fields(data, Words("a place action")))
    if kind == "third":
        return Third(*placement_fields(data, Words("a third action")))
    simple: dict[Any, Action] = {"done": DONE, "pass": PASS, "draw-deck": DRAW_DECK}
    if kind in simple:
        return simple[kind]
    if kind == "exchange":
        return Exchange(_card(data, "card", Words("an exchange")))
    if kind == "take-display":
        return TakeDisplay(_card(data, "card", Words("taking a display card")))
    if kind == "card":
        return Card(_card(data, "card", Words("a card drawn")))
    if kind == "refill":
        return Refill(_card(data, "card", Words("a display refill")))
    if kind == "feat":
        feat = data.get("feat")
        if feat not in FEATS:
            raise InvalidActionError(Words("a feat action needs 'feat': one of {feats}, not {feat}", feats=", ".join(FEATS),
                                           feat=quoted(feat)))
        return Feat(feat, _text(data, "at", Words("a feat action")))
    raise InvalidActionError(Words("unknown action type {kind}; {game}'s are {types}", kind=quoted(kind), game=text("Iwari"),
                                   types="place, done, third, exchange, pass, draw-deck, take-display, card, refill, "
                                         "feat"))

