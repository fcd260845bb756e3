"""Computer players for any game of the contract, at three levels, deciding from one seat's view alone.

A bot never sees the state: it draws states consistent with its seat's view (``Engine.sample_state``: the
hidden orders, hands and face-down pieces drawn from its own random numbers) and plays them out. Its worth of
a position is the game's own ``Engine.evaluate``.

A bot plans a whole turn at once (``plan_turn``): the steps it will take until its turn ends or a draw shows
something it could not know (then it plans again from what the draw showed). The site plays the planned steps
one change at a time without searching again (games/computer/players.py).

- **easy**: greedily: each legal action is applied once and the position valued, with noise, step by step.
- **medium**: its whole turn looked ahead: every line of its own actions until the turn ends (or a draw
  shows something hidden), each end valued over a few drawn states; the best line.
- **hard**: medium's best lines searched further, information-set Monte Carlo with determinisation: each
  playout draws a whole state from the view, plays a candidate line in it, then every seat's next turns guided
  by the cheap evaluation, and values the end. The playouts go to the candidates by sequential halving (the
  worse half dropped after each round, the rest played more), on the same drawn states for every candidate.
  Its budget is a number of playouts (a share of it when its turn is under way: planned again after a draw);
  a time ceiling only stops a machine far too slow for it. It tries the actions ``Engine.search_actions``
  gives (those no other beats in every way); its playouts try ``Engine.playout_actions`` at each step.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional

from . import AnyEngine
from .base import CHANCE, TERMINAL, IllegalActionError
from .words import Words

LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Settings:
    """How hard each level works (``bench_bots`` measures what these give)."""

    noise: float = 3.0          # easy: the spread of the noise added to each value, in points
    samples: int = 2            # medium: drawn states each line's end is valued over
    max_lines: int = 1500       # medium: lines of one's own turn looked at before it only completes greedily
    candidates: int = 8         # hard: medium's best lines searched further
    runs: Optional[int] = None  # hard: playouts a search (its budget; None: the game's own,
                                # ``Engine.hard_playouts``) ...
    seconds: float = 10.0       # hard: ... unless this many seconds run out first (a safety net only)
    horizon: Optional[int] = None  # hard: rounds of every seat's turns played on after the candidate's own
                                   # (None: the game's own, ``Engine.hard_horizon``)
    width: int = 8              # hard: actions tried at each step of those turns (a sample of them, if more)
    replan: Optional[float] = None  # hard: the share of the budget a search gets when its turn is under way
                                    # (None: the game's own, ``Engine.hard_replan_share``)
    clear_lead: float = 4.0     # hard: a best line this many points ahead of the next is played at once


DEFAULT = Settings()


@dataclass
class Search:
    """What one planning did: the hard level's playouts run and whether its time ceiling cut them short."""

    playouts: int = 0
    budget: int = 0
    cut: bool = False
    seconds: float = 0.0


def hard_runs(eng: AnyEngine, settings: Settings = DEFAULT) -> int:
    """The hard level's search budget in this game: playouts a search (the engine's ``hard_playouts``)."""
    return settings.runs if settings.runs is not None else eng.hard_playouts


def search_budget(eng: AnyEngine, state: Any, settings: Settings = DEFAULT) -> int:
    """The playouts of a hard search from ``state``: ``hard_runs``, or its ``hard_replan_share`` when the seat's
    turn is already under way (``Engine.turn_under_way``: planned again after a draw of that turn)."""
    runs = hard_runs(eng, settings)
    return max(1, round(runs * replan_share(eng, settings))) if eng.turn_under_way(state) else runs


def replan_share(eng: AnyEngine, settings: Settings = DEFAULT) -> float:
    """The share of its budget a hard search gets in a turn under way (the engine's ``hard_replan_share``)."""
    return settings.replan if settings.replan is not None else eng.hard_replan_share


def hard_horizon(eng: AnyEngine, settings: Settings = DEFAULT) -> int:
    """The hard level's playouts in this game: rounds of every seat's turns played on (``hard_horizon``)."""
    return settings.horizon if settings.horizon is not None else eng.hard_horizon


