"""Iwari's record (docs/records/iwari.md): its set-up keys, one turn as an entry, and what others see of one.

A record names every card drawn, so it replays without the seed: ``record_start`` builds the deck as the cards
in play minus those dealt, in an arbitrary order, and a chance step may name any card the deck still holds
(per biome). ``entry_actions`` reads an entry while playing it on a copy, so every fault is reported by the
rule it breaks.
"""
from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..base import IllegalActionError, InvalidActionError, JSONDict
from ..words import Words
from .actions import (
    DONE,
    DRAW_DECK,
    PASS,
    Action,
    Card,
    Done,
    DrawDeck,
    Exchange,
    Feat,
    Pass,
    Place,
    Refill,
    TakeDisplay,
    Third,
    parse_action,
    placement_fields,
)
from .cards import (
    BIOME_INDEX,
    BIOMES,
    DISPLAY_SIZE,
    HAND_SIZE,
    NB,
    cards_of,
    counts_of,
    deck_make_up,
    tiles_used,
)
from .maps import Board, MapError, default_map, load_board
from .setup import setup_state
from .state import DRAW, FEAT, PLACE, REFILL, SETTLE, THIRD, IwariState, Turn
from .turns import place_piece, push

if TYPE_CHECKING:
    from .engine import IwariEngine

ENTRY_KEYS = ("settle", "third", "exchange", "pass", "draw", "feats")


# ----- set-up ----------------------------------------------------------------------------------------
def record_setup(state: IwariState, board: Board) -> JSONDict:
    """``map``, ``options`` and ``setup`` (mountains, first hands, first display) of a game started as ``state``."""
    return {"map": state.map_id, "options": {"feats": state.feats_on},
            "setup": {"mountains": [board.connection_ids[c] for c in state.mountains],
                      "hands": [cards_of(hand) for hand in state.hands],
                      "display": [BIOMES[card] for card in state.display]}}


def record_start(eng: IwariEngine, players: int, record: Mapping[str, Any]) -> IwariState:
    """The state a record starts from; raises ``InvalidActionError`` naming what is wrong."""
    eng.check_players(players)
    try:
        board = load_board(record.get("map") or default_map())
    except MapError as err:
        raise InvalidActionError(f"record: {err}") from None
    feats = bool(eng.check_options(record.get("options") or {})["feats"])
    setup = record.get("setup")
    if not isinstance(setup, Mapping):
        raise InvalidActionError("record: 'setup' must give the mountains, the hands and the display")
    mountains = _setup_mountains(board, players, setup.get("mountains"))
    hands = setup.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise InvalidActionError(f"setup: 'hands' must list {players} hands")
    dealt = [_cards(hand, HAND_SIZE, f"setup: seat {seat}'s hand") for seat, hand in enumerate(hands)]
    display = _cards(setup.get("display"), DISPLAY_SIZE, "setup: the display")
    make_up = deck_make_up(players)
    used = counts_of([card for hand in dealt for card in hand] + display)
    for card in range(NB):
        if used[card] > make_up[card]:
            raise InvalidActionError(f"setup names {used[card]} {BIOMES[card]} cards, but a {players}-player "
                                     f"game has {make_up[card]}")
    deck = [card for card in range(NB) for _ in range(make_up[card] - used[card])]  # order unknown: any will do
    return setup_state(board, players, feats, "record", mountains, [counts_of(h) for h in dealt], display, deck)


def _setup_mountains(board: Board, players: int, value: Any) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise InvalidActionError("setup: 'mountains' must list connection ids")
    found = []
    for cid in value:
        if cid not in board.connection_index:
            raise InvalidActionError(f"setup: there is no connection {cid!r} on this map")
        found.append(board.connection_index[cid])
    peaks = sorted(board.peaks[c] for c in found)
    if 0 in peaks or peaks != tiles_used(players):
        raise InvalidActionError(f"setup: at {players} players the mountains with {tiles_used(players)} peaks "
                                 f"each cover one connection marked with their peaks; "
                                 f"{', '.join(value) or 'none'} do not")
    return found


def _cards(value: Any, count: int, what: str) -> list[int]:
    if not isinstance(value, list) or len(value) != count or any(not isinstance(c, str) or c not in BIOME_INDEX for c in value):
        raise InvalidActionError(f"{what} must be {count} cards ({', '.join(BIOMES)})")
    return [BIOME_INDEX[c] for c in value]


