"""Iwari in words: actions, whole turns (as ``entry_for`` shows them), scoring events, a seat's position."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from ..words import Words, text
from .maps import load_board, map_ids

FEAT_NAMES = {"union": Words("Union"), "discovery": Words("Discovery"), "honour": Words("Honour"),
              "respect": Words("Respect")}
#: The biomes as players read them (the card ids are lower-case).
#: The biomes as a card or a refusal names them, in lower case ("a forest card").
BIOME_WORDS = {"tundra": Words("tundra"), "forest": Words("forest"), "glacier": Words("glacier"),
               "coast": Words("coast"), "desert": Words("desert")}
BIOME_NAMES = {"tundra": Words("Tundra"), "forest": Words("Forest"), "glacier": Words("Glacier"),
               "coast": Words("Coast"), "desert": Words("Desert")}


@lru_cache(maxsize=1)
def _names() -> dict[str, Words]:
    """Territory and connection ids to names, over every map (the first map to use an id names it)."""
    names: dict[str, Words] = {}
    for map_id in map_ids():
        board = load_board(map_id)
        for tid, name in zip(board.territory_ids, board.territory_names):
            names.setdefault(tid, text(name))
        for c, (cid, connection) in enumerate(zip(board.connection_ids, board.data["connections"])):
            a, b = board.ends[c]
            names.setdefault(cid, Words("connection {number} ({a}–{b})", number=connection["number"],
                                        a=text(board.territory_names[a]), b=text(board.territory_names[b])))
    return names


def name_of(key: Any) -> Words:
    """A territory's or connection's name, or the id itself."""
    return _names().get(str(key)) or text(key)


def _biome(card: Any) -> Words:
    """A card's biome as players read it: "Forest" (the ids are lower-case)."""
    return BIOME_NAMES.get(str(card)) or text(str(card)[:1].upper() + str(card)[1:])


def _a(card: Any) -> Words:
    """One card: "a Forest card", "an Ice card"."""
    name = _biome(card)
    return Words("an {biome} card", biome=name) if name[:1] in "AEIOU" else Words("a {biome} card", biome=name)


def _pay(pay: Any) -> Words:
    cards = list(pay or [])
    if len(cards) == 2:
        return Words("a pair of {biome} cards", biome=_biome(cards[0]))
    return Words("one {biome} card", biome=_biome(cards[0])) if cards else Words("nothing")


def _piece(item: Mapping[str, Any], territory: Any) -> Words:
    """A piece and where it went; the tent space's id stays out (players see the space on the map)."""
    if item.get("piece") == "tent":
        return Words("tent in {territory}", territory=name_of(territory))
    return Words("totem in {territory}", territory=name_of(territory))


SIMPLE = {"done": Words("stopped at one piece"), "pass": Words("passed (no card in hand)"),
          "draw-deck": Words("drew from the deck")}


def describe_action(action: Mapping[str, Any]) -> Words:
    """An action (dict form) in words, without the player's name."""
    kind = action.get("type")
    if kind == "place":
        return Words("placed a {piece}, paying {pay}", piece=_piece(action, action.get("territory")),
                     pay=_pay(action.get("pay")))
    if kind == "third":
        return Words("placed a third-tribe {piece}, paying {pay}", piece=_piece(action, action.get("territory")),
                     pay=_pay(action.get("pay")))
    if kind in SIMPLE:
        return SIMPLE[str(kind)]
    card = action.get("card")
    if kind == "exchange":
        return Words("exchanged {card}", card=_a(card))
    if kind == "take-display":
        return Words("took {card} from the display", card=_a(card))
    if kind == "card":
        return Words("drew {card}", card=_a(card))
    if kind == "refill":
        return Words("turned up {card} for the display", card=_a(card))
    if kind == "feat":
        feat = FEAT_NAMES.get(str(action.get("feat"))) or text(action.get("feat"))
        return Words("placed the {feat} feat on {at}", feat=feat, at=name_of(action.get("at")))
    return text(kind)


def _pieces(place: Sequence[Mapping[str, Any]]) -> Words:
    tents = sum(1 for p in place if p.get("piece") == "tent")
    totems = len(place) - tents
    parts = [Words.plural("a tent", "{n} tents", tents)] if tents else []
    parts += [Words.plural("a totem", "{n} totems", totems)] if totems else []
    return Words("{first} and {second}", first=parts[0], second=parts[1]) if len(parts) == 2 else Words.join(parts)


