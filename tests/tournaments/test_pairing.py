"""The pairing and the standings, without a database: round robin schedules, Swiss rounds without rematches,
byes, tables of more than two, and the tie-breaks."""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest

from games.tournaments import pairing
from games.tournaments.standings import TableResult, standings, table_points


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7, 8, 9, 10])
def test_round_robin_of_two_meets_everyone_once_and_nobody_twice_a_round(count):
    rounds = pairing.round_robin(list(range(count)), 2)
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    pairs = [frozenset(t) for r in rounds for t in r]
    assert sorted(map(sorted, pairs)) == sorted(map(sorted, map(frozenset, combinations(range(count), 2))))
    for tables in rounds:
        seated = [p for t in tables for p in t]
        assert len(seated) == len(set(seated)) == count - count % 2


@pytest.mark.parametrize("count,per", [(4, 3), (5, 3), (6, 3), (5, 4), (6, 4), (6, 5)])
def test_round_robin_of_more_seats_every_group_once_and_no_player_twice_a_round(count, per):
    rounds = pairing.round_robin(list(range(count)), per)
    groups = [frozenset(t) for r in rounds for t in r]
    assert len(groups) == len(set(groups)) == len(list(combinations(range(count), per)))
    for tables in rounds:
        seated = [p for t in tables for p in t]
        assert len(seated) == len(set(seated))


@pytest.mark.parametrize("count,per,sizes", [(8, 2, [2, 2, 2, 2]), (7, 2, [2, 2, 2]), (7, 3, [3, 2, 2]),
                                             (8, 3, [3, 3, 2]), (9, 4, [3, 3, 3]), (10, 5, [5, 5]),
                                             (4, 3, [2, 2]), (3, 3, [3])])
def test_table_sizes_are_even(count, per, sizes):
    assert pairing.table_sizes(count, per) == sizes


def test_swiss_pairs_neighbours_in_the_standings():
    tables, bye = pairing.swiss(list("abcdefgh"), 2, set())
    assert tables == [("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")] and bye is None


def test_swiss_avoids_a_rematch_by_stepping_back():
    met = {frozenset("ab"), frozenset("cd")}
    tables, _ = pairing.swiss(list("abcd"), 2, met)
    assert tables == [("a", "c"), ("b", "d")]
    # the greedy choice for the first boards would leave a rematch at the last: the search steps back
    met = {frozenset("ab"), frozenset("ef"), frozenset("cf"), frozenset("df")}
    tables, _ = pairing.swiss(list("abcdef"), 2, met)
    assert not any(frozenset(t) in met for t in tables)
    assert sorted(p for t in tables for p in t) == list("abcdef")


def test_the_bye_goes_to_the_lowest_player_without_one():
    tables, bye = pairing.swiss(list("abcde"), 2, set())
    assert bye == "e" and tables == [("a", "b"), ("c", "d")]
    tables, bye = pairing.swiss(list("abcde"), 2, set(), had_bye={"e"})
    assert bye == "d" and tables == [("a", "b"), ("c", "e")]
    tables, bye = pairing.swiss(list("abc"), 2, set(), had_bye={"a", "b", "c"})  # all had one: the lowest
    assert bye == "c"


def test_swiss_allows_rematches_only_when_it_must():
    met = {frozenset(p) for p in combinations("abcd", 2)}  # everyone has met everyone
    tables, _ = pairing.swiss(list("abcd"), 2, met)
    assert sorted(p for t in tables for p in t) == list("abcd")


@pytest.mark.parametrize("count,per", [(8, 2), (9, 2), (12, 3), (16, 4), (16, 2), (25, 5)])
def test_many_swiss_rounds_without_rematches_while_they_can_be_avoided(count, per):
    rng = random.Random(count * 10 + per)
    players = list(range(count))
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for _ in range(3 if per == 2 else 2):  # (a third round of bigger tables may have no pairing without a rematch)
        rng.shuffle(players)  # any standings order
        tables, bye = pairing.swiss(players, per, met, byes)
        seated = [p for t in tables for p in t] + ([bye] if bye is not None else [])
        assert sorted(seated) == sorted(players)
        assert all(2 <= len(t) <= per for t in tables)
        assert not any(pairing.rematches(t, met) for t in tables)
        assert bye is None or bye not in byes
        met |= {frozenset(pair) for t in tables for pair in combinations(t, 2)}
        if bye is not None:
            byes.add(bye)


def test_table_points_share_places():
    assert table_points({"a": 1, "b": 2}) == {"a": 1, "b": 0}
    assert table_points({"a": 1, "b": 1}) == {"a": Fraction(1, 2), "b": Fraction(1, 2)}
    assert table_points({"a": 1, "b": 2, "c": 2}) == {"a": 1, "b": Fraction(1, 4), "c": Fraction(1, 4)}


def test_swiss_standings_break_ties_by_buchholz_then_score():
    names = {p: p.upper() for p in "abcd"}
    tables = [TableResult(1, {"a": 1, "b": 2}, {"a": 10, "b": 5}, True),
              TableResult(1, {"c": 1, "d": 2}, {"c": 20, "d": 30}, True),
              TableResult(2, {"a": 1, "c": 2}, {"a": 9, "c": 9}, True),
              TableResult(2, {"d": 1, "b": 2}, {"b": 8, "d": 8}, True)]
    rows = standings(names, tables, [], swiss=True)
    assert [r.player for r in rows] == ["a", "c", "d", "b"]
    c, d = rows[1], rows[2]
    assert c.points == d.points == 1 and c.buchholz == 3 and d.buchholz == 1  # c met a (2) and d (1); d: c, b (0)
    assert d.score > c.score  # Buchholz comes before the score
    # with equal points and Buchholz, the game score decides
    tables = [TableResult(1, {"a": 1, "b": 2}, {"a": 10, "b": 5}, True),
              TableResult(1, {"c": 1, "d": 2}, {"c": 20, "d": 30}, True)]
    rows = standings(names, tables, [], swiss=True)
    assert [r.player for r in rows] == ["c", "a", "d", "b"] and [r.place for r in rows] == [1, 2, 3, 4]


def test_byes_score_in_swiss_only_and_unfinished_tables_do_not_count():
    names = {p: p for p in "abc"}
    tables = [TableResult(1, {"a": 1, "b": 2}, {}, True), TableResult(2, {"a": 1, "c": 2}, {}, False)]
    swiss = {r.player: r.points for r in standings(names, tables, [(1, "c")], swiss=True)}
    robin = {r.player: r.points for r in standings(names, tables, [(1, "c")], swiss=False)}
    assert swiss == {"a": 1, "b": 0, "c": 1} and robin == {"a": 1, "b": 0, "c": 0}
