"""The proof game's live updates: the mover's socket shows their steps at once, the others' the turn when it ends,
and no socket shows another seat's hand (tests/games/test_proof_game.py plays the rest of the site path)."""
from __future__ import annotations

from typing import Iterator

import pytest

from games.rules import register, unregister
from games.rules.words import Words
from tests.channels.conftest import Socket, db_async, run_async, session_cookie
from tests.games.test_proof_game import Table, leaks
from tests.proofgame import RelicRun

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]


@pytest.fixture(autouse=True)
def relicrun() -> Iterator[None]:
    register("relicrun", Words("Relic Run"), RelicRun)
    yield
    unregister("relicrun")


@run_async
async def test_the_mover_sees_their_steps_and_the_others_the_turn_when_it_ends():
    table = await db_async(Table)()
    mover, other = await db_async(table.mover)(), await db_async(table.other)()
    path = f"/ws/games/{table.id}/"
    mine = await Socket(path, await db_async(session_cookie)(mover)).connect()
    theirs = await Socket(path, await db_async(session_cookie)(other)).connect()
    await mine.receive_type("game")
    await theirs.receive_type("game")

    await db_async(table.step)({"type": "draw"})
    seen_by_mover = await mine.receive_type("game")
    seen_by_other = await theirs.receive_type("game")
    seat = seen_by_mover["game"]["your_seat"]
    assert len(seen_by_mover["game"]["view"]["hand"]) == 2 and seen_by_mover["game"]["turn"]["steps"]
    assert seen_by_other["game"]["view"]["hand_sizes"][seat] == 1 and seen_by_other["game"]["turn"] is None

    await db_async(table.step)({"type": "end"}, 200, mover)
    await mine.receive_type("game")
    at_end = await theirs.receive_type("game")
    assert at_end["game"]["view"]["hand_sizes"][seat] == 2 and at_end["game"]["current_seat"] != seat
    turn = at_end["game"]["turn"]  # now it is their turn
    assert (turn["steps"], turn["undo"]) == ([], 0) and turn["actions"]
    assert leaks(seen_by_other, []) == [] and leaks(at_end, []) == []
    await mine.close()
    await theirs.close()