def _third(third: Mapping[str, Any]) -> Words:
    place = third.get("place") or []
    discard = list(third.get("discard") or [])
    words = Words("the third tribe put {pieces} in {territory}", pieces=_pieces(place),
                  territory=name_of(third.get("territory"))) if place else Words("the third tribe could place nothing")
    if discard:
        cards = Words.join([_a(c) for c in discard])
        words = Words("{words} ({cards} discarded)", words=words, cards=cards) if place else \
            Words("{words} ({cards} discarded unused)", words=words, cards=cards)
    return words


def _draws(draws: Sequence[Mapping[str, Any]]) -> Words:
    shown = [d.get("card") for d in draws if d.get("from") == "display"]
    secret = [d.get("card") for d in draws if d.get("from") == "deck" and d.get("card")]
    drew = Words.plural("drew {n} card", "drew {n} cards", len(draws))
    details = []
    if shown:
        details.append(Words("{cards} from the display", cards=Words.join([_a(c) for c in shown])))
    if secret:
        details.append(Words("{cards} from the deck", cards=Words.join([_a(c) for c in secret])))
    return Words.join([drew, " (", Words.join(details, "; "), ")"], "") if details else drew


def describe_entry(entry: Mapping[str, Any]) -> Words:
    """A whole turn (record form) in words, without the player's name."""
    parts = []
    if entry.get("pass"):
        parts.append(Words("passed"))
    if "exchange" in entry:
        parts.append(Words("exchanged {card}", card=_a(entry["exchange"])))
    settle = entry.get("settle")
    if isinstance(settle, Mapping):
        parts.append(Words("settled {territory} with {pieces}", territory=name_of(settle.get("territory")),
                           pieces=_pieces(settle.get("place") or [])))
    if isinstance(entry.get("third"), Mapping):
        parts.append(_third(entry["third"]))
    if "draw" in entry:
        parts.append(_draws(entry["draw"]) if entry["draw"] else Words("drew nothing (no card left)"))
    for feat in entry.get("feats") or []:
        parts.append(describe_action({"type": "feat", **feat}))
    return Words.join(parts, "; ")


def describe_event(event: Mapping[str, Any], names: Sequence[str]) -> Words:
    """A scoring event in words, with the seats' ``names`` (a clause: the log puts it after the move's words)."""
    def who(seat: int) -> Words:
        return text(names[seat]) if seat < len(names) else Words("seat {number}", number=seat + 1)

    if event.get("type") == "half-journey":
        points = event.get("points", [])
        places = len(event.get("territories") or {})
        scores = Words.join([Words.join([who(s), f"+{p}"], " ") for s, p in enumerate(points)])
        if places:
            return Words.plural("half-journey scoring, tents in {n} territory: {scores}",
                                "half-journey scoring, tents in {n} territories: {scores}", places, scores=scores)
        return Words("half-journey scoring, tents: {scores}", scores=scores)
    if event.get("type") == "final":
        rows = [Words("{name} +{tents} for tents, +{totems} for totems, +{settlements} for settlements: {total} in all",
                      name=who(s), tents=event["tents"][s], totems=event["totems"][s],
                      settlements=event["settlements"][s], total=total)
                for s, total in enumerate(event.get("scores", []))]
        return Words("final scoring: {rows}", rows=Words.join(rows, "; "))
    return text(event.get("type", "event"))


def describe_position(view: Mapping[str, Any]) -> Words:
    """The seat's position in a few words (its turn email)."""
    parts = []
    if view.get("hand") is not None:
        hand = Words.join([_biome(c) for c in view["hand"]]) if view["hand"] else Words("no cards")
        parts.append(Words("Your hand: {hand}.", hand=hand))
    scores = Words.join([Words("seat {number} has {points}", number=s + 1, points=p)
                         for s, p in enumerate(view.get("scores", []))])
    parts.append(Words("Scores: {scores}.", scores=scores))
    parts.append(Words("Deck: {n} cards.", n=view.get("deck_size", 0)))
    if view.get("final_round"):
        parts.append(Words("This is the final round."))
    return Words.join(parts, " ")
