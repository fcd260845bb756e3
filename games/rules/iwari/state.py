"""The mutable state of an Iwari game (``IwariEngine.apply`` works on a copy) and its JSON form.

Tribes are numbered like seats; in a two-player game the third tribe is tribe 2 (``THIRD``). Per-territory,
per-tribe counts are flat lists indexed ``territory * tribes + tribe``. Cards are biome indexes; hands are
five counts. The deck is a list whose last item is its top card: its order is the one secret the state holds
besides the hands (the cards removed at set-up are never stored: exactly k of each biome are out).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Seed

# Phases (rules/iwari.md sections 3 to 8): a turn starts in SETTLE (place, exchange or pass); PLACE follows a
# first piece that may get a second; THIRD is the two-player third tribe's move; DRAW refills the hand, with
# the chance steps CARD (deck to hand) and REFILL (deck to display); FEAT places earned feats; OVER at the end.
SETTLE, PLACE, THIRD, DRAW, CARD, REFILL, FEAT, OVER = range(8)
PHASES = ("settle", "place", "third", "draw", "card", "refill", "feat", "over")
TENT, TOTEM = 0, 1
MATCH = 5  # a payment code: one card of the territory's biome; codes 0..4 are a pair of that biome


class Turn:
    """What the turn in progress has done so far (all of it public but the cards drawn)."""

    __slots__ = (
        "cards",
        "drawn",
        "draws_left",
        "feats",
        "filled",
        "kind",
        "placed",
        "refill_slot",
        "territory",
        "third_best",
        "third_called",
        "third_discard",
        "third_placed",
        "third_territory",
        "unexplored",
    )

    def __init__(self) -> None:
        self.kind = ""                   # "settle", "exchange" or "pass" once chosen
        self.territory = -1              # the territory of the player's own pieces
        self.unexplored = False          # it held no piece when chosen (rules 3A.3)
        self.placed: list[tuple[int, int, int]] = []   # (piece, space or -1, pay code), in order
        self.cards = 0                   # cards the player played (rules 3A.2: at most 3)
        self.third_best = (0, 0)         # (pieces, cards) of the best third-tribe move (rules 6)
        self.third_territory = -1
        self.third_placed: list[tuple[int, int, int]] = []
        self.third_called = False        # the rules called for a third-tribe move this turn
        self.third_discard: list[int] = []   # cards left over from it, discarded
        self.draws_left = 0
        self.drawn = 0                   # cards drawn so far this turn
        self.refill_slot = -1            # the display place waiting for its refill (phase REFILL)
        self.filled = -1                 # a territory whose last empty space the player's tent filled
        self.feats: list[str] = []       # feats earned at the end of this turn, not yet placed

    def copy(self) -> Turn:
        """An independent copy (written out slot by slot: the bots copy turns by the million)."""
        new = Turn.__new__(Turn)
        new.cards = self.cards
        new.drawn = self.drawn
        new.draws_left = self.draws_left
        new.feats = self.feats.copy()
        new.filled = self.filled
        new.kind = self.kind
        new.placed = self.placed.copy()
        new.refill_slot = self.refill_slot
        new.territory = self.territory
        new.third_best = self.third_best
        new.third_called = self.third_called
        new.third_discard = self.third_discard.copy()
        new.third_placed = self.third_placed.copy()
        new.third_territory = self.third_territory
        new.unexplored = self.unexplored
        return new

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        out: dict[str, Any] = {}
        for name in Turn.__slots__:
            value = getattr(self, name)
            if name in ("placed", "third_placed"):
                value = [list(x) for x in value]
            elif isinstance(value, (list, tuple)):
                value = list(value)
            out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Turn:
        """The inverse of ``to_dict``."""
        new = cls()
        for name in Turn.__slots__:
            value = data[name]
            if name in ("placed", "third_placed"):
                value = [(int(a), int(b), int(c)) for a, b, c in value]
            elif name == "third_best":
                value = (int(value[0]), int(value[1]))
            elif isinstance(value, list):
                value = list(value)
            setattr(new, name, value)
        return new


class IwariState:
    """Everything about one game, secrets (seed, deck order, hands) included."""

    __slots__ = (
        "active",
        "deck",
        "deck_runs",
        "discard",
        "display",
        "end_triggered",
        "events",
        "feat_connection",
        "feat_territory",
        "feats_earned",
        "feats_left",
        "feats_on",
        "feats_placed",
        "hands",
        "known",
        "map_id",
        "mountains",
        "occupant",
        "phase",
        "players",
        "scores",
        "seat",
        "seed",
        "tent_count",
        "tent_supply",
        "tents",
        "totem_count",
        "totem_supply",
        "totems",
        "tribes",
        "turn",
        "turns",
    )

    def __init__(self, map_id: str, players: int, feats_on: bool, seed: Seed, territories: int, spaces: int,
                 connections: int) -> None:
        self.map_id = map_id
        self.players = players
        self.tribes = players + 1 if players == 2 else players   # rules 6: the two-player third tribe
        self.feats_on = feats_on
        self.seed = seed
        self.seat = 0                                   # whose turn it is; seat 0 is the start player
        self.phase = SETTLE
        self.turns = 0                                  # entries (turns) completed
        self.active = [True] * players
        self.hands = [[0] * 5 for _ in range(players)]  # secret: five counts per seat
        self.known = [[0] * 5 for _ in range(players)]  # public: cards known to be in each hand
        self.display: list[int] = []                    # face-up places; -1 once a place is empty for good
        self.deck: list[int] = []                       # secret order; the top card is deck[-1]
        self.discard: list[int] = []                    # public, in the order discarded
        self.deck_runs = 0                              # times the deck ran out (rules 7 and 8)
        self.end_triggered = False
        self.occupant = [-1] * spaces                   # tribe on each tent space, -1 empty
        self.tents = [0] * (territories * self.tribes)
        self.totems = [0] * (territories * self.tribes)
        self.tent_count = [0] * territories
        self.totem_count = [0] * territories
        self.tent_supply = [0] * self.tribes
        self.totem_supply = [0] * self.tribes
        self.scores = [0] * players
        self.mountains: list[int] = []                  # connections under a mountain, sorted
        self.feat_territory = [0] * territories         # feats on each territory (rules 13)
        self.feat_connection = [0] * connections
        self.feats_left: dict[str, int] = {}
        self.feats_earned: list[list[str]] = [[] for _ in range(players)]
        self.feats_placed: list[tuple[str, int, str]] = []   # (feat, seat, territory or connection id)
        self.events: list[dict[str, Any]] = []
        self.turn = Turn()

    def copy(self) -> IwariState:
        """An independent copy (written out slot by slot: the bots copy states by the million)."""
        new = IwariState.__new__(IwariState)
        new.map_id = self.map_id
        new.players = self.players
        new.tribes = self.tribes
        new.feats_on = self.feats_on
        new.seed = self.seed
        new.seat = self.seat
        new.phase = self.phase
        new.turns = self.turns
        new.deck_runs = self.deck_runs
        new.end_triggered = self.end_triggered
        new.active = self.active.copy()
        new.display = self.display.copy()
        new.deck = self.deck.copy()
        new.discard = self.discard.copy()
        new.occupant = self.occupant.copy()
        new.tents = self.tents.copy()
        new.totems = self.totems.copy()
        new.tent_count = self.tent_count.copy()
        new.totem_count = self.totem_count.copy()
        new.tent_supply = self.tent_supply.copy()
        new.totem_supply = self.totem_supply.copy()
        new.scores = self.scores.copy()
        new.mountains = self.mountains.copy()
        new.feat_territory = self.feat_territory.copy()
        new.feat_connection = self.feat_connection.copy()
        new.feats_placed = self.feats_placed.copy()
        new.events = self.events.copy()
        new.hands = [h.copy() for h in self.hands]
        new.known = [k.copy() for k in self.known]
        new.feats_left = self.feats_left.copy()
        new.feats_earned = [e.copy() for e in self.feats_earned]
        new.turn = self.turn.copy()
        return new

    def hand_size(self, seat: int) -> int:
        """Cards in ``seat``'s hand."""
        return sum(self.hands[seat])

    def to_dict(self) -> dict[str, Any]:
        """The whole state, secrets included, as JSON types."""
        out: dict[str, Any] = {name: getattr(self, name) for name in IwariState.__slots__
                               if name not in ("turn", "feats_placed")}
        out["feats_placed"] = [list(x) for x in self.feats_placed]
        out["turn"] = self.turn.to_dict()
        copied: dict[str, Any] = _json_copy(out)
        return copied

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> IwariState:
        """The inverse of ``to_dict``."""
        new = cls.__new__(cls)
        for name in cls.__slots__:
            if name not in ("turn", "feats_placed"):
                setattr(new, name, _json_copy(data[name]))
        new.feats_placed = [(str(f), int(s), str(a)) for f, s, a in data["feats_placed"]]
        new.turn = Turn.from_dict(data["turn"])
        return new


def _json_copy(value: Any) -> Any:
    """A deep copy of JSON-like data (lists, dicts, scalars)."""
    if isinstance(value, list):
        return [_json_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _json_copy(v) for k, v in value.items()}
    return value


def next_seat(state: IwariState, after: int | None = None) -> int:
    """The next seat still playing, clockwise after ``after`` (default: the seat to move)."""
    seat = state.seat if after is None else after
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if state.active[candidate]:
            return candidate
    return seat
