"""A tile game's moves, entries, events and positions in words (the move log, the emails)."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ..words import Words, text
from .geometry import HALVES, SIDES

if TYPE_CHECKING:
    from .engine import TileEngine

SIDE_WORDS = {"N": Words("north"), "E": Words("east"), "S": Words("south"), "W": Words("west")}
#: Each icon a catalogue may name, counted: "a scroll", "3 scrolls".
ICON_WORDS: dict[str, Callable[[int], Words]] = {
    "scrolls": lambda n: Words.plural("a scroll", "{n} scrolls", n),
    "pennants": lambda n: Words.plural("a pennant", "{n} pennants", n),
    "oases": lambda n: Words.plural("an oasis", "{n} oases", n),
    "sheep": lambda n: Words.plural("a sheep", "{n} sheep", n),
    "wolves": lambda n: Words.plural("a wolf", "{n} wolves", n)}
#: What may stand in a tile's centre (the catalogues' ``centers`` flags).
CENTER_WORDS = {"cloister": Words("a cloister"), "temple": Words("a temple")}
#: A scored feature: "a city", "the Ark" ("{n}": its tiles, when a city or road has more than one).
#: A side of a tile as a refusal names it ("its N side (city) does not match the field ...").
EDGE_WORDS = {"city": Words("city"), "road": Words("road"), "field": Words("field")}
#: A follower refused: the feature already has one, or it takes none.
TAKEN_WORDS = {"city": Words("that city already has a follower"), "road": Words("that road already has a follower"),
               "field": Words("that field already has a follower"),
               "cloister": Words("that cloister already has a follower")}
NO_FOLLOWER_WORDS = {"city": Words("a follower cannot go on a city"), "road": Words("a follower cannot go on a road"),
                     "field": Words("a follower cannot go on a field"),
                     "cloister": Words("a follower cannot go on a cloister")}
FEATURE_WORDS = {"city": Words("a city"), "road": Words("a road"), "cloister": Words("a cloister"),
                 "field": Words("a field"), "farm": Words("a farm"), "temple": Words("a temple"),
                 "ark": Words("the Ark")}


def and_list(words: Sequence[object]) -> Words:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    if not words:
        return text("")
    if len(words) == 1:
        return text(words[0])
    return Words("{first} and {last}", first=Words.join(words[:-1]), last=text(words[-1]))


def count(n: int, key: str) -> Words:
    """``count(1, "wolves")`` -> ``"a wolf"``; ``count(3, "wolves")`` -> ``"3 wolves"``."""
    say = ICON_WORDS.get(key)
    return say(n) if say is not None else text(f"{n} {key}")


def _icons(what: Words, data: Mapping[str, Any], key: str) -> Words:
    n = int(data.get(key, 0)) if key else 0
    return Words("{what} with {icons}", what=what, icons=count(n, key)) if n else what


def describe_tile(engine: "TileEngine[Any]", tile: str) -> Words:
    """A tile in words, as drawn (north up): "a city on the north and east sides with a scroll; a road ..."."""
    found = engine.types.get(tile)
    if found is None:
        return Words("tile {tile}", tile=text(tile))
    data = found.data
    icons = engine.icons
    parts: list[Words] = []
    for city in data.get("cities", []):
        sides = [SIDE_WORDS[s] for s in city["sides"]]
        what = Words("a city filling the tile") if len(sides) == 4 else \
            Words.plural("a city on the {sides} side", "a city on the {sides} sides", len(sides),
                         sides=and_list(sides))
        parts.append(_icons(what, city, icons.city))
    for road in data.get("roads", []):
        sides = [SIDE_WORDS[s] for s in road["sides"]]
        if len(sides) == 1:
            what = Words("a road ending at the {side} side", side=sides[0])
        elif len(sides) > 2:
            what = Words("a road from {sides}", sides=and_list(sides))
        else:
            what = Words("a road from {start} to {end}", start=sides[0], end=sides[1])
        parts.append(_icons(what, road, icons.road))
    parts.extend(CENTER_WORDS.get(flag) or text(f"a {flag}") for flag in icons.centers if data.get(flag))
    for key in icons.field:
        n = sum(int(f.get(key, 0)) for f in data.get("fields", []))
        if n:
            parts.append(count(n, key))
    return Words.join(parts, "; ") if parts else Words("fields only")


@functools.lru_cache(maxsize=4096)
def spot_words(at: str, kind: str = "") -> Words:
    """A piece's place on the tile just laid, the one naming of the log and of the page's choices: "the city on
    its north side", "the road on its west side" (``kind`` known), "its north side", "its north-north-west
    field". Made once for each place and kind (every legal placement of a view names its follower places; a
    ``Words`` never changes, so one serves all)."""
    if at in SIDES:
        side = SIDE_WORDS[at]
        if kind == "city":
            return Words("the city on its {side} side", side=side)
        if kind == "road":
            return Words("the road on its {side} side", side=side)
        return Words("its {side} side", side=side)
    if at in HALVES:
        return Words("its {sides} field", sides=Words.join([SIDE_WORDS[c] for c in at.upper()], "-"))
    return Words("its {place}", place=text(at))


def describe_action(engine: "TileEngine[Any]", action: Mapping[str, Any]) -> Words:
    """One action in words, without the player's name."""
    kind = action.get("type")
    if kind == "draw":
        return Words("drew {tile}", tile=describe_tile(engine, str(action.get("tile"))))
    if kind == "discard":
        return Words("set the tile aside: it fits nowhere")
    if kind == "place":
        if action.get("rotation"):
            return Words("laid the tile at ({x}, {y}), turned {rotation}°", x=text(action.get("x")),
                         y=text(action.get("y")), rotation=text(action.get("rotation")))
        return Words("laid the tile at ({x}, {y})", x=text(action.get("x")), y=text(action.get("y")))
    if kind == "follower":
        return Words("put a follower on {spot}", spot=spot_words(str(action.get("at")), str(action.get("kind") or "")))
    if kind == "pass":
        return Words("placed no piece")
    return text(engine.describe_own_action(action))


