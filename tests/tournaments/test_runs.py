"""Whole tournaments through the services and Celery's tasks (run eagerly), committing for real: an 8-player
Swiss of 3 rounds and a 4-player round robin to their standings, with timeouts and a withdrawal. The
standings are checked against the games' own results, counted again here."""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest

from games.models import Game, Move, Seat
from games.ratings.models import RatingChange
from games.tournaments import services, tasks
from games.tournaments.models import Bye, Entry, Table, Tournament
from games.tournaments.selectors import tournament_entry, tournament_of_game
from tests import factories
from tests.tournaments.conftest import finish_table, players, time_out

pytestmark = pytest.mark.django_db(transaction=True)


def round_games(tournament: Tournament, number: int) -> list[Game]:
    return [t.game for t in Table.objects.filter(tournament=tournament, round=number).select_related("game")]


def points_from_games(tournament: Tournament) -> dict[int, Fraction]:
    """Each player's points counted straight from the seats of the tournament's games (the rule of
    games/tournaments/standings.py, for tables of two: a win 1, a shared win ½, an aborted game's leaver 0
    and the other 1), plus a point for each Swiss bye."""
    points: dict[int, Fraction] = {e.user_id: Fraction(0) for e in tournament.entries.all()}
    for table in Table.objects.filter(tournament=tournament).select_related("game"):
        seats = list(table.game.seats.all())
        assert len(seats) == 2
        for seat, other in (seats, seats[::-1]):
            if table.game.status == Game.Status.FINISHED:
                mine = seat.status == Seat.Status.PLAYING and seat.result == Seat.Result.WON
                theirs = other.status == Seat.Status.PLAYING and other.result == Seat.Result.WON
                if mine == theirs and seat.status == other.status:
                    tie = seat.score == other.score or mine
                    got = Fraction(1, 2) if tie else Fraction(int(seat.score > other.score))
                else:
                    got = Fraction(int(mine or other.status != Seat.Status.PLAYING))
            else:
                assert table.game.status == Game.Status.ABORTED
                got = Fraction(int(seat.status == Seat.Status.PLAYING and other.status != Seat.Status.PLAYING)
                               ) if seat.status != other.status else Fraction(1, 2)
            points[seat.user_id] += got
    if tournament.kind == Tournament.Kind.SWISS:
        for bye in Bye.objects.filter(tournament=tournament):
            points[bye.user_id] += 1
    return points


def check_standings(tournament: Tournament) -> dict[str, Any]:
    """The standings agree with the games: points, Buchholz (Swiss), the order by the stated tie-breaks."""
    entry = tournament_entry(tournament)
    expected = points_from_games(tournament)
    by_name = {u.username: uid for uid, u in ((e.user_id, e.user) for e in tournament.entries.select_related("user"))}
    rows = entry["standings"]
    for row in rows:
        assert Fraction(row["points"]).limit_denominator(100) == expected[by_name[row["username"]]], row
    opponents: dict[int, list[int]] = {uid: [] for uid in expected}
    for table in Table.objects.filter(tournament=tournament).select_related("game"):
        ids = [s.user_id for s in table.game.seats.all()]
        for a, b in combinations(ids, 2):
            opponents[a].append(b)
            opponents[b].append(a)
    if tournament.kind == Tournament.Kind.SWISS:
        for row in rows:
            uid = by_name[row["username"]]
            assert row["buchholz"] == pytest.approx(float(sum(expected[o] for o in opponents[uid])))
        keys = [(-r["points"], -r["buchholz"], -r["score"]) for r in rows]
    else:
        keys = [(-r["points"], -r["score"]) for r in rows]
    assert keys == sorted(keys)
    return entry


