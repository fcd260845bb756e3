"""Tables of a tournament's rounds: round robin schedules and Swiss (Monrad) pairing, for tables of 2 to 5.

Pure Python, no Django: players are ids, a table is a tuple of ids. The chess pairing libraries pair two
players per board; these games seat up to five at a table, so the pairing is done here, plainly:

* **Round robin, two per table**: the circle method (Berger tables): n-1 rounds for an even n, n rounds for
  an odd one (each player sits out one round).
* **Round robin, k per table** (k > 2): every group of k players meets once; the groups are laid into rounds
  greedily (each round takes the first groups, in order, that share no player), so a player never has two
  tables in one round.
* **Swiss** (Monrad style): players in ranked order (the caller ranks them: points, then rating); the best
  unseated player opens a table and takes the next best with whom nobody at the table has played yet; on a dead end the search steps back. A table of
  two leaves one player out when the count is odd: the bye goes to the lowest player without one. Only when
  no pairing without a rematch exists (searched within a budget) are rematches allowed, as few as the greedy
  choice of the least met finds.
"""
from __future__ import annotations

from itertools import combinations
from typing import Hashable, Iterable, Optional, Sequence, TypeVar

P = TypeVar("P", bound=Hashable)
Table = tuple  # a table: the players' ids, best first

#: How many partial tables the Swiss search may try before it gives up looking for a pairing without rematches.
SEARCH_BUDGET = 5000


def table_sizes(count: int, per_table: int) -> list[int]:
    """The sizes of the tables for ``count`` players at most ``per_table`` a table, as even as can be (the
    larger first). Two per table: count // 2 tables of two (an odd player out has the bye)."""
    if per_table == 2:
        return [2] * (count // 2)
    tables = -(-count // per_table)
    small, extra = divmod(count, tables) if tables else (0, 0)
    return [small + 1] * extra + [small] * (tables - extra)


def round_robin(players: Sequence[P], per_table: int) -> list[list[tuple[P, ...]]]:
    """Every round's tables of a round robin among ``players`` (in the order given)."""
    if per_table == 2:
        return _circle(list(players))
    rounds: list[list[tuple[P, ...]]] = []
    left = list(combinations(players, per_table))
    while left:
        seated: set[P] = set()
        this_round = []
        for group in left:
            if not seated.intersection(group):
                this_round.append(group)
                seated.update(group)
        rounds.append(this_round)
        left = [g for g in left if g not in this_round]
    return rounds


def _circle(players: list[P]) -> list[list[tuple[P, ...]]]:
    """The circle method: the first player stays, the others turn by one each round."""
    ring: list[Optional[P]] = list(players) + ([None] if len(players) % 2 else [])
    count = len(ring)
    rounds = []
    for number in range(count - 1):
        tables: list[tuple[P, ...]] = []
        for i in range(count // 2):
            a, b = ring[i], ring[count - 1 - i]
            if a is not None and b is not None:
                # the fixed player alternates sides so that nobody always opens (the seat order is drawn anyway)
                tables.append((a, b) if (i or number % 2 == 0) else (b, a))
        rounds.append(tables)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def rematches(table: Iterable[P], met: set[frozenset[P]]) -> int:
    """How many pairs at ``table`` have played each other before."""
    return sum(1 for pair in combinations(table, 2) if frozenset(pair) in met)


def swiss(ranked: Sequence[P], per_table: int, met: set[frozenset[P]], had_bye: Iterable[P] = ()
          ) -> tuple[list[tuple[P, ...]], Optional[P]]:
    """The next Swiss round: its tables and the player with the bye (None if nobody sits out).

    ``ranked``: the players still in, best first; ``met``: every pair that has shared a table; ``had_bye``:
    those who sat out a round already (they get another only if everyone has had one).
    """
    players = list(ranked)
    if per_table == 2 and len(players) % 2:
        byes = set(had_bye)
        candidates = [p for p in reversed(players) if p not in byes] or list(reversed(players))
        for bye in candidates:  # the lowest without a bye, unless only a rematch would pair the others
            rest = [p for p in players if p != bye]
            tables = _search(rest, table_sizes(len(rest), 2), met)
            if tables is not None:
                return tables, bye
        bye = candidates[0]
        rest = [p for p in players if p != bye]
        return _fewest_rematches(rest, table_sizes(len(rest), 2), met), bye
    sizes = table_sizes(len(players), per_table)
    tables = _search(players, sizes, met)
    return (tables if tables is not None else _fewest_rematches(players, sizes, met)), None


def _search(players: list[P], sizes: list[int], met: set[frozenset[P]]) -> Optional[list[tuple[P, ...]]]:
    """Tables of ``sizes`` with no rematch, the best players together first; None if none was found."""
    budget = [SEARCH_BUDGET]

    def fill(free: list[P], table: list[P], size: int, later: list[int]) -> Optional[list[tuple[P, ...]]]:
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if len(table) == size:
            if not later:
                return [tuple(table)]
            rest = fill(free, [], later[0], later[1:])
            return None if rest is None else [tuple(table), *rest]
        if not table:  # the best player left opens the table
            return fill(free[1:], [free[0]], size, later) if free else None
        for index, player in enumerate(free):
            if all(frozenset((player, other)) not in met for other in table):
                found = fill(free[:index] + free[index + 1:], [*table, player], size, later)
                if found is not None:
                    return found
        return None

    if not sizes:
        return []
    return fill(list(players), [], sizes[0], sizes[1:])


def _fewest_rematches(players: list[P], sizes: list[int], met: set[frozenset[P]]) -> list[tuple[P, ...]]:
    """Tables of ``sizes``, greedily: each next player is the best among those who have met the table least."""
    free = list(players)
    tables = []
    for size in sizes:
        table = [free.pop(0)]
        while len(table) < size:
            best = min(range(len(free)), key=lambda i: (rematches([*table, free[i]], met), i))
            table.append(free.pop(best))
        tables.append(tuple(table))
    return tables
