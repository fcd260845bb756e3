"""Tikal's record (docs/records/tikal.md): one entry into actions, actions into one entry.

A record names every hex drawn and every treasure taken, so it replays without the seed: ``record_start`` (in the
engine) stacks the hexes in an arbitrary order within each letter, and a draw may name any hex of the letter on
top; a dig may name any kind not yet taken three times (``treasures.take_treasure`` swaps it in from where the arbitrary
order had put it). ``entry_actions`` plays the entry on a copy, so every fault is reported by the rule it breaks.

A turn ends only with ``end`` (the engine never ends one by itself): an entry may list it as its last action or
leave it out, and ``entry_actions`` adds it where it is left out; ``entry_record`` never writes it.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import IllegalActionError, InvalidActionError, JSONDict
from ..words import Words
from .actions import END, TABLES, Action, Dig, Draw, End, Place, Treasure, parse_action
from .data import HEX_INDEX, HEXES, VOLCANO
from .state import ACTIONS, DRAW, OVER, PLACE, TREASURE, TikalState
from .turns import push

ENTRY_KEYS = {"hex", "volcano", "at", "rotation", "actions", "bonus"}
RECORD_ACTIONS = ("enter", "move", "camp-move", "uncover", "dig", "exchange", "camp", "guard", "end")


def entry_actions(state: TikalState, entry: Any) -> list[Action]:
    """The actions of one entry in record form, chance steps included, checked by playing them on a copy."""
    if not isinstance(entry, Mapping):
        raise InvalidActionError("an entry must be a JSON object")
    unknown = sorted(set(entry) - ENTRY_KEYS)
    if unknown:
        raise InvalidActionError(f"an entry has no {', '.join(map(repr, unknown))}")
    if state.phase == OVER:
        raise IllegalActionError(Words("the game is over"))
    sim = state.copy()
    actions: list[Action] = []
    start = sim.turns

    def step(action: Action) -> None:
        if sim.turns != start:
            raise IllegalActionError(Words("the turn is over before the end of this entry (it was ended)"))
        push(sim, action)
        actions.append(action)

    if "bonus" in entry:
        if set(entry) != {"bonus"}:
            raise InvalidActionError("a bonus entry has only 'bonus'")
        if not (sim.phase == ACTIONS and sim.bonus):
            raise IllegalActionError(Words("no bonus turn is due now: {due}", due=_due(sim)))
        _play(entry["bonus"], step)
    else:
        if "hex" not in entry:
            raise InvalidActionError("an entry names a 'hex' (a turn or a volcano drawn) or is a 'bonus' turn")
        hid = entry["hex"]
        if not isinstance(hid, str) or hid not in HEX_INDEX:
            raise InvalidActionError(f"there is no hex {hid!r}")
        volcano = HEXES[HEX_INDEX[hid]].kind == VOLCANO
        said = entry.get("volcano", False)
        if said not in (True, False):
            raise InvalidActionError("'volcano' must be true or false")
        if sim.phase == DRAW:
            if said and not volcano:
                raise IllegalActionError(Words("hex {hid} is not a volcano", hid=hid))
            step(TABLES.draw[HEX_INDEX[hid]])
            if volcano:
                if not said or set(entry) != {"hex", "volcano"}:
                    raise IllegalActionError(Words("hex {hid} is a volcano: its entry is {{\"hex\": \"{hid}\", "
                                                   "\"volcano\": true}}, then one bonus entry per player", hid=hid))
                return actions
        elif sim.phase == PLACE and sim.pending >= 0 and HEXES[sim.pending].kind == VOLCANO:
            if HEX_INDEX[hid] != sim.pending:
                raise IllegalActionError(Words("the volcano of this scoring round is {volcano}, not {hid}",
                                               volcano=HEXES[sim.pending].id, hid=hid))
            if said:
                raise IllegalActionError(Words("{hid} was drawn already: this entry places it ('at', 'rotation')",
                                               hid=hid))
        else:
            raise IllegalActionError(Words("a hex is not drawn now: {due}", due=_due(sim)))
        if "at" not in entry:
            raise InvalidActionError("a turn says where its hex goes ('at')")
        step(parse_action({"type": "place", "at": entry["at"], "rotation": entry.get("rotation", 0)}))
        _play(entry.get("actions", []), step)
    if sim.turns == start and sim.phase == ACTIONS:
        step(END)
    return actions


def _due(sim: TikalState) -> Words:
    if sim.phase == ACTIONS and sim.bonus:
        return Words("seat {seat}'s bonus turn is due", seat=sim.seat)
    if sim.phase == PLACE:
        return Words("seat {seat} places the volcano {hex} and takes its turn", seat=sim.seat,
                     hex=HEXES[sim.pending].id)
    if sim.phase == DRAW:
        return Words("seat {seat}'s turn is due, with a hex drawn", seat=sim.seat)
    return Words("a turn is in progress")


def _play(items: Any, step: Any) -> None:
    if not isinstance(items, list):
        raise InvalidActionError("'actions' (or 'bonus') must be a list of actions")
    for item in items:
        if not isinstance(item, Mapping) or item.get("type") not in RECORD_ACTIONS:
            raise InvalidActionError(f"a turn's actions are {', '.join(RECORD_ACTIONS)}; not {item!r}")
        if item["type"] == "dig":
            kind = item.get("treasure")
            if kind is None:
                raise InvalidActionError("a dig names the 'treasure' taken")
            step(parse_action({"type": "dig", "at": item.get("at")}))
            step(parse_action({"type": "treasure", "treasure": kind}))
        else:
            step(parse_action(item))


def entry_record(state: TikalState | None, actions: Sequence[Action]) -> JSONDict:
    """The record form of one whole entry; ``state`` is where its first decision is taken (``None``: a volcano
    drawn, an entry of chance alone)."""
    if state is None:
        if len(actions) != 1 or not isinstance(actions[0], Draw):
            raise InvalidActionError("only a volcano drawn is an entry without a decision")
        return {"hex": actions[0].hex, "volcano": True}
    items: list[JSONDict] = []
    hid = HEXES[state.pending].id if state.pending >= 0 else None
    at: list[int] | None = None
    rotation = 0
    for action in actions:
        if isinstance(action, Draw):
            hid = action.hex
        elif isinstance(action, Place):
            at, rotation = list(action.at), action.rotation
        elif isinstance(action, Treasure):
            if items and items[-1]["type"] == "dig":
                items[-1]["treasure"] = action.kind
        elif isinstance(action, Dig):
            items.append(action.to_dict())
        elif not isinstance(action, End):
            items.append(action.to_dict())
    if state.phase in (ACTIONS, TREASURE) and state.bonus:
        return {"bonus": items}
    return {"hex": hid, "at": at, "rotation": rotation, "actions": items}


def unfinished(state: TikalState) -> Words:
    """What the entry being played still needs."""
    if state.phase == PLACE:
        return Words("hex {hex} must be placed", hex=HEXES[state.pending].id)
    if state.phase == TREASURE:
        return Words("the dig's treasure must be named")
    if state.phase == DRAW:
        return Words("a hex must be drawn")
    return Words("the turn is not complete")
