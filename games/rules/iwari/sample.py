"""``sample_state``: a whole state consistent with one seat's view, for bots (base.py's contract).

Everything public is read back from the view; the hidden parts are drawn from ``rng``: the other hands (beyond
the cards known to be in them, taken from the display) and the deck's order. Their cards are the cards in play
(the full deck minus the k per biome removed at set-up) minus the seat's own hand, the display, the discard
pile and the known cards, so the per-biome counts always agree with what the seat has seen.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..base import InvalidActionError
from .cards import BIOME_INDEX, BIOMES, NB, counts_of, deck_make_up
from .feats import ON_CONNECTION
from .maps import Board, load_board
from .state import MATCH, PHASES, TENT, TOTEM, IwariState, Turn


def sample_state(view: Mapping[str, Any], seat: int, rng: random.Random) -> IwariState:
    """A state whose ``view(state, seat)`` is ``view``, its secrets drawn from ``rng``."""
    board = load_board(view["map"])
    players = view["players"]
    state = IwariState(board.id, players, bool(view["options"]["feats"]), f"sample:{rng.getrandbits(64)}",
                       len(board.territory_ids), len(board.space_ids), len(board.connection_ids))
    _public(state, board, view)
    _hidden(state, view, seat, rng)
    return state


def _public(state: IwariState, board: Board, view: Mapping[str, Any]) -> None:
    turn_state = view["turn_state"]
    state.seat = turn_state["seat"]
    state.phase = PHASES.index(view["phase"])
    state.turns = view["turn"]
    state.active = list(view["active"])
    state.scores = list(view["scores"])
    state.occupant = [-1 if view["spaces"][sid] is None else view["spaces"][sid] for sid in board.space_ids]
    state.tents = [n for t in view["territories"] for n in t["tents"]]
    state.totems = [n for t in view["territories"] for n in t["totems"]]
    state.tent_count = [sum(t["tents"]) for t in view["territories"]]
    state.totem_count = [sum(t["totems"]) for t in view["territories"]]
    state.tent_supply = [tribe["tents"] for tribe in view["tribes"]]
    state.totem_supply = [tribe["totems"] for tribe in view["tribes"]]
    state.mountains = sorted(board.connection_index[c] for c in view["mountains"])
    feats = view["feats"]
    if feats is not None:
        state.feats_left = dict(feats["available"])
        state.feats_earned = [list(kinds) for kinds in feats["earned"]]
        for placed in feats["placed"]:
            state.feats_placed.append((placed["feat"], placed["seat"], placed["at"]))
            if placed["feat"] in ON_CONNECTION:
                state.feat_connection[board.connection_index[placed["at"]]] += 1
            else:
                state.feat_territory[board.territory_index[placed["at"]]] += 1
    state.events = [dict(event) for event in view["events"]]
    state.display = [-1 if card is None else BIOME_INDEX[card] for card in view["display"]]
    state.discard = [BIOME_INDEX[card] for card in view["discard"]]
    state.deck_runs = view["deck_runs"]
    state.end_triggered = view["end_triggered"]
    state.known = [counts_of(BIOME_INDEX[c] for c in cards) for cards in view["known"]]
    state.turn = _turn(board, turn_state)


def _hidden(state: IwariState, view: Mapping[str, Any], seat: int, rng: random.Random) -> None:
    """The other hands and the deck, drawn from the cards the seat cannot see."""
    own = counts_of(BIOME_INDEX[c] for c in (view["hand"] or []))
    pool_counts = deck_make_up(state.players)
    seen = [own, counts_of(c for c in state.display if c >= 0), counts_of(state.discard)]
    seen += [state.known[other] for other in range(state.players) if other != seat]
    for counts in seen:
        for card in range(NB):
            pool_counts[card] -= counts[card]
    if min(pool_counts) < 0:
        raise InvalidActionError("the view shows more cards of a biome than the game holds")
    pool = [card for card in range(NB) for _ in range(pool_counts[card])]
    rng.shuffle(pool)
    for other in range(state.players):
        if other == seat:
            state.hands[other] = own
            continue
        hand = list(state.known[other])
        for _ in range(view["hand_sizes"][other] - sum(hand)):
            hand[pool.pop()] += 1
        state.hands[other] = hand
    if len(pool) != view["deck_size"]:
        raise InvalidActionError(f"the view's cards do not add up: {len(pool)} unseen cards for a deck of "
                                 f"{view['deck_size']}")
    state.deck = pool


def _turn(board: Board, data: Mapping[str, Any]) -> Turn:
    def index(table: Mapping[str, int], key: Any) -> int:
        return -1 if key is None else table[key]

    turn = Turn()
    turn.kind = data["kind"] or ""
    turn.territory = index(board.territory_index, data["territory"])
    turn.unexplored = data["unexplored"]
    turn.placed = _steps(board, data["placed"])
    turn.cards = data["cards_played"]
    third = data["third"]
    turn.third_called = third["called"]
    turn.third_best = (third["best"]["pieces"], third["best"]["cards"])
    turn.third_territory = index(board.territory_index, third["territory"])
    turn.third_placed = _steps(board, third["placed"])
    turn.third_discard = [BIOME_INDEX[c] for c in third["discard"]]
    turn.draws_left = data["draws_left"]
    turn.drawn = data["drawn"]
    turn.refill_slot = -1 if data["refill_slot"] is None else data["refill_slot"]
    turn.filled = index(board.territory_index, data["filled"])
    turn.feats = list(data["feats"])
    return turn


def _steps(board: Board, placed: list[Mapping[str, Any]]) -> list[tuple[int, int, int]]:
    out = []
    for item in placed:
        tent = item["piece"] == "tent"
        code = MATCH if len(item["pay"]) == 1 else BIOMES.index(item["pay"][0])
        out.append((TENT if tent else TOTEM, board.space_index[item["at"]] if tent else -1, code))
    return out
