"""Tikal in words, for the game log and the emails (no player's name: the site puts it in front). A space is
named as the board shows it (``C3``: its column's letter from the west, its place in the column from the south),
never by its coordinates; the base camp is "the base camp"."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .data import BASE_CAMP, HEX_INDEX, HEXES, KINDS, SPACE_INDEX, SPACE_NAMES, SPACES


def _at(value: Any) -> str:
    """``the base camp`` or the space's name on the board (``C3``)."""
    try:
        space = SPACE_INDEX[(int(value[0]), int(value[1]))]
    except (TypeError, ValueError, IndexError, KeyError):
        return "somewhere"
    return "the base camp" if space == BASE_CAMP else SPACE_NAMES[space]


def hex_words(hid: Any) -> str:
    """``a temple (value 4)``, ``a ruin (3 treasures)``, ``a jungle clearing``, ``a volcano``."""
    if hid not in HEX_INDEX:
        return "a hex"
    hx = HEXES[HEX_INDEX[hid]]
    kind = KINDS[hx.kind]
    if kind == "temple":
        return f"a temple (value {hx.value})"
    if kind == "ruin":
        return f"a ruin ({hx.treasures} treasures)"
    return "a jungle clearing" if kind == "jungle" else "a volcano"


def _n(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def describe_action(action: Mapping[str, Any]) -> str:
    """One action (dict form) in words."""
    kind = action.get("type")
    piece = "the leader" if action.get("piece") == "leader" else "a worker"
    if kind == "draw":
        return f"drew {hex_words(action.get('hex'))}"
    if kind == "place":
        return f"laid the hex on {_at(action.get('at'))}"
    if kind == "enter":
        return f"brought {piece} in at {_at(action.get('at') or SPACES[BASE_CAMP])}"
    if kind == "move":
        return f"moved {piece} from {_at(action.get('from'))} to {_at(action.get('to'))}"
    if kind == "camp-move":
        return f"moved {piece} from camp to camp, {_at(action.get('from'))} to {_at(action.get('to'))}"
    if kind == "uncover":
        return f"uncovered a level of the temple at {_at(action.get('at'))}"
    if kind == "dig":
        found = f" ({action['treasure']})" if action.get("treasure") else ""
        return f"dug a treasure{found} at {_at(action.get('at'))}"
    if kind == "treasure":
        return f"found a {action.get('treasure')}"
    if kind == "exchange":
        seat = action.get("seat")
        whose = f"player {seat + 1}'s" if isinstance(seat, int) else "another player's"
        return f"exchanged a {action.get('give')} for {whose} {action.get('take')}"
    if kind == "camp":
        return f"built a camp at {_at(action.get('at'))}"
    if kind == "guard":
        return f"placed a guard on the temple at {_at(action.get('at'))}"
    if kind == "end":
        return "ended the turn"
    return str(kind)


def _actions(items: Any) -> list[str]:
    if not isinstance(items, list):
        return []
    items = [i for i in items if isinstance(i, Mapping)]
    out = []
    entered = sum(1 for i in items if i.get("type") == "enter")
    if entered:
        out.append(f"brought in {_n(entered, 'explorer', 'explorers')}")
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
        out.append(f"moved {_n(walkers, 'explorer', 'explorers')}")
    levels = sum(1 for i in items if i.get("type") == "uncover")
    if levels:
        out.append(f"uncovered {_n(levels, 'temple level', 'temple levels')}")
    digs = [i for i in items if i.get("type") == "dig"]
    if digs:
        out.append(f"dug {_n(len(digs), 'treasure', 'treasures')}")
    for item in items:
        if item.get("type") in ("exchange", "camp", "guard"):
            out.append(describe_action(item))
    return out


def describe_entry(entry: Mapping[str, Any]) -> str:
    """A whole entry (record form) in words."""
    if "bonus" in entry:
        done = _actions(entry.get("bonus"))
        return "took a bonus turn" + (": " + ", ".join(done) if done else " and did nothing")
    if entry.get("volcano"):
        return "drew a volcano: a scoring round begins"
    parts = [f"laid {hex_words(entry.get('hex'))} on {_at(entry.get('at'))}", *_actions(entry.get("actions"))]
    return ", ".join(parts)


def describe_event(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """An event in words."""
    seat = event.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"
    if event.get("type") == "score":
        when = {"volcano": "in the volcano round", "final": "in the final round",
                "settle": "at the settlement"}.get(str(event.get("round")), "")
        return (f"{name} scored {event.get('points')} {when} ({event.get('temples')} for temples, "
                f"{event.get('treasures')} for treasures): {event.get('score')} in all")
    return str(event.get("type"))


def describe_position(view: Mapping[str, Any]) -> str:
    """The seat's position in a few words, for its turn email."""
    seat = view.get("your_seat")
    seats = view.get("seats") or []
    if not isinstance(seat, int) or not 0 <= seat < len(seats):
        return ""
    mine = seats[seat]
    treasures = sum(mine.get("treasures", {}).values())
    stacks = view.get("stacks") or {}
    return (f"You have {mine.get('score')} points and {_n(treasures, 'treasure', 'treasures')}; "
            f"{_n(int(stacks.get('total') or 0), 'hex is', 'hexes are')} left.")
