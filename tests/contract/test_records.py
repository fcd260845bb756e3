"""Records (docs/records/): every example in the docs replays, and every game's record written and read back is the
same game, for every game of the registry."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from games.rules import engine, games
from games.rules.play import random_game
from games.rules.record import replay_record, replay_state
from tests.contract.conftest import PROOF, contract_games

DOCS = Path(__file__).resolve().parents[2] / "docs" / "records"
BLOCK = re.compile(r"```json\n(.*?)```", re.S)


def example_records() -> list[tuple[str, dict[str, Any]]]:
    """Every whole record shown in docs/records/*.md, with the file it is in."""
    found = []
    for path in sorted(DOCS.glob("*.md")):
        for text in BLOCK.findall(path.read_text()):
            try:
                data = json.loads(text)
            except ValueError:
                continue  # a fragment of a record (a few entries), not a whole one
            if isinstance(data, dict) and "format" in data and "turns" in data:
                found.append((path.name, data))
    return found


@pytest.mark.parametrize("name", [name for name in games() if name != PROOF])
def test_every_game_has_an_example_record_in_the_docs(name: str) -> None:
    assert any(record["game"] == name for _, record in example_records()), f"docs/records/ shows no {name} record"


@pytest.mark.parametrize(("where", "record"), example_records(), ids=lambda value: str(value)[:40])
def test_every_example_record_in_the_docs_replays(where: str, record: dict[str, Any]) -> None:
    result = replay_record(record)  # a refused record raises RecordError, naming the entry
    assert result["turns"] == len(record["turns"])


def views(eng: Any, state: Any, players: int) -> list[Any]:
    return [eng.view(state, seat) for seat in [None, *range(players)]]


@pytest.mark.parametrize("name", contract_games())
def test_a_record_written_and_read_back_is_the_same_game(name: str) -> None:
    eng = engine(name)
    for players in sorted({eng.min_players, eng.max_players}):
        for seed in (1, 2):
            played = random_game(eng, players, seed, random.Random(seed))
            assert played.over
            record = json.loads(json.dumps(played.record()))  # as a file holds it
            replayed_eng, state = replay_state(record)
            assert replayed_eng is eng
            assert eng.is_over(state) and eng.scores(state) == eng.scores(played.state)
            assert eng.winners(state) == eng.winners(played.state)
            assert views(eng, state, players) == views(eng, played.state, players), \
                f"{name}: the replayed record is not the game that was played"
            assert replay_record(record)["turns"] == len(played.entries)
