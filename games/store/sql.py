"""The storage layer's one module of hand-written SQL: every statement the site writes itself is here.

The services ask in words (``lock_game_with_seats``, ``make_notices``, a ``Batch`` of a change's writes); what
they get is model instances. The rest of the site uses the ORM.

Why written out: a turn reads its game and seats and writes one move (and any forced ones), the game's changed
columns, changed scores and its notices. Through the ORM that was one statement and one round trip each, with
Django compiling every statement afresh (bench/load.py, docs/performance.md). Here the statements are built
from the models' own fields (their ``pre_save`` and ``get_db_prep_save``, as Django's compiler calls them) and
a :class:`Batch` sends them in one round trip on PostgreSQL, where psycopg's client-side binding cursor
(Django's default) runs several statements in one query. Other databases (SQLite) get them one by one, in the
same order. Either way they run inside the caller's transaction: all of them are saved, or none. Like
``QuerySet.update``, they send no ``pre_save``/``post_save`` signals (nothing in this site listens to those of
games, seats, moves or notices). Reads (:func:`fetch`: several SELECTs, one round trip) become model instances
through :func:`instances`, with the fields' own conversions from the database (``Model.from_db``).
"""
from __future__ import annotations

import functools
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, cast

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Field, Model

Statement = tuple[str, list[Any]]

# The statements' texts depend only on the models and the database's quoting: each is built once. Values are
# prepared with the default connection itself (``connections[...]``), not through ``django.db.connection``,
# a proxy that looks the connection up again on every attribute read (a tenth of a turn's processor time).


def _db() -> Any:
    return connections[DEFAULT_DB_ALIAS]


def table(model: type[Model]) -> str:
    """The quoted table name of ``model``."""
    return _text(_db().vendor, "table", model)


def columns(model: type[Model], alias: str) -> str:
    """The select list of every concrete field of ``model`` from table alias ``alias``, in the model's order
    (what :func:`instances` expects first in each row)."""
    return _text(_db().vendor, "columns", model, alias)


def insert(instance: Model) -> Statement:
    """An INSERT of ``instance`` (its primary key left to the database; the instance does not learn it)."""
    db = _db()
    model = type(instance)
    values = [f.get_db_prep_save(f.pre_save(instance, True), db) for f in _inserted(model)]
    return _text(db.vendor, "insert", model), values


def update(instance: Model, field_names: Sequence[str]) -> Statement:
    """An UPDATE of ``field_names`` of the saved ``instance``, by primary key."""
    db = _db()
    meta = instance._meta
    fields = [cast("Field[Any, Any]", meta.get_field(name)) for name in field_names]
    values = [f.get_db_prep_save(f.pre_save(instance, False), db) for f in fields]
    return (_text(db.vendor, "update", type(instance), tuple(field_names)),
            values + [meta.pk.get_db_prep_value(instance.pk, db)])


def _inserted(model: type[Model]) -> list[Any]:
    return [f for f in model._meta.concrete_fields if not f.primary_key]


@functools.lru_cache(maxsize=None)
def _text(vendor: str, kind: str, model: type[Model], *args: Any) -> str:
    """The text of one kind of statement (or part) for ``model``, on the database of ``vendor``."""
    quote: Callable[[str], str] = _db().ops.quote_name
    name = quote(model._meta.db_table)
    if kind == "table":
        return name
    if kind == "columns":
        alias, = args
        return ", ".join(f"{alias}.{quote(str(f.column))}" for f in model._meta.concrete_fields)
    if kind == "insert":
        fields = _inserted(model)
        return (f"INSERT INTO {name} ({', '.join(quote(str(f.column)) for f in fields)}) "
                f"VALUES ({', '.join(['%s'] * len(fields))})")
    assert kind == "update"
    field_names, = args
    meta = model._meta
    assignments = ", ".join(f"{quote(str(cast('Field[Any, Any]', meta.get_field(n)).column))} = %s"
                            for n in field_names)
    return f"UPDATE {name} SET {assignments} WHERE {quote(str(meta.pk.column))} = %s"


class Batch:
    """Statements gathered in order and sent together by :meth:`run`."""

    def __init__(self) -> None:
        self.statements: list[Statement] = []

    def add(self, statement: Statement) -> None:
        self.statements.append(statement)

    def run(self) -> None:
        """Send the statements: in one round trip where the driver allows it, else one at a time."""
        statements, self.statements = self.statements, []
        if not statements:
            return
        with _db().cursor() as cursor:
            if len(statements) > 1 and _runs_several(cursor):
                cursor.execute(_one_query(cursor, statements))
                return
            for sql, params in statements:
                cursor.execute(sql, params)


