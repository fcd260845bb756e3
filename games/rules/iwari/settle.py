"""Settling (rules/iwari.md section 3A) and the third tribe's move (section 6): what may be placed, and how paid.

A placement is ``(territory, piece, space, pay code)``; the pay code is ``MATCH`` (one card of the territory's
biome) or a biome index (a pair of that biome). Listing and checking use the same tests: a tent needs an empty
space and a tent in supply; a totem needs a totem in supply and, once placed, no more totems on the circle than
the largest single-tribe tent count there; an unexplored territory takes one tent only; at most 3 cards.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..base import IllegalActionError
from ..words import Words
from .actions import Place, Third
from .cards import BIOMES, MAX_CARDS_PER_SETTLE, NB
from .maps import Board
from .state import MATCH, TENT, TOTEM, IwariState
from .words import BIOME_WORDS

Step = tuple[int, int, int, int]  # (territory, piece, space or -1, pay code)


def pay_cards(code: int, biome: int) -> tuple[int, int]:
    """(card, how many) a pay code spends in a territory of ``biome``."""
    return (biome, 1) if code == MATCH else (code, 2)


def pay_codes(hand: Sequence[int], biome: int, cards_so_far: int) -> list[int]:
    """The payments ``hand`` can make for one more piece in a territory of ``biome`` (rules 3A.2)."""
    room = MAX_CARDS_PER_SETTLE - cards_so_far
    codes = [MATCH] if room >= 1 and hand[biome] else []
    if room >= 2:
        codes.extend(b for b in range(NB) if hand[b] >= 2)
    return codes


def max_tents(state: IwariState, territory: int) -> int:
    """The largest number of tents any single tribe has in ``territory`` (the totem limit, rules 3A.5)."""
    start = territory * state.tribes
    return max(state.tents[start:start + state.tribes])


def explored(state: IwariState, territory: int) -> bool:
    """The territory holds at least one piece (rules: "Explored")."""
    return bool(state.tent_count[territory] or state.totem_count[territory])


def put_piece(state: IwariState, board: Board, tribe: int, territory: int, piece: int, space: int) -> None:
    """Put a piece from ``tribe``'s supply on the board (no checks)."""
    index = territory * state.tribes + tribe
    if piece == TENT:
        state.occupant[space] = tribe
        state.tents[index] += 1
        state.tent_count[territory] += 1
        state.tent_supply[tribe] -= 1
    else:
        state.totems[index] += 1
        state.totem_count[territory] += 1
        state.totem_supply[tribe] -= 1


def take_piece(state: IwariState, board: Board, tribe: int, territory: int, piece: int, space: int) -> None:
    """Undo ``put_piece`` (used while searching the third tribe's moves)."""
    index = territory * state.tribes + tribe
    if piece == TENT:
        state.occupant[space] = -1
        state.tents[index] -= 1
        state.tent_count[territory] -= 1
        state.tent_supply[tribe] += 1
    else:
        state.totems[index] -= 1
        state.totem_count[territory] -= 1
        state.totem_supply[tribe] += 1


def steps_in(state: IwariState, board: Board, tribe: int, territory: int, codes: Sequence[int],
             tents_only: bool) -> list[Step]:
    """Every placement ``tribe`` can make in ``territory`` with the pay ``codes``."""
    out: list[Step] = []
    if not codes:
        return out
    if state.tent_supply[tribe] > 0:
        occupant = state.occupant
        for space in board.spaces_of[territory]:
            if occupant[space] < 0:
                out.extend((territory, TENT, space, code) for code in codes)
    if not tents_only and state.totem_supply[tribe] > 0 and state.totem_count[territory] < max_tents(state, territory):
        out.extend((territory, TOTEM, -1, code) for code in codes)
    return out


def first_steps(state: IwariState, board: Board, tribe: int, hand: Sequence[int]) -> list[Step]:
    """The first piece of a Settle, in every territory (rules 3A)."""
    out: list[Step] = []
    for territory, biome in enumerate(board.biome):
        codes = pay_codes(hand, biome, 0)
        if codes:
            out.extend(steps_in(state, board, tribe, territory, codes, not explored(state, territory)))
    return out


