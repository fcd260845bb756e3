"""Ratings (games/ratings): openskill's Plackett-Luce numbers, updated in the commit that finishes a rated
game, shown beside names, and rebuilt from the finished games to the same numbers."""
from __future__ import annotations

import random
from io import StringIO

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from games.models import Game, Move, Seat
from games.play import selectors, services
from games.ratings.models import Rating, RatingChange
from games.ratings.openskill_model import PROVISIONAL_GAMES, shown
from games.ratings.selectors import leaderboard
from games.ratings.services import finish_ranks
from tests.factories import play_first_turns, play_turn, play_turns
from tests.social.conftest import rated_game, seats_of, settle

pytestmark = pytest.mark.django_db


def numbers() -> dict[tuple[int, str], tuple[float, float, int]]:
    return {(r.user_id, r.game): (r.mu, r.sigma, r.games) for r in Rating.objects.all()}


def expected_ranks(seats: list[Seat]) -> list[int]:
    """By hand: the winners 1, the other players still seated after them by score, the ones who left last."""
    seated = [s for s in seats if s.status == Seat.Status.PLAYING]
    order = sorted({(s.result != Seat.Result.WON, -s.score) for s in seated})
    ranks = []
    for s in seats:
        if s.status != Seat.Status.PLAYING:
            ranks.append(len(seated) + 1)
        else:
            key = (s.result != Seat.Result.WON, -s.score)
            ranks.append(1 + sum(1 for s2 in seated if (s2.result != Seat.Result.WON, -s2.score) < key))
    assert order  # someone finished seated
    return ranks


