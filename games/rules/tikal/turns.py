"""The flow of play (docs/rules/tikal.md sections 4 to 7): what is legal now, and one step applied in place.

``push`` checks an action completely before it changes anything, so a refused action leaves the state as it
was. The turn ends by itself once its 10 action points are spent; a bonus turn then scores its player
(section 6, 7). Rulings the rules page leaves open are in ``RULINGS`` (``__init__``'s docstring).
"""
from __future__ import annotations

from ..base import IllegalActionError
from .actions import (
    END,
    LEADER,
    TABLES,
    WORKER,
    Action,
    Camp,
    CampMove,
    Dig,
    Draw,
    End,
    Enter,
    Exchange,
    Guard,
    Move,
    Place,
    Treasure,
    Uncover,
)
from .data import (
    AP,
    BASE_CAMP,
    EMPTY,
    GUARDS,
    HEXES,
    JUNGLE,
    NEIGHBOUR,
    NKINDS,
    NSPACES,
    RUIN,
    SPACE_INDEX,
    SPACES,
    TEMPLE,
    TREASURES,
    VOLCANO,
    rotate,
)
from .scoring import score_seat
from .state import (
    ACTIONS,
    DRAW,
    FINAL_ROUND,
    GONE,
    NONE,
    OVER,
    PLACE,
    SUPPLY,
    TREASURE,
    VOLCANO_ROUND,
    TikalState,
    explorers,
    next_active,
    strength,
)
from .used import FRESH, guarded, uncovered, unused_on, worker_moved

ROTATED = [[rotate(h.stones, k) for k in range(6)] for h in HEXES]
OPP = (3, 4, 5, 0, 1, 2)
#: per space: (side, neighbour, the neighbour's side facing back) for each neighbour on the board
LINKS = tuple(tuple((side, n, OPP[side]) for side, n in enumerate(NEIGHBOUR[s]) if n >= 0) for s in range(NSPACES))


def where(space: int) -> str:
    """A space as players read it."""
    q, r = SPACES[space]
    return "the base camp" if space == BASE_CAMP else f"({q}, {r})"


# ----- placing a hex ----------------------------------------------------------------------------------------
def frontier(state: TikalState) -> list[int]:
    """Empty spaces next to an explored one, in space order."""
    kind = state.kind
    out = []
    for s in range(NSPACES):
        if kind[s] == EMPTY:
            for _, n, _ in LINKS[s]:
                if kind[n] != EMPTY:
                    out.append(s)
                    break
    return out


def connects(state: TikalState, space: int, stones: tuple[int, ...]) -> bool:
    """The connection rule: a border with a stone between ``space`` and an explored space that is no volcano."""
    kind, board = state.kind, state.stones
    for side, n, opp in LINKS[space]:
        if kind[n] != EMPTY and kind[n] != VOLCANO and stones[side] + board[n][opp] > 0:
            return True
    return False


def placements(state: TikalState, hex_index: int) -> list[tuple[int, int]]:
    """Every legal (space, rotation) for the hex (a volcano: rotation 0, no connection needed)."""
    spaces = frontier(state)
    if HEXES[hex_index].kind == VOLCANO:
        return [(s, 0) for s in spaces]
    rotated = ROTATED[hex_index]
    out = [(s, k) for s in spaces for k in range(6) if connects(state, s, rotated[k])]
    return out or [(s, k) for s in spaces for k in range(6)]   # the fallback (rules 4.1, settled)


# ----- the action points -------------------------------------------------------------------------------------
def camp_spaces(state: TikalState, seat: int) -> list[int]:
    """The base camp and ``seat``'s camps."""
    return [BASE_CAMP, *(s for s in range(NSPACES) if state.camp[s] == seat)]


def border_cost(state: TikalState, space: int, side: int) -> int:
    """The cost of crossing side ``side`` of ``space`` (0: it cannot be crossed)."""
    n = NEIGHBOUR[space][side]
    if n < 0 or state.kind[n] in (EMPTY, VOLCANO) or state.kind[space] in (EMPTY, VOLCANO):
        return 0
    return state.stones[space][side] + state.stones[n][OPP[side]]