def plan_turn(eng: AnyEngine, view: Mapping[str, Any], seat: int, level: str, rng: random.Random,
              settings: Settings = DEFAULT, search: Optional[Search] = None) -> list[Any]:
    """The steps the computer at ``level`` takes for ``seat``, which sees ``view`` only: its whole turn, or as
    far as the next draw (which shows something new: plan again then). Never empty."""
    started = time.perf_counter()
    search = search if search is not None else Search()
    state = eng.sample_state(view, seat, rng)
    if eng.current_player(state) != seat:
        raise IllegalActionError(Words("it is not this seat's turn"))
    if level == "easy":
        plan = _easy(eng, state, seat, rng, settings)
    else:
        plan = _searched(eng, view, state, seat, level, rng, settings, search)
    search.seconds = time.perf_counter() - started
    return plan


def choose(eng: AnyEngine, view: Mapping[str, Any], seat: int, level: str, rng: random.Random,
           settings: Settings = DEFAULT) -> Any:
    """The first step of the turn the computer at ``level`` plans for ``seat`` (which sees ``view`` only)."""
    return plan_turn(eng, view, seat, level, rng, settings)[0]


def _searched(eng: AnyEngine, view: Mapping[str, Any], state: Any, seat: int, level: str, rng: random.Random,
              settings: Settings, search: Search) -> list[Any]:
    states = [state, *(eng.sample_state(view, seat, rng) for _ in range(settings.samples - 1))]
    if eng.draws_alike:  # they would value every line alike: one is enough (drawn all the same, so that the
        states = states[:1]  # random numbers after them, and with them the search's playouts, are unchanged)
    forced: list[Any] = []  # lone legal actions: taken without thought, the plan goes on past them
    while True:
        actions = eng.legal_actions(states[0])
        if len(actions) != 1:
            break
        forced.append(actions[0])
        states = [eng.apply(s, actions[0]) for s in states]
        if eng.current_player(states[0]) != seat:
            return forced
    values: Values = {}  # lines of this turn valued over ``states``: the candidates' greedy lines reuse medium's
    # medium tries every legal action; hard leaves out those another beats in every way (Engine.search_actions)
    moves = eng.search_actions if level == "hard" else eng.legal_actions
    ranked = _ranked_lines(eng, states, seat, rng, settings, values, moves)
    if level == "medium" or len(ranked) == 1:
        return forced + _completed(eng, states[0], ranked[0][2], seat, moves)
    candidates = _candidates(eng, states, seat, ranked, settings, values, moves)
    if len(candidates) == 1:  # the best line leads the next by clear_lead or more
        return forced + candidates[0][1]  # hard spends its time only where the choice is close
    budget = search_budget(eng, state, settings)
    return _hard(eng, view, seat, [forced + line for _, line in candidates], rng, settings, search, budget)


# ----- easy -------------------------------------------------------------------------------------------
def _easy(eng: AnyEngine, state: Any, seat: int, rng: random.Random, settings: Settings) -> list[Any]:
    plan: list[Any] = []
    while eng.current_player(state) == seat:
        best, best_value, after = None, float("-inf"), state
        for action in eng.legal_actions(state):
            applied = eng.apply(state, action)
            value = eng.evaluate(_chance(eng, applied), seat) + rng.gauss(0, settings.noise)
            if value > best_value:
                best, best_value, after = action, value, applied
        plan.append(best)
        state = after
    return plan


def _chance(eng: AnyEngine, state: Any) -> Any:
    """The state after the chance steps due, as this (drawn) state dictates them."""
    while eng.current_player(state) == CHANCE:
        state = eng.apply(state, eng.sample_chance(state))
    return state


def _completed(eng: AnyEngine, state: Any, line: list[Any], seat: int, moves: Optional[Moves] = None) -> list[Any]:
    """``line`` completed greedily to the end of the turn (or the next draw) where the look-ahead stopped short
    of it (a long Tikal turn), so that the plan is a whole turn."""
    for action in line:
        state = eng.apply(state, action)
    out = list(line)
    moves = moves or eng.legal_actions
    while eng.current_player(state) == seat:
        action = max(moves(state), key=lambda a: eng.evaluate(_chance(eng, eng.apply(state, a)), seat))
        out.append(action)
        state = eng.apply(state, action)
    return out


# ----- medium: the lines of one's own turn ---------------------------------------------------------------
#: The mean value over a turn's drawn states after a line of its actions (a tuple of them), within one planning.
Values = dict[tuple[Any, ...], float]
#: The actions a level tries in a state: ``Engine.legal_actions``, or the hard level's ``Engine.search_actions``.
Moves = Callable[[Any], list[Any]]


