"""What the others are shown of a move says no more than they may know (every game of the registry, no database).

Seeded random games are played through the site's own entry machinery (games/play/turns.py). For every chance
step of every entry (a tile, hex, treasure or card drawn), every other outcome the chance step could have had is
tried in its place, and the rest of the entry played again. Where an audience (another seat, a spectator) sees
exactly the same position at the end of the entry either way, it cannot know which outcome it was; then what the
engine shows that audience of the step (``step_for``) and of the whole entry (``entry_for``), and their words, must
be the same for both outcomes. A card drawn into a secret hand is such a step; a tile or hex drawn is not (it is
laid where all see it), nor a treasure kept face up.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional

import pytest

from games.play.turns import Progress
from games.rules import CHANCE, RulesError, engine
from tests.contract.conftest import contract_games

#: Entries of each game checked (a whole game is not needed to meet every kind of chance step).
ENTRIES = 60
#: Other outcomes tried at each chance step (drawn at random among all of them).
ALTERNATIVES = 6


@dataclass
class Entry:
    """One entry of the log as the site stores it, with the state it began from."""

    seat: Optional[int]
    steps: list[dict[str, Any]]
    record: dict[str, Any]
    start: Any  # the state before its first step
    decided: bool


def played_entries(name: str, players: int, seed: int) -> tuple[Any, list[Entry]]:
    """The closed entries of a seeded random game, each with the state it started from."""
    eng = engine(name)
    rng = random.Random(seed)
    state = eng.new_game(players, eng.check_options({}), seed)
    progress = Progress.start(eng, state)
    start, done = state, 0
    entries: list[Entry] = []
    while len(entries) < ENTRIES and not eng.is_over(progress.state):
        seat = eng.current_player(progress.state)
        progress.play(rng.choice(eng.legal_actions(progress.state)), seat)
        for closed in progress.closed[done:]:
            entries.append(Entry(closed.seat, closed.steps, closed.record, start, closed.decided))
            for step in closed.steps:
                start = eng.apply(start, eng.parse_action(step))
        done = len(progress.closed)
    return eng, entries


def replayed(eng: Any, entry: Entry, index: int, outcome: Any) -> Optional[tuple[Any, Any, list[Any]]]:
    """The entry played again with ``outcome`` for its chance step ``index``: (state at its end, state at its
    first decision, its actions), or None if the rest of the entry cannot follow that outcome."""
    state, base, actions = entry.start, None, []
    try:
        for i, step in enumerate(entry.steps):
            action = outcome if i == index else eng.parse_action(step)
            if base is None and eng.current_player(state) != CHANCE:
                base = state
            state = eng.apply(state, action)
            actions.append(action)
    except RulesError:
        return None
    return state, base, actions


def audiences(players: int, mover: Optional[int]) -> list[Optional[int]]:
    return [seat for seat in range(players) if seat != mover] + [None]


def check_entry(eng: Any, players: int, entry: Entry, rng: random.Random) -> int:
    """Every chance step of ``entry``: outcomes an audience cannot tell apart are shown to it alike. Returns
    how many (step, outcome, audience) cases were alike to the audience, so were checked."""
    real = replayed(eng, entry, -1, None)
    assert real is not None
    end, base, actions = real
    checked = 0
    state = entry.start
    for index, step in enumerate(entry.steps):
        if eng.current_player(state) == CHANCE:
            outcomes = [a for a in eng.legal_actions(state) if a.to_dict() != step]
            for outcome in rng.sample(outcomes, min(ALTERNATIVES, len(outcomes))):
                other = replayed(eng, entry, index, outcome)
                if other is None:
                    continue
                other_end, other_base, other_actions = other
                other_record = eng.entry_record(other_base if entry.decided else None, other_actions)
                for audience in audiences(players, entry.seat):
                    if eng.view(other_end, audience) != eng.view(end, audience):
                        continue  # the audience sees which it was: showing it tells nothing more
                    checked += 1
                    shown = eng.step_for(step, entry.seat, audience)
                    assert eng.step_for(outcome.to_dict(), entry.seat, audience) == shown, (
                        f"{eng.name}: seat {audience} is shown which {step['type']} seat {entry.seat} drew "
                        f"({shown}), though its view is the same for another ({outcome.to_dict()})")
                    assert eng.step_words(eng.step_for(outcome.to_dict(), entry.seat, audience)) == \
                        eng.step_words(shown)
                    record_shown = eng.entry_for(entry.record, entry.seat, audience)
                    other_shown = eng.entry_for(other_record, entry.seat, audience)
                    assert other_shown == record_shown, (
                        f"{eng.name}: seat {audience} is shown which {step['type']} seat {entry.seat} drew in "
                        f"the entry ({record_shown} / {other_shown})")
                    assert eng.entry_words(other_shown) == eng.entry_words(record_shown)
        state = eng.apply(state, eng.parse_action(step))
    return checked


@pytest.mark.parametrize("name", contract_games())
def test_what_others_see_of_a_move_depends_only_on_what_they_may_know(name: str) -> None:
    eng = engine(name)
    checked = chance_steps = 0
    for players in sorted({eng.min_players, min(eng.min_players + 1, eng.max_players)}):
        for seed in (3, 4):
            eng, entries = played_entries(name, players, seed)
            rng = random.Random(seed)
            for entry in entries:
                checked += check_entry(eng, players, entry, rng)
                state = entry.start
                for step in entry.steps:
                    chance_steps += eng.current_player(state) == CHANCE
                    state = eng.apply(state, eng.parse_action(step))
    assert chance_steps > 0, f"{name}: no chance step met: nothing was checked"
    print(f"{name}: {chance_steps} chance steps, {checked} outcomes an audience could not tell apart")


def test_the_check_catches_a_card_drawn_shown_to_the_others() -> None:
    """The check itself: a game that shows everyone every step (the old default) fails it."""
    from tests.proofgame import RelicRun

    class Leaky(RelicRun):
        def public_step(self, step: Any) -> bool:
            return True

        def entry_for(self, entry: Any, mover: Optional[int], audience: Optional[int]) -> dict[str, Any]:
            return dict(entry)

    leaky = Leaky()
    _, entries = played_entries("relicrun", 2, 3)
    rng = random.Random(0)
    with pytest.raises(AssertionError, match="is shown which"):
        for entry in entries:
            check_entry(leaky, 2, entry, rng)
