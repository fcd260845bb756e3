"""A different explorer for each level on a temple in a turn (docs/rules/tikal.md 5.4: one "not yet used to uncover a
level there this turn"), and for treasures the count the rules page words (5.5: "the second one needs two of your
explorers there"). Workers are not told apart by a move, so which one walked is the player's choice, made
whichever way makes the turn legal (RULINGS.md).

Costs on the printed start area (rules 3.1): the base camp to the clearing 1, to the SE temple 2; the clearing to
the SE temple 1.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from games.rules import IllegalActionError
from games.rules.tikal.actions import Action, CampMove, Enter, Guard, Move, Uncover
from games.rules.tikal.data import SPACE_INDEX, SPACES, TEMPLE
from games.rules.tikal.state import ACTIONS, DRAW, GONE, TikalState

from .helpers import BC, ENG, T_N, T_SE, J, W, act, lay, legal_dicts, position, put, sp

UNCOVER = {"type": "uncover", "at": list(T_SE)}
RUIN = (1, 1)
DIG = {"type": "dig", "at": list(RUIN)}


def can_uncover(state: TikalState, at: tuple[int, int] = T_SE) -> bool:
    """``uncover`` at ``at`` is listed; and it is accepted exactly when it is listed."""
    listed = {"type": "uncover", "at": list(at)} in legal_dicts(state)
    try:
        act(state, {"type": "uncover", "at": list(at)})
    except IllegalActionError as err:
        assert not listed
        assert "different explorer" in str(err) or "at most 2" in str(err) or "no explorer" in str(err)
        return False
    assert listed
    return True


# ----- 5.4: a level needs an explorer not yet used there this turn ------------------------------------------------
def test_a_fresh_explorer_uncovers_the_second_level_after_the_first_walked_off() -> None:
    state = put(put(position(), 0, T_SE, workers=1), 0, BC, workers=1)
    state = act(state, UNCOVER, W(T_SE, J), W(BC, T_SE))          # A uncovers and walks off, B arrives
    assert can_uncover(state)
    after = act(state, UNCOVER)
    assert after.value[sp(T_SE)] == 3 and after.ap == 3
    led = put(put(position(), 0, T_SE, workers=1), 0, BC, leader=True)
    assert can_uncover(act(led, UNCOVER, W(T_SE, J), W(BC, T_SE, "leader")))


def test_one_explorer_never_uncovers_two_levels_on_a_temple() -> None:
    for piece in ("worker", "leader"):
        state = put(position(), 0, T_SE, workers=piece == "worker", leader=piece == "leader")
        once = act(state, UNCOVER)
        assert not can_uncover(once)
        with pytest.raises(IllegalActionError, match=r"your explorer on the temple at B1 \(1, 3\) has uncovered a level "
                                                     "there this turn"):
            act(once, UNCOVER)


def test_an_explorer_that_walks_off_and_comes_back_is_still_used() -> None:
    for piece in ("worker", "leader"):
        state = put(position(), 0, T_SE, workers=piece == "worker", leader=piece == "leader")
        back = act(state, UNCOVER, W(T_SE, J, piece), W(J, T_SE, piece))
        assert not can_uncover(back)
        # the long way round too, through the base camp
        assert not can_uncover(act(state, UNCOVER, W(T_SE, J, piece), W(J, BC, piece), W(BC, T_SE, piece)))
    # it was used there only: it may uncover a level on another temple
    state = act(put(position(), 0, T_SE, workers=1), UNCOVER, W(T_SE, BC), W(BC, T_N))
    assert can_uncover(state, T_N)


def test_which_worker_walked_is_decided_the_way_that_makes_the_turn_legal() -> None:
    """Worker A uncovers on the SE temple and walks to the clearing, where worker B stands. Whichever of the two
    later walks back to the temple may be B: a rule that decided at once which one moved would refuse one of these
    two turns, though a player moving the pieces by hand could make both."""
    start = act(put(put(position(), 0, T_SE, workers=1), 0, J, workers=1), UNCOVER, W(T_SE, J))
    # one worker goes on to the base camp and back to the temple: B did (A stayed on the clearing)
    assert can_uncover(act(start, W(J, BC), W(BC, T_SE)))
    # one worker goes to the base camp, the other straight back to the temple: A went to the base camp
    assert can_uncover(act(start, W(J, BC), W(J, T_SE)))
    # with no B, the worker that comes back is A
    alone = act(put(position(), 0, T_SE, workers=1), UNCOVER, W(T_SE, J))
    assert not can_uncover(act(alone, W(J, BC), W(BC, T_SE)))


def test_the_leader_or_the_worker_uncovered_the_first_level() -> None:
    state = act(put(position(), 0, T_SE, workers=1, leader=True), UNCOVER)
    view = ENG.view(state, 0)["turn_state"]["used"]
    assert sorted(map(str, view)) == sorted(map(str, [{"leader": [[1, 3]], "workers": []},
                                                      {"leader": [], "workers": [{"at": [1, 3],
                                                                                  "temples": [[1, 3]]}]}]))
    assert can_uncover(state)                                           # two explorers there
    assert can_uncover(act(state, W(T_SE, J)))                          # the worker uncovered it and left
    assert can_uncover(act(state, W(T_SE, J, "leader")))                # the leader did and left
    # both leave and the worker comes back: the leader had uncovered the level
    assert can_uncover(act(state, W(T_SE, J), W(T_SE, J, "leader"), W(J, T_SE)))
    # the leader uses its turn's second level elsewhere only once it is spent here: the choice sticks
    twice = act(state, W(T_SE, J), UNCOVER)
    assert twice.value[sp(T_SE)] == 3 and not can_uncover(twice)


def test_a_third_level_is_refused_whoever_is_there() -> None:
    state = act(put(position(), 0, T_SE, workers=3, leader=True), UNCOVER, UNCOVER)
    assert not can_uncover(state)
    with pytest.raises(IllegalActionError, match="at most 2 levels"):
        act(state, UNCOVER)


def test_each_turn_starts_with_nobody_used() -> None:
    state = act(put(position(), 0, T_SE, workers=1), UNCOVER, {"type": "end"})
    while not (state.seat == 0 and state.phase == ACTIONS):            # seat 1's turn, then seat 0's hex
        listed = ENG.legal_actions(state)
        state = ENG.apply(state, ENG.sample_chance(state) if not listed or state.phase == DRAW else listed[-1])
    assert can_uncover(state)


def test_a_state_saved_before_explorers_were_tracked_still_loads() -> None:
    """A saved state with no ``used`` (games in progress when this rule came): the explorer that uncovered the level
    is taken to be still on the temple, as the engine's count asked then."""
    one = act(put(position(), 0, T_SE, workers=1), UNCOVER)
    data = ENG.state_to_dict(one)
    del data["used"]
    assert not can_uncover(ENG.state_from_dict(data))
    two = act(put(position(), 0, T_SE, workers=1, leader=True), UNCOVER)
    data = ENG.state_to_dict(two)
    del data["used"]
    loaded = ENG.state_from_dict(data)
    assert can_uncover(loaded) and can_uncover(act(loaded, W(T_SE, J, "leader")))
    assert not can_uncover(act(loaded, W(T_SE, J)))                     # the leader is taken to be the one