def _ranked_lines(eng: AnyEngine, states: list[Any], seat: int, rng: random.Random,
                  settings: Settings, values: Optional[Values] = None,
                  moves: Optional[Moves] = None) -> list[tuple[float, Any, list[Any]]]:
    """Every first action with the best line of the turn it begins and that line's value, best first."""
    budget = [settings.max_lines, -settings.max_lines]  # (lines left, where greedy completion stops too)
    values = values if values is not None else {}
    moves = moves or eng.legal_actions
    out = []
    for action in moves(states[0]):
        value, rest = _best_line(eng, [eng.apply(s, action) for s in states], seat, budget, values, (action,),
                                 moves)
        out.append((value + rng.random() * 1e-6, action, [action, *rest]))  # ties broken at random
    out.sort(key=lambda item: item[0], reverse=True)
    return out


def _best_line(eng: AnyEngine, states: list[Any], seat: int, budget: list[int], values: Values,
               line: tuple[Any, ...], moves: Moves) -> tuple[float, list[Any]]:
    """The best value ``seat`` can reach by its own next actions in these (parallel, drawn) states, reached by
    ``line`` (each value found is kept in ``values``)."""
    first = states[0]
    if eng.current_player(first) != seat:  # the turn ended, or a draw comes: value it where it stands
        return _kept(eng, lambda: states, seat, values, line), []
    actions = moves(first)
    budget[0] -= len(actions)
    if budget[0] < budget[1]:  # spent twice over (long turns: Tikal's ten points): value it where it stands
        return _kept(eng, lambda: states, seat, values, line), []
    if budget[0] < 0:  # too many lines: complete the turn greedily
        action = _greediest(eng, states, seat, actions, values, line)
        value, rest = _best_line(eng, [eng.apply(s, action) for s in states], seat, budget, values, (*line, action),
                                 moves)
        return value, [action, *rest]
    best: tuple[float, list[Any]] = (float("-inf"), [])
    for action in actions:
        value, rest = _best_line(eng, [eng.apply(s, action) for s in states], seat, budget, values, (*line, action),
                                 moves)
        if value > best[0]:
            best = (value, [action, *rest])
    return best


def _mean(eng: AnyEngine, states: list[Any], seat: int) -> float:
    return sum(eng.evaluate(_chance(eng, s), seat) for s in states) / len(states)


def _kept(eng: AnyEngine, states: Callable[[], list[Any]], seat: int, values: Values, line: tuple[Any, ...]) -> float:
    """``_mean`` of the turn's drawn states after ``line`` (``states()`` makes them), found in ``values`` or kept
    there: a line medium's look-ahead valued already is neither copied nor valued again."""
    try:
        return values[line]
    except KeyError:
        value = values[line] = _mean(eng, states(), seat)
        return value
    except TypeError:  # an action that cannot be a key (never in the site's games): valued each time
        return _mean(eng, states(), seat)


def _greediest(eng: AnyEngine, states: list[Any], seat: int, actions: list[Any], values: Values,
               line: tuple[Any, ...]) -> Any:
    """The first of ``actions`` with the best mean value over ``states`` (reached by ``line``)."""
    return max(actions, key=lambda a: _kept(eng, lambda: [eng.apply(s, a) for s in states], seat, values, (*line, a)))


# ----- hard: candidates played on --------------------------------------------------------------------------
def _candidates(eng: AnyEngine, states: list[Any], seat: int, ranked: list[tuple[float, Any, list[Any]]],
                settings: Settings, values: Optional[Values] = None,
                moves: Optional[Moves] = None) -> list[tuple[float, list[Any]]]:
    """The hard level's candidate lines, best first, each a whole turn (or up to a draw) valued at its end over
    the same drawn states: medium's line for every first action, completed, and the same first action's line
    completed greedily over the drawn states; those within ``clear_lead`` of the best, at most ``candidates``.

    Medium's values cannot be compared as they are where turns are long (Tikal): its budget of lines is spent
    on the first actions it looks at, and the others are valued one action in, so its best line "led" the rest
    by many points and the choice never looked close (hard played medium's line). Here every line is valued at
    the end of the turn, each first action's with at least the greedy look."""
    seen: set[str] = set()
    out: list[tuple[float, list[Any]]] = []
    for _, action, line in ranked:
        # medium's line where it looked further than the first action; the greedy one always
        wholes = [_completed(eng, states[0], line, seat, moves)] if len(line) > 1 else []
        wholes.append(_greedy(eng, [eng.apply(s, action) for s in states], seat, [action],
                              values if values is not None else {}, moves or eng.legal_actions))
        for whole in wholes:
            key = repr(whole)
            if key not in seen:
                seen.add(key)
                out.append((_line_value(eng, states, seat, whole), whole))
    out.sort(key=lambda item: item[0], reverse=True)
    if eng.hard_rechoose_last:  # the best lines again, each with its last step the best by search_evaluate
        for _, whole in out[:settings.candidates]:
            other = _rechosen(eng, states, seat, whole, moves or eng.legal_actions)
            if other is not None and repr(other) not in seen:
                seen.add(repr(other))
                out.append((_line_value(eng, states, seat, other), other))
        out.sort(key=lambda item: item[0], reverse=True)
    return [item for item in out[:settings.candidates] if item[0] > out[0][0] - settings.clear_lead]


