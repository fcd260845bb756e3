"""``sample_state``: states drawn from one seat's view agree with it, and vary only in what it cannot see."""
from __future__ import annotations

import random

import pytest

from games.rules.base import CHANCE, TERMINAL
from games.rules.iwari.cards import NB, deck_make_up
from games.rules.iwari.state import IwariState

from .helpers import ENG


def card_totals(state: IwariState) -> list[int]:
    total = [0] * NB
    for card in [c for c in state.display if c >= 0] + state.deck + state.discard:
        total[card] += 1
    for hand in state.hands:
        for card in range(NB):
            total[card] += hand[card]
    return total


@pytest.mark.parametrize(("players", "feats"), [(2, False), (3, True), (4, False), (5, True)])
def test_samples_agree_with_the_view_at_every_step(players: int, feats: bool) -> None:
    rng = random.Random(players)
    state = ENG.new_game(players, {"feats": feats}, players * 7)
    hidden_seen: set[tuple[int, ...]] = set()
    steps = 0
    while ENG.current_player(state) != TERMINAL:
        for seat in range(players):
            view = ENG.view(state, seat)
            sampled = ENG.sample_state(view, seat, random.Random(steps * 10 + seat))
            assert ENG.view(sampled, seat) == view
            assert card_totals(sampled) == deck_make_up(players)
            assert sampled.hands[seat] == state.hands[seat]
            for other in range(players):
                assert all(k <= h for k, h in zip(sampled.known[other], sampled.hands[other]))
            hidden_seen.add(tuple(sampled.deck))
            if not ENG.is_over(sampled) and ENG.current_player(sampled) == seat:
                assert ENG.legal_actions(sampled) == ENG.legal_actions(state)
        if ENG.current_player(state) == CHANCE:
            action = ENG.sample_chance(state)
        else:
            action = rng.choice(ENG.legal_actions(state))
        state = ENG.apply(state, action)
        steps += 1
    assert len(hidden_seen) > steps  # the deck's order is drawn, not read from anywhere


def test_known_cards_stay_in_the_sampled_hands() -> None:
    state = ENG.new_game(3, {}, 5)
    state.known[1] = list(state.hands[1])   # everyone saw seat 1 take all of its cards from the display
    for k in range(20):
        sampled = ENG.sample_state(ENG.view(state, 0), 0, random.Random(k))
        assert sampled.hands[1] == state.hands[1]


def test_sampled_games_play_on_to_the_end() -> None:
    state = ENG.new_game(4, {"feats": True}, 9)
    rng = random.Random(1)
    for _ in range(60):
        action = ENG.sample_chance(state) if ENG.current_player(state) == CHANCE else rng.choice(
            ENG.legal_actions(state))
        state = ENG.apply(state, action)
    sampled = ENG.sample_state(ENG.view(state, 2), 2, random.Random(3))
    while ENG.current_player(sampled) != TERMINAL:
        action = ENG.sample_chance(sampled) if ENG.current_player(sampled) == CHANCE else rng.choice(
            ENG.legal_actions(sampled))
        sampled = ENG.apply(sampled, action)
    assert ENG.is_over(sampled)