def describe_entry(engine: "TileEngine[Any]", entry: Mapping[str, Any]) -> Words:
    """A record turn in words: "laid a city on the north side at (1, 0) and put a follower on its north side"."""
    tile = describe_tile(engine, str(entry.get("tile")))
    if entry.get("discard"):
        return Words("drew {tile} and set it aside: it fits nowhere", tile=tile)
    out = Words("laid {tile} at ({x}, {y})", tile=tile, x=text(entry.get("x")), y=text(entry.get("y")))
    action = entry.get("action")
    if isinstance(action, Mapping) and action.get("type") != "pass":
        at = action.get("at")
        kind = engine.segment_kind(str(entry.get("tile")), entry.get("rotation"), at) if isinstance(at, str) else ""
        out = Words("{laid} and {action}", laid=out,
                    action=describe_action(engine, {**action, "kind": kind} if kind else action))
    extra = engine.describe_entry_extra(entry)
    return Words.join([out, extra], "") if extra else out


def describe_event(event: Mapping[str, Any], names: Sequence[str]) -> Words:
    """A scoring in words: "Ana scored 8 for a city of 4 tiles"."""
    points = event.get("points") or []
    winners = [Words.join([text(names[seat]) if seat < len(names) else Words("seat {seat}", seat=seat), p], " ")
               for seat, p in enumerate(points) if p]
    feature = str(event.get("feature", "feature"))
    tiles = len(event.get("tiles") or [])
    what = FEATURE_WORDS.get(feature) or text(f"{'an' if feature[:1] in 'aeiou' else 'a'} {feature}")
    if tiles > 1 and feature == "city":
        what = Words("a city of {n} tiles", n=tiles)
    elif tiles > 1 and feature == "road":
        what = Words("a road of {n} tiles", n=tiles)
    final = bool(event.get("final"))
    if not winners:
        return Words("{what} scored nothing at the end", what=what) if final else \
            Words("{what} scored nothing", what=what)
    return Words("{what} scored at the end: {winners}", what=what, winners=and_list(winners)) if final else \
        Words("{what} scored: {winners}", what=what, winners=and_list(winners))


def describe_position(engine: "TileEngine[Any]", view: Mapping[str, Any]) -> Words:
    """The position for a turn email: the tile in hand and the tiles left."""
    parts = []
    if view.get("tile"):
        parts.append(Words("Your tile: {tile}.", tile=describe_tile(engine, str(view["tile"]))))
    if view.get("tiles_left") is not None:
        parts.append(Words("{n} tiles left in the pile.", n=view["tiles_left"]))
    return Words.join(parts, " ")
