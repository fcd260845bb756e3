"""A tournament's standings and crosstable from its tables' results: pure Python, no Django.

Points: a finished table gives each player the share of the others they finished ahead of (a tie counts
half): ``(ahead + tied / 2) / (players at the table - 1)``, so a game of two gives 1, ½ or 0 and every table
is worth at most 1 to each player. The places come from the game's result and score as the ratings read them
(games/ratings ``finish_ranks``: the winners, then the others by score, those who left last). A Swiss bye
gives 1 point; a round robin bye nothing (everyone sits out alike).

Tie-breaks, in order: Swiss: **Buchholz** (the sum of the points of every opponent met at a finished table),
then **score** (the sum of the player's own game scores), then the name. Round robin: **score**, then the name.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional

Player = Any  # a player's id (hashable): the site uses user ids


@dataclass
class TableResult:
    """One table of a round: each player's place (1 = first; ties share a place) and score; ``over`` once the
    game has ended (finished, or aborted: then those who left are last and the others tie)."""

    round: int
    places: dict[Player, int]
    scores: dict[Player, int]
    over: bool


@dataclass
class Row:
    """One player's line of the standings."""

    player: Player
    name: str
    points: Fraction = Fraction(0)
    buchholz: Fraction = Fraction(0)
    score: int = 0
    played: int = 0
    byes: int = 0
    timeouts: int = 0
    withdrawn_round: Optional[int] = None
    by_round: dict[int, Fraction] = field(default_factory=dict)
    against: dict[Player, Fraction] = field(default_factory=dict)  # points taken from each opponent
    place: int = 0


def table_points(places: dict[Player, int]) -> dict[Player, Fraction]:
    """Each player's points from a finished table (see the module)."""
    others = len(places) - 1
    if others < 1:
        return {p: Fraction(0) for p in places}
    return {p: Fraction(sum(2 if places[o] > mine else 1 if places[o] == mine else 0
                            for o in places if o != p), 2 * others)
            for p, mine in places.items()}


def pairwise(places: dict[Player, int]) -> dict[tuple[Player, Player], Fraction]:
    """What each player took from each other player at a finished table: 1, ½ or 0 (the crosstable's cells)."""
    return {(p, o): Fraction(1) if places[o] > places[p] else Fraction(1, 2) if places[o] == places[p] else Fraction(0)
            for p in places for o in places if o != p}


def standings(players: dict[Player, str], tables: list[TableResult], byes: list[tuple[int, Player]], *,
              swiss: bool, timeouts: Optional[dict[Player, int]] = None,
              withdrawn: Optional[dict[Player, int]] = None) -> list[Row]:
    """The rows in order, best first, each with its place (equal on every criterion: the same place)."""
    rows = {p: Row(player=p, name=name, timeouts=(timeouts or {}).get(p, 0),
                   withdrawn_round=(withdrawn or {}).get(p)) for p, name in players.items()}
    for table in tables:
        if not table.over:
            continue
        for p, points in table_points(table.places).items():
            row = rows[p]
            row.points += points
            row.played += 1
            row.score += table.scores.get(p, 0)
            row.by_round[table.round] = row.by_round.get(table.round, Fraction(0)) + points
        for (p, o), points in pairwise(table.places).items():
            rows[p].against[o] = rows[p].against.get(o, Fraction(0)) + points
    for number, p in byes:
        rows[p].byes += 1
        if swiss:
            rows[p].points += 1
            rows[p].by_round[number] = Fraction(1)
    for table in tables:
        if table.over:
            for p in table.places:
                rows[p].buchholz += sum((rows[o].points for o in table.places if o != p), Fraction(0))

    def key(row: Row) -> tuple[Fraction | int, ...]:
        return (-row.points, -row.buchholz, -row.score) if swiss else (-row.points, -row.score)

    ordered = sorted(rows.values(), key=lambda r: (key(r), r.name))
    for index, row in enumerate(ordered):
        row.place = ordered[index - 1].place if index and key(ordered[index - 1]) == key(row) else index + 1
    return ordered


def met_pairs(tables: list[TableResult]) -> set[frozenset[Player]]:
    """Every pair of players who have shared a table (over or not): the Swiss pairing avoids them."""
    return {frozenset((p, o)) for t in tables for p in t.places for o in t.places if p != o}