def write(statements: Sequence[Statement], batch: Optional[Batch]) -> None:
    """Add ``statements`` to ``batch``, or send them now (together) if there is none."""
    target = batch if batch is not None else Batch()
    target.statements.extend(statements)
    if batch is None:
        target.run()


def _one_query(cursor: Any, statements: Sequence[Statement]) -> str:
    """The statements as one query: each bound on its own (psycopg caches the parsing of a statement of at most
    50 parameters, and a whole turn has more), then joined, with nothing left to bind."""
    return ";\n".join(cursor.mogrify(sql, params) for sql, params in statements)


def _runs_several(cursor: Any) -> bool:
    """True if one ``execute`` of this cursor may hold several statements (psycopg 3's client-side binding)."""
    if _db().vendor != "postgresql":
        return False
    try:
        from psycopg import ClientCursor
    except ImportError:  # psycopg2: it would too, but it is not what this site runs on
        return False
    return isinstance(cursor.cursor, ClientCursor)


def fetch(statements: Sequence[Statement]) -> list[list[tuple[Any, ...]]]:
    """The rows of each SELECT, in one round trip where the driver allows it (else one at a time)."""
    with _db().cursor() as cursor:
        if len(statements) > 1 and _runs_several(cursor):
            cursor.execute(_one_query(cursor, statements))
            results = [cursor.fetchall()]
            while cursor.nextset():
                results.append(cursor.fetchall())
            return results
        results = []
        for sql, params in statements:
            cursor.execute(sql, params)
            results.append(cursor.fetchall())
        return results


Converter = Callable[[Any, Any, Any], Any]
_plans: dict[tuple[str, type[Model]], list[tuple[int, list[Converter], Any]]] = {}


def _plan(model: type[Model]) -> list[tuple[int, list[Converter], Any]]:
    """Per column of ``model`` that needs one, the conversions from the database (backend's, then field's)."""
    db = _db()
    key = (db.vendor, model)
    plan = _plans.get(key)
    if plan is None:
        plan = []
        for i, field in enumerate(model._meta.concrete_fields):
            col = field.get_col(model._meta.db_table)
            converters = db.ops.get_db_converters(col) + col.get_db_converters(db)
            if converters:
                plan.append((i, converters, col))
        _plans[key] = plan
    return plan


def instances(model: type[Model], rows: Iterable[Sequence[Any]], extra: Sequence[str] = ()) -> list[Any]:
    """Instances of ``model`` from rows of :func:`columns` followed by the values named ``extra`` (set as
    attributes, unconverted)."""
    db = _db()
    plan = _plan(model)
    fields = model._meta.concrete_fields
    names = [f.attname for f in fields]
    width = len(fields)
    out = []
    for row in rows:
        values = list(row[:width])
        for i, converters, col in plan:
            for convert in converters:
                values[i] = convert(values[i], col, db)
        instance = model.from_db(db.alias, names, values)
        for name, value in zip(extra, row[width:]):
            setattr(instance, name, value)
        out.append(instance)
    return out


# ----- what the services ask of the storage (every statement the site writes by hand is in this module) ------
def _lock_statement(pk: int) -> Statement:
    """The game, its row locked until the transaction ends."""
    from games.models import Game

    statement = f"SELECT {columns(Game, 'g')} FROM {table(Game)} g WHERE g.id = %s"
    if _db().features.has_select_for_update:
        statement += " FOR UPDATE"
    return statement, [pk]


def _last_seq_statement(pk: int) -> Statement:
    """The sequence number of the game's last move.

    A statement of its own, sent after the lock: under PostgreSQL's READ COMMITTED each statement reads a
    snapshot taken when it starts, so a subquery of the locking statement would read the log as it was before
    the lock was granted, and miss the move of the change that held the lock.
    """
    from games.models import Move

    return f"SELECT COALESCE(MAX(m.seq), 0) FROM {table(Move)} m WHERE m.game_id = %s", [pk]


