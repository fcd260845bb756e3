"""A tile game's moves, entries, events and positions in words (the move log, the emails)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .geometry import HALVES, SIDES

if TYPE_CHECKING:
    from .engine import TileEngine

SIDE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
#: The singular and plural of each icon a catalogue may name.
ICON_WORDS = {"scrolls": ("scroll", "scrolls"), "pennants": ("pennant", "pennants"), "oases": ("oasis", "oases"),
              "sheep": ("sheep", "sheep"), "wolves": ("wolf", "wolves")}


def and_list(words: Sequence[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def count(n: int, one: str, many: str) -> str:
    """``count(1, "wolf", "wolves")`` -> ``"a wolf"``; ``count(3, ...)`` -> ``"3 wolves"``."""
    return f"a{'n' if one[0] in 'aeiou' else ''} {one}" if n == 1 else f"{n} {many}"


def _icons(data: Mapping[str, Any], key: str) -> str:
    n = int(data.get(key, 0)) if key else 0
    return " with " + count(n, *ICON_WORDS.get(key, (key, key))) if n else ""


def describe_tile(engine: "TileEngine[Any]", tile: str) -> str:
    """A tile in words, as drawn (north up): "a city on the north and east sides with a scroll; a road ..."."""
    found = engine.types.get(tile)
    if found is None:
        return f"tile {tile}"
    data = found.data
    icons = engine.icons
    parts = []
    for city in data.get("cities", []):
        sides = [SIDE_WORDS[s] for s in city["sides"]]
        text = "a city filling the tile" if len(sides) == 4 else \
            f"a city on the {and_list(sides)} side{'s' if len(sides) > 1 else ''}"
        parts.append(text + _icons(city, icons.city))
    for road in data.get("roads", []):
        sides = [SIDE_WORDS[s] for s in road["sides"]]
        if len(sides) == 1:
            text = f"a road ending at the {sides[0]} side"
        else:
            text = f"a road from {and_list(sides)}" if len(sides) > 2 else f"a road from {sides[0]} to {sides[1]}"
        parts.append(text + _icons(road, icons.road))
    parts.extend(f"a {flag}" for flag in icons.centers if data.get(flag))
    for key in icons.field:
        n = sum(int(f.get(key, 0)) for f in data.get("fields", []))
        if n:
            parts.append(count(n, *ICON_WORDS.get(key, (key, key))))
    return "; ".join(parts) or "fields only"


def spot_words(at: str, kind: str = "") -> str:
    """A piece's place on the tile just laid, the one naming of the log and of the page's choices: "the city on
    its north side", "the road on its west side" (``kind`` known), "its north side", "its north-north-west
    field"."""
    if at in SIDES:
        side = f"its {SIDE_WORDS[at]} side"
        return f"the {kind} on {side}" if kind in ("city", "road") else side
    if at in HALVES:
        return f"its {'-'.join(SIDE_WORDS[c] for c in at.upper())} field"
    return f"its {at}"


def describe_action(engine: "TileEngine[Any]", action: Mapping[str, Any]) -> str:
    """One action in words, without the player's name."""
    kind = action.get("type")
    if kind == "draw":
        return f"drew {describe_tile(engine, str(action.get('tile')))}"
    if kind == "discard":
        return "set the tile aside: it fits nowhere"
    if kind == "place":
        turned = f", turned {action.get('rotation')}°" if action.get("rotation") else ""
        return f"laid the tile at ({action.get('x')}, {action.get('y')}){turned}"
    if kind == "follower":
        return f"put a follower on {spot_words(str(action.get('at')), str(action.get('kind') or ''))}"
    if kind == "pass":
        return "placed no piece"
    return engine.describe_own_action(action)


def describe_entry(engine: "TileEngine[Any]", entry: Mapping[str, Any]) -> str:
    """A record turn in words: "laid a city on the north side at (1, 0) and put a follower on its north side"."""
    tile = describe_tile(engine, str(entry.get("tile")))
    if entry.get("discard"):
        return f"drew {tile} and set it aside: it fits nowhere"
    text = f"laid {tile} at ({entry.get('x')}, {entry.get('y')})"
    action = entry.get("action")
    if isinstance(action, Mapping) and action.get("type") != "pass":
        at = action.get("at")
        kind = engine.segment_kind(str(entry.get("tile")), entry.get("rotation"), at) if isinstance(at, str) else ""
        text += " and " + describe_action(engine, {**action, "kind": kind} if kind else action)
    return text + engine.describe_entry_extra(entry)


def describe_event(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """A scoring in words: "Ana scored 8 for a city of 4 tiles"."""
    points = event.get("points") or []
    winners = [f"{names[seat] if seat < len(names) else f'seat {seat}'} {p}"
               for seat, p in enumerate(points) if p]
    feature = event.get("feature", "feature")
    tiles = len(event.get("tiles") or [])
    article = "the" if feature == "ark" else "an" if feature[:1] in "aeiou" else "a"
    what = f"{article} {'Ark' if feature == 'ark' else feature}" + (
        f" of {tiles} tiles" if tiles > 1 and feature in ("city", "road") else "")
    when = " at the end" if event.get("final") else ""
    if not winners:
        return f"{what} scored nothing{when}"
    return f"{what} scored{when}: {and_list(winners)}"


def describe_position(engine: "TileEngine[Any]", view: Mapping[str, Any]) -> str:
    """The position for a turn email: the tile in hand and the tiles left."""
    parts = []
    if view.get("tile"):
        parts.append(f"Your tile: {describe_tile(engine, str(view['tile']))}.")
    if view.get("tiles_left") is not None:
        parts.append(f"{view['tiles_left']} tiles left in the pile.")
    return " ".join(parts)
