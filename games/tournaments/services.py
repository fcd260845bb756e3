"""Tournaments: create one, join, withdraw, cancel, and advance it (start, next round, finish).

A round's tables are games of the site: each is created with its seats and started through the one change
path (games/play/change.py ``change_game`` with the lobby's ``game_start``, which draws the seat order from the
game's own seat stream), private (only the tournament seats players), rated as the tournament says. Their
results reach the ratings as any game's. ``tournament_advance`` is what Celery runs when a round may be due
(games/tournaments/tasks.py); everything it does happens under the tournament's row lock, so two advances at
once do it once.
"""
from __future__ import annotations

from datetime import datetime
from math import comb
from typing import Any, Mapping, Optional

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.i18n import error_text
from games.models import Game, Seat
from games.play import clock
from games.play.change import change_game
from games.play.errors import BadTurn, Conflict, GameNotFound, NotAllowed
from games.play.lobby import game_resign, game_start
from games.rules import RulesError, engine
from games.tournaments import pairing, signals
from games.tournaments.models import Bye, Entry, Table, Tournament

#: The most tables a round robin may hold (every group of players meets once: this bounds its size).
ROUND_ROBIN_MOST_TABLES = 120
SWISS_MOST_ROUNDS = 20


def is_moderator(user: Any) -> bool:
    return bool(user.is_staff or user.has_perm("tournaments.change_tournament"))


def _check_settings(*, game: str, kind: str, per_table: int, rounds: Optional[int], starts_at: Optional[datetime],
                    start_players: Optional[int], max_players: int) -> None:
    """Refuse (400) options that cannot make a tournament, with the reason."""
    eng = engine(game)
    try:
        eng.check_players(per_table)
    except RulesError:
        raise BadTurn(_("%(game)s seats %(low)s to %(high)s players at a table") % {
            "game": eng.title, "low": eng.min_players, "high": eng.max_players}) from None
    if starts_at is None and start_players is None:
        raise BadTurn(_("say when it starts: a date, a number of players, or both"))
    if starts_at is not None and starts_at <= clock.now():
        raise BadTurn(_("the start date must be in the future"))
    if not 2 <= max_players <= 64:
        raise BadTurn(_("a tournament takes 2 to 64 players"))
    if start_players is not None and not 2 <= start_players <= max_players:
        raise BadTurn(_("it can start with 2 players at the least and %(most)s at the most") % {"most": max_players})
    if kind == Tournament.Kind.SWISS:
        if rounds is None or not 1 <= rounds <= SWISS_MOST_ROUNDS:
            raise BadTurn(_("a Swiss tournament has 1 to %(most)s rounds") % {"most": SWISS_MOST_ROUNDS})
    elif kind == Tournament.Kind.ROUND_ROBIN:
        size = start_players or max_players
        tables = comb(size, per_table) if per_table > 2 else comb(size, 2)
        if tables > ROUND_ROBIN_MOST_TABLES:
            raise BadTurn(_("a round robin of %(players)s players at tables of %(per)s would need %(tables)s games "
                            "(at most %(most)s): take fewer players") % {
                "players": size, "per": per_table, "tables": tables, "most": ROUND_ROBIN_MOST_TABLES})
    else:
        raise BadTurn(_("a tournament is a round robin or Swiss"))


def tournament_create(*, user: Any, name: str, game: str, kind: str, per_table: int = 2, days_per_move: int = 3,
                      rated: bool = True, rounds: Optional[int] = None, starts_at: Optional[datetime] = None,
                      start_players: Optional[int] = None, max_players: Optional[int] = None,
                      invitation_only: bool = False, options: Optional[Mapping[str, Any]] = None,
                      play: bool = True) -> Tournament:
    """A new tournament taking players; its creator joins it unless ``play`` is false (a moderator's)."""
    if user.computer_level:
        raise NotAllowed(_("games against the computer are not part of tournaments"))
    if not play and not is_moderator(user):
        raise NotAllowed(_("only a moderator creates a tournament without playing in it"))
    if game not in dict(engine_choices()):
        raise BadTurn(_("there is no game %(game)r") % {"game": game})
    max_players = max_players or start_players or 32
    _check_settings(game=game, kind=kind, per_table=per_table, rounds=rounds, starts_at=starts_at,
                    start_players=start_players, max_players=max_players)
    try:
        checked = engine(game).check_options(options or {})
    except RulesError as err:
        raise BadTurn(error_text(err)) from None
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name.strip() or _("%(game)s tournament") % {"game": engine(game).title}, game=game, options=checked,
            kind=kind, per_table=per_table, days_per_move=days_per_move, rated=rated,
            rounds=rounds if kind == Tournament.Kind.SWISS else None, starts_at=starts_at,
            start_players=start_players, max_players=max_players, invitation_only=invitation_only, created_by=user)
        if play:
            Entry.objects.create(tournament=tournament, user=user)
        _changed(tournament)
    return tournament


