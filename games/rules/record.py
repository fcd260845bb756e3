"""Game records (../shared/RECORD.md): replay one, or write one from a game's turns."""
from __future__ import annotations

import json
from typing import Any, Mapping, Optional

from . import engine as get_engine, games
from .base import RulesError

FORMAT = 1


class RecordError(ValueError):
    """An illegal or malformed record; ``turn`` counts from 1 (``None``: the record as a whole)."""

    def __init__(self, turn: Optional[int], reason: str) -> None:
        super().__init__(f"turn {turn}: {reason}" if turn is not None else f"record: {reason}")
        self.turn = turn
        self.reason = reason


def load_record(text: str) -> dict[str, Any]:
    """Parse a record's JSON text and check its outline; raises ``RecordError``."""
    try:
        record = json.loads(text)
    except ValueError as err:
        raise RecordError(None, f"not valid JSON ({err})") from None
    _outline(record)
    assert isinstance(record, dict)
    return record


def _outline(record: Any) -> tuple[Any, int, list[Any], bool]:
    """(engine, players, turns, end) of a record, or ``RecordError``."""
    if not isinstance(record, dict):
        raise RecordError(None, "a record must be a JSON object")
    if record.get("format", FORMAT) != FORMAT:
        raise RecordError(None, f"unknown format {record.get('format')!r}; this reads format {FORMAT}")
    name = record.get("game")
    if name not in games():
        raise RecordError(None, f"'game' must be one of {', '.join(games())}, not {name!r}")
    eng = get_engine(name)
    players = record.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not (
            eng.min_players <= players <= eng.max_players):
        raise RecordError(None, f"'players' must be {eng.min_players} to {eng.max_players}, not {players!r}")
    turns = record.get("turns")
    if not isinstance(turns, list):
        raise RecordError(None, "'turns' must be a list")
    end = record.get("end", False)
    if not isinstance(end, bool):
        raise RecordError(None, "'end' must be true or false")
    return eng, players, turns, end


def replay_state(record: Mapping[str, Any]) -> tuple[Any, Any]:
    """(engine, final state) of a record; raises ``RecordError`` naming the turn at fault."""
    eng, players, turns, end = _outline(record)
    state = eng.new_game(players, {"seed": 0})
    for number, data in enumerate(turns, start=1):
        if eng.is_over(state):
            raise RecordError(number, "the game is already over: every tile has been played")
        try:
            state = eng.apply_turn(state, eng.parse_turn(data))
        except RulesError as err:
            raise RecordError(number, str(err)) from None
    if end and not eng.is_over(state):
        state = eng.finish(state)
    return eng, state


def replay_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """Replay a record: ``{"scores", "finished", "turns", "winners"}`` as RECORD.md prints it."""
    eng, state = replay_state(record)
    return {"scores": eng.scores(state), "finished": eng.is_over(state),
            "turns": len(record["turns"]), "winners": eng.winners(state)}


def write_record(game: str, players: int, turns: list[Mapping[str, Any]], end: bool = False) -> dict[str, Any]:
    """A record of ``turns`` (record-form dicts, in the order played), canonicalised."""
    eng = get_engine(game)
    return {"format": FORMAT, "game": game, "players": players,
            "turns": [eng.parse_turn(t).to_dict() for t in turns], "end": end}