# ----- one entry into actions -------------------------------------------------------------------------------
def entry_actions(eng: IwariEngine, state: IwariState, entry: Any) -> list[Action]:
    """The actions of one turn in record form, chance steps included, checked by playing them on a copy."""
    if not isinstance(entry, Mapping):
        raise InvalidActionError("a turn must be a JSON object")
    unknown = sorted(set(entry) - set(ENTRY_KEYS))
    if unknown:
        raise InvalidActionError(f"a turn has no {', '.join(map(repr, unknown))}; its keys are "
                                 f"{', '.join(ENTRY_KEYS)}")
    kinds = [k for k in ("settle", "exchange", "pass") if k in entry]
    if len(kinds) != 1:
        raise InvalidActionError("a turn has exactly one of 'settle', 'exchange' or 'pass'")
    if state.phase != SETTLE:
        raise IllegalActionError(Words("the game is over") if eng.is_over(state)
                                 else Words("a turn is already in progress"))
    sim, board, actions = state.copy(), load_board(state.map_id), []

    def step(action: Action) -> None:
        push(sim, board, action)
        actions.append(action)

    start, turn = sim.turns, sim.turn
    if "pass" in entry:
        if entry["pass"] is not True:
            raise InvalidActionError("'pass' must be true")
        step(PASS)
    elif "exchange" in entry:
        step(parse_action({"type": "exchange", "card": entry["exchange"]}))
    else:
        _settle(sim, board, entry["settle"], step)
        _third(sim, turn, entry.get("third"), step, start)
    if "third" in entry and "settle" not in entry:
        raise IllegalActionError(Words("the third tribe moves only after a settle"))
    _draws(sim, entry.get("draw", []), step, start)
    _feats(sim, entry.get("feats", []), step, start)
    if sim.turns == start:
        raise IllegalActionError(_unfinished(sim, board, turn.draws_left))
    return actions


def _unfinished(sim: IwariState, board: Board, draws_left: int) -> Words:
    if sim.phase == DRAW:
        return Words.plural("the hand must be refilled: {n} more card to draw",
                            "the hand must be refilled: {n} more cards to draw", draws_left)
    if sim.phase == FEAT:
        return Words("the {feat} feat earned this turn must be placed ('feats')", feat=sim.turn.feats[0])
    if sim.phase == THIRD:
        return Words("the third tribe's move is missing")
    return Words("the turn is not complete")


def _settle(sim: IwariState, board: Board, settle: Any, step: Callable[[Action], None]) -> None:
    if not isinstance(settle, Mapping) or not isinstance(settle.get("place"), list) \
            or not 1 <= len(settle["place"]) <= 2:
        raise InvalidActionError("'settle' needs 'territory' and 'place': one or two pieces")
    pieces = [Place(*placement_fields({**p, "territory": settle.get("territory")}, "a settled piece"))
              if isinstance(p, Mapping) else None for p in settle["place"]]
    before = sim.copy()
    for index, piece in enumerate(pieces):
        if piece is None:
            raise InvalidActionError("each placed piece is an object with 'piece', 'at' (tents) and 'pay'")
        if index and sim.phase != PLACE:
            _why_no_second(before, board, pieces[0], piece)
        step(piece)
    if sim.phase == PLACE:
        step(DONE)


def _why_no_second(before: IwariState, board: Board, first: Place | None, second: Place) -> None:
    """Raise the rule that forbids ``second`` after ``first`` (the Settle ended after the first piece)."""
    probe = before.copy()
    assert first is not None
    place_piece(probe, board, first)
    probe.phase = PLACE
    place_piece(probe, board, second)
    raise IllegalActionError(Words("no second piece may go to {territory} this turn", territory=second.territory))


def _third(sim: IwariState, turn: Turn, third: Any, step: Callable[[Action], None], start: int) -> None:
    if not turn.third_called:
        if third is not None:
            raise IllegalActionError(Words("the third tribe moves only after a settle with 1 or 2 cards, in a "
                                           "two-player game"))
        return
    if not isinstance(third, Mapping):
        raise IllegalActionError(Words("the third tribe's move is missing: after a settle with 1 or 2 cards it uses "
                                       "the cards left in hand"))
    places = third.get("place", [])
    if not isinstance(places, list):
        raise InvalidActionError("'third.place' must be a list")
    for item in places:
        if sim.turns != start or sim.phase != THIRD:
            raise IllegalActionError(Words.plural("the third tribe places {n} piece this turn, not {given}",
                                                  "the third tribe places {n} pieces this turn, not {given}",
                                                  turn.third_best[0], given=len(places)))
        if not isinstance(item, Mapping):
            raise InvalidActionError("each third-tribe piece is an object with 'piece', 'at' (tents) and 'pay'")
        step(Third(*placement_fields({**item, "territory": third.get("territory")}, "a third-tribe piece")))
    if sim.turns == start and sim.phase == THIRD:
        raise IllegalActionError(Words("the third tribe must place {pieces} pieces spending {cards} cards, the most "
                                       "the rules allow", pieces=turn.third_best[0], cards=turn.third_best[1]))
    said = third.get("discard")  # the rules decide the leftover cards: a record may leave them out
    if said is None:
        return
    if not isinstance(said, list) or sorted(map(str, said)) != sorted(BIOMES[c] for c in turn.third_discard):
        left = ", ".join(BIOMES[c] for c in turn.third_discard) or "none"
        raise IllegalActionError(Words("the third tribe's leftover cards, discarded, are {left}, not {said}",
                                       left=left, said=repr(said)))