def clearing(state: TikalState, space: int) -> bool:
    """A jungle clearing, or a ruin with no treasure left (rules 2)."""
    kind = state.kind[space]
    return kind == JUNGLE or (kind == RUIN and state.treasures_left[space] == 0)


def action_points(state: TikalState) -> list[Action]:
    """Every legal action-point step of the seat to move, in a fixed order, ``end`` last."""
    seat, ap = state.seat, state.ap
    workers, leader = state.workers[seat], state.leader[seat]
    kind, stones, camp = state.kind, state.stones, state.camp
    out: list[Action] = []
    camps = [BASE_CAMP, *(s for s in range(NSPACES) if camp[s] == seat)]
    if ap >= 1:
        if state.supply[seat]:
            enter = TABLES.enter[WORKER]
            out.extend(enter[s] for s in camps)
        if leader == SUPPLY:
            enter = TABLES.enter[LEADER]
            out.extend(enter[s] for s in camps)
    move_w, move_l = TABLES.move
    for s in range(NSPACES):
        w = workers[s]
        if not w and leader != s:
            continue
        here = w + (1 if leader == s else 0)
        row = stones[s]
        mw, ml = move_w[s], move_l[s]
        for side, n, opp in LINKS[s]:
            nk = kind[n]
            if nk == EMPTY or nk == VOLCANO:
                continue
            c = row[side] + stones[n][opp]
            if 0 < c <= ap:
                if w:
                    out.append(mw[n])
                if leader == s:
                    out.append(ml[n])
        if ap >= 1 and len(camps) > 1 and s in camps:
            for t in camps:
                if t != s:
                    if w:
                        out.append(TABLES.camp_move[WORKER][s][t])
                    if leader == s:
                        out.append(TABLES.camp_move[LEADER][s][t])
        k = kind[s]
        if k == TEMPLE:
            if state.guard[s] >= 0:
                continue
            done = state.levels_turn[s]
            if ap >= 2 and done < 2 and (here > done or (done == 1 and unused_on(state, seat, s))):
                v = state.value[s]
                if v < 10 and state.tiles[v + 1] > 0:
                    out.append(TABLES.uncover[s])
            if ap >= 5 and state.guards_made[seat] < GUARDS and _leads(state, seat, s):
                if w:
                    out.append(TABLES.guard[WORKER][s])
                if leader == s:
                    out.append(TABLES.guard[LEADER][s])
        elif k == RUIN and ap >= 3 and state.treasures_left[s] and state.dug_turn[s] < 2 \
                and here > state.dug_turn[s]:
            out.append(TABLES.dig[s])
    if ap >= 3:
        mine = state.held[seat]
        lone = [g for g in range(NKINDS) if mine[g] == 1]
        if lone:
            for other in range(state.players):
                if other == seat or not state.active[other]:
                    continue
                theirs = state.held[other]
                for t in range(NKINDS):
                    if theirs[t] == 1:
                        out.extend(TABLES.exchange[g][other][t] for g in lone if g != t)
    if ap >= 5 and state.camps_left[seat]:
        left = state.treasures_left
        for s in range(NSPACES):
            if camp[s] < 0 and (kind[s] == JUNGLE or (kind[s] == RUIN and not left[s])):
                out.append(TABLES.camp[s])
    out.append(END)
    return out


def _leads(state: TikalState, seat: int, space: int) -> bool:
    mine = strength(state, seat, space)
    return mine > 0 and all(strength(state, o, space) < mine for o in range(state.players) if o != seat)


def legal(state: TikalState) -> list[Action]:
    """Every legal action now (chance steps: every possible outcome)."""
    phase = state.phase
    if phase == ACTIONS:
        return action_points(state)
    if phase == PLACE:
        table = TABLES.place
        return [table[s][k] for s, k in placements(state, state.pending)]
    if phase == DRAW:
        if not state.stack:
            return []
        letter = HEXES[state.stack[-1]].letter
        return [TABLES.draw[h] for h in sorted(state.stack) if HEXES[h].letter == letter]
    if phase == TREASURE:
        taken = [0] * NKINDS
        for hand in state.held:
            for k in range(NKINDS):
                taken[k] += hand[k]
        return [TABLES.treasure[k] for k in range(NKINDS) if taken[k] < 3]
    return []