# ----- 5.5: the second treasure needs two explorers there, as the page words it ------------------------------------
def ruin_position() -> TikalState:
    state = lay(position(), "A5", RUIN, treasures=["jade mask", "gold mask", "sun disc"])   # 1 point from J
    return put(put(state, 0, RUIN, workers=1), 0, J, workers=1)


def dig(state: TikalState) -> TikalState:
    return act(state, DIG, ENG.sample_chance(act(state, DIG)).to_dict())


def can_dig(state: TikalState) -> bool:
    listed = DIG in legal_dicts(state)
    try:
        act(state, DIG)
    except IllegalActionError as err:
        assert not listed and "2 explorers" in str(err)
        return False
    assert listed
    return True


def test_the_second_treasure_needs_two_explorers_on_the_ruin_at_that_moment() -> None:
    once = dig(ruin_position())
    assert not can_dig(once)                                            # one explorer there
    assert can_dig(act(once, W(J, RUIN)))                               # B joins A: two there
    # A walks off and B arrives: one explorer there, whichever it is (the page counts, it names no "not yet used")
    assert not can_dig(act(once, W(RUIN, J), W(J, RUIN)))
    # A walks off and comes back, B joins: two there
    assert can_dig(act(once, W(RUIN, J), W(J, RUIN), W(J, RUIN)))


