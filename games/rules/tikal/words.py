"""Tikal in words, for the game log and the emails (no player's name: the site puts it in front). A space is
named as the board shows it (``C3``: its column's letter from the west, its place in the column from the south),
never by its coordinates; the base camp is "the base camp"."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..words import Words, text
from .data import BASE_CAMP, HEX_INDEX, HEXES, KINDS, SPACE_INDEX, SPACE_NAMES, SPACES

#: The treasures' names (board.json's kinds), for the words of a dig, a find or an exchange.
TREASURE_WORDS = {"jade mask": Words("jade mask"), "gold mask": Words("gold mask"), "jaguar idol": Words("jaguar idol"),
                  "serpent pendant": Words("serpent pendant"), "obsidian knife": Words("obsidian knife"),
                  "shell necklace": Words("shell necklace"), "sun disc": Words("sun disc"),
                  "painted vase": Words("painted vase")}


def _treasure(value: Any) -> Words:
    return TREASURE_WORDS.get(str(value)) or text(value)


def _at(value: Any) -> Words:
    """``the base camp`` or the space's name on the board (``C3``)."""
    try:
        space = SPACE_INDEX[(int(value[0]), int(value[1]))]
    except (TypeError, ValueError, IndexError, KeyError):
        return Words("somewhere")
    return Words("the base camp") if space == BASE_CAMP else text(SPACE_NAMES[space])


def hex_words(hid: Any) -> Words:
    """``a temple (value 4)``, ``a ruin (3 treasures)``, ``a jungle clearing``, ``a volcano``."""
    if hid not in HEX_INDEX:
        return Words("a hex")
    hx = HEXES[HEX_INDEX[hid]]
    kind = KINDS[hx.kind]
    if kind == "temple":
        return Words("a temple (value {value})", value=hx.value)
    if kind == "ruin":
        return Words("a ruin ({n} treasures)", n=hx.treasures)
    return Words("a jungle clearing") if kind == "jungle" else Words("a volcano")


def describe_action(action: Mapping[str, Any]) -> Words:
    """One action (dict form) in words."""
    kind = action.get("type")
    piece = Words("the leader") if action.get("piece") == "leader" else Words("a worker")
    if kind == "draw":
        return Words("drew {hex}", hex=hex_words(action.get("hex")))
    if kind == "place":
        return Words("laid the hex on {at}", at=_at(action.get("at")))
    if kind == "enter":
        return Words("brought {piece} in at {at}", piece=piece, at=_at(action.get("at") or SPACES[BASE_CAMP]))
    if kind == "move":
        start, end = _at(action.get("from")), _at(action.get("to"))
        # the base camp named in the sentence itself: languages inflect it ("vom Basislager", "du camp de base")
        if start == "the base camp":
            return Words("moved {piece} from the base camp to {end}", piece=piece, end=end)
        if end == "the base camp":
            return Words("moved {piece} from {start} to the base camp", piece=piece, start=start)
        return Words("moved {piece} from {start} to {end}", piece=piece, start=start, end=end)
    if kind == "camp-move":
        return Words("moved {piece} from camp to camp, {start} to {end}", piece=piece, start=_at(action.get("from")),
                     end=_at(action.get("to")))
    if kind == "uncover":
        return Words("uncovered a level of the temple at {at}", at=_at(action.get("at")))
    if kind == "dig":
        if action.get("treasure"):
            return Words("dug a treasure ({treasure}) at {at}", treasure=_treasure(action["treasure"]),
                         at=_at(action.get("at")))
        return Words("dug a treasure at {at}", at=_at(action.get("at")))
    if kind == "treasure":
        return Words("found a {treasure}", treasure=_treasure(action.get("treasure")))
    if kind == "exchange":
        seat = action.get("seat")
        if isinstance(seat, int):
            return Words("exchanged a {give} for player {number}'s {take}", give=_treasure(action.get("give")),
                         number=seat + 1, take=_treasure(action.get("take")))
        return Words("exchanged a {give} for another player's {take}", give=_treasure(action.get("give")),
                     take=_treasure(action.get("take")))
    if kind == "camp":
        return Words("built a camp at {at}", at=_at(action.get("at")))
    if kind == "guard":
        return Words("placed a guard on the temple at {at}", at=_at(action.get("at")))
    if kind == "end":
        return Words("ended the turn")
    return text(kind)


