"""The one module of hand-written SQL: a change's writes, gathered and sent together.

A change of a game writes a few rows every time (its moves, its game row, a changed score, its due rows), and
a site serves a hundred of them a second. Built through the ORM, every statement was compiled afresh and sent
in a round trip of its own; here each statement's text is made once per model (from the models' own
``_meta``), its values prepared by the fields themselves (``Field.pre_save`` and ``Field.get_db_prep_save``, the
documented field API), and on PostgreSQL with psycopg's client-side binding (Django's default: the
``server_side_binding`` option off) they all go in one ``cursor.execute``. Elsewhere (SQLite) they run one by
one, in the same order. Either way they run in the caller's transaction: all or nothing. Reads go through the
ORM. Like ``QuerySet.update``, these send no ``pre_save``/``post_save`` signals (nothing listens to those of
games, seats, moves or notices).
"""
from __future__ import annotations

import functools
from typing import Any, Sequence

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model

Statement = tuple[str, list[Any]]


class Writes:
    """Statements gathered in order and sent together by :meth:`run`."""

    def __init__(self) -> None:
        self.statements: list[Statement] = []

    def insert(self, instance: Model, *, unless_there: bool = False) -> None:
        """Insert ``instance`` (its primary key left to the database, the instance does not learn it);
        ``unless_there``: a row that breaks a unique constraint is left out, silently."""
        db = _db()
        fields = _inserted(type(instance))
        values = [f.get_db_prep_save(f.pre_save(instance, True), db) for f in fields]
        self.statements.append((_insert_text(type(instance), unless_there), values))

    def update(self, instance: Model, field_names: Sequence[str]) -> None:
        """Update ``field_names`` of the saved ``instance``, by primary key."""
        db, meta = _db(), instance._meta
        fields = [meta.get_field(name) for name in field_names]
        values = [f.get_db_prep_save(f.pre_save(instance, False), db) for f in fields]  # type: ignore[union-attr]
        self.statements.append((_update_text(type(instance), tuple(field_names)),
                                values + [meta.pk.get_db_prep_value(instance.pk, db)]))

    def add(self, sql: str, params: list[Any]) -> None:
        self.statements.append((sql, params))

    def run(self) -> None:
        """Send the statements: in one round trip where the driver allows it, else one at a time."""
        statements, self.statements = self.statements, []
        if not statements:
            return
        with _db().cursor() as cursor:
            if len(statements) > 1 and _one_round_trip():
                # each statement bound on its own (psycopg's ClientCursor.mogrify: the text it would send), so
                # psycopg's cache of parsed statements serves it; the batch, one query with a hundred values, was
                # parsed afresh every time (a tenth of a web process's time at 100 steps a second)
                cursor.execute(";\n".join(cursor.mogrify(sql, params) for sql, params in statements))
                return
            for sql, params in statements:
                cursor.execute(sql, params)


def _db() -> Any:
    """The default connection itself (``django.db.connection`` is a proxy that looks it up on every read)."""
    return connections[DEFAULT_DB_ALIAS]


def _one_round_trip() -> bool:
    """True where one ``execute`` may hold several statements with parameters: psycopg's client-side binding,
    which Django uses on PostgreSQL unless the database's ``OPTIONS`` ask for ``server_side_binding``."""
    db = _db()
    return bool(db.vendor == "postgresql" and not db.settings_dict.get("OPTIONS", {}).get("server_side_binding"))


def table(model: type[Model]) -> str:
    """The quoted table name of ``model``."""
    quoted: str = _db().ops.quote_name(model._meta.db_table)
    return quoted


def column(model: type[Model], name: str) -> str:
    """The quoted column of ``model``'s field ``name``."""
    quoted: str = _db().ops.quote_name(model._meta.get_field(name).column)  # type: ignore[union-attr]
    return quoted


def _inserted(model: type[Model]) -> list[Any]:
    return [f for f in model._meta.concrete_fields if not f.primary_key]


@functools.lru_cache(maxsize=None)
def _insert_text(model: type[Model], unless_there: bool) -> str:
    fields = _inserted(model)
    quote = _db().ops.quote_name
    return (f"INSERT INTO {table(model)} ({', '.join(quote(f.column) for f in fields)}) "
            f"VALUES ({', '.join(['%s'] * len(fields))})" + (" ON CONFLICT DO NOTHING" if unless_there else ""))


@functools.lru_cache(maxsize=None)
def _update_text(model: type[Model], field_names: tuple[str, ...]) -> str:
    assignments = ", ".join(f"{column(model, name)} = %s" for name in field_names)
    return f"UPDATE {table(model)} SET {assignments} WHERE {_db().ops.quote_name(model._meta.pk.column)} = %s"
