"""games/sql.py: a turn's statements sent together, rows made into instances, on SQLite and PostgreSQL alike."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Game, Move, Seat
from games.play import services
from games.store import sql

pytestmark = pytest.mark.django_db

AWKWARD = "it's 100% \\ \"quoted\" %s %(x)s ; DROP TABLE games_move; -- ü \u2028"


@pytest.fixture
def game(users) -> Game:
    created = services.game_create(user=users[0], game="carcassonne", players=2)
    services.game_join(game_id=created.pk, user=users[1])
    return Game.objects.get(pk=created.pk)


def next_seq(game: Game) -> int:
    return (Move.objects.filter(game=game).order_by("-seq").values_list("seq", flat=True).first() or 0) + 1


def test_a_batch_runs_in_order_and_binds_awkward_values_as_values(game) -> None:
    seq = next_seq(game)
    batch = sql.Batch()
    batch.add(sql.insert(Move(game=game, seq=seq, kind=Move.Kind.TURN, turn={"note": AWKWARD, "n": [1, 2.5, None]},
                              events=[{"feature": AWKWARD}], version=game.version)))
    game.time_left = timedelta(hours=5, seconds=7)
    game.deadline = None
    batch.add(sql.update(game, ["time_left", "deadline"]))
    batch.add(sql.insert(Move(game=game, seq=seq + 1, kind=Move.Kind.FORCED, version=game.version)))
    with CaptureQueriesContext(connection) as captured, transaction.atomic():
        batch.run()
    statements = [q["sql"] for q in captured.captured_queries if "games_" in q["sql"]]
    assert len(statements) == (1 if connection.vendor == "postgresql" else 3), "one round trip on PostgreSQL"
    assert batch.statements == [], "a batch is emptied by running it"

    move = Move.objects.get(game=game, seq=seq)
    assert move.turn == {"note": AWKWARD, "n": [1, 2.5, None]} and move.events == [{"feature": AWKWARD}]
    assert move.created_at is not None, "auto_now_add is filled in as the ORM would"
    assert Move.objects.filter(game=game, seq=seq + 1, kind=Move.Kind.FORCED).exists()
    saved = Game.objects.get(pk=game.pk)
    assert saved.time_left == timedelta(hours=5, seconds=7) and saved.deadline is None


def test_a_failing_statement_leaves_nothing_of_the_batch(game) -> None:
    seq = next_seq(game)
    before = Move.objects.filter(game=game).count()
    batch = sql.Batch()
    batch.add(sql.insert(Move(game=game, seq=seq, kind=Move.Kind.TURN, version=game.version)))
    batch.add(sql.insert(Move(game=game, seq=seq, kind=Move.Kind.TURN, version=game.version)))  # same seq
    with pytest.raises(IntegrityError), transaction.atomic():
        batch.run()
    assert Move.objects.filter(game=game).count() == before


def test_fetch_answers_each_select_and_instances_convert_as_the_orm_does(game) -> None:
    game.time_left = timedelta(minutes=90)
    game.deadline = timezone.now().replace(microsecond=0) + timedelta(days=1)
    game.save(update_fields=["time_left", "deadline"])
    with CaptureQueriesContext(connection) as captured:
        game_rows, seat_rows, nothing = sql.fetch([
            (f"SELECT {sql.columns(Game, 'g')}, 41 + 1 FROM {sql.table(Game)} g WHERE g.id = %s", [game.pk]),
            (f"SELECT {sql.columns(Seat, 's')} FROM {sql.table(Seat)} s WHERE s.game_id = %s ORDER BY s.number",
             [game.pk]),
            (f"SELECT {sql.columns(Seat, 's')} FROM {sql.table(Seat)} s WHERE s.game_id = %s", [-1]),
        ])
    assert len(captured) == (1 if connection.vendor == "postgresql" else 3)
    assert nothing == []
    [read] = sql.instances(Game, game_rows, extra=["answer"])
    orm = Game.objects.get(pk=game.pk)
    for field in Game._meta.concrete_fields:
        assert getattr(read, field.attname) == getattr(orm, field.attname), field.name
    assert read.answer == 42 and read.state["players"] == 2 and read._state.adding is False
    seats = sql.instances(Seat, seat_rows)
    assert [(s.pk, s.number, s.user_id) for s in seats] == list(
        Seat.objects.filter(game=game).order_by("number").values_list("pk", "number", "user_id"))
