"""The writes of a turn, written out and sent to the database together.

A turn writes one move (and any forced discards), the game's changed columns, changed scores and its notices.
Through the ORM that was one statement and one round trip each, with Django compiling every statement
afresh; under load each round trip also meant a wait for the GIL when the answer came back
(bench/load.py, docs/performance.md). Here the statements are built from the models' own fields (their
``pre_save`` and ``get_db_prep_save``, as Django's compiler calls them) and a :class:`Batch` sends them in
one round trip on PostgreSQL, where psycopg's client-side binding cursor (Django's default) runs several
statements in one query. Other databases (SQLite) get them one by one, in the same order. Either way they run
inside the caller's transaction: all of them are saved, or none.
"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

from django.db import connection
from django.db.models import Model

Statement = tuple[str, list[Any]]


def _table(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def insert(instance: Model) -> Statement:
    """An INSERT of ``instance`` (its primary key left to the database; the instance does not learn it)."""
    fields = [f for f in instance._meta.concrete_fields if not f.primary_key]
    values = [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in fields]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    return f"INSERT INTO {_table(type(instance))} ({columns}) VALUES ({marks})", values


def update(instance: Model, field_names: Iterable[str]) -> Statement:
    """An UPDATE of ``field_names`` of the saved ``instance``, by primary key."""
    meta = instance._meta
    fields = [meta.get_field(name) for name in field_names]
    values = [f.get_db_prep_save(f.pre_save(instance, False), connection) for f in fields]
    assignments = ", ".join(f"{connection.ops.quote_name(f.column)} = %s" for f in fields)
    return (f"UPDATE {_table(type(instance))} SET {assignments} WHERE {connection.ops.quote_name(meta.pk.column)} = %s",
            values + [meta.pk.get_db_prep_value(instance.pk, connection)])


class Batch:
    """Statements gathered in order and sent together by :meth:`run`."""

    def __init__(self) -> None:
        self.statements: list[Statement] = []

    def add(self, statement: Statement) -> None:
        self.statements.append(statement)

    def extend(self, statements: Sequence[Statement]) -> None:
        self.statements.extend(statements)

    def run(self) -> None:
        """Send the statements: in one round trip where the driver allows it, else one at a time."""
        statements, self.statements = self.statements, []
        if not statements:
            return
        with connection.cursor() as cursor:
            if len(statements) > 1 and _runs_several(cursor):
                cursor.execute(";\n".join(sql for sql, _ in statements),
                               [value for _, params in statements for value in params])
                return
            for sql, params in statements:
                cursor.execute(sql, params)


def _runs_several(cursor: Any) -> bool:
    """True if one ``execute`` of this cursor may hold several statements (psycopg 3's client-side binding)."""
    if connection.vendor != "postgresql":
        return False
    try:
        from psycopg import ClientCursor
    except ImportError:  # psycopg2: it would too, but it is not what this site runs on
        return False
    return isinstance(cursor.cursor, ClientCursor)
