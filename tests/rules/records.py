"""Building small game records for the rule tests, and checking what replaying them gives."""
from __future__ import annotations

from typing import Any, Optional

import pytest

from games.rules.record import RecordError, replay_record

PASS = {"type": "pass"}


def F(at: str) -> dict[str, Any]:
    """A follower action on ``at`` (a side, a half or "cloister")."""
    return {"type": "follower", "at": at}


def record(game: str, turns: list[dict[str, Any]], players: int = 2, end: bool = False) -> dict[str, Any]:
    """A format-1 record of ``game``."""
    return {"format": 1, "game": game, "players": players, "turns": turns, "end": end}


def check_illegal(data: dict[str, Any], turn: int) -> None:
    """Replaying ``data`` fails at ``turn`` with a readable, well-formed reason."""
    with pytest.raises(RecordError) as info:
        replay_record(data)
    assert info.value.turn == turn, str(info.value)
    assert isinstance(info.value.reason, str) and info.value.reason
    assert str(info.value) == f"turn {turn}: {info.value.reason}"


def assert_result(result: dict[str, Any], scores: list[int], finished: bool = False, turns: Optional[int] = None,
                  winners: Optional[list[int]] = None) -> None:
    """The replay's result; winners default to the top scores once finished, else none."""
    assert result["scores"] == scores
    assert result["finished"] is finished
    if turns is not None:
        assert result["turns"] == turns
    if winners is None:
        winners = [] if not finished else [s for s, v in enumerate(scores) if v == max(scores)]
    assert result["winners"] == winners
