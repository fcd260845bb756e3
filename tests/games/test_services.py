"""Game services: create, join, start, turns, resign, moderation; the log rebuilds the state."""
from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, ModeratorAction, Move, Seat
from games.play import selectors, services
from games.play.errors import BadTurn, Conflict, GameNotFound, NotAllowed
from games.rules import engine
from tests.games.conftest import fix_seed, mover, next_turn, open_game, play

pytestmark = pytest.mark.django_db

#: Ark seed whose random game (rng seeded alike) discards a tile right after the first turn.
DISCARD_SEED = 1278


def state_of(game: Game):
    return engine(game.game).state_from_dict(game.state)


def seat_of(game: Game, user) -> Seat:
    return game.seats.get(user=user)


def assert_log_rebuilds(game: Game) -> None:
    game.refresh_from_db()
    assert selectors.state_from_log(game) == game.state


# ----- create, join, start ----------------------------------------------------------------
def test_create_gives_the_creator_seat_0(users):
    game = services.game_create(user=users[0], game="carcassonne", players=3, move_hours=24)
    game.refresh_from_db()
    assert (game.status, game.version, game.players, game.move_hours) == (Game.Status.OPEN, 0, 3, 24)
    assert [(s.user, s.number) for s in game.seats.all()] == [(users[0], 0)]
    assert game.state == {} and game.current_seat is None and game.deadline is None
    assert selectors.state_from_log(game) == game.state == {}


@pytest.mark.parametrize("players", [1, 6])
def test_create_refuses_a_bad_number_of_players(users, players):
    with pytest.raises(BadTurn):
        services.game_create(user=users[0], game="ark", players=players)
    assert not Game.objects.exists()


@pytest.mark.parametrize("name,players", [("ark", 2), ("carcassonne", 3), ("ark", 5)])
def test_joining_fills_and_starts_the_game(users, name, players):
    game = services.game_create(user=users[0], game=name, players=players, move_hours=48)
    fix_seed(game, 99)
    for n, user in enumerate(users[1:players], start=1):
        assert game.status == Game.Status.OPEN
        game = services.game_join(game_id=game.pk, user=user)
        assert game.version == n  # every change is a new version
    started_at = timezone.now()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.started_at is not None
    numbers = {seat.user_id: seat.number for seat in game.seats.all()}
    assert sorted(numbers.values()) == list(range(players))  # a permutation of 0..n-1
    order = services.seat_order(99, players)  # seeded by the game's secret seed, join order shuffled
    assert sorted(order) == list(range(players))
    assert [numbers[u.pk] for u in users[:players]] == order
    state = state_of(game)
    assert state.phase == "place" and state.hand is not None  # the first tile is dealt
    assert game.current_seat == engine(name).current_player(state) == state.seat
    assert abs(game.deadline - (started_at + timedelta(hours=48))) < timedelta(seconds=30)
    assert all(s.status == Seat.Status.PLAYING and s.score == 0 for s in game.seats.all())
    assert_log_rebuilds(game)


def test_seat_order_is_the_same_for_the_same_seed(users):
    def numbers(seed: int) -> list[int]:
        game = open_game(users[0], users[1:4], game="ark", players=4, seed=seed)
        return [seat_of(game, u).number for u in users[:4]]
    assert numbers(7) == numbers(7)
    assert len({tuple(numbers(seed)) for seed in range(8)}) > 1  # and it does get shuffled


def test_join_errors(users, started):
    game = open_game(users[0], game="ark", players=3)
    with pytest.raises(Conflict, match="already have a seat"):
        services.game_join(game_id=game.pk, user=users[0])
    services.game_join(game_id=game.pk, user=users[1])
    with pytest.raises(Conflict, match="already have a seat"):
        services.game_join(game_id=game.pk, user=users[1])
    services.game_join(game_id=game.pk, user=users[2])  # full: it starts
    with pytest.raises(Conflict):
        services.game_join(game_id=game.pk, user=users[3])
    with pytest.raises(GameNotFound):
        services.game_join(game_id=10 ** 9, user=users[3])
    aborted = open_game(users[0], players=2)
    services.game_abort(game_id=aborted.pk, moderator=users[4])
    with pytest.raises(Conflict, match="not waiting"):
        services.game_join(game_id=aborted.pk, user=users[1])


