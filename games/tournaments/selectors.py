"""Reading tournaments: the lists, one tournament's standings and crosstable, its rounds' tables, and which
tournament a game belongs to (the turn emails name it)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Optional

from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext as _

from games.models import Game, Move, Seat
from games.ratings.services import finish_ranks
from games.tournaments import standings
from games.tournaments.models import Bye, Entry, Table, Tournament


def tournament_list(user: Any = None) -> QuerySet[Tournament]:
    """Tournaments anyone may see: the open ones, those in play and the finished; by invitation only to
    their players and creator (and moderators)."""
    listed = Tournament.objects.annotate(players=Count("entries")).select_related("created_by")
    if user is not None and user.is_authenticated and user.is_staff:
        return listed
    if user is not None and user.is_authenticated:
        return listed.filter(Q(invitation_only=False) | Q(entries__user=user) | Q(created_by=user)).distinct()
    return listed.filter(invitation_only=False)


def tournament_get(tournament_id: Any) -> Tournament:
    """A tournament by id, or ``GameNotFound`` (404)."""
    from games.play.errors import GameNotFound

    try:
        pk = int(tournament_id)
    except (TypeError, ValueError):
        raise GameNotFound(_("there is no such tournament")) from None
    tournament = Tournament.objects.select_related("created_by").filter(pk=pk).first() if abs(pk) < 2**63 else None
    if tournament is None:
        raise GameNotFound(_("there is no such tournament"))
    return tournament


def tournament_of_game(game_id: int) -> Optional[Tournament]:
    """The tournament a game is a table of, if any."""
    table = tournament_table_of(game_id)
    return table.tournament if table is not None else None


def tournament_table_of(game_id: int) -> Optional[Table]:
    """The tournament table a game is (with its tournament), if any: the turn emails and pushes name it."""
    return Table.objects.filter(game_id=game_id).select_related("tournament").first()


def tournament_tables_of(game_ids: Any) -> dict[int, Table]:
    """The tournament table each of these games is, by game id (with its tournament), in one query: the lobby's
    and the player page's lists name the tournament of each game that is a table of one."""
    return {table.game_id: table for table in Table.objects.filter(game_id__in=list(game_ids))
            .select_related("tournament")}


@dataclass
class Results:
    """A tournament's tables as results, its standings, and every pair who met."""

    tables: list[Table]
    rows: list[standings.Row]
    met: set[frozenset[Any]]


def table_result(table: Table, seats: list[Seat]) -> standings.TableResult:
    """One table's places and scores: a finished game's as the ratings rank them; an aborted one's with those
    who left last and the others even."""
    game = table.game
    if game.status == Game.Status.FINISHED:
        ranks = finish_ranks(seats)
        places: dict[Any, int] = {s.user_id: ranks[s.number] for s in seats}
    else:
        places = {s.user_id: 2 if s.status != Seat.Status.PLAYING else 1 for s in seats}
    return standings.TableResult(round=table.round, places=places, scores={s.user_id: s.score for s in seats},
                                 over=game.status in (Game.Status.FINISHED, Game.Status.ABORTED))


def tournament_results(tournament: Tournament) -> Results:
    """Standings (tie-breaks in games/tournaments/standings.py) and crosstable data of the tournament now."""
    tables = list(Table.objects.filter(tournament=tournament).select_related("game")
                  .prefetch_related("game__seats__user").order_by("round", "number"))
    entries = list(Entry.objects.filter(tournament=tournament).select_related("user"))
    results = [table_result(t, list(t.game.seats.all())) for t in tables]
    timeouts: dict[Any, int] = {}
    seat_user: dict[tuple[int, Any], int] = {(t.game_id, s.number): s.user_id for t in tables for s in t.game.seats.all()}
    for game_id, seat in Move.objects.filter(game__tournament_table__tournament=tournament,
                                             kind=Move.Kind.TIMEOUT).values_list("game_id", "seat"):
        user_id = seat_user.get((game_id, seat))
        if user_id is not None:
            timeouts[user_id] = timeouts.get(user_id, 0) + 1
    byes: list[tuple[int, Any]] = list(Bye.objects.filter(tournament=tournament).values_list("round", "user_id"))
    rows = standings.standings({e.user_id: e.user.name for e in entries}, results, byes,
                               swiss=tournament.kind == Tournament.Kind.SWISS, timeouts=timeouts,
                               withdrawn={e.user_id: e.left_round or 0 for e in entries if e.left})
    return Results(tables=tables, rows=rows, met=standings.met_pairs(results))