def test_a_swiss_of_eight_players_and_three_rounds_runs_to_its_standings(moderator):
    rng = random.Random(8)
    people = players(8)
    tournament = services.tournament_create(user=people[0], name="Spring Swiss", game="ark", kind="swiss",
                                            rounds=3, start_players=8, days_per_move=1, rated=True)
    for user in people[1:]:
        services.tournament_join(tournament_id=tournament.pk, user=user)
    tournament.refresh_from_db()  # the eighth player started it: Celery made round 1
    assert tournament.status == Tournament.Status.RUNNING and tournament.current_round == 1
    first = round_games(tournament, 1)
    assert len(first) == 4 and all(g.status == Game.Status.ACTIVE and g.private and g.rated for g in first)
    assert tournament_of_game(first[0].pk) == tournament
    for game in first:
        finish_table(game, moderator, rng)
    tournament.refresh_from_db()
    assert tournament.current_round == 2  # the last table's end made the next round at once

    # round 2: a player lets the time run out once (counted); another withdraws in the middle of a game
    second = round_games(tournament, 2)
    late = time_out(second[0])
    late_user = late.seats.get(number=Move.objects.get(game=late, kind=Move.Kind.TIMEOUT).seat).user
    quitter = second[1].seats.order_by("number").first().user
    factories.play_first_turns(second[1], rng)  # past the first turns: leaving now loses, not aborts
    services.tournament_withdraw(tournament_id=tournament.pk, user=quitter)
    second[1].refresh_from_db()
    assert second[1].status == Game.Status.FINISHED  # resigned: the other player won
    assert seat_status(second[1], quitter) == Seat.Status.RESIGNED
    for game in second:
        game.refresh_from_db()
        if game.status == Game.Status.ACTIVE:
            finish_table(game, moderator, rng)
    tournament.refresh_from_db()
    assert tournament.current_round == 3

    # round 3: seven players left: three tables and a bye for the lowest without one; the quitter is out
    third = round_games(tournament, 3)
    assert len(third) == 3
    seated = {s.user_id for g in third for s in g.seats.all()}
    bye = Bye.objects.get(tournament=tournament, round=3)
    assert quitter.pk not in seated and bye.user_id != quitter.pk and len(seated | {bye.user_id}) == 7
    pairs = [frozenset(s.user_id for s in g.seats.all()) for n in (1, 2, 3) for g in round_games(tournament, n)]
    assert len(pairs) == len(set(pairs)) == 11  # no rematch in three rounds
    for game in third:
        finish_table(game, moderator, rng)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and tournament.finished_at is not None

    entry = check_standings(tournament)
    assert entry["withdrawals"] == 1 and entry["timeouts"] == 1
    rows = {r["username"]: r for r in entry["standings"]}
    assert rows[quitter.username]["left"] == "withdrew" and rows[quitter.username]["left_round"] == 2
    assert rows[quitter.username]["played"] == 2
    assert rows[late_user.username]["timeouts"] == 1
    assert sum(r["points"] for r in entry["standings"]) == pytest.approx(4 + 4 + 3 + 1)  # 11 games, one bye
    assert entry["standings"][0]["place"] == 1 and entry["tie_breaks"] == ["points", "buchholz", "score"]
    # rated: every finished game of it changed its players' ratings, as any game
    finished = Game.objects.filter(tournament_table__tournament=tournament, status=Game.Status.FINISHED)
    assert finished.count() == 11
    assert RatingChange.objects.filter(game__in=finished).count() == 22
    assert tasks.sweep_tournaments() == 0  # nothing left to do


def seat_status(game: Game, user: Any) -> str:
    return game.seats.get(user=user).status


def test_a_round_robin_of_four_with_a_player_timed_out_of_it(moderator, settings):
    rng = random.Random(4)
    people = players(4)
    tournament = services.tournament_create(user=people[0], name="Club round robin", game="carcassonne",
                                            kind="round_robin", start_players=4, rated=False)
    for user in people[1:]:
        services.tournament_join(tournament_id=tournament.pk, user=user)
    tournament.refresh_from_db()
    assert tournament.rounds == 3 and tournament.current_round == 1
    for game in round_games(tournament, 1):
        finish_table(game, moderator, rng)
    tournament.refresh_from_db()
    assert tournament.current_round == 2

    # round 2: one player never plays again: after their first turn, three timeouts in a row remove them, which
    # ends their game of two (they lose) and takes them out of the tournament
    first, other = round_games(tournament, 2)
    first = factories.play_first_turns(first, rng)
    absent = first.seats.get(number=first.current_seat).user
    for _ in range(settings.TIMEOUTS_BEFORE_REMOVAL):
        first = time_out(first)
        first.refresh_from_db()
        if first.status == Game.Status.ACTIVE and first.seats.get(number=first.current_seat).user != absent:
            factories.play_turn(first, rng)
    first.refresh_from_db()
    assert first.status == Game.Status.FINISHED and seat_status(first, absent) == Seat.Status.REMOVED
    finish_table(other, moderator, rng)
    tournament.refresh_from_db()
    assert tournament.current_round == 3
    assert Entry.objects.get(tournament=tournament, user=absent).left == Entry.Left.REMOVED

    # round 3: the absent player's table is not played; their opponent sits out (no points in a round robin)
    third = round_games(tournament, 3)
    assert len(third) == 1 and absent.pk not in {s.user_id for s in third[0].seats.all()}
    assert Bye.objects.filter(tournament=tournament, round=3).count() == 1
    finish_table(third[0], moderator, rng)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED

    entry = check_standings(tournament)
    rows = {r["username"]: r for r in entry["standings"]}
    assert rows[absent.username]["timeouts"] == settings.TIMEOUTS_BEFORE_REMOVAL
    assert rows[absent.username]["left"] == "removed" and rows[absent.username]["played"] == 2
    assert entry["tie_breaks"] == ["points", "score"] and entry["withdrawals"] == 1
    # the crosstable: each cell what the row's player took from the column's
    order = [r["username"] for r in entry["standings"]]
    for i, row in enumerate(entry["standings"]):
        for j, cell in enumerate(row["crosstable"]):
            if cell is not None:
                assert cell + entry["standings"][j]["crosstable"][i] == 1
        assert row["crosstable"][i] is None
    assert len(order) == 4
    assert not RatingChange.objects.filter(game__tournament_table__tournament=tournament).exists()  # unrated


