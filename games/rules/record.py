"""Game records (docs/records/): replay one, or write one from a game's entries.

A record is one JSON document: ``format``, ``game``, ``players``, the game's own set-up keys
(``Engine.record_setup``), ``turns`` (one entry each, in the game's record form) and ``end``. Every game's
record replays through the same loop: each entry's actions (``Engine.entry_actions``), chance ones
included, applied in order; an entry must end exactly where its last action ends the turn.
"""
from __future__ import annotations

import json
from typing import Any, Mapping, Optional, Sequence

from . import AnyEngine, games
from . import engine as get_engine
from .base import IllegalActionError, InvalidActionError, JSONDict, RulesError, quoted
from .words import Words

FORMAT = 1


class RecordError(ValueError):
    """An illegal or malformed record; ``turn`` counts from 1 (``None``: the record as a whole)."""

    def __init__(self, turn: Optional[int], reason: str) -> None:
        # the message is Words (games.i18n.error_text says it in the reader's language); ``reason`` may be Words
        super().__init__(Words("turn {turn}: {reason}", turn=turn, reason=reason) if turn is not None
                         else Words("record: {reason}", reason=reason))
        self.turn = turn
        self.reason = reason


def _reason(err: RulesError) -> Any:
    """An engine's refusal as a record's reason: its message as made (``Words``, said later in the reader's
    language), else its text."""
    return err.args[0] if len(err.args) == 1 else str(err)


def load_record(text: str) -> JSONDict:
    """Parse a record's JSON text and check its outline; raises ``RecordError``."""
    try:
        record = json.loads(text)
    except ValueError as err:
        raise RecordError(None, Words("not valid JSON ({error})", error=str(err))) from None
    _outline(record)
    assert isinstance(record, dict)
    return record


def _outline(record: Any) -> tuple[AnyEngine, int, list[Any], bool]:
    """(engine, players, entries, end) of a record, or ``RecordError``."""
    if not isinstance(record, dict):
        raise RecordError(None, Words("a record must be a JSON object"))
    if record.get("format", FORMAT) != FORMAT:
        raise RecordError(None, Words("unknown format {format}; this reads format {known}",
                                       format=quoted(record.get("format")), known=FORMAT))
    name = record.get("game")
    if name not in games():
        raise RecordError(None, Words("'game' must be one of {names}, not {name}", names=", ".join(games()),
                                       name=quoted(name)))
    eng = get_engine(name)
    players = record.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not (
            eng.min_players <= players <= eng.max_players):
        raise RecordError(None, Words("'players' must be {low} to {high}, not {players}", low=eng.min_players,
                                       high=eng.max_players, players=quoted(players)))
    turns = record.get("turns")
    if not isinstance(turns, list):
        raise RecordError(None, Words("'turns' must be a list"))
    end = record.get("end", False)
    if not isinstance(end, bool):
        raise RecordError(None, Words("'end' must be true or false"))
    return eng, players, turns, end


def apply_entry(eng: AnyEngine, state: Any, entry: Any) -> Any:
    """The state after one record entry: its actions applied in order, the entry ending with its last one.

    Raises ``RulesError`` (the engine's reason) if an action is refused, if the entry stops before its turn
    is complete, or if it goes on after its turn ended.
    """
    if eng.is_over(state):
        raise IllegalActionError(Words("the game is already over"))
    before = eng.turn_number(state)
    actions = eng.entry_actions(state, entry)
    for index, action in enumerate(actions):
        if index and eng.turn_number(state) != before:
            eng.apply(state, action)  # the engine's own reason, if it refuses what comes after the turn
            raise IllegalActionError(Words("the turn is over before the end of this entry"))
        state = eng.apply(state, action)
    if eng.turn_number(state) == before and not eng.is_over(state):
        raise IllegalActionError(eng.entry_unfinished(state))
    return state


def replay_state(record: Mapping[str, Any]) -> tuple[AnyEngine, Any]:
    """(engine, final state) of a record; raises ``RecordError`` naming the entry at fault."""
    eng, players, turns, end = _outline(record)
    try:
        state = eng.record_start(players, record)
    except RulesError as err:
        raise RecordError(None, _reason(err)) from None
    for number, entry in enumerate(turns, start=1):
        try:
            state = apply_entry(eng, state, entry)
        except RulesError as err:
            raise RecordError(number, _reason(err)) from None
    if end and not eng.is_over(state):
        state = eng.settle(state)
    return eng, state


def replay_record(record: Mapping[str, Any]) -> JSONDict:
    """Replay a record: ``{"scores", "finished", "turns", "winners"}`` as ``manage.py replay`` prints it."""
    eng, state = replay_state(record)
    return {"scores": eng.scores(state), "finished": eng.is_over(state),
            "turns": len(record["turns"]), "winners": eng.winners(state)}


def write_record(game: str, players: int, entries: Sequence[Mapping[str, Any]], *, end: bool = False,
                 setup: Optional[Mapping[str, Any]] = None) -> JSONDict:
    """A record of ``entries`` (record form, in the order played); ``setup``: the game's own keys."""
    extra = dict(setup or {})
    head: JSONDict = {"format": FORMAT, "game": game}
    if "map" in extra:
        head["map"] = extra.pop("map")
    head["players"] = players
    return {**head, **extra, "turns": [dict(e) for e in entries], "end": end}


__all__ = ["FORMAT", "InvalidActionError", "RecordError", "apply_entry", "load_record", "replay_record",
           "replay_state", "write_record"]