def test_private_game_needs_its_invitation_code(users):
    game = open_game(users[0], players=3, private=True)
    with pytest.raises(GameNotFound):
        services.game_join(game_id=game.pk, user=users[1])
    with pytest.raises(GameNotFound):
        services.game_join(game_id=game.pk, user=users[1], invite_code="not-the-code")
    with pytest.raises(GameNotFound):
        services.game_join_by_invite(invite_code="not-the-code", user=users[1])
    services.game_join(game_id=game.pk, user=users[1], invite_code=game.invite_code)
    game = services.game_join_by_invite(invite_code=game.invite_code, user=users[2])
    assert game.status == Game.Status.ACTIVE
    assert game.seats.count() == 3


# ----- turns ------------------------------------------------------------------------------
def test_a_turn_is_stored_logged_and_versioned(started):
    game = started("carcassonne", 2)
    rng = random.Random(5)
    before = game.version
    turn = next_turn(game, rng)
    user = mover(game)
    seat = game.current_seat
    game = services.move_submit(game_id=game.pk, user=user, turn=turn, expected_version=before)
    game.refresh_from_db()
    assert game.version == before + 1
    move = game.moves.filter(kind=Move.Kind.TURN).get()
    assert (move.seat, move.user, move.version) == (seat, user, game.version)
    assert move.turn == turn
    assert game.current_seat == 1 - seat
    assert_log_rebuilds(game)


def test_forced_discards_happen_on_the_server_and_show_in_the_log(started):
    game = started("ark", 2, seed=DISCARD_SEED)
    rng = random.Random(DISCARD_SEED)
    game = play(game, rng, turns=1)
    discards = list(game.moves.filter(kind=Move.Kind.FORCED))
    assert len(discards) == 1
    assert discards[0].turn["discard"] is True and discards[0].seat == game.current_seat
    assert discards[0].turn["tile"] in state_of(game).discards
    assert [t.get("discard", False) for t in selectors.game_record(game)["turns"]] == [False, True]
    assert_log_rebuilds(game)
    state = state_of(game)  # discarding a tile that fits is refused
    with pytest.raises(BadTurn, match="cannot be discarded"):
        services.move_submit(game_id=game.pk, user=mover(game), turn={"tile": state.hand, "discard": True},
                             expected_version=game.version)


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    return game.state, game.version, game.current_seat, game.moves.count(), game.deadline


def test_rejected_turns_change_nothing(started, users):
    game = started("ark", 2)
    rng = random.Random(3)
    turn = next_turn(game, rng)
    user = mover(game)
    other = next(s.user for s in game.seats.all() if s.user != user)
    before = snapshot(game)
    with pytest.raises(Conflict, match="moved on"):
        services.move_submit(game_id=game.pk, user=user, turn=turn, expected_version=game.version - 1)
    with pytest.raises(Conflict, match="not your turn"):
        services.move_submit(game_id=game.pk, user=other, turn=turn, expected_version=game.version)
    with pytest.raises(Conflict, match="not playing"):
        services.move_submit(game_id=game.pk, user=users[4], turn=turn, expected_version=game.version)
    with pytest.raises(BadTurn, match="touches no placed tile"):
        services.move_submit(game_id=game.pk, user=user, turn={**turn, "x": 40, "y": 40},
                             expected_version=game.version)
    with pytest.raises(BadTurn, match="'action'"):
        services.move_submit(game_id=game.pk, user=user, turn={k: v for k, v in turn.items() if k != "action"},
                             expected_version=game.version)
    with pytest.raises(BadTurn, match="must be an object"):
        services.move_submit(game_id=game.pk, user=user, turn=["not", "a", "turn"], expected_version=game.version)
    # legal placement, illegal action: nothing of the placement stays either
    with pytest.raises(BadTurn):
        services.move_submit(game_id=game.pk, user=user,
                             turn={**turn, "action": {"type": "follower", "at": "nowhere"}},
                             expected_version=game.version)
    assert snapshot(game) == before


