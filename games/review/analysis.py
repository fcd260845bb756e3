"""The review's method (docs/review.md), on engine states alone: which decision of each turn is weighed, the
hard search's judgement of it from the mover's view only, and the turns that swung the most.

A turn's *decision* is where its player first acts in it (after the draws that open it: the tile in hand),
and its *line* every step of the turn from there to its end, the draws made during it included (a Tikal
treasure dug, an Iwari card drawn): the whole turn is judged. The search never sees the state: it gets the
mover's view at the decision, and draws the hidden parts itself (``bots.appraise``), so a review says nothing
that player could not know; it weighs the whole turn played against its own plans (a plan: the actions until
the turn ends or a draw, the rest of the turn completed after it), all valued after the end of the turn, the
draws in them made as each drawn state has them.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from games.rules import CHANCE, AnyEngine, bots
from games.rules.words import Words

#: A turn whose move made lost at least this many points of expected margin against the best line is a mistake;
#: one whose best line was at least this far ahead of the next (and was played) a good move.
SWING = 2.0
#: The most mistakes and good moves listed.
LISTED = 5


@dataclass(frozen=True)
class Budget:
    """How much the hard search spends on a game's review: counted in playouts (a line played on in a drawn
    state to the search's horizon), never in seconds, so that a review is the same every time."""

    playouts: int = 12    # drawn states each line is played on, per turn (the hard level plays 24 a decision)
    total: int = 6000     # playouts for the whole game (turns x lines x drawn states): past it, fewer per turn

    def per_turn(self, turns: int) -> int:
        """Drawn states per line in a game of ``turns`` reviewed turns (at least 2, the search's least)."""
        lines = bots.DEFAULT.candidates + 1  # the search's candidates and the line played
        return max(2, min(self.playouts, self.total // max(1, turns * lines)))

    def settings(self, turns: int) -> bots.Settings:
        """The hard level's settings (whatever the bots' own are now) with this budget's playouts."""
        return dataclasses.replace(bots.DEFAULT, runs=self.per_turn(turns))

    def to_dict(self) -> dict[str, int]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Decision:
    """One turn's decision: the move of the log it belongs to, its player, the state then and the whole turn
    played from there (``line``), with the places in it of the draws made during the turn (``draws``)."""

    seq: int
    seat: int
    state: Any
    line: list[Any]
    draws: tuple[int, ...] = ()


def decision_in(eng: AnyEngine, states: Sequence[Any], steps: Sequence[Any], seat: int) -> Optional[tuple[int, int]]:
    """Where the decision of a turn of ``seat`` starts and ends among its ``steps`` (``states[i]``: the state
    before ``steps[i]``): its first action of its own, and the end of the entry, with every draw in it (the
    whole turn, cut only where another seat would act)."""
    start = next((i for i, state in enumerate(states) if eng.current_player(state) == seat), None)
    if start is None:
        return None
    end = start
    while end < min(len(steps), len(states)) and eng.current_player(states[end]) in (seat, CHANCE):
        end += 1
    return start, end


def draws_in(eng: AnyEngine, states: Sequence[Any], start: int, end: int) -> tuple[int, ...]:
    """The places, in the line ``steps[start:end]``, of its draws (the steps made while chance was to act)."""
    return tuple(i - start for i in range(start, end) if eng.current_player(states[i]) == CHANCE)


def appraise(eng: AnyEngine, decision: Decision, seed: Any, settings: bots.Settings) -> dict[str, Any]:
    """The hard search's figures for one turn, from its player's view at the decision: the position's worth (the
    best line found), the whole turn played's, and the best line (dict form) with its words as anyone may
    read them. ``lead``: how far the best line was ahead of the best one that is not the turn played."""
    view = eng.view(decision.state, decision.seat)
    rng = random.Random(f"review:{seed}:{decision.seq}")  # a stream of the game's seed, one per turn
    line = [None if index in decision.draws else action for index, action in enumerate(decision.line)]
    found = bots.appraise(eng, view, decision.seat, line, rng, settings)
    played = [action.to_dict() for action in decision.line]
    best = played if found.best_line == line else [action.to_dict() for action in found.best_line]
    best_is_played = played[:len(best)] == best  # the plan found, as far as its own draw, is what was played
    others = [value for candidate, value in zip(found.lines, found.values)
              if candidate != line and [a.to_dict() for a in candidate] != played[:len(candidate)]]
    rival = max(others) if best_is_played and others else found.runner_up
    return {"seq": decision.seq, "seat": decision.seat, "best": round(found.best, 1), "played": round(found.line, 1),
            "loss": round(found.best - found.line, 1),
            "lead": round(found.best - rival, 1) if rival is not None else 0.0,
            "best_is_played": best_is_played, "best_line": best, "played_line": played,
            "best_words": words(eng, best, decision.seat), "played_words": words(eng, played, decision.seat),
            "playouts": found.playouts}


def words(eng: AnyEngine, steps: Sequence[dict[str, Any]], seat: int) -> Words:
    """A line in the engine's words, each step as a spectator may see it (a hidden step stays hidden); ``Words``,
    said in the reader's language where the review is read (``games.review.selectors.review_entry``)."""
    return Words.join((eng.step_words(eng.step_for(step, seat, None)) for step in steps), ", ")


def highlights(turns: Sequence[dict[str, Any]]) -> dict[str, list[int]]:
    """The largest swings: the mistakes (the most lost against the best line) and the good moves (the best line
    played where the next best was far behind), as indexes into ``turns``, largest first."""
    mistakes = sorted((i for i, t in enumerate(turns) if t["loss"] >= SWING), key=lambda i: -turns[i]["loss"])
    good = sorted((i for i, t in enumerate(turns) if t["best_is_played"] and t["lead"] >= SWING),
                  key=lambda i: -turns[i]["lead"])
    return {"mistakes": mistakes[:LISTED], "good": good[:LISTED]}


def chart(turns: Sequence[dict[str, Any]], seats: int, finals: Sequence[float]) -> dict[str, Any]:
    """Per seat, its expected final margin after each of its turns (the move made's value) and, last, the margin
    it finished with; the page draws these numbers as they are."""
    series = [[{"seq": t["seq"], "value": t["played"]} for t in turns if t["seat"] == seat] for seat in range(seats)]
    last = max((t["seq"] for t in turns), default=0) + 1
    for seat, points in enumerate(series):
        points.append({"seq": last, "value": round(float(finals[seat]), 1), "final": True})
    values = [p["value"] for points in series for p in points] or [0.0]
    return {"series": series, "low": min(0.0, min(values)), "high": max(0.0, max(values)), "last": last}


def final_margins(scores: Sequence[int]) -> list[float]:
    """Each seat's final score less the best other seat's."""
    return [float(s - max((o for n, o in enumerate(scores) if n != seat), default=0)) for seat, s in enumerate(scores)]
