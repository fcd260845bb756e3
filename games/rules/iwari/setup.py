"""Setting up a game (rules/iwari.md section 2): supplies, mountains, the deck, hands and display.

Each random choice has its own stream derived from the seed: ``mountains:{seed}`` places the mountains and
``deck:{seed}`` shuffles the cards in play. The cards removed unseen (k per biome) are never stored anywhere.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from ..base import Seed
from .cards import (
    DISPLAY_SIZE,
    HAND_SIZE,
    NB,
    PLAYER_TENTS,
    THIRD_TENTS,
    TOTEMS_PER_TRIBE,
    deck_make_up,
    tiles_used,
)
from .feats import MARKERS
from .maps import Board
from .state import IwariState


def choose_mountains(board: Board, players: int, rng: random.Random) -> list[int]:
    """Rules 2.2: each tile used goes on a connection marked with its peaks, picked at random among them."""
    return sorted(rng.choice(board.mountain_sites(peaks)) for peaks in tiles_used(players))


def setup_state(board: Board, players: int, feats: bool, seed: Seed, mountains: list[int],
                hands: Sequence[Sequence[int]], display: list[int], deck: list[int]) -> IwariState:
    """A state at the start of play: supplies, mountains, hands (five counts), display and deck."""
    state = IwariState(board.id, players, feats, seed, len(board.territory_ids), len(board.space_ids),
                       len(board.connection_ids))
    state.tent_supply = [PLAYER_TENTS] * players + [THIRD_TENTS] * (state.tribes - players)
    state.totem_supply = [TOTEMS_PER_TRIBE] * state.tribes
    state.mountains = sorted(mountains)
    state.hands = [list(h) for h in hands]
    state.display = display
    state.deck = deck
    state.feats_left = dict(MARKERS) if feats else {}
    return state


def deal(board: Board, players: int, feats: bool, seed: Seed) -> IwariState:
    """A new game from ``seed``: the mountains placed, the cards in play shuffled, 3 dealt to each seat, 4 shown."""
    mountains = choose_mountains(board, players, random.Random(f"mountains:{seed}"))
    make_up = deck_make_up(players)
    deck = [card for card in range(NB) for _ in range(make_up[card])]
    random.Random(f"deck:{seed}").shuffle(deck)
    hands = []
    for _ in range(players):
        hand = [0] * NB
        for _ in range(HAND_SIZE):
            hand[deck.pop()] += 1
        hands.append(hand)
    display = [deck.pop() for _ in range(DISPLAY_SIZE)]
    return setup_state(board, players, feats, seed, mountains, hands, display, deck)