# ----- the tracking against moving the pieces by hand -------------------------------------------------------------
Piece = tuple[int, tuple[int, ...]]                 # where it stands, the temples it uncovered a level on this turn
Hand = tuple[Piece | None, tuple[Piece, ...]]       # the leader (None: not on the board), the workers


def _mark(piece: Piece, temple: int) -> Piece:
    return piece[0], tuple(sorted((*piece[1], temple)))


def by_hand(hands: set[Hand], state: TikalState, action: Action) -> set[Hand]:
    """Every way the seat's pieces, told apart, may stand after ``action``: the player picks any worker that fits."""
    out: set[Hand] = set()
    for leader, workers in hands:
        if isinstance(action, Enter):
            at = SPACE_INDEX[action.at]
            out.add(((at, ()), workers) if action.piece == "leader" else (leader, tuple(sorted((*workers, (at, ()))))))
        elif isinstance(action, (Move, CampMove)):
            a, b = SPACE_INDEX[action.frm], SPACE_INDEX[action.to]
            if action.piece == "leader":
                out.add(((b, leader[1]) if leader else None, workers))
            for n, (at, marks) in enumerate(workers):
                if at == a and action.piece == "worker":
                    out.add((leader, tuple(sorted((*workers[:n], *workers[n + 1:], (b, marks))))))
        elif isinstance(action, Uncover):
            t = SPACE_INDEX[action.at]
            if leader and leader[0] == t and t not in leader[1]:
                out.add((_mark(leader, t), workers))
            for n, (at, marks) in enumerate(workers):
                if at == t and t not in marks:
                    out.add((leader, tuple(sorted((*workers[:n], *workers[n + 1:], _mark(workers[n], t))))))
        elif isinstance(action, Guard):
            t = SPACE_INDEX[action.at]
            out.add((None if leader and leader[0] == t else leader, tuple(w for w in workers if w[0] != t)))
    return out


def by_hand_allows(hands: set[Hand], temple: int) -> bool:
    return any((leader and leader[0] == temple and temple not in leader[1])
               or any(at == temple and temple not in marks for at, marks in workers) for leader, workers in hands)


@pytest.mark.parametrize("seed", range(60))
def test_uncovering_is_listed_exactly_when_pieces_moved_by_hand_allow_it(seed: int) -> None:
    rng = random.Random(seed)
    state = lay(lay(position(), "A3", (1, 1)), "A4", (2, 2))            # four temples: (0, 2) (1, 1) (1, 3) (2, 2)
    state.camp[sp(J)] = 0
    state.camps_left[0] -= 1
    state.ap = 40                                                       # a long hand-built turn
    spaces = [BC, T_N, J, T_SE, (1, 1), (2, 2)]
    for _ in range(rng.randint(1, 4)):
        put(state, 0, rng.choice(spaces), workers=1)
    if rng.random() < 0.6:
        put(state, 0, rng.choice(spaces), leader=True)
    put(state, 1, rng.choice(spaces), workers=rng.randint(0, 2))
    hands: set[Hand] = {((state.leader[0], ()) if state.leader[0] >= 0 else None,
                         tuple(sorted((s, ()) for s in range(len(state.kind)) for _ in range(state.workers[0][s]))))}
    temples = [s for s in range(len(state.kind)) if state.kind[s] == TEMPLE]
    for _ in range(24):
        listed = ENG.legal_actions(state)
        for t in temples:
            expected = state.ap >= 2 and state.levels_turn[t] < 2 and state.guard[t] < 0 and by_hand_allows(hands, t)
            assert (ENG.parse_action({"type": "uncover", "at": list(SPACES[t])}) in listed) == expected, (seed, t)
        steps: list[Any] = [a for a in listed if isinstance(a, (Enter, Move, CampMove, Uncover, Guard))]
        uncovers = [a for a in steps if isinstance(a, Uncover)]
        if not steps:
            break
        action = rng.choice(uncovers) if uncovers and rng.random() < 0.5 else rng.choice(steps)
        hands = by_hand(hands, state, action)
        state = ENG.apply(state, action)
        assert hands, action
    assert state.leader[0] != GONE or all(h[0] is None for h in hands)
