"""Timeouts: the server plays a legal turn (no follower) for the absent player; three in a row remove them."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail

from games.models import Game, Move, Notice, Seat
from games.notifications import tasks
from games.play import selectors
from games.ratings.models import Rating, RatingChange
from games.rules import engine, record
from tests import factories
from tests.factories import play_first_turns

from .conftest import SITE, mover, play, seat_of, sent, sweep

pytestmark = pytest.mark.django_db(transaction=True)


def time_out(game: Game, clock) -> Game:
    """Let the deadline of the player to move pass and sweep."""
    game.refresh_from_db()
    clock.set(game.deadline + timedelta(seconds=1))
    sweep()
    game.refresh_from_db()
    return game


def test_a_timeout_plays_a_legal_turn_without_a_follower(start, clock) -> None:
    game = start(3)
    absent = mover(game)
    eng = engine(game.game)
    before = eng.state_from_dict(game.state)
    legal = eng.view(before, game.current_seat)["legal"]
    version, seat_number = game.version, game.current_seat
    clock.advance(hours=71, minutes=59)
    sweep()
    game.refresh_from_db()
    assert game.version == version  # not yet
    game = time_out(game, clock)
    assert game.status == Game.Status.ACTIVE and game.version == version + 1
    assert game.current_seat != seat_number and mover(game) != absent
    [move] = game.moves.filter(kind=Move.Kind.TIMEOUT)
    assert (move.seat, move.user, move.version) == (seat_number, None, version + 1)
    turn = move.turn
    assert turn["tile"] == before.hand and turn["action"] == {"type": "pass"}
    assert any((p["x"], p["y"], p["rotation"]) == (turn["x"], turn["y"], turn["rotation"]) for p in legal)
    after = eng.state_from_dict(game.state)
    mine = {node for node, (owner, _) in after.followers.items() if owner == seat_number}
    assert mine <= {node for node, (owner, _) in before.followers.items() if owner == seat_number}
    assert seat_of(game, absent).timeouts == 1 and seat_of(game, absent).status == Seat.Status.PLAYING
    # the log rebuilds the state, and the record (with the timeout turn) replays to the same scores
    assert selectors.state_from_log(game) == game.state
    exported = selectors.game_record(game)
    assert exported["turns"][-1] == turn
    assert record.replay_record(exported)["scores"] == eng.scores(after)
    assert Notice.objects.get(game=game, kind=Notice.Kind.TIMEOUT, version=version).outcome == "played"
    # the others are told, and the game goes on: the next player has a fresh deadline
    news = sent("timed out")
    assert sorted(m.to[0] for m in news) == sorted(s.user.email for s in game.seats.all() if s.user != absent)
    assert news[0].subject == f"{absent.name} timed out in The Ark of the Covenant #{game.pk}"
    assert "the server ended their turn for them" in news[0].body and f"{SITE}/games/{game.pk}/" in news[0].body
    assert game.deadline == clock.now() + timedelta(hours=72)


def test_the_timeout_turn_is_the_same_on_a_rerun(start, clock) -> None:
    """The server's turn is seeded by the game's seed and version: replaying the log gives it again."""
    game = start(2, seed=42)
    twin = start(2, seed=42)
    time_out(game, clock)  # the one sweep times out both
    assert game.moves.get(kind=Move.Kind.TIMEOUT).turn == twin.moves.get(kind=Move.Kind.TIMEOUT).turn


def test_moving_yourself_resets_the_timeouts_in_a_row(start, clock) -> None:
    game = start(2)
    absent = mover(game)
    game = time_out(game, clock)
    game = play(game)  # the other player
    assert mover(game) == absent
    game = play(game)  # the absent player is back
    assert seat_of(game, absent).timeouts == 0


def test_the_third_timeout_in_a_row_removes_the_player(start, clock) -> None:
    game = play_first_turns(start(3))
    absent = mover(game)
    for count in (1, 2, 3):
        while mover(game) != absent:
            game = play(game)
        mail.outbox.clear()
        game = time_out(game, clock)
        assert seat_of(game, absent).timeouts == count
    seat = seat_of(game, absent)
    assert seat.status == Seat.Status.REMOVED and game.status == Game.Status.ACTIVE
    last_two = list(game.moves.order_by("-seq")[:2])
    assert [(m.kind, m.seat) for m in reversed(last_two)] == [(Move.Kind.TIMEOUT, seat.number),
                                                             (Move.Kind.REMOVE, seat.number)]
    assert selectors.state_from_log(game) == game.state
    assert engine(game.game).state_from_dict(game.state).active[seat.number] is False
    news = sent("left the game")
    assert len(news) == 2 and "third timeout in a row" in news[0].body
    # the game continues without them: their seat is skipped from now on
    for _ in range(6):
        assert mover(game) != absent
        game = play(game)


def test_a_two_player_game_ends_at_the_third_timeout_and_the_absent_player_loses(start, clock) -> None:
    game = play_first_turns(start(2))
    absent = mover(game)
    other = next(s.user for s in game.seats.all() if s.user != absent)
    for _ in range(3):
        while game.status == Game.Status.ACTIVE and mover(game) != absent:
            game = play(game)
        mail.outbox.clear()
        game = time_out(game, clock)
    assert game.status == Game.Status.FINISHED and game.deadline is None and game.current_seat is None
    assert (seat_of(game, absent).result, seat_of(game, absent).status) == (Seat.Result.LOST, Seat.Status.REMOVED)
    assert seat_of(game, other).result == Seat.Result.WON
    assert selectors.state_from_log(game) == game.state
    [news] = sent("the game is over")
    assert news.to == [other.email] and "You won." in news.body
    assert not Notice.objects.filter(game=game, done_at__isnull=True).exists()


def test_timing_out_before_a_first_turn_of_ones_own_aborts_the_game_unrated(users, clock) -> None:
    game = factories.start_game(users[:2], rated=True)
    absent = mover(game)
    other = next(s.user for s in game.seats.all() if s.user != absent)
    for _ in range(3):
        while game.status == Game.Status.ACTIVE and mover(game) != absent:
            game = play(game)  # the other plays; the absent player never does
        mail.outbox.clear()
        game = time_out(game, clock)
    assert game.status == Game.Status.ABORTED and game.deadline is None and game.current_seat is None
    assert seat_of(game, absent).status == Seat.Status.REMOVED
    assert not game.seats.filter(result=Seat.Result.WON).exists()
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
    assert selectors.state_from_log(game) == game.state
    [news] = sent("the game is aborted")
    assert news.to == [other.email] and "rates no one" in news.body and "You won" not in news.body
    assert not Notice.objects.filter(game=game, done_at__isnull=True).exists()


def test_a_timeout_of_a_moved_on_game_changes_nothing(start, clock) -> None:
    game = start(2)
    clock.advance(hours=1)
    old = game.version
    game = play(game)
    clock.advance(hours=72)
    assert tasks.play_timeout(game.pk, old) == "moved on"
    game.refresh_from_db()
    assert not game.moves.filter(kind=Move.Kind.TIMEOUT).exists()
