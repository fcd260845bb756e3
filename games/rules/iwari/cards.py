"""The fixed numbers of the rules (docs/rules/iwari.md, sections 1 and 2): biomes, cards, pieces, hands.

Cards are biome indexes 0..4 inside the engine and biome ids (``"tundra"``) outside it. A hand, the deck's
make-up or a discard pile's make-up is a list of five counts, one per biome.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

# rules/iwari.md section 1: 57 cards, Tundra 13, Forest 12, Glacier 11, Coast 11, Desert 10.
BIOMES: tuple[str, ...] = ("tundra", "forest", "glacier", "coast", "desert")
BIOME_NAMES: tuple[str, ...] = ("Tundra", "Forest", "Glacier", "Coast", "Desert")
BIOME_CARDS: tuple[int, ...] = (13, 12, 11, 11, 10)
BIOME_INDEX: dict[str, int] = {name: index for index, name in enumerate(BIOMES)}
NB = len(BIOMES)

# rules/iwari.md section 2.3: cards removed unseen, per biome, by player count.
REMOVED_PER_BIOME: dict[int, int] = {2: 2, 3: 2, 4: 1, 5: 0}
HAND_SIZE = 3
DISPLAY_SIZE = 4
MAX_CARDS_PER_SETTLE = 3  # rules/iwari.md section 3A.2

# rules/iwari.md section 2.1: 21 tents and 8 totems per tribe; a player's score marker is one of its tents.
TENTS_PER_TRIBE = 21
TOTEMS_PER_TRIBE = 8
PLAYER_TENTS = TENTS_PER_TRIBE - 1
THIRD_TENTS = TENTS_PER_TRIBE  # the third tribe has no score marker

# rules/iwari.md section 2.2: a tile with k peaks is used when the number of players is at most k + 1.
MOUNTAIN_TILES: tuple[int, ...] = (1, 2, 3, 4)


def tiles_used(players: int) -> list[int]:
    """The mountain tiles (by peaks) used at ``players`` (rules/iwari.md section 2.2, *settled*)."""
    return [peaks for peaks in MOUNTAIN_TILES if players <= peaks + 1]


def deck_make_up(players: int) -> list[int]:
    """Per biome, the cards in play at ``players``: the full deck minus the cards removed unseen."""
    removed = REMOVED_PER_BIOME[players]
    return [count - removed for count in BIOME_CARDS]


def counts_of(cards: Iterable[int]) -> list[int]:
    """Five counts from card indexes."""
    counts = [0] * NB
    for card in cards:
        counts[card] += 1
    return counts


def cards_of(counts: Sequence[int]) -> list[str]:
    """Card ids in biome order from five counts (a hand as a player reads it)."""
    return [BIOMES[biome] for biome in range(NB) for _ in range(counts[biome])]