def points_text(value: Fraction) -> str:
    """Points as people write them: 2, 1½, 0.67."""
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(whole))
    if part == Fraction(1, 2):
        return f"{int(whole) if whole else ''}½"
    return f"{float(value):.2f}"


def tournament_entry(tournament: Tournament, user: Any = None) -> dict[str, Any]:
    """The tournament as the API and its page show it: settings, players, standings, crosstable, rounds."""
    results = tournament_results(tournament)
    entries: dict[Any, Entry] = {e.user_id: e for e in Entry.objects.filter(tournament=tournament).select_related("user")}
    names: dict[Any, str] = {uid: e.user.username for uid, e in entries.items()}
    order = [row.player for row in results.rows]
    rounds: dict[int, dict[str, Any]] = {}
    for table in results.tables:
        game = table.game
        seats = sorted(game.seats.all(), key=lambda s: s.number)
        rounds.setdefault(table.round, {"round": table.round, "tables": [], "byes": []})["tables"].append({
            "number": table.number, "game": game.pk, "status": game.status,
            "current_seat": game.current_seat, "deadline": game.deadline,
            "players": [{"username": s.user.username, "name": s.user.name, "seat": s.number, "score": s.score,
                         "result": s.result, "status": s.status} for s in seats]})
    for number, user_id in Bye.objects.filter(tournament=tournament).values_list("round", "user_id"):
        rounds.setdefault(number, {"round": number, "tables": [], "byes": []})["byes"].append(names.get(user_id))
    mine = entries.get(getattr(user, "pk", None)) if user is not None and user.is_authenticated else None
    return {
        "id": tournament.pk, "name": tournament.name, "game": tournament.game,
        "game_name": tournament.get_game_display(), "kind": tournament.kind, "per_table": tournament.per_table,
        "days_per_move": tournament.days_per_move, "rated": tournament.rated, "rounds": tournament.rounds,
        "current_round": tournament.current_round, "starts_at": tournament.starts_at,
        "start_players": tournament.start_players, "max_players": tournament.max_players,
        "invitation_only": tournament.invitation_only, "status": tournament.status,
        "options": tournament.options, "created_by": tournament.created_by.username,
        "started_at": tournament.started_at, "finished_at": tournament.finished_at,
        "tie_breaks": (["points", "buchholz", "score"] if tournament.kind == Tournament.Kind.SWISS
                       else ["points", "score"]),
        "you_play": bool(mine and not mine.left),
        "invite_code": tournament.invite_code if user is not None and (
            getattr(user, "pk", None) == tournament.created_by_id or mine) else None,
        "withdrawals": sum(1 for e in entries.values() if e.left),
        "timeouts": sum(row.timeouts for row in results.rows),
        "standings": [{
            "place": row.place, "username": names[row.player], "name": row.name,
            "points": float(row.points), "points_text": points_text(row.points),
            "buchholz": float(row.buchholz), "buchholz_text": points_text(row.buchholz), "score": row.score, "played": row.played, "byes": row.byes,
            "timeouts": row.timeouts, "left": entries[row.player].left or None, "left_round": row.withdrawn_round,
            "by_round": {str(n): float(p) for n, p in sorted(row.by_round.items())},
            "crosstable": [None if other == row.player else
                           (float(row.against[other]) if other in row.against else None) for other in order],
            "crosstable_text": ["×" if other == row.player else
                                points_text(row.against[other]) if other in row.against else "" for other in order],
        } for row in results.rows],
        "rounds_played": [rounds[n] for n in sorted(rounds)],
    }