def second_steps(state: IwariState, board: Board, tribe: int, hand: Sequence[int]) -> list[Step]:
    """The second piece of the player's Settle in the territory chosen (none in an unexplored one)."""
    turn = state.turn
    if turn.unexplored or len(turn.placed) >= 2:
        return []
    territory = turn.territory
    return steps_in(state, board, tribe, territory, pay_codes(hand, board.biome[territory], turn.cards), False)


def check_step(state: IwariState, board: Board, tribe: int, step: Step, hand: Sequence[int], cards_so_far: int,
               unexplored: bool) -> None:
    """Raise ``IllegalActionError`` (a readable reason) unless ``step`` is a legal placement now."""
    territory, piece, space, code = step
    name = board.territory_names[territory]
    biome = board.biome[territory]
    card, count = pay_cards(code, biome)
    if cards_so_far + count > MAX_CARDS_PER_SETTLE:
        raise IllegalActionError(Words("that would be {n} cards: at most {most} cards may be played in a turn",
                                       n=cards_so_far + count, most=MAX_CARDS_PER_SETTLE))
    if hand[card] < count:
        biome_words = BIOME_WORDS[BIOMES[card]]
        if not hand[card]:
            raise IllegalActionError(Words("the hand holds no {biome} cards for a pair", biome=biome_words)
                                     if count == 2 else Words("the hand holds no {biome} cards", biome=biome_words))
        raise IllegalActionError(Words("the hand holds only one {biome} card for a pair", biome=biome_words))
    if unexplored and piece == TOTEM:
        raise IllegalActionError(Words("{name} is unexplored: the only piece it takes this turn is one tent",
                                       name=name))
    if piece == TENT:
        if space < 0 or board.space_territory[space] != territory:
            raise IllegalActionError(Words("{p} is not a tent space of {name}", p=board.space_ids[space], name=name)
                                     if space >= 0 else Words("that is not a tent space of {name}", name=name))
        if state.occupant[space] >= 0:
            raise IllegalActionError(Words("{space} in {name} already holds a tent",
                                           space=board.space_ids[space], name=name))
        if state.tent_supply[tribe] <= 0:
            raise IllegalActionError(Words("no tent is left in supply"))
    else:
        if state.totem_supply[tribe] <= 0:
            raise IllegalActionError(Words("no totem is left in supply"))
        largest = max_tents(state, territory)
        if state.totem_count[territory] + 1 > largest:
            raise IllegalActionError(Words("a totem in {name} would make {totems} totems against a largest tent "
                                           "count of {largest}",
                                           name=name, totems=state.totem_count[territory] + 1, largest=largest))


def step_of(board: Board, action: Place | Third) -> Step:
    """An action's placement as indexes; ``IllegalActionError`` for ids not on this map or a bad payment."""
    territory = board.territory_index.get(action.territory)
    if territory is None:
        raise IllegalActionError(Words("there is no territory {territory} on this map",
                                       territory=repr(action.territory)))
    space = -1
    if action.piece == "tent":
        assert action.at is not None
        found = board.space_index.get(action.at)
        if found is None:
            raise IllegalActionError(Words("there is no tent space {at} on this map", at=repr(action.at)))
        space = found
    biome = board.biome[territory]
    card = BIOMES.index(action.pay[0])
    if len(action.pay) == 1 and card != biome:
        raise IllegalActionError(Words("one {p} card does not pay for a piece in {other} ({biome}): play one {biome} "
                                       "card or a pair of one biome", p=BIOME_WORDS[action.pay[0]],
                                       other=board.territory_names[territory], biome=BIOME_WORDS[BIOMES[biome]]))
    return territory, TENT if action.piece == "tent" else TOTEM, space, MATCH if len(action.pay) == 1 else card


def step_pay(board: Board, step: Step) -> tuple[str, ...]:
    """The cards a placement pays, as ids."""
    card, count = pay_cards(step[3], board.biome[step[0]])
    return (BIOMES[card],) * count