def _rechosen(eng: AnyEngine, states: list[Any], seat: int, line: list[Any], moves: Moves) -> Optional[list[Any]]:
    """``line`` with its last step the one of best mean ``search_evaluate`` over ``states`` (None: the line
    does not fit a drawn state, or its last step is not the seat's)."""
    before = []
    for state in states:
        try:
            for action in line[:-1]:
                state = eng.apply(state, action)
        except IllegalActionError:
            return None
        before.append(state)
    if eng.current_player(before[0]) != seat:
        return None
    best = max(moves(before[0]), key=lambda a: _line_value(eng, before, seat, [a]))
    return [*line[:-1], best]


def _greedy(eng: AnyEngine, states: list[Any], seat: int, line: list[Any], values: Values,
            moves: Moves) -> list[Any]:
    """``line`` (already played in ``states``) completed step by step with the best action over the states."""
    out = list(line)
    while eng.current_player(states[0]) == seat:
        action = _greediest(eng, states, seat, moves(states[0]), values, tuple(out))
        out.append(action)
        states = [eng.apply(s, action) for s in states]
    return out


def _line_value(eng: AnyEngine, states: list[Any], seat: int, line: list[Any]) -> float:
    values = []
    for state in states:
        try:
            for action in line:
                state = eng.apply(state, action)
        except IllegalActionError:
            continue
        values.append(eng.search_evaluate(_chance(eng, state), seat))
    return sum(values) / len(values) if values else float("-inf")