def _actions(items: Any) -> list[Words]:
    if not isinstance(items, list):
        return []
    items = [i for i in items if isinstance(i, Mapping)]
    out = []
    entered = sum(1 for i in items if i.get("type") == "enter")
    if entered:
        out.append(Words.plural("brought in {n} explorer", "brought in {n} explorers", entered))
    moves = [i for i in items if i.get("type") in ("move", "camp-move")]
    if moves:
        ends: list[tuple[Any, Any]] = []   # where each explorer's walk so far ends
        walkers = 0
        for move in moves:
            start = (move.get("piece"), tuple(move.get("from") or ()))
            if start in ends:
                ends.remove(start)
            else:
                walkers += 1
            ends.append((move.get("piece"), tuple(move.get("to") or ())))
        out.append(Words.plural("moved {n} explorer", "moved {n} explorers", walkers))
    levels = sum(1 for i in items if i.get("type") == "uncover")
    if levels:
        out.append(Words.plural("uncovered {n} temple level", "uncovered {n} temple levels", levels))
    digs = [i for i in items if i.get("type") == "dig"]
    if digs:
        out.append(Words.plural("dug {n} treasure", "dug {n} treasures", len(digs)))
    for item in items:
        if item.get("type") in ("exchange", "camp", "guard"):
            out.append(describe_action(item))
    return out


def describe_entry(entry: Mapping[str, Any]) -> Words:
    """A whole entry (record form) in words."""
    if "bonus" in entry:
        done = _actions(entry.get("bonus"))
        return Words("took a bonus turn: {done}", done=Words.join(done)) if done else \
            Words("took a bonus turn and did nothing")
    if entry.get("volcano"):
        return Words("drew a volcano: a scoring round begins")
    parts = [Words("laid {hex} on {at}", hex=hex_words(entry.get("hex")), at=_at(entry.get("at"))),
             *_actions(entry.get("actions"))]
    return Words.join(parts)


def describe_event(event: Mapping[str, Any], names: Sequence[str]) -> Words:
    """An event in words."""
    seat = event.get("seat")
    name = text(names[seat]) if isinstance(seat, int) and 0 <= seat < len(names) else Words("seat {seat}", seat=seat)
    if event.get("type") == "score":
        params = {"name": name, "points": event.get("points"), "temples": event.get("temples"),
                  "treasures": event.get("treasures"), "score": event.get("score")}
        when = str(event.get("round"))
        if when == "volcano":
            return Words("{name} scored {points} in the volcano round ({temples} for temples, {treasures} for "
                         "treasures): {score} in all", **params)
        if when == "final":
            return Words("{name} scored {points} in the final round ({temples} for temples, {treasures} for "
                         "treasures): {score} in all", **params)
        if when == "settle":
            return Words("{name} scored {points} at the settlement ({temples} for temples, {treasures} for "
                         "treasures): {score} in all", **params)
        return Words("{name} scored {points}  ({temples} for temples, {treasures} for treasures): {score} in all",
                     **params)
    return text(event.get("type"))


def describe_position(view: Mapping[str, Any]) -> Words:
    """The seat's position in a few words, for its turn email."""
    seat = view.get("your_seat")
    seats = view.get("seats") or []
    if not isinstance(seat, int) or not 0 <= seat < len(seats):
        return text("")
    mine = seats[seat]
    treasures = sum(mine.get("treasures", {}).values())
    stacks = view.get("stacks") or {}
    return Words("You have {score} points and {treasures}; {hexes} left.", score=mine.get("score"),
                 treasures=Words.plural("{n} treasure", "{n} treasures", treasures),
                 hexes=Words.plural("{n} hex is", "{n} hexes are", int(stacks.get("total") or 0)))