def _draws(sim: IwariState, draws: Any, step: Callable[[Action], None], start: int) -> None:
    if not isinstance(draws, list):
        raise InvalidActionError("'draw' must be a list")
    for draw in draws:
        if sim.turns != start or sim.phase != DRAW:
            raise IllegalActionError(Words("too many cards drawn: the hand is full or nothing is left to draw"))
        if not isinstance(draw, Mapping) or draw.get("from") not in ("deck", "display"):
            raise InvalidActionError("each draw is {\"from\": \"deck\" or \"display\", \"card\": CARD}")
        if draw["from"] == "deck":
            step(DRAW_DECK)
            step(parse_action({"type": "card", "card": draw.get("card")}))
            continue
        step(parse_action({"type": "take-display", "card": draw.get("card")}))
        if sim.turns == start and sim.phase == REFILL:
            if "refill" not in draw:
                raise IllegalActionError(Words("a display card taken is replaced at once from the deck: 'refill' "
                                               "names the card turned up"))
            step(parse_action({"type": "refill", "card": draw["refill"]}))
        elif "refill" in draw:
            raise IllegalActionError(Words("the deck is gone for good: the display is no longer refilled"))


def _feats(sim: IwariState, feats: Any, step: Callable[[Action], None], start: int) -> None:
    if not isinstance(feats, list):
        raise InvalidActionError("'feats' must be a list")
    for feat in feats:
        if sim.turns != start or sim.phase != FEAT:
            raise IllegalActionError(Words("no feat was earned this turn (or all are placed)"))
        step(parse_action({"type": "feat", **feat} if isinstance(feat, Mapping) else None))


# ----- actions into one entry, and what others see of it -----------------------------------------------------
def entry_record(eng: IwariEngine, state: IwariState, actions: Sequence[Action]) -> JSONDict:
    """The record form of one whole turn: ``actions`` played from ``state``."""
    sim, board = state.copy(), load_board(state.map_id)
    turn = sim.turn
    entry: JSONDict = {}
    draws: list[JSONDict] = []
    for action in actions:
        if isinstance(action, (Place, Third)):
            key = "settle" if isinstance(action, Place) else "third"
            part = entry.setdefault(key, {"territory": action.territory, "place": []})
            item = {k: v for k, v in action.to_dict().items() if k not in ("type", "territory")}
            part["place"].append(item)
        elif isinstance(action, Exchange):
            entry["exchange"] = action.card
        elif isinstance(action, Pass):
            entry["pass"] = True
        elif isinstance(action, DrawDeck):
            draws.append({"from": "deck"})
        elif isinstance(action, TakeDisplay):
            draws.append({"from": "display", "card": action.card})
        elif isinstance(action, Card):
            draws[-1]["card"] = action.card
        elif isinstance(action, Refill):
            draws[-1]["refill"] = action.card
        elif isinstance(action, Feat):
            entry.setdefault("feats", []).append({"feat": action.feat, "at": action.at})
        elif not isinstance(action, Done):
            raise InvalidActionError(f"{action!r} is not an Iwari action")
        push(sim, board, action)
    if turn.third_called:
        entry.setdefault("third", {})["discard"] = [BIOMES[c] for c in turn.third_discard]
    if "settle" in entry or "exchange" in entry:
        entry["draw"] = draws
    return {key: entry[key] for key in ENTRY_KEYS if key in entry}


def entry_for(entry: Mapping[str, Any], mover: int | None, audience: int | None) -> JSONDict:
    """What ``audience`` sees of ``mover``'s turn: all of it if it is the mover's, else the cards drawn from the
    deck are left out (the exchanged card, the cards played and the display cards are public)."""
    out = copy.deepcopy(dict(entry))
    if audience is None or audience != mover:
        for draw in out.get("draw", []):
            if isinstance(draw, dict) and draw.get("from") == "deck":
                draw.pop("card", None)
    return out