def test_two_then_four_players_match_openskill_and_the_rebuild(users, make_user, moderator) -> None:
    model = PlackettLuce()
    a, b, c, d = users[:4]
    # 2 players: b resigns, a wins
    two = play_first_turns(rated_game([a, b]))
    services.game_resign(game_id=two.pk, user=b)
    two.refresh_from_db()
    assert two.status == Game.Status.FINISHED
    [[a1], [b1]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    got = numbers()
    assert got[(a.pk, "ark")][:2] == pytest.approx((a1.mu, a1.sigma), rel=1e-12)
    assert got[(b.pk, "ark")][:2] == pytest.approx((b1.mu, b1.sigma), rel=1e-12)
    assert a1.mu > 25 > b1.mu

    # 4 players, a and b coming with their ratings: d is removed by a moderator, c resigns, the game is settled
    four = play_first_turns(rated_game([a, b, c, d], seed=99))
    services.seat_remove(game_id=four.pk, user=d, moderator=moderator, reason="test")
    services.game_resign(game_id=four.pk, user=c)
    four = settle(four, moderator)
    assert four.status == Game.Status.FINISHED
    seats = seats_of(four)
    ranks = expected_ranks(seats)
    assert ranks[[s.user_id for s in seats].index(c.pk)] == ranks[[s.user_id for s in seats].index(d.pk)] == 3
    prior = {a.pk: model.rating(mu=a1.mu, sigma=a1.sigma), b.pk: model.rating(mu=b1.mu, sigma=b1.sigma),
             c.pk: model.rating(), d.pk: model.rating()}
    after = model.rate([[prior[s.user_id]] for s in seats], ranks=ranks)
    got = numbers()
    for seat, [rating] in zip(seats, after):
        assert got[(seat.user_id, "ark")][:2] == pytest.approx((rating.mu, rating.sigma), rel=1e-12)
    assert got[(a.pk, "ark")][2] == 2 and got[(c.pk, "ark")][2] == 1
    assert RatingChange.objects.filter(game=four).count() == 4

    # the rebuild gives the very same numbers
    before = numbers()
    out = StringIO()
    call_command("rebuild_ratings", stdout=out)
    assert "rated 2 finished games" in out.getvalue()
    assert numbers() == before
    assert RatingChange.objects.count() == 6


def test_unrated_and_aborted_games_change_nothing(users, moderator) -> None:
    game = play_first_turns(rated_game(users[:2], rated=False))
    services.game_resign(game_id=game.pk, user=users[1])
    aborted = rated_game(users[:2], seed=5)
    services.game_abort(game_id=aborted.pk, moderator=moderator, reason="test")
    assert Rating.objects.count() == 0 and RatingChange.objects.count() == 0
    call_command("rebuild_ratings", stdout=StringIO())
    assert Rating.objects.count() == 0


def test_ties_share_a_rank_and_leavers_rank_last() -> None:
    def seat(number: int, score: int, result: str = "lost", status: str = "playing") -> Seat:
        return Seat(number=number, score=score, result=result, status=status)
    ranks = finish_ranks([seat(0, 10, "won"), seat(1, 10, "won"), seat(2, 7), seat(3, 12, status="resigned"),
                          seat(4, 3, status="removed")])
    assert ranks == {0: 1, 1: 1, 2: 3, 3: 4, 4: 4}


def test_computer_players_have_ratings_and_payloads_show_changes(users, client_for) -> None:
    game = services.game_create(user=users[0], game="ark", players=2, computers=["easy"], rated=True)
    game = play_first_turns(game)
    computer = game.seats.exclude(user=users[0]).get().user
    services.game_resign(game_id=game.pk, user=users[0])
    assert Rating.objects.filter(user=computer, game="ark", games=1).exists()
    data = client_for(users[0]).get(f"/api/games/{game.pk}/").json()
    assert data["rated"] is True
    entries = {s["user"]["id"]: s["rating"] for s in data["seats"]}
    assert entries[computer.pk]["change"] > 0 > entries[users[0].pk]["change"]
    assert entries[users[0].pk]["provisional"] is True
    rating = Rating.objects.get(user=users[0], game="ark")
    assert entries[users[0].pk]["rating"] == shown(rating.mu, rating.sigma)


def test_leaderboard_lists_established_ratings_only(users) -> None:
    a, b = users[:2]
    for seed in range(PROVISIONAL_GAMES):
        game = play_first_turns(rated_game([a, b], seed=seed + 10))
        services.game_resign(game_id=game.pk, user=b)
    rated_game([users[2], a], seed=1)  # c has no finished game
    board = leaderboard("ark")
    assert [row["user"] for row in board] == [a, b]
    assert board[0]["rating"] > board[1]["rating"] and not board[0]["provisional"]


def test_the_api_takes_rated_at_creation(users, client_for) -> None:
    client = client_for(users[0])
    made = client.post("/api/games/", {"game": "ark", "seats": 2, "rated": False}, format="json").json()
    assert made["rated"] is False and Game.objects.get(pk=made["id"]).rated is False
    made = client.post("/api/games/", {"game": "ark", "seats": 2}, format="json").json()
    assert made["rated"] is True


def test_a_player_timed_out_of_the_game_ranks_last(users, settings) -> None:
    from datetime import timedelta

    from django.utils import timezone

    settings.TIMEOUTS_BEFORE_REMOVAL = 1
    game = play_first_turns(rated_game(users[:2]))
    late = game.seats.get(number=game.current_seat).user
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    game.refresh_from_db()
    services.move_timeout(game_id=game.pk, expected_version=game.version)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    ranks = dict(RatingChange.objects.filter(game=game).values_list("user_id", "rank"))
    other = next(u for u in users[:2] if u != late)
    assert ranks == {other.pk: 1, late.pk: 2}


def test_resigning_before_every_player_has_moved_aborts_the_game_unrated(make_user, client_for) -> None:
    """Rating farming (issue 24, item 6): a second account resigning at once gave a rated win every time."""
    farmer, alt = make_user("farmer"), make_user("alt")
    api = {farmer: client_for(farmer), alt: client_for(alt)}
    for number in range(15):
        made = api[farmer].post("/api/games/", {"game": "ark", "seats": 2, "rated": True}, format="json").json()
        assert api[alt].post(f"/api/games/{made['id']}/join/").status_code == 200
        game = Game.objects.get(pk=made["id"])
        if number % 2 and game.seats.get(number=game.current_seat).user == farmer:
            game = play_turn(game)  # the farmer's first turn changes nothing: the other has not played yet
        response = api[alt].post(f"/api/games/{made['id']}/resign/")
        assert response.status_code == 200 and response.json()["status"] == "aborted", response.json()
        game.refresh_from_db()
        assert game.finished_at is not None and game.current_seat is None and game.deadline is None
        assert not game.seats.filter(result=Seat.Result.WON).exists()
        assert game.seats.get(user=alt).status == Seat.Status.RESIGNED
        last = game.moves.order_by("-seq").first()
        assert last is not None and (last.kind, last.user) == (Move.Kind.ABORT, alt)
        assert selectors.state_from_log(game) == game.state
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    assert leaderboard("ark") == []
    board = api[alt].get("/api/ratings/ark/").json()
    assert "farmer" not in str(board)
    words = [m["words"] for m in api[farmer].get(f"/api/games/{made['id']}/moves/?since=0").json()]
    assert words[-1] == "alt left before every player had played a turn: the game is aborted, and rates no one"


def test_three_players_abort_until_each_has_played_a_turn(users) -> None:
    a, b, c = users[:3]
    early = rated_game([a, b, c], seed=7)
    early = play_turn(early)  # one seat has played; the two others not yet
    leaver = next(s.user for s in early.seats.all() if not early.moves.filter(seat=s.number).exists())
    services.game_resign(game_id=early.pk, user=leaver)
    early.refresh_from_db()
    assert early.status == Game.Status.ABORTED

    later = rated_game([a, b, c], seed=8)
    later = play_turns(later, 3, random.Random(1))  # each seat has played a turn of its own
    services.game_resign(game_id=later.pk, user=a)
    services.game_resign(game_id=later.pk, user=b)
    later.refresh_from_db()
    assert later.status == Game.Status.FINISHED and later.seats.get(user=c).result == Seat.Result.WON
    assert RatingChange.objects.filter(game=later).count() == 3 and not RatingChange.objects.filter(game=early)