def cost(state: TikalState, action: Action) -> int:
    """The action points ``action`` costs now."""
    if isinstance(action, (Enter, CampMove)):
        return 1
    if type(action) is Move:
        a, b = SPACE_INDEX[action.frm], SPACE_INDEX[action.to]
        return border_cost(state, a, NEIGHBOUR[a].index(b)) if b in NEIGHBOUR[a] else 0
    if type(action) is Uncover:
        return 2
    if isinstance(action, (Dig, Exchange)):
        return 3
    if isinstance(action, (Camp, Guard)):
        return 5
    return 0


# ----- applying one step -------------------------------------------------------------------------------------
def push(state: TikalState, action: Action) -> None:
    """Apply ``action`` in place; raises ``IllegalActionError`` (then ``state`` is unchanged)."""
    phase = state.phase
    if phase == OVER:
        raise IllegalActionError("the game is over")
    if type(action) is Draw:
        _draw(state, action)
    elif type(action) is Treasure:
        _treasure(state, action)
    elif phase in (DRAW, TREASURE):
        raise IllegalActionError("a chance step comes first: "
                                 + ("a hex is drawn" if phase == DRAW else "the dig turns up a treasure"))
    elif type(action) is Place:
        _place(state, action)
    elif phase != ACTIONS:
        raise IllegalActionError("the drawn hex must be placed first")
    elif type(action) is End:
        end_turn(state)
    else:
        _spend(state, action)


def _draw(state: TikalState, action: Draw) -> None:
    if state.phase != DRAW:
        raise IllegalActionError("no hex is drawn now")
    h = HEXES_INDEX[action.hex]
    if h not in state.stack:
        raise IllegalActionError(f"hex {action.hex} is not in the stacks (already drawn)")
    letter = HEXES[state.stack[-1]].letter
    if HEXES[h].letter != letter:
        raise IllegalActionError(f"hex {action.hex} is not on top of the stacks: the next hex has letter {letter}")
    if state.stack[-1] == h:
        state.stack.pop()
    else:
        state.stack.remove(h)
    state.pending = h
    if HEXES[h].kind == VOLCANO:
        state.round = VOLCANO_ROUND
        state.drawer = state.seat
        seats = [state.seat]
        seat = state.seat
        for _ in range(state.players - 1):
            seat = (seat + 1) % state.players
            if state.active[seat]:
                seats.append(seat)
        state.queue = seats
        state.turns += 1                      # the draw is an entry of its own
        _next_bonus(state)
    else:
        state.phase = PLACE


def _begin(state: TikalState, bonus: bool) -> None:
    state.phase = ACTIONS
    state.ap = AP
    state.bonus = bonus
    state.levels_turn = [0] * NSPACES
    state.dug_turn = [0] * NSPACES
    state.used = FRESH


def _next_bonus(state: TikalState) -> None:
    """The next bonus turn of the round, or what follows the round."""
    while state.queue and not state.active[state.queue[0]]:
        state.queue.pop(0)
    if state.queue:
        state.seat = state.queue.pop(0)
        _begin(state, True)
        return
    if state.round == FINAL_ROUND:
        state.phase = OVER
        state.round = NONE
        return
    state.round = NONE
    state.seat = state.drawer
    state.phase = PLACE
    state.bonus = False
    if not state.active[state.drawer]:       # the drawer left: the volcano goes on the first free space
        space, rotation = placements(state, state.pending)[0]
        _lay(state, space, rotation)
        _after_turn(state)


