"""Seeded random games to the end, checking the contract at every step.

Every listed action is accepted and nothing unlisted is (a superset of candidates is tried); the mover's view
lists the same actions; save/load round-trips; ``views`` equals ``view`` seat by seat; each entry's record
form reads back into the same actions, and the record of the whole game replays to the same views; no view
and no entry shown to another audience holds a hand but the seat's own, the deck's order or a deck card drawn.
"""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.rules.base import CHANCE, TERMINAL, IllegalActionError
from games.rules.iwari.actions import (
    DONE,
    DRAW_DECK,
    PASS,
    Action,
    Card,
    Exchange,
    Feat,
    Place,
    Refill,
    TakeDisplay,
    Third,
)
from games.rules.iwari.cards import BIOMES, NB, deck_make_up
from games.rules.iwari.state import IwariState
from tests.hidden import keys_in

from .helpers import BOARD, ENG

CONFIGS = [(2, False, 11), (2, True, 12), (3, False, 13), (3, True, 14), (4, False, 15), (4, True, 16),
           (5, False, 17), (5, True, 18)]
SECRET_KEYS = {"seed", "deck", "hands", "deck_order", "removed"}


def _placements() -> list[tuple[str, str, str | None, tuple[str, ...]]]:
    """Every placement a player could name: each territory's spaces, a space of the next territory, a totem;
    every single card and every pair."""
    pays = [(b,) for b in BIOMES] + [(b, b) for b in BIOMES]
    out = []
    territories = BOARD.territory_ids
    for index, tid in enumerate(territories):
        spaces = [BOARD.space_ids[s] for s in BOARD.spaces_of[index]]
        spaces.append(BOARD.space_ids[BOARD.spaces_of[(index + 1) % len(territories)][0]])
        for pay in pays:
            out += [("tent", tid, sid, pay) for sid in spaces] + [("totem", tid, None, pay)]
    return out


PLACEMENTS = _placements()
FEAT_PLACES = list(BOARD.territory_ids) + list(BOARD.connection_ids)
CANDIDATES: list[Action] = [
    *(Place(*p) for p in PLACEMENTS), *(Third(*p) for p in PLACEMENTS), DONE, PASS, DRAW_DECK,
    *(cls(b) for cls in (Exchange, TakeDisplay, Card, Refill) for b in BIOMES),
    *(Feat(feat, at) for feat in ("union", "discovery", "honour", "respect") for at in FEAT_PLACES),
]


def accepted(state: IwariState) -> set[Action]:
    """The candidates ``push`` accepts; a refused one must leave the state unchanged."""
    scratch, found = state.copy(), set()
    for action in CANDIDATES:
        try:
            ENG.push(scratch, action)
        except IllegalActionError:
            continue
        found.add(action)
        scratch = state.copy()
    assert scratch.to_dict() == state.to_dict()
    return found


def check_cards(state: IwariState) -> None:
    """Every card in play is in a hand, the display, the deck or the discard pile."""
    total = [0] * NB
    for hand in state.hands:
        for card in range(NB):
            total[card] += hand[card]
    for card in [c for c in state.display if c >= 0] + state.deck + state.discard:
        total[card] += 1
    assert total == deck_make_up(state.players)


def check_views(state: IwariState, listed: list[Action]) -> None:
    seats: list[int | None] = [*range(state.players), None]
    together = ENG.views(state, seats)
    for seat in seats:
        view = ENG.view(state, seat)
        assert together[seat] == view
        assert json.loads(json.dumps(view)) == view
        assert keys_in(view, SECRET_KEYS) == []
        hand = None if seat is None else [BIOMES[c] for c in range(NB) for _ in range(state.hands[seat][c])]
        assert view["hand"] == hand
        to_move = seat == state.seat and ENG.current_player(state) not in (CHANCE, TERMINAL)
        assert view["legal"] == ([a.to_dict() for a in listed] if to_move else [])
        assert sum(view["hand_sizes"]) == sum(map(sum, state.hands))


def check_save_load(state: IwariState) -> None:
    data = json.loads(json.dumps(ENG.state_to_dict(state)))
    loaded = ENG.state_from_dict(data)
    assert ENG.state_to_dict(loaded) == data
    assert ENG.view(loaded, state.seat) == ENG.view(state, state.seat)


def check_entry(start: IwariState, actions: list[Action], mover: int, players: int) -> dict[str, Any]:
    entry = ENG.entry_record(start, actions)
    assert ENG.entry_actions(start, json.loads(json.dumps(entry))) == actions
    for audience in [*range(players), None]:
        shown = ENG.entry_for(entry, mover, audience)
        deck_cards = [d.get("card") for d in shown.get("draw", []) if d["from"] == "deck"]
        if audience == mover:
            assert shown == entry
        else:
            assert deck_cards == [None] * len(deck_cards)
        assert ENG.describe_entry(shown)
    return entry


def play_checked(players: int, feats: bool, seed: int, full: bool) -> None:
    rng = random.Random(seed)
    state = ENG.new_game(players, {"feats": feats}, seed)
    record = {"players": players, **ENG.record_setup(state), "turns": []}
    start, actions = state, []
    while ENG.current_player(state) != TERMINAL:
        listed = ENG.legal_actions(state)
        assert len(set(listed)) == len(listed) and listed
        if full:
            assert accepted(state) == set(listed)
        check_views(state, listed)
        check_cards(state)
        if ENG.current_player(state) == CHANCE:
            action = ENG.sample_chance(state)
            assert action in listed
        else:
            action = rng.choice(listed)
            assert ENG.parse_action(action.to_dict()) == action
            assert ENG.describe_action(action.to_dict())
        turn, mover = ENG.turn_number(state), state.seat
        state = ENG.apply(state, action)
        actions.append(action)
        assert ENG.turn_number(state) in (turn, turn + 1)
        if ENG.turn_number(state) == turn + 1:
            record["turns"].append(check_entry(start, actions, mover, players))
            check_save_load(state)
            start, actions = state, []
    assert actions == [] and ENG.is_over(state) and state.events[-1]["type"] == "final"
    check_views(state, [])
    replayed = ENG.record_start(players, json.loads(json.dumps(record)))
    for entry in record["turns"]:
        for action in ENG.entry_actions(replayed, entry):
            replayed = ENG.apply(replayed, action)
    assert ENG.is_over(replayed) and ENG.scores(replayed) == ENG.scores(state)
    for seat in [*range(players), None]:
        assert ENG.view(replayed, seat) == ENG.view(state, seat)
    for event in ENG.events(state):
        assert ENG.describe_event(event, [f"P{s}" for s in range(players)])


@pytest.mark.parametrize(("players", "feats", "seed"), CONFIGS)
def test_random_game_every_candidate(players: int, feats: bool, seed: int) -> None:
    play_checked(players, feats, seed, full=True)


@pytest.mark.parametrize(("players", "feats", "seed"),
                         [(p, f, 100 * p + 10 * f + k) for p in (2, 3, 4, 5) for f in (False, True) for k in range(3)])
def test_more_random_games(players: int, feats: bool, seed: int) -> None:
    play_checked(players, feats, seed, full=False)