def _hard(eng: AnyEngine, view: Mapping[str, Any], seat: int, lines: list[list[Any]], rng: random.Random,
          settings: Settings, search: Search, runs: int) -> list[Any]:
    """Sequential halving over the candidate lines, with determinisation: each round draws states from the
    view, plays every candidate still in on each of them (the same states for all: their differences are the
    lines', not the draws'), and keeps the better half, until one is left or ``runs`` playouts are spent."""
    budget = max(runs, 2 * len(lines))
    search.budget = budget
    deadline = time.perf_counter() + settings.seconds
    alive = list(range(len(lines)))
    totals = [0.0] * len(lines)
    counts = [0] * len(lines)
    rounds = max(1, math.ceil(math.log2(len(lines))))
    while len(alive) > 1:
        per = max(1, budget // (rounds * len(alive)))  # playouts each survivor gets this round
        for _ in range(per):
            if search.playouts + len(alive) > budget:
                break
            if search.playouts >= 2 * len(lines) and time.perf_counter() > deadline:
                search.cut = True
                break
            state = eng.sample_state(view, seat, rng)
            for index in alive:
                totals[index] += _play_on(eng, state, seat, lines[index], rng, settings)
                counts[index] += 1
            search.playouts += len(alive)
        alive.sort(key=lambda i: totals[i] / max(1, counts[i]), reverse=True)
        if search.cut or search.playouts + 1 > budget:
            break
        alive = alive[:max(1, len(alive) // 2)]
    return lines[alive[0]]


def _play_on(eng: AnyEngine, state: Any, seat: int, line: list[Any], rng: random.Random,
             settings: Settings) -> float:
    """Play ``line`` in a drawn state, then every seat's next turns greedily; ``seat``'s value at the end."""
    try:
        for action in line:
            state = _chance(eng, eng.apply(state, action))
    except IllegalActionError:  # the line does not fit this drawn state (a draw went otherwise)
        return eng.search_evaluate(state, seat)
    return eng.search_evaluate(_greedy_on(eng, state, rng, settings, hard_horizon(eng, settings) * len(eng.scores(state))),
                               seat)


def _greedy_on(eng: AnyEngine, state: Any, rng: random.Random, settings: Settings, entries: int) -> Any:
    """The state after ``entries`` more entries (or the game's end), every seat playing greedily (``width``
    actions tried at each step), the draws as this (drawn) state dictates them."""
    start = eng.turn_number(state)
    while eng.turn_number(state) - start < entries:
        player = eng.current_player(state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            state = eng.apply(state, eng.sample_chance(state))
            continue
        sample = eng.playout_actions(state, rng, settings.width)
        state = max((eng.apply(state, a) for a in sample), key=lambda s: eng.search_evaluate(_chance(eng, s), player))
    return state


def _play_whole_turn(eng: AnyEngine, state: Any, seat: int, line: list[Any], rng: random.Random,
                     settings: Settings) -> float:
    """``seat``'s value of a whole turn in a drawn state, judged after the turn's end: ``line`` played (a
    ``None`` in it is a draw, made as this drawn state has it, never as the real game had it), the rest of the
    turn completed greedily (after the line's own draw or end, or from where the line stops fitting this drawn
    state), then every seat's next turns greedily to the search's horizon."""
    turn = eng.turn_number(state)
    for action in line:
        try:
            if action is None:
                if eng.current_player(state) != CHANCE:
                    break  # the turn went otherwise in this drawn state: no draw here
                state = eng.apply(state, eng.sample_chance(state))
            elif eng.current_player(state) == seat:
                state = eng.apply(state, action)
            else:
                break
        except IllegalActionError:  # a step the real draw allowed and this drawn one does not
            break
    state = _greedy_on(eng, state, rng, settings, 1 if eng.turn_number(state) == turn else 0)
    return eng.evaluate(_greedy_on(eng, state, rng, settings, hard_horizon(eng, settings) * len(eng.scores(state))), seat)


def random_action(eng: AnyEngine, view: Mapping[str, Any], seat: int, rng: random.Random,
                  settings: Optional[Settings] = None) -> Any:
    """A uniformly random legal action (the yardstick bench_bots measures the easy level against)."""
    return rng.choice(eng.legal_actions(eng.sample_state(view, seat, rng)))


# ----- appraisal: the hard level's judgement of a whole turn and of the plan it would have made (games/review) ---
@dataclass(frozen=True)
class Appraisal:
    """What the hard search thinks of ``seat``'s turn and of the whole turn played, in points of margin
    (``Engine.evaluate`` after the playouts: its expected final score less the best other seat's), every line
    valued after the turn's end in the same drawn states."""

    best: float             # the best line found: its mean value over the playouts (the position's worth)
    best_line: list[Any]    # that line: a plan (the seat's actions until its turn ends or a draw), or the line
                            # appraised if nothing found was better
    line: float             # the line appraised (the whole turn played): its mean value over the same states
    runner_up: Optional[float]  # the next best line's (None: there was no other)
    playouts: int           # drawn states each line was played on
    lines: list[list[Any]]  # every line valued, the candidates first and the line appraised last
    values: list[float]     # their mean values, in the same order


def appraise(eng: AnyEngine, view: Mapping[str, Any], seat: int, line: list[Any], rng: random.Random,
             settings: Settings = DEFAULT) -> Appraisal:
    """The hard level's search from ``view`` (``seat``'s view at the start of its turn, and nothing else), with
    ``line`` (the seat's whole turn as played, ``None`` where a draw came) played beside its candidate plans
    in the same drawn states. A candidate is a plan as ``plan_turn`` makes them: the seat's actions until its
    turn ends or a draw; past its draw, the turn is completed greedily. Every line is valued after the end of
    the turn and the horizon's turns (``_play_whole_turn``), its draws made as each drawn state has them, so
    that the luck of the real draws counts for no line. Counted, never timed (``hard_runs`` playouts;
    ``settings.seconds`` is not read): the same ``rng`` gives the same numbers."""
    states = [eng.sample_state(view, seat, rng) for _ in range(max(1, settings.samples))]
    ranked = _ranked_lines(eng, states, seat, rng, settings)
    lines = [_completed(eng, states[0], candidate, seat) for _, _, candidate in ranked[:settings.candidates]]
    lines.append(list(line))
    totals = [0.0] * len(lines)
    runs = max(1, hard_runs(eng, settings))
    for _ in range(runs):
        state = eng.sample_state(view, seat, rng)
        for index, candidate in enumerate(lines):
            totals[index] += _play_whole_turn(eng, state, seat, candidate, rng, settings)
    means = [total / runs for total in totals]
    played = len(lines) - 1
    order = sorted(range(len(lines)), key=lambda i: (means[i], i == played), reverse=True)
    return Appraisal(best=means[order[0]], best_line=lines[order[0]], line=means[played],
                     runner_up=means[order[1]] if len(order) > 1 else None, playouts=runs, lines=lines,
                     values=means)
