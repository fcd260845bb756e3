"""What a review costs (``manage.py bench_review``): a game played to its end by two easy computer players, then
reviewed with a budget as the site does (games/review/services.py), timed; figures, not a test."""
from __future__ import annotations

import random
import time
from typing import Any

from games.review import analysis
from games.rules import CHANCE, TERMINAL, bots, engine


def played_game(name: str, seed: int) -> tuple[Any, list[analysis.Decision]]:
    """(engine, every turn's decision) of a two-player game of ``name`` the easy level plays to its end."""
    eng = engine(name)
    state = eng.new_game(2, eng.check_options({}), seed)
    rng = random.Random(f"bench-review:{seed}")
    found: list[analysis.Decision] = []
    while (player := eng.current_player(state)) != TERMINAL:
        if player == CHANCE:
            state = eng.apply(state, eng.sample_chance(state))
            continue
        start, turn = state, eng.turn_number(state)
        line: list[Any] = []
        draws: list[int] = []
        while eng.turn_number(state) == turn and eng.current_player(state) in (player, CHANCE):
            if eng.current_player(state) == CHANCE:
                draws.append(len(line))
                action = eng.sample_chance(state)
            else:
                action = bots.choose(eng, eng.view(state, player), player, "easy", rng)
            line.append(action)
            state = eng.apply(state, action)
        # the whole turn from its player's first action, its draws included, as the site's review takes it
        found.append(analysis.Decision(seq=len(found) + 1, seat=player, state=start, line=line, draws=tuple(draws)))
    return eng, found


def bench(name: str, budget: analysis.Budget, seed: int = 1) -> dict[str, Any]:
    """One game's review figures: turns, drawn states per line, wall and processor seconds."""
    eng, found = played_game(name, seed)
    settings = budget.settings(len(found))
    wall, cpu = time.perf_counter(), time.process_time()
    turns = [analysis.appraise(eng, decision, seed, settings) for decision in found]
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"game": name, "turns": len(turns), "playouts_per_line": settings.runs,
            "mistakes": len(analysis.highlights(turns)["mistakes"]), "seconds": round(wall, 1),
            "cpu_seconds": round(cpu, 1), "cpu_per_turn": round(cpu / max(1, len(turns)), 2)}