# ----- the third tribe (rules/iwari.md section 6) ----------------------------------------------------------
def _can_add(state: IwariState, board: Board, tribe: int, territory: int) -> bool:
    """Some piece of ``tribe`` can still go in ``territory`` (a matching card in hand is assumed)."""
    if state.tent_supply[tribe] > 0 and any(state.occupant[s] < 0 for s in board.spaces_of[territory]):
        return True
    return state.totem_supply[tribe] > 0 and state.totem_count[territory] < max_tents(state, territory)


def third_options(state: IwariState, board: Board, tribe: int, hand: list[int]) -> tuple[tuple[int, int],
                                                                                        list[Step]]:
    """The best third-tribe move, as (pieces, cards), and the first placements of the moves that reach it.

    Rules 6: as many pieces as possible, spending as many cards as the rules allow; any of the moves that do.
    """
    best = third_best(state, board, tribe, hand)
    if not best[0]:
        return best, []
    steps = []
    for territory in range(len(board.biome)):
        reach: dict[tuple[int, int], bool] = {}  # (piece, pay code): reaches the best (whatever the tent's space)
        for step in third_steps_in(state, board, tribe, hand, territory):
            kind = step[1], step[3]
            if kind not in reach:
                reach[kind] = third_value(state, board, tribe, hand, step) == best
            if reach[kind]:
                steps.append(step)
    return best, steps


def third_best(state: IwariState, board: Board, tribe: int, hand: list[int]) -> tuple[int, int]:
    """The best third-tribe move, as (pieces, cards) ((0, 0): none), without listing the moves that reach it.

    A move's value depends on its territory, its piece and its pay, never on the space a tent takes (one empty
    space fewer, whichever it is): one placement of each kind in each territory is valued (the bots finish a
    Settle by the hundred thousand a search, and each asks this)."""
    best = (0, 0)
    occupant, spaces_of = state.occupant, board.spaces_of
    tents, totems = state.tent_supply[tribe] > 0, state.totem_supply[tribe] > 0
    pairs = [card for card in range(NB) if hand[card] >= 2]  # pay_codes' pairs: the same in every territory
    for territory, biome in enumerate(board.biome):
        codes = [MATCH, *pairs] if hand[biome] else pairs  # pay_codes(hand, biome, 0), its pairs worked out once
        if not codes:
            continue
        kinds: list[tuple[int, int]] = []
        if tents:
            for space in spaces_of[territory]:
                if occupant[space] < 0:
                    kinds.append((TENT, space))
                    break
        if totems and explored(state, territory) and state.totem_count[territory] < max_tents(state, territory):
            kinds.append((TOTEM, -1))
        for piece, space in kinds:
            for code in codes:
                value = third_value(state, board, tribe, hand, (territory, piece, space, code))
                if value > best:
                    best = value
    return best


def third_steps_in(state: IwariState, board: Board, tribe: int, hand: list[int], territory: int) -> list[Step]:
    """The third tribe's first placements in ``territory`` as the rules allow them, whatever they lead to."""
    return steps_in(state, board, tribe, territory, pay_codes(hand, board.biome[territory], 0),
                    not explored(state, territory))


def third_value(state: IwariState, board: Board, tribe: int, hand: list[int], step: Step) -> tuple[int, int]:
    """What the third-tribe move that begins with ``step`` (one of ``third_steps_in``) reaches, as (pieces,
    cards): a second piece, paid by the second of a pair of matching cards, where the territory has room."""
    territory = step[0]
    biome = board.biome[territory]
    count = pay_cards(step[3], biome)[1]
    if count == 1 and hand[biome] >= 2 and explored(state, territory):
        put_piece(state, board, tribe, territory, step[1], step[2])
        room = _can_add(state, board, tribe, territory)
        take_piece(state, board, tribe, territory, step[1], step[2])
        if room:
            return 2, 2
    return 1, count


def third_second_steps(state: IwariState, board: Board, tribe: int, hand: Sequence[int]) -> list[Step]:
    """The third tribe's second piece (matching, in the same territory)."""
    territory = state.turn.third_territory
    return steps_in(state, board, tribe, territory, pay_codes(hand, board.biome[territory], 1), False)