def engine_choices() -> list[tuple[str, str]]:
    from games.rules import choices

    return list(choices())  # (name, title): a title is Words, which is its English text


def _locked(tournament_id: Any) -> Tournament:
    try:
        pk = int(tournament_id)
    except (TypeError, ValueError):
        raise GameNotFound(_("there is no such tournament")) from None
    tournament = Tournament.objects.select_for_update().filter(pk=pk).first() if abs(pk) < 2**63 else None
    if tournament is None:
        raise GameNotFound(_("there is no such tournament"))
    return tournament


def _changed(tournament: Tournament) -> None:
    """After the commit: listeners hear that the tournament changed."""
    pk = tournament.pk
    transaction.on_commit(lambda: signals.tournament_changed.send(sender=Tournament, tournament_id=pk))


def tournament_join(*, tournament_id: Any, user: Any, invite_code: Optional[str] = None) -> Tournament:
    """Take a place in a tournament taking players (one by invitation needs its code); it starts once it has
    ``start_players`` (the start itself is Celery's: ``tasks.advance_tournament``, after the commit)."""
    if user.computer_level:
        raise NotAllowed(_("games against the computer are not part of tournaments"))
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.invitation_only and invite_code != tournament.invite_code:
            raise NotAllowed(_("this tournament is by invitation: use the link you were sent"))
        if tournament.status != Tournament.Status.OPEN:
            raise Conflict(_("this tournament is not taking players any more"))
        count = tournament.entries.count()
        if count >= tournament.max_players:
            raise Conflict(_("this tournament is full"))
        try:
            with transaction.atomic():
                Entry.objects.create(tournament=tournament, user=user)
        except IntegrityError:
            raise Conflict(_("you are in this tournament already")) from None
        _changed(tournament)
    return tournament


def tournament_join_by_invite(*, invite_code: str, user: Any) -> Tournament:
    """Join the tournament an invitation link points to."""
    pk = Tournament.objects.filter(invite_code=invite_code).values_list("pk", flat=True).first()
    if pk is None:
        raise GameNotFound(_("this invitation link is not valid"))
    return tournament_join(tournament_id=pk, user=user, invite_code=invite_code)


def tournament_withdraw(*, tournament_id: Any, user: Any) -> Tournament:
    """Leave a tournament: before it starts the place is simply freed; once it runs, the player's unfinished
    games of it are resigned, their results so far stand, and they are left out of every later round."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        entry = tournament.entries.filter(user=user).first()
        if entry is None or entry.left:
            raise Conflict(_("you are not playing in this tournament"))
        if tournament.status == Tournament.Status.OPEN:
            entry.delete()
        elif tournament.status == Tournament.Status.RUNNING:
            entry.left, entry.left_round = Entry.Left.WITHDREW, tournament.current_round
            entry.save(update_fields=["left", "left_round"])
            unfinished = (Game.objects.filter(tournament_table__tournament=tournament, seats__user=user,
                                              seats__status=Seat.Status.PLAYING,
                                              status__in=(Game.Status.OPEN, Game.Status.ACTIVE))
                          .order_by("pk").values_list("pk", flat=True))
            for game_id in list(unfinished):
                game_resign(game_id=game_id, user=user)  # the one change path: each game goes on or ends
        else:
            raise Conflict(_("this tournament is over"))
        _changed(tournament)
    return tournament


def tournament_cancel(*, tournament_id: Any, user: Any) -> Tournament:
    """Call off a tournament that has not started (its creator or a moderator)."""
    with transaction.atomic():
        tournament = _locked(tournament_id)
        if tournament.created_by_id != user.pk and not is_moderator(user):
            raise NotAllowed(_("only its creator or a moderator can call off a tournament"))
        if tournament.status != Tournament.Status.OPEN:
            raise Conflict(_("only a tournament that has not started can be called off"))
        _close(tournament, Tournament.Status.CANCELLED)
    return tournament


# ----- the advance: start, rounds, end -----------------------------------------------------------------------
def tournament_advance(tournament_id: int) -> str:
    """Do what is due: start the tournament (or call it off, too few came), note who was removed from a game,
    make the next round when every table of this one is over, or finish. Returns what it did, in a word."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None:
            return "gone"
        if tournament.status == Tournament.Status.OPEN:
            return _start_if_due(tournament)
        if tournament.status != Tournament.Status.RUNNING:
            return "over"
        _note_removed(tournament)
        if Game.objects.filter(tournament_table__tournament=tournament, tournament_table__round=tournament.current_round,
                               status__in=(Game.Status.OPEN, Game.Status.ACTIVE)).exists():
            return "playing"
        return _next_round(tournament)