def test_a_withdrawal_before_anyone_moved_aborts_the_game_and_the_leaver_loses_it(moderator):
    """A round robin of three: the first-round table aborts as its player withdraws before the first turns (the
    site's rule: unrated, no winner); in the tournament the one who left loses it. Rounds whose only table had
    the leaver are skipped; the tournament still reaches its standings."""
    rng = random.Random(3)
    people = players(3)
    tournament = services.tournament_create(user=people[0], name="Three", game="iwari", kind="round_robin",
                                            start_players=3)
    for user in people[1:]:
        services.tournament_join(tournament_id=tournament.pk, user=user)
    [game] = round_games(tournament, 1)
    leaver = game.seats.order_by("number").first().user
    services.tournament_withdraw(tournament_id=tournament.pk, user=leaver)
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED
    tournament.refresh_from_db()
    while tournament.status == Tournament.Status.RUNNING:
        for game in round_games(tournament, tournament.current_round):
            assert leaver.pk not in {s.user_id for s in game.seats.all()}
            finish_table(game, moderator, rng)
        tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    entry = check_standings(tournament)
    assert entry["standings"][-1]["username"] == leaver.username and entry["standings"][-1]["points"] == 0
    assert Game.objects.filter(tournament_table__tournament=tournament).count() == 2  # the leaver's other table


def test_swiss_seeds_round_one_by_rating_and_a_moderator_may_run_one_without_playing(moderator):
    from games.ratings import openskill_model
    from games.ratings.models import Rating

    people = players(4)
    mu, sigma = openskill_model.initial()
    for strength, user in zip((3, 1, 4, 2), people):
        Rating.objects.create(user=user, game="tikal", mu=mu + strength, sigma=sigma)
    tournament = services.tournament_create(user=moderator, name="Seeded", game="tikal", kind="swiss", rounds=1,
                                            start_players=4, play=False)
    for user in people:
        services.tournament_join(tournament_id=tournament.pk, user=user)
    tables = [{s.user_id for s in g.seats.all()} for g in round_games(tournament, 1)]
    # Monrad: the two strongest together, then the next two
    assert sorted(tables, key=min) == sorted([{people[2].pk, people[0].pk}, {people[3].pk, people[1].pk}], key=min)
    assert not Entry.objects.filter(tournament=tournament, user=moderator).exists()
    with pytest.raises(Exception, match="moderator"):
        services.tournament_create(user=people[0], name="x", game="ark", kind="swiss", rounds=1, start_players=2,
                                   play=False)


def test_two_advances_at_once_start_one_round():
    """The sweep and a queued task may advance the same tournament at the same moment: the row lock lets one
    make the round, and the other finds it being played."""
    import threading
    from datetime import timedelta

    from django.db import connections

    from games.play import clock

    people = players(4)
    when = clock.now() + timedelta(days=1)
    tournament = services.tournament_create(user=people[0], name="At once", game="ark", kind="swiss", rounds=1,
                                            starts_at=when)
    for user in people[1:]:
        services.tournament_join(tournament_id=tournament.pk, user=user)
    clock.freeze(when)
    gate = threading.Barrier(2)
    done: list[str] = []

    def advance() -> None:
        try:
            gate.wait()
            done.append(services.tournament_advance(tournament.pk))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=advance) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(done) == ["playing", "round 1"]
    assert Table.objects.filter(tournament=tournament).count() == 2