def _place(state: TikalState, action: Place) -> None:
    if state.phase != PLACE:
        raise IllegalActionError("no hex is waiting to be placed")
    space = SPACE_INDEX[action.at]
    h = state.pending
    if state.kind[space] != EMPTY:
        raise IllegalActionError(f"{where(space)} is already explored")
    volcano = HEXES[h].kind == VOLCANO
    fits = (action.rotation == 0 if volcano else connects(state, space, ROTATED[h][action.rotation])) \
        and any(state.kind[n] != EMPTY for _, n, _ in LINKS[space])
    if not fits and (volcano or (space, action.rotation) not in placements(state, h)):
        if not any(n >= 0 and state.kind[n] != EMPTY for n in NEIGHBOUR[space]):
            raise IllegalActionError(f"{where(space)} is not next to an explored space")
        if HEXES[h].kind == VOLCANO:
            raise IllegalActionError("a volcano has no stones: it is laid with rotation 0")
        raise IllegalActionError(f"hex {HEXES[h].id} turned {action.rotation} at {where(space)} has no stone on "
                                 "a border with an explored space (the connection rule)")
    _lay(state, space, action.rotation)
    _begin(state, False)


def _lay(state: TikalState, space: int, rotation: int) -> None:
    h = state.pending
    hx = HEXES[h]
    state.kind[space] = hx.kind
    state.stones[space] = ROTATED[h][rotation]
    state.hexid[space] = h
    state.rotation[space] = rotation
    state.value[space] = hx.value
    if hx.kind == RUIN:
        n = min(hx.treasures, len(state.pool))
        state.ruin[space] = [state.pool.pop() for _ in range(n)]
        state.treasures_left[space] = n
    state.pending = -1
    state.placed += 1


def _spend(state: TikalState, action: Action) -> None:
    seat = state.seat
    price = _check(state, seat, action)
    if price > state.ap:
        raise IllegalActionError(f"{doing(action)} costs {price} point{'s' if price != 1 else ''}, "
                                 f"only {state.ap} {'is' if state.ap == 1 else 'are'} left")
    state.ap -= price
    if type(action) is Enter:
        at = SPACE_INDEX[action.at]
        if action.piece == "leader":
            state.leader[seat] = at
        else:
            state.supply[seat] -= 1
            state.workers[seat][at] += 1
    elif isinstance(action, (Move, CampMove)):
        a, b = SPACE_INDEX[action.frm], SPACE_INDEX[action.to]
        if action.piece == "leader":
            state.leader[seat] = b
        else:
            worker_moved(state, seat, a, b)
            state.workers[seat][a] -= 1
            state.workers[seat][b] += 1
    elif type(action) is Uncover:
        at = SPACE_INDEX[action.at]
        uncovered(state, seat, at)
        state.value[at] += 1
        state.tiles[state.value[at]] -= 1
        state.levels_turn[at] += 1
    elif type(action) is Dig:
        at = SPACE_INDEX[action.at]
        state.dug_turn[at] += 1
        state.dig_at = at
        state.phase = TREASURE
        return
    elif type(action) is Exchange:
        give, take = TREASURE_INDEX_[action.give], TREASURE_INDEX_[action.take]
        mine, theirs = state.held[seat], state.held[action.seat]
        mine[give] -= 1
        theirs[give] += 1
        theirs[take] -= 1
        mine[take] += 1
    elif type(action) is Camp:
        at = SPACE_INDEX[action.at]
        state.camp[at] = seat
        state.camps_left[seat] -= 1
    elif type(action) is Guard:
        at = SPACE_INDEX[action.at]
        guarded(state, seat, at)
        state.guard[at] = seat
        state.guards_made[seat] += 1
        state.workers[seat][at] = 0
        if state.leader[seat] == at:
            state.leader[seat] = GONE
    if state.ap == 0:
        end_turn(state)


def doing(action: Action) -> str:
    """``moving the leader from (1, 0) to (2, 0)``: an action-point step in words, for error messages."""
    piece = f"the {getattr(action, 'piece', 'worker')}"
    if type(action) is Enter:
        return f"bringing in {piece}"
    if type(action) is Move:
        return f"moving {piece} from {where(SPACE_INDEX[action.frm])} to {where(SPACE_INDEX[action.to])}"
    if type(action) is CampMove:
        return f"moving {piece} between camps"
    if type(action) is Uncover:
        return "uncovering a temple level"
    if type(action) is Dig:
        return "digging a treasure"
    if type(action) is Exchange:
        return "exchanging treasures"
    if type(action) is Camp:
        return "building a camp"
    return "placing a guard"