def test_no_turn_in_a_game_not_in_play(users, started):
    waiting = open_game(users[0], players=2)
    with pytest.raises(Conflict, match="not started"):
        services.move_submit(game_id=waiting.pk, user=users[0], turn={}, expected_version=0)
    game = started("carcassonne", 2)
    turn = next_turn(game, random.Random(1))
    services.game_resign(game_id=game.pk, user=users[0])
    with pytest.raises(Conflict, match="over"):
        services.move_submit(game_id=game.pk, user=users[1], turn=turn, expected_version=game.version + 1)


# ----- after commit -------------------------------------------------------------------------
def test_updates_are_sent_only_after_commit(started, updates, django_capture_on_commit_callbacks):
    game = started("ark", 2)
    with django_capture_on_commit_callbacks() as callbacks:
        done = services.move_submit(game_id=game.pk, user=mover(game), turn=next_turn(game, random.Random(2)),
                                    expected_version=game.version)
        assert updates == []  # not yet committed: nobody told
    assert len(callbacks) == 1 and updates == []
    callbacks[0]()
    assert updates == [{"game_id": game.pk, "version": done.version, "kind": "turn"}]
    assert done.version == game.version + 1


def test_create_join_and_start_are_announced(users, updates, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = open_game(users[0], users[1:3], players=3)
    assert [(u["kind"], u["version"]) for u in updates] == [("create", 0), ("join", 1), ("start", 2)]
    assert all(u["game_id"] == game.pk for u in updates)


def test_rejected_turns_are_not_announced(started, updates, django_capture_on_commit_callbacks):
    game = started("ark", 2)
    turn = next_turn(game, random.Random(2))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(Conflict):
            services.move_submit(game_id=game.pk, user=mover(game), turn=turn, expected_version=game.version + 1)
        with pytest.raises(BadTurn):
            services.move_submit(game_id=game.pk, user=mover(game), turn={**turn, "rotation": 45},
                                 expected_version=game.version)
    assert callbacks == [] and updates == []


# ----- resigning ----------------------------------------------------------------------------
def test_resigning_an_open_game_reopens_the_seat(users):
    game = open_game(users[0], [users[1]], players=3)
    number = seat_of(game, users[1]).number
    game = services.game_resign(game_id=game.pk, user=users[1])
    assert game.status == Game.Status.OPEN and game.version == 2
    assert not game.seats.filter(user=users[1]).exists()
    assert game.moves.get().kind == Move.Kind.RESIGN
    game = services.game_join(game_id=game.pk, user=users[2])
    assert seat_of(game, users[2]).number == number
    game = services.game_join(game_id=game.pk, user=users[1])  # and may come back
    assert game.status == Game.Status.ACTIVE


def test_the_creator_leaving_an_open_game_cancels_it(users):
    game = open_game(users[0], [users[1]], players=3)
    game = services.game_resign(game_id=game.pk, user=users[0])
    assert game.status == Game.Status.ABORTED
    game.refresh_from_db()
    assert game.finished_at is not None  # it ended then, as an abort by a moderator does
    with pytest.raises(Conflict):
        services.game_join(game_id=game.pk, user=users[2])
    with pytest.raises(Conflict):
        services.game_resign(game_id=game.pk, user=users[1])


@pytest.mark.parametrize("whose", ["mover", "other"])
def test_a_resigned_seat_is_skipped(started, users, whose):
    game = started("carcassonne", 3, seed=31)
    rng = random.Random(31)
    game = play(game, rng, turns=4)
    if whose == "mover":
        quitter = mover(game)
    else:
        quitter = next(s.user for s in game.seats.all() if s.number != game.current_seat)
    seat = seat_of(game, quitter)
    version = game.version
    game = services.game_resign(game_id=game.pk, user=quitter)
    game.refresh_from_db()
    seat.refresh_from_db()
    assert seat.status == Seat.Status.RESIGNED and game.status == Game.Status.ACTIVE
    assert game.version == version + 1 and game.current_seat != seat.number
    assert state_of(game).active[seat.number] is False
    assert game.moves.filter(kind=Move.Kind.RESIGN, seat=seat.number).exists()
    assert_log_rebuilds(game)
    with pytest.raises(Conflict, match="not playing"):
        services.move_submit(game_id=game.pk, user=quitter, turn={}, expected_version=game.version)
    seen = set()
    for _ in range(20):
        assert game.current_seat != seat.number
        seen.add(game.current_seat)
        game = play(game, rng, turns=1)
    assert len(seen) == 2  # the other two still alternate
    assert_log_rebuilds(game)
    assert_log_rebuilds(play(game, rng))  # and the game ends normally
    seat.refresh_from_db()
    assert seat.result == Seat.Result.LOST


def test_resigning_leaves_one_player_who_wins(started, users):
    game = started("ark", 2, seed=8)
    game = play(game, random.Random(8), turns=10)
    loser, winner = users[0], users[1]
    game = services.game_resign(game_id=game.pk, user=loser)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.finished_at is not None
    assert game.current_seat is None and game.deadline is None
    assert seat_of(game, winner).result == Seat.Result.WON
    assert seat_of(game, loser).result == Seat.Result.LOST
    assert seat_of(game, loser).status == Seat.Status.RESIGNED
    assert state_of(game).phase == "over"
    assert_log_rebuilds(game)
    with pytest.raises(Conflict):
        services.game_resign(game_id=game.pk, user=winner)


# ----- moderators ---------------------------------------------------------------------------
def assert_recorded(action: str, moderator, game=None, target=None) -> ModeratorAction:
    found = ModeratorAction.objects.get(action=action)
    assert found.moderator == moderator and found.game == game and found.target == target
    assert abs(found.created_at - timezone.now()) < timedelta(seconds=30)
    return found


def test_abort(started, moderator):
    game = started("ark", 3)
    game = play(game, random.Random(1), turns=3)
    services.game_abort(game_id=game.pk, moderator=moderator, reason="cheating")
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.current_seat is None and game.deadline is None
    assert game.moves.order_by("seq").last().kind == Move.Kind.ABORT
    assert assert_recorded("abort game", moderator, game).reason == "cheating"
    assert all(s.result == "" for s in game.seats.all())
    assert_log_rebuilds(game)
    with pytest.raises(Conflict):
        services.game_abort(game_id=game.pk, moderator=moderator)
    with pytest.raises(Conflict):
        services.move_submit(game_id=game.pk, user=mover(game) if game.current_seat else game.created_by,
                             turn={}, expected_version=game.version)


@pytest.mark.parametrize("name", ["ark", "carcassonne"])
def test_settle_runs_the_final_scoring_now(started, moderator, name):
    game = started(name, 3, seed=4)
    game = play(game, random.Random(4), turns=30)
    eng = engine(name)
    expected = eng.scores(eng.settle(state_of(game)))
    services.game_settle(game_id=game.pk, moderator=moderator)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    scores = {s.number: s.score for s in game.seats.all()}
    assert [scores[n] for n in range(3)] == expected
    best = max(expected)
    assert {s.number: s.result for s in game.seats.all()} == {
        n: Seat.Result.WON if expected[n] == best else Seat.Result.LOST for n in range(3)}
    assert state_of(game).phase == "over"
    assert assert_recorded("settle game", moderator, game)
    settle = game.moves.get(kind=Move.Kind.SETTLE)
    assert all(event["final"] for event in settle.events)  # only what the final scoring added
    assert_log_rebuilds(game)
    assert selectors.game_record(game)["end"] is True
    with pytest.raises(Conflict):
        services.game_settle(game_id=game.pk, moderator=moderator)


def test_remove_a_player(started, users, moderator):
    game = started("carcassonne", 3, seed=6)
    rng = random.Random(6)
    game = play(game, rng, turns=5)
    removed = seat_of(game, users[2])
    score = removed.score
    services.seat_remove(game_id=game.pk, user=users[2], moderator=moderator, reason="gone")
    game.refresh_from_db()
    removed.refresh_from_db()
    assert removed.status == Seat.Status.REMOVED and removed.score == score
    assert game.status == Game.Status.ACTIVE and game.current_seat != removed.number
    assert assert_recorded("remove player", moderator, game, users[2]).reason == "gone"
    assert game.moves.filter(kind=Move.Kind.REMOVE, seat=removed.number, user=moderator).exists()
    assert_log_rebuilds(game)
    for _ in range(10):
        game = play(game, rng, turns=1)
        assert game.current_seat != removed.number
    with pytest.raises(Conflict):
        services.seat_remove(game_id=game.pk, user=users[2], moderator=moderator)
    services.seat_remove(game_id=game.pk, user=users[1], moderator=moderator)  # one left: it ends
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert seat_of(game, users[0]).result == Seat.Result.WON
    assert_log_rebuilds(game)


def test_remove_from_an_open_game_frees_the_seat(users, moderator):
    game = open_game(users[0], [users[1]], players=3)
    services.seat_remove(game_id=game.pk, user=users[1], moderator=moderator)
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN and game.seats.count() == 1
    assert_recorded("remove player", moderator, game, users[1])


def test_user_suspend_removes_them_from_their_games(started, users, moderator):
    from accounts.models import User
    if not any(f.name == "suspended_at" for f in User._meta.get_fields()):
        pytest.skip("accounts.User has no suspended_at field yet (the accounts helper adds it)")
    game = started("ark", 2, seed=12)
    game = play(game, random.Random(12), turns=6)
    waiting = open_game(users[1], [users[3]], players=3)
    services.user_suspend(user=users[1], moderator=moderator, reason="abuse")
    suspended = User.objects.get(pk=users[1].pk)
    assert suspended.is_active is False and suspended.suspended_at is not None
    assert assert_recorded("suspend user", moderator, None, users[1]).reason == "abuse"
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert seat_of(game, users[1]).status == Seat.Status.REMOVED
    assert seat_of(game, users[1]).result == Seat.Result.LOST
    assert seat_of(game, users[0]).result == Seat.Result.WON
    assert ModeratorAction.objects.filter(action="remove player", game=game, target=users[1]).exists()
    assert_log_rebuilds(game)
    waiting.refresh_from_db()
    assert not waiting.seats.filter(user=users[1]).exists()
    with pytest.raises(NotAllowed):
        services.user_suspend(user=moderator, moderator=moderator)
    services.user_unsuspend(user=suspended, moderator=moderator)
    assert User.objects.get(pk=users[1].pk).is_active is True
    assert ModeratorAction.objects.filter(action="unsuspend user").exists()


def test_state_is_always_the_replayed_log(started, users, moderator):
    """Turns, discards, a resignation and a removal: replaying the log gives the stored state every time."""
    game = started("ark", 4, seed=DISCARD_SEED)
    rng = random.Random(DISCARD_SEED)
    for step in range(40):
        if step == 10:
            services.game_resign(game_id=game.pk, user=mover(game))
        elif step == 20:
            services.seat_remove(game_id=game.pk, moderator=moderator,
                                 user=next(s.user for s in game.seats.filter(status="playing")
                                           if s.number != game.current_seat))
        else:
            game = play(game, rng, turns=1)
        assert_log_rebuilds(game)
    assert list(game.moves.values_list("seq", flat=True)) == list(range(1, game.moves.count() + 1))
    kinds = set(game.moves.values_list("kind", flat=True))
    assert {Move.Kind.TURN, Move.Kind.FORCED, Move.Kind.RESIGN, Move.Kind.REMOVE} <= kinds


def test_a_seat_leaving_out_of_turn_keeps_the_movers_clock(started, users):
    from games.play import clock

    game = started("carcassonne", 3, seed=41)
    game = play(game, random.Random(41), turns=3)  # every seat has played one: a seat leaving now is only out
    deadline, to_move = game.deadline, game.current_seat
    other = next(s.user for s in game.seats.all() if s.number != to_move)
    clock.freeze(clock.now() + timedelta(hours=5))
    try:
        services.game_resign(game_id=game.pk, user=other)
    finally:
        clock.unfreeze()
    game.refresh_from_db()
    assert game.current_seat == to_move
    assert game.deadline == deadline  # not five hours more for the player to move


def test_a_change_reads_its_game_seats_and_token_as_the_orm_does(started, users):
    """games/play/reads.py: the locked game, the seats (users, vacations, the log's last number, ratings) and the
    token's user, read in SQL written once, are the instances the ORM's queries give, field by field."""
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from rest_framework.authtoken.models import Token

    from accounts.models import Vacation
    from games.play import reads
    from games.ratings.models import Rating

    game = play(started("tikal", players=3), random.Random(2), turns=2)
    seats = list(game.seats.select_related("user").order_by("number"))
    Rating.objects.create(user=seats[1].user, game="tikal", mu=31.5, sigma=6.25, games=4)
    Rating.objects.create(user=seats[1].user, game="iwari", mu=20.0, sigma=5.0, games=1)
    now = timezone.now()
    Vacation.objects.create(user=seats[2].user, started_at=now, ends_at=now + timedelta(days=2))
    with transaction.atomic():
        locked = reads.locked_game(game.pk)
        read, last = reads.seats(game.pk, "tikal")
    fresh = Game.objects.get(pk=game.pk)
    assert [(f.attname, getattr(locked, f.attname)) for f in Game._meta.concrete_fields] == [
        (f.attname, getattr(fresh, f.attname)) for f in Game._meta.concrete_fields]
    assert not locked._state.adding and reads.locked_game(10**9) is None
    assert last == game.moves.order_by("-seq").first().seq
    user_fields = get_user_model()._meta.concrete_fields
    for mine, orm in zip(read, seats, strict=True):
        assert [getattr(mine, f.attname) for f in Seat._meta.concrete_fields] == [
            getattr(orm, f.attname) for f in Seat._meta.concrete_fields]
        assert [getattr(mine.user, f.attname) for f in user_fields] == [getattr(orm.user, f.attname) for f in user_fields]
    assert [s.away for s in read] == [False, False, True]
    assert [s.rating_row for s in read] == [None, (31.5, 6.25, 4), None]
    token = Token.objects.create(user=seats[0].user)
    found = reads.token_with_user(token.key)
    assert found.key == token.key and found.user == seats[0].user and found.created == token.created
    assert reads.token_with_user("no such key") is None


def test_a_changes_batched_writes_keep_every_character_and_value_as_given(make_user) -> None:
    """The writes of a change go together (one query on PostgreSQL, each statement bound first): text with SQL's
    and the driver's own markers (quotes, ``%s``, ``%(name)s``, a semicolon), JSON with them, NULLs and numbers
    reach the rows as they were, and each statement its own row."""
    from games.play.writes import Writes

    moderator, target = make_user(), make_user()
    game = open_game(make_user(), game="carcassonne")
    texts = ["it's 100% %s; %(name)s -- done", 'a "quoted" \\ back\\slash; DROP TABLE x;', "", "ünïcödé ✓ 🎲"]
    batch = Writes()
    for text in texts:
        batch.insert(ModeratorAction(moderator=moderator, action="note", game=game, target=None, reason=text))
    game.options = {"note": texts[0], "n": [1, 2.5, None, True], "k": {"%s": "%(x)s"}}
    batch.update(game, ["options"])
    batch.insert(ModeratorAction(moderator=moderator, action="last", game=None, target=target, reason=texts[1]))
    batch.run()
    rows = list(ModeratorAction.objects.filter(moderator=moderator).order_by("pk"))
    assert [(r.action, r.reason, r.game_id, r.target_id) for r in rows] == [
        *(("note", text, game.pk, None) for text in texts), ("last", texts[1], None, target.pk)]
    assert Game.objects.get(pk=game.pk).options == {"note": texts[0], "n": [1, 2.5, None, True],
                                                    "k": {"%s": "%(x)s"}}