def _seats_statement(pk: int) -> Statement:
    """The game's seats in order, with their users' names and whether each user is on vacation."""
    from django.contrib.auth import get_user_model

    from accounts.models import Vacation
    from games.models import Seat

    return (f"SELECT {columns(Seat, 's')}, u.username, u.display_name, u.computer_level, u.is_bot, "
            f"EXISTS(SELECT 1 FROM {table(Vacation)} v WHERE v.user_id = s.user_id AND v.ended_at IS NULL) "
            f"FROM {table(Seat)} s JOIN {table(get_user_model())} u ON u.id = s.user_id "
            f"WHERE s.game_id = %s ORDER BY s.number", [pk])


def lock_game(pk: int) -> Optional[Any]:
    """The game ``pk``, its row locked until the transaction ends, with ``last_seq`` (the number of its last
    move); None if there is none."""
    from games.models import Game

    game_rows, seq_rows = fetch([_lock_statement(pk), _last_seq_statement(pk)])
    found = instances(Game, game_rows)
    if not found:
        return None
    found[0].last_seq = seq_rows[0][0]
    return found[0]


def lock_game_with_seats(pk: int) -> tuple[Optional[Any], list[Any]]:
    """The locked game (as ``lock_game``) and its seats in order, read in one round trip. Each seat has its
    user (id, username, display name, computer level; other fields load when read) and ``away``: True if its
    user is on vacation."""
    from django.contrib.auth import get_user_model

    from games.models import Game, Seat

    game_rows, seq_rows, seat_rows = fetch([_lock_statement(pk), _last_seq_statement(pk), _seats_statement(pk)])
    games = instances(Game, game_rows)
    if not games:
        return None, []
    games[0].last_seq = seq_rows[0][0]
    seats = instances(Seat, seat_rows, extra=["user_username", "user_display_name", "user_computer_level",
                                              "user_is_bot", "away"])
    user_model = get_user_model()
    for seat in seats:
        seat.user = user_model.from_db(_db().alias, ["id", "username", "display_name", "computer_level", "is_bot"],
                                       [seat.user_id, seat.user_username, seat.user_display_name,
                                        seat.user_computer_level, bool(seat.user_is_bot)])
        seat.away = bool(seat.away)
    return games[0], seats


def _notice_value(field: str, value: object) -> object:
    """``value`` as the database stores ``Notice.<field>``."""
    from games.models import Notice

    return cast("Field[Any, Any]", Notice._meta.get_field(field)).get_db_prep_value(value, _db())


def close_notices(game: Any, now: Any, outcome: str, *, before_version: bool, batch: Optional[Batch]) -> None:
    """Close the game's open notices (only those of versions before its present one if ``before_version``)."""
    from games.models import Notice

    statement = f"UPDATE {table(Notice)} SET done_at = %s, outcome = %s WHERE game_id = %s AND done_at IS NULL"
    params: list[Any] = [_notice_value("done_at", now), outcome, game.pk]
    if before_version:
        statement += " AND version < %s"
        params.append(game.version)
    write([(statement, params)], batch)


def carry_notices_forward(game: Any, batch: Optional[Batch]) -> None:
    """The turn goes on at a new version: move its notices, sent or not, to that version (no second email). A
    computer's step is one version's: each step gets a notice of its own."""
    from games.models import Notice

    name = table(Notice)
    write([(f"UPDATE {name} SET version = %s WHERE game_id = %s AND seat = %s AND kind <> %s AND version = "
            f"(SELECT MAX(version) FROM {name} WHERE game_id = %s AND version < %s)",
            [game.version, game.pk, game.current_seat, Notice.Kind.COMPUTER, game.pk, game.version])], batch)


def make_notices(game: Any, seat: Any, plan: Mapping[str, tuple[Any, Any]], now: Any,
                 batch: Optional[Batch]) -> None:
    """The notices of the present turn (kind -> (due at, time remaining)), in one idempotent statement: rows
    already made (by a rerun or another process) are left alone (ON CONFLICT DO NOTHING)."""
    from games.models import Notice

    rows = [[game.pk, seat.number, seat.user_id, kind, game.version, _notice_value("due_at", due_at),
             _notice_value("remaining", remaining), 0, None, "", _notice_value("created_at", now)]
            for kind, (due_at, remaining) in plan.items()]
    write([(f"INSERT INTO {table(Notice)} (game_id, seat, user_id, kind, version, "
            "due_at, remaining, attempts, done_at, outcome, created_at) VALUES "
            + ", ".join(["(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"] * len(rows))
            + " ON CONFLICT DO NOTHING", [value for row in rows for value in row])], batch)