def _check(state: TikalState, seat: int, action: Action) -> int:
    """The cost of ``action`` for ``seat``, or ``IllegalActionError`` naming the rule it breaks."""
    if type(action) is Enter:
        at = SPACE_INDEX[action.at]
        if at != BASE_CAMP and state.camp[at] != seat:
            raise IllegalActionError("explorers come in on the base camp or on one of your camps")
        if action.piece == "leader" and state.leader[seat] != SUPPLY:
            raise IllegalActionError("your leader is not in your supply")
        if action.piece == "worker" and not state.supply[seat]:
            raise IllegalActionError("you have no worker left in your supply")
        return 1
    if isinstance(action, (Move, CampMove)):
        a, b = SPACE_INDEX[action.frm], SPACE_INDEX[action.to]
        _has_piece(state, seat, a, action.piece)
        if type(action) is CampMove:
            if a == b or not all(s == BASE_CAMP or state.camp[s] == seat for s in (a, b)):
                raise IllegalActionError("a move between camps goes from the base camp or one of your camps to "
                                         "another of them")
            return 1
        if b not in NEIGHBOUR[a]:
            raise IllegalActionError(f"{where(b)} does not touch {where(a)}")
        if state.kind[b] == EMPTY:
            raise IllegalActionError(f"{where(b)} is not explored")
        if state.kind[b] == VOLCANO:
            raise IllegalActionError("no explorer may enter a volcano")
        price = border_cost(state, a, NEIGHBOUR[a].index(b))
        if not price:
            raise IllegalActionError(f"the border between {where(a)} and {where(b)} has no stones: it cannot be "
                                     "crossed")
        return price
    if isinstance(action, (Uncover, Guard)):
        at = SPACE_INDEX[action.at]
        if state.kind[at] != TEMPLE:
            raise IllegalActionError(f"{where(at)} is not a temple")
        if state.guard[at] >= 0:
            raise IllegalActionError(f"the temple at {where(at)} has a guard")
        if isinstance(action, Uncover):
            if not explorers(state, seat, at):
                raise IllegalActionError(f"you have no explorer on the temple at {where(at)}")
            if state.levels_turn[at] >= 2:
                raise IllegalActionError("at most 2 levels per temple per turn")
            if state.levels_turn[at] == 1 and not unused_on(state, seat, at):
                raise IllegalActionError(f"your explorer on the temple at {where(at)} has uncovered a level there "
                                         "this turn: each level uncovered on a temple in a turn needs a different "
                                         "explorer of yours there")
            value = state.value[at]
            if value >= 10:
                raise IllegalActionError("the temple is at 10 already")
            if not state.tiles[value + 1]:
                raise IllegalActionError(f"no level tile of value {value + 1} is left")
            return 2
        _has_piece(state, seat, at, action.piece)
        if state.guards_made[seat] >= GUARDS:
            raise IllegalActionError(f"you have made your {GUARDS} guards")
        if not _leads(state, seat, at):
            raise IllegalActionError("your strength on the temple must be greater than each other player's")
        return 5
    if type(action) is Dig:
        at = SPACE_INDEX[action.at]
        if state.kind[at] != RUIN:
            raise IllegalActionError(f"{where(at)} is not a ruin")
        if not state.treasures_left[at]:
            raise IllegalActionError(f"the ruin at {where(at)} has no treasure left")
        if state.dug_turn[at] >= 2:
            raise IllegalActionError("at most 2 treasures from the same ruin per turn")
        if explorers(state, seat, at) <= state.dug_turn[at]:
            raise IllegalActionError(f"you need {state.dug_turn[at] + 1} explorer"
                                     f"{'s' if state.dug_turn[at] else ''} of yours on the ruin for that")
        return 3
    if type(action) is Exchange:
        other = action.seat
        if other == seat or other >= state.players or not state.active[other]:
            raise IllegalActionError("you exchange with another player still in the game")
        give, take = TREASURE_INDEX_[action.give], TREASURE_INDEX_[action.take]
        if give == take:
            raise IllegalActionError("the two treasures must be of different kinds")
        if state.held[seat][give] != 1:
            raise IllegalActionError(f"your {action.give} is not a lone treasure")
        if state.held[other][take] != 1:
            raise IllegalActionError(f"seat {other} has no lone {action.take}")
        return 3
    if type(action) is Camp:
        at = SPACE_INDEX[action.at]
        if not clearing(state, at):
            raise IllegalActionError(f"{where(at)} is not a clearing")
        if state.camp[at] >= 0:
            raise IllegalActionError(f"{where(at)} already has a camp")
        if not state.camps_left[seat]:
            raise IllegalActionError("you have built both your camps")
        return 5
    raise IllegalActionError(f"{action.type} is a chance step, not a player's action")