def start_due(tournament: Tournament, count: int) -> bool:
    """True if the tournament should start now: the players it waits for came, or its date has come."""
    return ((tournament.start_players is not None and count >= tournament.start_players)
            or (tournament.starts_at is not None and tournament.starts_at <= clock.now()))


def _start_if_due(tournament: Tournament) -> str:
    entries = list(tournament.entries.order_by("joined_at", "id"))
    if not start_due(tournament, len(entries)):
        return "waiting"
    if len(entries) < 2:
        _close(tournament, Tournament.Status.CANCELLED)
        return "cancelled"
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = clock.now()
    if tournament.kind == Tournament.Kind.ROUND_ROBIN:
        tournament.plan = [[list(t) for t in tables]
                           for tables in pairing.round_robin([e.user_id for e in entries], tournament.per_table)]
        tournament.rounds = len(tournament.plan)
    tournament.save(update_fields=["status", "started_at", "plan", "rounds"])
    return _next_round(tournament)


def _note_removed(tournament: Tournament) -> None:
    """A player removed from a game of the tournament (timed out too often, or by a moderator) has left it."""
    removed = (Seat.objects.filter(game__tournament_table__tournament=tournament, status=Seat.Status.REMOVED)
               .values_list("user_id", "game__tournament_table__round"))
    for user_id, number in removed:
        Entry.objects.filter(tournament=tournament, user_id=user_id, left="").update(
            left=Entry.Left.REMOVED, left_round=number)


def _next_round(tournament: Tournament) -> str:
    from games.tournaments.selectors import tournament_results

    active = list(tournament.entries.filter(left="").values_list("user_id", flat=True))
    if tournament.current_round >= (tournament.rounds or 0) or len(active) < 2:
        _close(tournament, Tournament.Status.FINISHED)
        return "finished"
    number = tournament.current_round + 1
    if tournament.kind == Tournament.Kind.ROUND_ROBIN:
        playing = set(active)
        tables = [tuple(u for u in table if u in playing) for table in tournament.plan[number - 1]]
        tables = [t for t in tables if len(t) >= 2]
        seated = {u for t in tables for u in t}
        byes = [u for u in active if u not in seated]
    else:
        results = tournament_results(tournament)
        ranked = _swiss_order(tournament, [row for row in results.rows if row.player in set(active)])
        had_bye = set(Bye.objects.filter(tournament=tournament).values_list("user_id", flat=True))
        tables, bye = pairing.swiss(ranked, tournament.per_table, results.met, had_bye)
        byes = [bye] if bye is not None else []
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])
    for user_id in byes:
        Bye.objects.create(tournament=tournament, round=number, user_id=user_id)
    for index, table in enumerate(tables, start=1):
        _start_table(tournament, number, index, table)
    if not tables:  # everyone left in this round sits out (a round robin after withdrawals): on to the next
        return _next_round(tournament)
    _changed(tournament)
    return f"round {number}"


def _swiss_order(tournament: Tournament, rows: list[Any]) -> list[int]:
    """The players still in, for the Swiss pairing: by points, then by rating at the game (the strongest first
    in each score group, as seeding does; unrated players at the starting rating), then by name."""
    from games.ratings import openskill_model
    from games.ratings.models import Rating

    start = openskill_model.initial()[0]
    mu = dict(Rating.objects.filter(game=tournament.game, user_id__in=[r.player for r in rows])
              .values_list("user_id", "mu"))
    return [r.player for r in sorted(rows, key=lambda r: (-r.points, -mu.get(r.player, start), r.name))]


def _start_table(tournament: Tournament, number: int, index: int, players: tuple[int, ...]) -> Game:
    """One table's game, created with its seats and started through the change path (the seat order is drawn
    from the game's own seat stream by the lobby's start)."""
    count = len(players)
    # at the version a game of ``count`` has once its last seat is taken (its start is the next), as a rematch
    game = Game.objects.create(game=tournament.game, players=count, move_hours=tournament.move_hours, private=True,
                               options=tournament.options, rated=tournament.rated, created_by=tournament.created_by,
                               version=count - 2)
    Seat.objects.bulk_create([Seat(game=game, user_id=user_id, number=seat) for seat, user_id in enumerate(players)])
    Table.objects.create(tournament=tournament, round=number, number=index, game=game)
    return change_game(game.pk, "start", game_start).game


def _close(tournament: Tournament, status: str) -> None:
    tournament.status = status
    tournament.finished_at = timezone.now()
    tournament.save(update_fields=["status", "finished_at"])
    _changed(tournament)
