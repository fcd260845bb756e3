"""The reads every step makes, in SQL written once per process: the locked game, its seats, the token's user.

A step request reads the same three things every time: the user behind its token, the game's row (locked) and
the game's seats with their users, their vacations, the log's last number and their ratings. Built through the
ORM, each query was compiled afresh on every request (bench/load.py with ``py-spy``: compiling the seats' query
alone was a quarter of a web process's time). Here the text of each is made once (from the models' own
``_meta``, as :mod:`games.play.writes` does for the writes), and the rows become model instances through the
documented ``Model.from_db``, each value first through the converters Django's own compiler applies (the
backend's ``ops.get_db_converters`` and the field's ``get_db_converters``: a JSON field decoded, SQLite's
datetimes and booleans made Python's). What each function returns is what the ORM query it replaces returned.
"""
from __future__ import annotations

import functools
from typing import Any, Callable, Optional

from django.contrib.auth import get_user_model
from django.db.models import Model

from games.models import Game, Move, Seat
from games.play.writes import _db, column, table

Converter = Callable[[Any, Any, Any], Any]


@functools.lru_cache(maxsize=256)
def _converters(model: type[Model], db: Any) -> list[tuple[str, list[Converter], Any]]:
    """Each concrete field of ``model``: its attribute name, its converters and the column expression they get
    (per connection: a backend's converters are its operations' methods)."""
    out = []
    for f in model._meta.concrete_fields:
        col = f.get_col(model._meta.db_table)
        out.append((f.attname, [*db.ops.get_db_converters(col), *f.get_db_converters(db)], col))
    return out


def _instance(db: Any, model: type[Model], values: list[Any] | tuple[Any, ...]) -> Any:
    """An instance of ``model`` from its concrete fields' values as the connection ``db`` gave them (in field
    order)."""
    fields = _converters(model, db)
    converted = []
    for (_name, convs, col), value in zip(fields, values):
        for conv in convs:
            value = conv(value, col, db)
        converted.append(value)
    return model.from_db(db.alias, [name for name, _, _ in fields], converted)


def _columns(model: type[Model], alias: str) -> str:
    quote = _db().ops.quote_name
    return ", ".join(f"{alias}.{quote(f.column)}" for f in model._meta.concrete_fields)


@functools.lru_cache(maxsize=None)
def _locked_game_text(vendor: str, for_update: bool) -> str:
    pk = _db().ops.quote_name(Game._meta.pk.column)
    return (f"SELECT {_columns(Game, 'g')} FROM {table(Game)} g WHERE g.{pk} = %s"
            + (" FOR UPDATE" if for_update else ""))


def locked_game(pk: int) -> Optional[Game]:
    """The game ``pk`` with its row locked until the transaction ends (``select_for_update``), or None."""
    db = _db()
    with db.cursor() as cursor:
        cursor.execute(_locked_game_text(db.vendor, db.features.has_select_for_update), [pk])
        row = cursor.fetchone()
    return _instance(db, Game, row) if row is not None else None


@functools.lru_cache(maxsize=None)
def _seats_text(vendor: str, with_ratings: bool) -> str:
    from accounts.models import Vacation  # accounts imports games (admin actions): import when needed
    from games.ratings.models import Rating

    user = get_user_model()
    quote = _db().ops.quote_name
    user_pk = quote(user._meta.pk.column)
    ratings = (f", r.{column(Rating, 'mu')}, r.{column(Rating, 'sigma')}, r.{column(Rating, 'games')}"
               if with_ratings else "")
    join = (f" LEFT JOIN {table(Rating)} r ON r.{column(Rating, 'user')} = s.{column(Seat, 'user')}"
            f" AND r.{column(Rating, 'game')} = %s" if with_ratings else "")
    return (f"SELECT {_columns(Seat, 's')}, {_columns(user, 'u')}, "
            f"EXISTS (SELECT 1 FROM {table(Vacation)} v WHERE v.{column(Vacation, 'user')} = s.{column(Seat, 'user')}"
            f" AND v.{column(Vacation, 'ended_at')} IS NULL), "
            f"(SELECT m.{column(Move, 'seq')} FROM {table(Move)} m WHERE m.{column(Move, 'game')} = "
            f"s.{column(Seat, 'game')} ORDER BY m.{column(Move, 'seq')} DESC LIMIT 1){ratings} "
            f"FROM {table(Seat)} s INNER JOIN {table(user)} u ON u.{user_pk} = s.{column(Seat, 'user')}{join} "
            f"WHERE s.{column(Seat, 'game')} = %s ORDER BY s.{column(Seat, 'number')}")


def seats(game_id: int, kind: Optional[str] = None) -> tuple[list[Seat], int]:
    """The game's seats in order, each with its user and ``away`` (True while the user is on vacation), and the
    number of the log's last move (0: none), in one query; with ``kind`` (the game's registry name) also each
    user's rating row at that game, as ``seat.rating_row`` ((mu, sigma, games) or None: no rating yet), which
    :func:`games.ratings.selectors.attach_seat_ratings` then reads instead of querying."""
    user = get_user_model()
    db = _db()
    seat_fields, user_fields = len(Seat._meta.concrete_fields), len(user._meta.concrete_fields)
    with db.cursor() as cursor:
        cursor.execute(_seats_text(db.vendor, kind is not None), [kind, game_id] if kind is not None else [game_id])
        rows = cursor.fetchall()
    out = []
    last = 0
    for row in rows:
        seat = _instance(db, Seat, row[:seat_fields])
        seat.user = _instance(db, user, row[seat_fields:seat_fields + user_fields])
        rest = row[seat_fields + user_fields:]
        seat.away = bool(rest[0])
        last = rest[1] or 0
        if kind is not None:
            seat.rating_row = (rest[2], rest[3], rest[4]) if rest[4] is not None else None
        out.append(seat)
    return out, last


@functools.lru_cache(maxsize=None)
def _token_text(vendor: str) -> str:
    from rest_framework.authtoken.models import Token

    user = get_user_model()
    user_pk = _db().ops.quote_name(user._meta.pk.column)
    return (f"SELECT {_columns(Token, 't')}, {_columns(user, 'u')} FROM {table(Token)} t INNER JOIN {table(user)} u "
            f"ON u.{user_pk} = t.{column(Token, 'user')} WHERE t.{column(Token, 'key')} = %s")


def token_with_user(key: str) -> Optional[Any]:
    """The token ``key`` with its user loaded (``Token.objects.select_related("user").get(key=key)``), or None."""
    from rest_framework.authtoken.models import Token

    db = _db()
    with db.cursor() as cursor:
        cursor.execute(_token_text(db.vendor), [key])
        row = cursor.fetchone()
    if row is None:
        return None
    count = len(Token._meta.concrete_fields)
    token = _instance(db, Token, row[:count])
    token.user = _instance(db, get_user_model(), row[count:])
    return token
