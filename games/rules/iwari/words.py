"""Iwari in words: actions, whole turns (as ``entry_for`` shows them), scoring events, a seat's position."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from .maps import load_board, map_ids

FEAT_NAMES = {"union": "Union", "discovery": "Discovery", "honour": "Honour", "respect": "Respect"}


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    """Territory and connection ids to names, over every map (the first map to use an id names it)."""
    names: dict[str, str] = {}
    for map_id in map_ids():
        board = load_board(map_id)
        for tid, name in zip(board.territory_ids, board.territory_names):
            names.setdefault(tid, name)
        for c, (cid, connection) in enumerate(zip(board.connection_ids, board.data["connections"])):
            a, b = board.ends[c]
            names.setdefault(cid, f"connection {connection['number']} "
                                  f"({board.territory_names[a]}–{board.territory_names[b]})")
    return names


def name_of(key: Any) -> str:
    """A territory's or connection's name, or the id itself."""
    return _names().get(str(key), str(key))


def _biome(card: Any) -> str:
    """A card's biome as players read it: "Forest" (the ids are lower-case)."""
    return str(card)[:1].upper() + str(card)[1:]


def _a(card: Any) -> str:
    """One card: "a Forest card", "an Ice card"."""
    name = _biome(card)
    return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name} card"


def _pay(pay: Any) -> str:
    cards = list(pay or [])
    if len(cards) == 2:
        return f"a pair of {_biome(cards[0])} cards"
    return f"one {_biome(cards[0])} card" if cards else "nothing"


def _piece(item: Mapping[str, Any], territory: Any) -> str:
    """A piece and where it went; the tent space's id stays out (players see the space on the map)."""
    return f"{'tent' if item.get('piece') == 'tent' else 'totem'} in {name_of(territory)}"


def describe_action(action: Mapping[str, Any]) -> str:
    """An action (dict form) in words, without the player's name."""
    kind = action.get("type")
    if kind == "place":
        return f"placed a {_piece(action, action.get('territory'))}, paying {_pay(action.get('pay'))}"
    if kind == "third":
        return f"placed a third-tribe {_piece(action, action.get('territory'))}, paying {_pay(action.get('pay'))}"
    simple = {"done": "stopped at one piece", "pass": "passed (no card in hand)", "draw-deck": "drew from the deck"}
    if kind in simple:
        return simple[str(kind)]
    card = action.get("card")
    if kind == "exchange":
        return f"exchanged {_a(card)}"
    if kind == "take-display":
        return f"took {_a(card)} from the display"
    if kind == "card":
        return f"drew {_a(card)}"
    if kind == "refill":
        return f"turned up {_a(card)} for the display"
    if kind == "feat":
        at = action.get("at")
        return f"placed the {FEAT_NAMES.get(str(action.get('feat')), action.get('feat'))} feat on " \
               f"{name_of(at)}"
    return str(kind)


def _count(number: int, what: str) -> str:
    return f"{number} {what}s" if number > 1 else f"a {what}"


def _pieces(place: Sequence[Mapping[str, Any]]) -> str:
    tents = sum(1 for p in place if p.get("piece") == "tent")
    totems = len(place) - tents
    parts = [_count(tents, "tent")] if tents else []
    parts += [_count(totems, "totem")] if totems else []
    return " and ".join(parts)


def _third(third: Mapping[str, Any]) -> str:
    place = third.get("place") or []
    discard = list(third.get("discard") or [])
    text = f"the third tribe put {_pieces(place)} in {name_of(third.get('territory'))}" if place else \
        "the third tribe could place nothing"
    if discard:
        cards = ", ".join(_a(c) for c in discard)
        text += f" ({cards} discarded)" if place else f" ({cards} discarded unused)"
    return text


def _draws(draws: Sequence[Mapping[str, Any]]) -> str:
    shown = [d.get("card") for d in draws if d.get("from") == "display"]
    secret = [d.get("card") for d in draws if d.get("from") == "deck" and d.get("card")]
    text = f"drew {len(draws)} card{'s' if len(draws) != 1 else ''}"
    details = []
    if shown:
        details.append(f"{', '.join(_a(c) for c in shown)} from the display")
    if secret:
        details.append(f"{', '.join(_a(c) for c in secret)} from the deck")
    return text + (f" ({'; '.join(details)})" if details else "")


def describe_entry(entry: Mapping[str, Any]) -> str:
    """A whole turn (record form) in words, without the player's name."""
    parts = []
    if entry.get("pass"):
        parts.append("passed")
    if "exchange" in entry:
        parts.append(f"exchanged {_a(entry['exchange'])}")
    settle = entry.get("settle")
    if isinstance(settle, Mapping):
        parts.append(f"settled {name_of(settle.get('territory'))} with {_pieces(settle.get('place') or [])}")
    if isinstance(entry.get("third"), Mapping):
        parts.append(_third(entry["third"]))
    if "draw" in entry:
        parts.append(_draws(entry["draw"]) if entry["draw"] else "drew nothing (no card left)")
    for feat in entry.get("feats") or []:
        parts.append(describe_action({"type": "feat", **feat}))
    return "; ".join(parts)


def describe_event(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """A scoring event in words, with the seats' ``names`` (a clause: the log puts it after the move's words)."""
    def who(seat: int) -> str:
        return names[seat] if seat < len(names) else f"seat {seat + 1}"

    if event.get("type") == "half-journey":
        points = event.get("points", [])
        places = len(event.get("territories") or {})
        where = f" in {places} territor{'y' if places == 1 else 'ies'}" if places else ""
        return f"half-journey scoring, tents{where}: " + ", ".join(f"{who(s)} +{p}" for s, p in enumerate(points))
    if event.get("type") == "final":
        rows = [f"{who(s)} +{event['tents'][s]} for tents, +{event['totems'][s]} for totems, "
                f"+{event['settlements'][s]} for settlements: {total} in all"
                for s, total in enumerate(event.get("scores", []))]
        return "final scoring: " + "; ".join(rows)
    return str(event.get("type", "event"))


def describe_position(view: Mapping[str, Any]) -> str:
    """The seat's position in a few words (its turn email)."""
    parts = []
    if view.get("hand") is not None:
        parts.append(f"Your hand: {', '.join(_biome(c) for c in view['hand']) or 'no cards'}.")
    parts.append("Scores: " + ", ".join(f"seat {s + 1} has {p}" for s, p in enumerate(view.get("scores", []))) + ".")
    parts.append(f"Deck: {view.get('deck_size', 0)} cards.")
    if view.get("final_round"):
        parts.append("This is the final round.")
    return " ".join(parts)
