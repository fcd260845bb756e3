"""Which of the mover's explorers have uncovered a level on which temple this turn (docs/rules/tikal.md 5.4).

Rule 5.4 asks for an explorer "not yet used to uncover a level there this turn". The leader is one piece, but the
workers on a space are not told apart: a ``move`` says "a worker", never which one. So the engine keeps every way
the pieces may stand, given the player's choices so far (RULINGS.md): a *world* is

- the temples the leader has uncovered a level on this turn, and
- for each worker that has uncovered a level this turn, where it stands and the temples it uncovered them on
  (workers not listed have uncovered nothing this turn).

A worker's move away from a space where a used worker may stand branches (an unused worker moved, or each used
one); the first level on a temple branches on which explorer there uncovered it. The second level is legal when
at least one world has an explorer on the temple that did not uncover the first: the player picked, piece by
piece, whatever makes the turn legal. Only temples with exactly one level this turn are remembered: with none,
nobody is used there; with two, no more level may be uncovered there. Worlds are sorted tuples of space indexes,
so a state's ``used`` is deterministic, hashable and shared between copies.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import TikalState

Marks = tuple[int, ...]                     # temples (space indexes), sorted
Token = tuple[int, Marks]                   # a used worker: where it stands, the temples it uncovered a level on
World = tuple[Marks, tuple[Token, ...]]     # the leader's marks, the used workers (sorted)
Worlds = tuple[World, ...]                  # sorted, no repeats

FRESH: Worlds = (((), ()),)                 # the start of a turn: nobody used anywhere


def _normal(worlds: Iterable[World]) -> Worlds:
    out = tuple(sorted(set(worlds)))
    return FRESH if out == FRESH else out


def _add(marks: Marks, temple: int) -> Marks:
    return tuple(sorted((*marks, temple)))


def _world(leader: Marks, tokens: Iterable[Token]) -> World:
    return leader, tuple(sorted(tokens))


def _unused_here(world: World, temple: int, workers: int, leader_here: bool) -> bool:
    """In ``world``, one of the mover's explorers on ``temple`` has not uncovered a level there this turn."""
    leader, tokens = world
    if leader_here and temple not in leader:
        return True
    used_here = [marks for at, marks in tokens if at == temple]
    return workers > len(used_here) or any(temple not in marks for marks in used_here)


def unused_on(state: TikalState, seat: int, temple: int) -> bool:
    """``seat`` (the mover) has an explorer on ``temple`` not yet used to uncover a level there this turn."""
    workers, leader_here = state.workers[seat][temple], state.leader[seat] == temple
    return any(_unused_here(world, temple, workers, leader_here) for world in state.used)


def _first_level(world: World, temple: int, workers: int, leader_here: bool) -> list[World]:
    """Every way the first level on ``temple`` can have been uncovered, by an explorer standing there."""
    leader, tokens = world
    out = [(_add(leader, temple), tokens)] if leader_here else []
    here = [n for n, (at, _) in enumerate(tokens) if at == temple]
    if workers > len(here):
        out.append(_world(leader, (*tokens, (temple, (temple,)))))
    for n in here:
        rest = tokens[:n] + tokens[n + 1:]
        out.append(_world(leader, (*rest, (temple, _add(tokens[n][1], temple)))))
    return out


def _forget(world: World, temple: int, gone: int = -1) -> World:
    """``world`` without the marks for ``temple``, and without the used workers on ``gone`` (they left play)."""
    leader, tokens = world
    kept = ((at, tuple(t for t in marks if t != temple)) for at, marks in tokens if at != gone)
    return _world(tuple(t for t in leader if t != temple), (token for token in kept if token[1]))


def uncovered(state: TikalState, seat: int, temple: int) -> None:
    """Note a level uncovered on ``temple`` (call before ``levels_turn`` counts it; the level is legal)."""
    workers, leader_here = state.workers[seat][temple], state.leader[seat] == temple
    if state.levels_turn[temple] == 0:
        state.used = _normal(w for world in state.used for w in _first_level(world, temple, workers, leader_here))
    else:   # the second and last level there: only the worlds that allow it remain, and the temple is forgotten
        state.used = _normal(_forget(world, temple) for world in state.used
                             if _unused_here(world, temple, workers, leader_here))


def worker_moved(state: TikalState, seat: int, frm: int, to: int) -> None:
    """Note a worker of ``seat`` moved from ``frm`` to ``to`` (call before the counts change)."""
    if state.used is FRESH:
        return
    workers = state.workers[seat][frm]
    out: list[World] = []
    for world in state.used:
        leader, tokens = world
        here = [n for n, (at, _) in enumerate(tokens) if at == frm]
        if workers > len(here):
            out.append(world)
        for n in here:
            out.append(_world(leader, (*tokens[:n], *tokens[n + 1:], (to, tokens[n][1]))))
    state.used = _normal(out)


def guarded(state: TikalState, seat: int, temple: int) -> None:
    """Note ``seat``'s explorers on ``temple`` leaving play for its guard (call before they leave): the temple
    can never be uncovered again, and the leader's marks go with it if it was there."""
    if state.used is FRESH:
        return
    leader_gone = state.leader[seat] == temple
    out = (_forget(world, temple, temple) for world in state.used)
    state.used = _normal(((), tokens) if leader_gone else (leader, tokens) for leader, tokens in out)


# ----- JSON forms --------------------------------------------------------------------------------------------
def to_json(worlds: Worlds) -> list[Any]:
    """``[[leader marks], [[space, [marks]], ...]]`` per world, space indexes (the state's dict form)."""
    return [[list(leader), [[at, list(marks)] for at, marks in tokens]] for leader, tokens in worlds]


def from_json(data: Sequence[Any]) -> Worlds:
    """The inverse of ``to_json``."""
    return _normal(_world(tuple(int(t) for t in leader), ((int(at), tuple(int(t) for t in marks))
                                                         for at, marks in tokens)) for leader, tokens in data)


def guess(state: TikalState) -> Worlds:
    """For a state saved before explorers were tracked (its dict has no ``used``): on each temple with one level
    this turn, the explorer that uncovered it is taken to be still there (the leader if it is) when the mover has
    one there, as the count the engine used then asked; otherwise it is unknown and not remembered."""
    seat = state.seat
    leader: Marks = ()
    tokens: list[Token] = []
    for temple, levels in enumerate(state.levels_turn):
        if levels != 1:
            continue
        if state.leader[seat] == temple:
            leader = (*leader, temple)
        elif state.workers[seat][temple]:
            tokens.append((temple, (temple,)))
    return _normal([_world(leader, tokens)])