def _has_piece(state: TikalState, seat: int, space: int, piece: str) -> None:
    if piece == "leader" and state.leader[seat] != space:
        raise IllegalActionError(f"your leader is not on {where(space)}")
    if piece == "worker" and not state.workers[seat][space]:
        raise IllegalActionError(f"you have no worker on {where(space)}")


def _treasure(state: TikalState, action: Treasure) -> None:
    if state.phase != TREASURE:
        raise IllegalActionError("no dig is waiting for its treasure")
    kind = TREASURE_INDEX_[action.kind]
    if sum(hand[kind] for hand in state.held) >= 3:
        raise IllegalActionError(f"all 3 {action.kind} treasures are taken already")
    # the ruins' lists are shared between copies of a state (TikalState.copy): replace, never change in place
    ruin = state.ruin[state.dig_at] = state.ruin[state.dig_at].copy()
    if kind in ruin:
        ruin.remove(kind)
    else:   # a record names a kind the seeded order put elsewhere: swap it in from where it lies hidden
        spare = ruin.pop()
        if kind in state.pool:
            state.pool[state.pool.index(kind)] = spare
        else:
            where = next(s for s, r in enumerate(state.ruin) if kind in r)
            other = state.ruin[where] = state.ruin[where].copy()
            other[other.index(kind)] = spare
    state.treasures_left[state.dig_at] -= 1
    state.held[state.seat][kind] += 1
    state.dig_at = -1
    state.phase = ACTIONS
    if state.ap == 0:
        end_turn(state)


def end_turn(state: TikalState) -> None:
    """The seat to move ends its turn (a bonus turn scores first); the next turn or round begins."""
    if state.bonus:
        if state.active[state.seat]:
            score(state, state.seat, "volcano" if state.round == VOLCANO_ROUND else "final")
        state.turns += 1
        _next_bonus(state)
        return
    state.turns += 1
    _after_turn(state)


def _after_turn(state: TikalState) -> None:
    """After a normal turn: the next player's draw, or the final round once the last hex is laid."""
    if not state.stack:
        state.round = FINAL_ROUND
        last = state.seat
        seats = []
        seat = last
        for _ in range(state.players):
            seat = (seat + 1) % state.players
            if state.active[seat]:
                seats.append(seat)
        state.queue = seats
        _next_bonus(state)
        return
    state.seat = next_active(state, state.seat)
    state.phase = DRAW
    state.bonus = False


def score(state: TikalState, seat: int, why: str) -> None:
    """``seat`` scores now (rules 8), logged as an event."""
    temples, treasures, detail = score_seat(state, seat)
    state.scores[seat] += temples + treasures
    state.events.append({"type": "score", "seat": seat, "round": why, "temples": temples,
                         "treasures": treasures, "points": temples + treasures, "score": state.scores[seat],
                         "temple_list": detail})


def final_scoring(state: TikalState) -> None:
    """Every seat still playing scores once, in seat order; the game is over."""
    for seat in range(state.players):
        if state.active[seat]:
            score(state, seat, "settle")
    state.phase = OVER
    state.round = NONE
    state.queue = []
    state.bonus = False


HEXES_INDEX = {h.id: n for n, h in enumerate(HEXES)}
TREASURE_INDEX_ = {name: n for n, name in enumerate(TREASURES)}
