"""Treasures (docs/rules/tikal.md 5.5, 5.6): digging one up (then the chance step that names it) and exchanging,
each with its ``list``, ``check`` and ``apply`` (as in ``camps``)."""
from __future__ import annotations

from ..base import IllegalActionError
from ..words import Words, text
from .actions import TABLES, Action, Dig, Exchange, Treasure
from .board import where
from .data import NKINDS, RUIN, SPACE_INDEX, TREASURE_INDEX
from .state import ACTIONS, TREASURE, TikalState, explorers
from .words import TREASURE_WORDS


# ----- 5.5 recovering a treasure ------------------------------------------------------------------------------
def list_dig(state: TikalState, space: int, here: int, out: list[Action]) -> None:
    """A treasure from the ruin ``space``, where the mover has ``here`` explorers: the n-th this turn needs n."""
    dug = state.dug_turn[space]
    if state.ap >= 3 and state.treasures_left[space] and dug < 2 and here > dug:
        out.append(TABLES.dig[space])


def check_dig(state: TikalState, seat: int, action: Dig) -> int:
    at = SPACE_INDEX[action.at]
    if state.kind[at] != RUIN:
        raise IllegalActionError(Words("{at} is not a ruin", at=where(at)))
    if not state.treasures_left[at]:
        raise IllegalActionError(Words("the ruin at {at} has no treasure left", at=where(at)))
    dug = state.dug_turn[at]
    if dug >= 2:
        raise IllegalActionError(Words("at most 2 treasures from the same ruin per turn"))
    if explorers(state, seat, at) <= dug:
        raise IllegalActionError(Words.plural("you need {n} explorer of yours on the ruin for that",
                                              "you need {n} explorers of yours on the ruin for that", dug + 1))
    return 3


def apply_dig(state: TikalState, seat: int, action: Dig) -> None:
    """The dig is made; the chance step ``treasure`` names what it turned up."""
    at = SPACE_INDEX[action.at]
    state.dug_turn[at] += 1
    state.dig_at = at
    state.phase = TREASURE


def treasure_actions(state: TikalState) -> list[Action]:
    """What the dig may turn up: every kind not yet taken three times."""
    taken = [0] * NKINDS
    for hand in state.held:
        for k in range(NKINDS):
            taken[k] += hand[k]
    return [TABLES.treasure[k] for k in range(NKINDS) if taken[k] < 3]


def take_treasure(state: TikalState, action: Treasure) -> None:
    """The chance step after a dig: the mover takes the kind ``action`` names from the ruin."""
    if state.phase != TREASURE:
        raise IllegalActionError(Words("no dig is waiting for its treasure"))
    kind = TREASURE_INDEX[action.kind]
    if sum(hand[kind] for hand in state.held) >= 3:
        raise IllegalActionError(Words("all 3 {kind} treasures are taken already",
                                       kind=TREASURE_WORDS.get(action.kind) or text(action.kind)))
    # the ruins' lists are shared between copies of a state (TikalState.copy): replace, never change in place
    ruin = state.ruin[state.dig_at] = state.ruin[state.dig_at].copy()
    if kind in ruin:
        ruin.remove(kind)
    else:   # a record names a kind the seeded order put elsewhere: swap it in from where it lies hidden
        spare = ruin.pop()
        if kind in state.pool:
            state.pool[state.pool.index(kind)] = spare
        else:
            at = next(s for s, r in enumerate(state.ruin) if kind in r)
            other = state.ruin[at] = state.ruin[at].copy()
            other[other.index(kind)] = spare
    state.treasures_left[state.dig_at] -= 1
    state.held[state.seat][kind] += 1
    state.dig_at = -1
    state.phase = ACTIONS


# ----- 5.6 exchanging treasures -------------------------------------------------------------------------------
def list_exchanges(state: TikalState, seat: int, out: list[Action]) -> None:
    """Each lone treasure of the mover's for each different lone treasure of another player still in the game."""
    if state.ap < 3:
        return
    mine = state.held[seat]
    lone = [g for g in range(NKINDS) if mine[g] == 1]
    if not lone:
        return
    for other in range(state.players):
        if other == seat or not state.active[other]:
            continue
        theirs = state.held[other]
        for t in range(NKINDS):
            if theirs[t] == 1:
                out.extend(TABLES.exchange[g][other][t] for g in lone if g != t)


def check_exchange(state: TikalState, seat: int, action: Exchange) -> int:
    other = action.seat
    if other == seat or other >= state.players or not state.active[other]:
        raise IllegalActionError(Words("you exchange with another player still in the game"))
    give, take = TREASURE_INDEX[action.give], TREASURE_INDEX[action.take]
    if give == take:
        raise IllegalActionError(Words("the two treasures must be of different kinds"))
    if state.held[seat][give] != 1:
        raise IllegalActionError(Words("your {give} is not a lone treasure",
                                       give=TREASURE_WORDS.get(action.give) or text(action.give)))
    if state.held[other][take] != 1:
        raise IllegalActionError(Words("seat {other} has no lone {take}",
                                       other=other, take=TREASURE_WORDS.get(action.take) or text(action.take)))
    return 3


def apply_exchange(state: TikalState, seat: int, action: Exchange) -> None:
    give, take = TREASURE_INDEX[action.give], TREASURE_INDEX[action.take]
    mine, theirs = state.held[seat], state.held[action.seat]
    mine[give] -= 1
    theirs[give] += 1
    theirs[take] -= 1
    mine[take] += 1
