"""Relic Run: a small game that exists only in the tests, to prove that the site hosts any game of the contract.

Each player walks a token over seven hex cells (a centre and its ring) with 3 action points a turn: a step to a
touching cell costs 1, drawing a card from the shared deck costs 1 (a chance step: the card is hidden from the
others), and playing a card from the hidden hand scores its value, doubled on the centre cell (0 points). A turn
ends when its player says so; after four rounds the game is over and the highest score wins, ties broken by the
fewest cards left in hand.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Mapping, Optional, Sequence

from games.rules.base import CHANCE, TERMINAL, Engine, IllegalActionError, InvalidActionError

CELLS = [(0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]  # axial: the centre, then its ring
DECK = [1, 1, 1, 2, 2, 2, 3, 3, 3, 4]
AP, ROUNDS, HAND = 3, 4, 1


@dataclass(frozen=True)
class Act:
    """Every action of the game: ``move`` (to), ``draw``, ``card`` (chance: value), ``play`` (value), ``end``."""

    type: str
    to: Optional[tuple[int, int]] = None
    value: Optional[int] = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.to is not None:
            out["to"] = list(self.to)
        if self.value is not None:
            out["value"] = self.value
        return out


@dataclass
class RunState:
    players: int
    deck: list[int]
    at: list[tuple[int, int]]
    hands: list[list[int]]
    scores: list[int]
    seat: int = 0
    ap: int = AP
    turns: int = 0
    drawing: bool = False
    active: list[bool] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    over: bool = False


def _touch(a: tuple[int, int], b: tuple[int, int]) -> bool:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (dq, dr) in {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}


class RelicRun(Engine[RunState, Act]):
    name = "relicrun"
    title = "Relic Run"
    min_players, max_players = 2, 4
    record_shows_hidden: ClassVar[bool] = True

    def new_game(self, players: int, options: Mapping[str, Any], seed: Any) -> RunState:
        self.check_players(players)
        deck = list(DECK)
        random.Random(f"deck:{seed}").shuffle(deck)
        hands = [[deck.pop() for _ in range(HAND)] for _ in range(players)]
        return RunState(players, deck, [CELLS[1 + n] for n in range(players)], hands, [0] * players,
                        active=[True] * players)

    def current_player(self, s: RunState) -> int:
        return TERMINAL if s.over else CHANCE if s.drawing else s.seat

    def turn_number(self, s: RunState) -> int:
        return s.turns

    def legal_actions(self, s: RunState) -> list[Act]:
        if s.over:
            return []
        if s.drawing:
            return [Act("card", value=v) for v in sorted(set(s.deck))]
        acts = [Act("end")]
        if s.ap:
            acts += [Act("move", to=c) for c in CELLS if _touch(s.at[s.seat], c)]
            acts += [Act("draw")] if s.deck else []
        return acts + [Act("play", value=v) for v in sorted(set(s.hands[s.seat]))]

    def apply(self, s: RunState, a: Act) -> RunState:
        n = self.state_from_dict(self.state_to_dict(s))
        if s.over:
            raise IllegalActionError("the game is over")
        if (a.type == "card") != n.drawing:
            raise IllegalActionError("a card is drawn now" if n.drawing else "cards are drawn by the server")
        if a.type in ("move", "draw") and n.ap < 1:
            raise IllegalActionError("no action points left")
        if a.type == "move":
            if a.to not in CELLS or not _touch(n.at[n.seat], a.to):
                raise IllegalActionError(f"{a.to} is not a cell next to yours")
            n.at[n.seat], n.ap = a.to, n.ap - 1
        elif a.type == "draw":
            if not n.deck:
                raise IllegalActionError("the deck is empty")
            n.ap, n.drawing = n.ap - 1, True
        elif a.type == "card":
            if a.value not in n.deck:
                raise IllegalActionError(f"no {a.value} is left in the deck")
            n.deck.remove(a.value)
            n.hands[n.seat].append(a.value)
            n.drawing = False
        elif a.type == "play":
            if a.value not in n.hands[n.seat]:
                raise IllegalActionError(f"you hold no {a.value}")
            n.hands[n.seat].remove(a.value)
            points = a.value * (2 if n.at[n.seat] == CELLS[0] else 1)
            n.scores[n.seat] += points
            n.events.append({"seat": n.seat, "value": a.value, "points": points})
        elif a.type == "end":
            self._next(n)
        else:
            raise InvalidActionError(f"unknown action {a.type!r}")
        return n

    def _next(self, n: RunState) -> None:
        n.turns, n.ap = n.turns + 1, AP
        if n.turns >= ROUNDS * n.players or sum(n.active) < 2:
            n.over = True
            return
        n.seat = (n.seat + 1) % n.players
        while not n.active[n.seat]:
            n.seat = (n.seat + 1) % n.players

    def sample_chance(self, s: RunState) -> Act:
        return Act("card", value=s.deck[-1])

    def parse_action(self, data: Any) -> Act:
        if not isinstance(data, Mapping) or data.get("type") not in ("move", "draw", "card", "play", "end"):
            raise InvalidActionError("an action is an object with a type: move, draw, play or end")
        to, value = data.get("to"), data.get("value")
        if data["type"] == "move" and not (isinstance(to, list) and len(to) == 2 and all(type(v) is int for v in to)):
            raise InvalidActionError("a move needs 'to', a cell [q, r]")
        if data["type"] in ("card", "play") and type(value) is not int:
            raise InvalidActionError("it needs a whole number 'value'")
        return Act(data["type"], tuple(to) if data["type"] == "move" else None,
                   value if data["type"] in ("card", "play") else None)

    def settle(self, s: RunState) -> RunState:
        n = self.state_from_dict(self.state_to_dict(s))
        n.over, n.drawing = True, False
        return n

    def remove_seat(self, s: RunState, seat: int) -> RunState:
        n = self.state_from_dict(self.state_to_dict(s))
        n.active[seat] = False
        if n.seat == seat and not n.over:
            n.drawing = False
            self._next(n)
        elif sum(n.active) < 2:
            n.over = True
        return n

    def timeout_action(self, s: RunState, rng: random.Random) -> Act:
        return Act("end")

    def sample_state(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> RunState:
        unseen = list(DECK)
        for v in view["hand"] + view["played"]:
            unseen.remove(v)
        rng.shuffle(unseen)
        hands = [list(view["hand"]) if n == seat else [unseen.pop() for _ in range(k)]
                 for n, k in enumerate(view["hand_sizes"])]
        return RunState(view["players"], unseen, [tuple(c) for c in view["at"]], hands, list(view["scores"]),
                        view["current_seat"] or 0, view["ap"], view["turn"], False, list(view["active"]),
                        [dict(e) for e in view["events"]], view["finished"])

    def view(self, s: RunState, seat: Optional[int]) -> dict[str, Any]:
        mover = seat is not None and seat == s.seat and not s.over
        return {"game": self.name, "players": s.players, "current_seat": None if s.over else s.seat,
                "your_seat": seat, "scores": list(s.scores), "finished": s.over, "winners": self.winners(s),
                "cells": [list(c) for c in CELLS], "at": [list(c) for c in s.at], "ap": s.ap, "turn": s.turns,
                "hand": sorted(s.hands[seat]) if seat is not None else [],
                "hand_sizes": [len(h) for h in s.hands], "deck": len(s.deck), "active": list(s.active),
                "played": sorted(e["value"] for e in s.events), "events": [dict(e) for e in s.events],
                "legal": [dict(a.to_dict(), cost=1 if a.type in ("move", "draw") else 0)
                          for a in self.legal_actions(s)] if mover else []}

    def is_over(self, s: RunState) -> bool:
        return s.over

    def scores(self, s: RunState) -> list[int]:
        return list(s.scores)

    def events(self, s: RunState) -> Sequence[Mapping[str, Any]]:
        return s.events

    def active(self, s: RunState) -> list[bool]:
        return list(s.active)

    def ranking(self, s: RunState) -> list[tuple[int, ...]]:
        return [(score, -len(hand)) for score, hand in zip(s.scores, s.hands)]

    def describe_action(self, action: Mapping[str, Any]) -> str:
        words = {"move": f"stepped to {action.get('to')}", "draw": "drew a card", "end": "ended the turn",
                 "card": f"drew a {action.get('value')}" if "value" in action else "drew a card",
                 "play": f"played a {action.get('value')}"}
        return words.get(str(action.get("type")), "did something")

    def describe_entry(self, entry: Mapping[str, Any]) -> str:
        return ", ".join(self.step_words(a) for a in entry["actions"] if a["type"] not in ("draw", "end"))

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        return f"{names[event['seat']]} scored {event['points']}"

    def describe_position(self, view: Mapping[str, Any]) -> str:
        return f"Your hand: {', '.join(map(str, view['hand'])) or 'empty'}. {view['deck']} cards in the deck."

    def public_step(self, step: Mapping[str, Any]) -> bool:
        return step["type"] != "card"

    def entry_for(self, entry: Mapping[str, Any], mover: Optional[int], audience: Optional[int]) -> dict[str, Any]:
        return {"actions": [self.step_for(a, mover, audience) for a in entry["actions"]]}

    def record_setup(self, s: RunState) -> dict[str, Any]:
        return {"setup": {"hands": [list(h) for h in s.hands]}}

    def record_start(self, players: int, record: Mapping[str, Any]) -> RunState:
        s = self.new_game(players, {}, 0)
        hands = (record.get("setup") or {}).get("hands")
        if not isinstance(hands, list) or len(hands) != players:
            raise InvalidActionError("'setup' must name every seat's first hand")
        s.deck, s.hands = list(DECK), [list(h) for h in hands]
        for card in (c for h in s.hands for c in h):
            if card not in s.deck:
                raise InvalidActionError(f"the deck holds no more {card}s")
            s.deck.remove(card)
        return s

    def entry_actions(self, s: RunState, entry: Any) -> list[Act]:
        if not isinstance(entry, Mapping) or not isinstance(entry.get("actions"), list):
            raise InvalidActionError("an entry is an object with a list of 'actions'")
        return [self.parse_action(a) for a in entry["actions"]]

    def entry_record(self, s: Optional[RunState], actions: Sequence[Act]) -> dict[str, Any]:
        return {"actions": [a.to_dict() for a in actions]}

    def state_to_dict(self, s: RunState) -> dict[str, Any]:
        return {"players": s.players, "deck": list(s.deck), "at": [list(c) for c in s.at],
                "hands": [list(h) for h in s.hands], "scores": list(s.scores), "seat": s.seat, "ap": s.ap,
                "turns": s.turns, "drawing": s.drawing, "active": list(s.active),
                "events": [dict(e) for e in s.events], "over": s.over}

    def state_from_dict(self, d: Mapping[str, Any]) -> RunState:
        return RunState(d["players"], list(d["deck"]), [tuple(c) for c in d["at"]], [list(h) for h in d["hands"]],
                        list(d["scores"]), d["seat"], d["ap"], d["turns"], d["drawing"], list(d["active"]),
                        [dict(e) for e in d["events"]], d["over"])
