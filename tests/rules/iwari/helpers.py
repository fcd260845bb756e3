"""Building small Iwari positions by hand, playing steps on them, and replaying records."""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from games.rules.base import CHANCE, TERMINAL, RulesError
from games.rules.iwari import IwariEngine
from games.rules.iwari.actions import Action, parse_action
from games.rules.iwari.cards import BIOME_INDEX
from games.rules.iwari.maps import load_board
from games.rules.iwari.settle import put_piece
from games.rules.iwari.state import CARD, DRAW, REFILL, TENT, TOTEM, IwariState

ENG = IwariEngine()
BOARD = load_board("titans-crossing")
RED, BLUE, GREEN, YELLOW, BLACK = range(5)  # tribes by seat; in a two-player game tribe 2 is the third tribe
THIRD = 2

Step = Action | dict[str, Any]


def walk(seed: int, feats: bool = False) -> Iterator[IwariState]:
    """Every position of a random two-player game from ``seed`` until its end, chance steps included: each step
    the mover's random legal action (its choices from a random stream of the seed's own), each draw the deck's."""
    rng = random.Random(seed)
    state = ENG.new_game(2, ENG.check_options({"feats": feats}), seed)
    while ENG.current_player(state) != TERMINAL:
        yield state
        mover = ENG.current_player(state)
        state = ENG.apply(state, ENG.sample_chance(state) if mover == CHANCE else rng.choice(ENG.legal_actions(state)))


def game(players: int = 3, feats: bool = False, seed: Any = 1) -> IwariState:
    """A fresh game, seat 0 to move."""
    return ENG.new_game(players, {"feats": feats}, seed)


def tent(state: IwariState, tribe: int, *spaces: str) -> IwariState:
    """Put ``tribe``'s tents on ``spaces`` (from its supply, no rule checked)."""
    for sid in spaces:
        space = BOARD.space_index[sid]
        put_piece(state, BOARD, tribe, BOARD.space_territory[space], TENT, space)
    return state


def totem(state: IwariState, tribe: int, territory: str, count: int = 1) -> IwariState:
    """Put ``count`` of ``tribe``'s totems in ``territory`` (no rule checked)."""
    for _ in range(count):
        put_piece(state, BOARD, tribe, BOARD.territory_index[territory], TOTEM, -1)
    return state


def _take(state: IwariState, card: int) -> None:
    """Take one ``card`` out of the discard pile, or else out of the deck (keeps the game's card count)."""
    for pile in (state.discard, state.deck):
        if card in pile:
            del pile[len(pile) - 1 - pile[::-1].index(card)]
            return
    raise AssertionError(f"no {card} card left to take")


def set_hand(state: IwariState, seat: int, *cards: str) -> IwariState:
    """Give ``seat`` exactly ``cards``: its old cards go to the discard pile, the new ones come from there or
    from the deck."""
    old = state.hands[seat]
    state.discard.extend(c for c in range(5) for _ in range(old[c]))
    state.hands[seat] = [0] * 5
    for name in cards:
        _take(state, BIOME_INDEX[name])
        state.hands[seat][BIOME_INDEX[name]] += 1
    state.known[seat] = [0] * 5
    return state


def stack_deck(state: IwariState, *cards: str) -> IwariState:
    """Make ``cards`` the next cards turned from the deck, first named first."""
    wanted = [BIOME_INDEX[c] for c in cards]
    for card in wanted:
        state.deck.remove(card)
    state.deck.extend(reversed(wanted))
    return state


def set_display(state: IwariState, *cards: str | None) -> IwariState:
    """Put ``cards`` on the display (``None``: an empty place); the old ones go to the discard pile."""
    state.discard.extend(c for c in state.display if c >= 0)
    state.display = []
    for name in cards:
        if name is None:
            state.display.append(-1)
        else:
            _take(state, BIOME_INDEX[name])
            state.display.append(BIOME_INDEX[name])
    return state


def play(state: IwariState, *steps: Step) -> IwariState:
    """Apply ``steps`` (actions or their dict forms) one by one through ``apply``."""
    for step in steps:
        action = parse_action(step) if isinstance(step, dict) else step
        state = ENG.apply(state, action)
    return state


def draw_rest(state: IwariState) -> IwariState:
    """Finish the turn's draws from the deck top (display cards only once the deck is gone)."""
    turn = state.turns
    while state.turns == turn and state.phase in (DRAW, CARD, REFILL):
        if ENG.current_player(state) == CHANCE:
            state = ENG.apply(state, ENG.sample_chance(state))
        elif state.deck:
            state = play(state, {"type": "draw-deck"})
        else:
            state = ENG.apply(state, ENG.legal_actions(state)[0])
    return state


def place(piece: str, territory: str, at: str | None = None, *pay: str) -> dict[str, Any]:
    """A ``place`` action's dict form."""
    out: dict[str, Any] = {"type": "place", "piece": piece, "territory": territory, "pay": list(pay)}
    if at is not None:
        out["at"] = at
    return out


def third(piece: str, territory: str, at: str | None = None, *pay: str) -> dict[str, Any]:
    """A ``third`` action's dict form."""
    return {**place(piece, territory, at, *pay), "type": "third"}


def legal(state: IwariState) -> list[dict[str, Any]]:
    """The legal actions' dict forms."""
    return [a.to_dict() for a in ENG.legal_actions(state)]


class ReplayError(Exception):
    """A record that does not replay: ``turn`` counts from 1."""

    def __init__(self, turn: int, reason: str) -> None:
        super().__init__(f"turn {turn}: {reason}")
        self.turn = turn
        self.reason = reason


def replay(record: dict[str, Any]) -> IwariState:
    """Replay a whole record through the contract (record_start, entry_actions, apply, settle on "end")."""
    state = ENG.record_start(record["players"], record)
    for number, entry in enumerate(record["turns"], start=1):
        try:
            for action in ENG.entry_actions(state, entry):
                state = ENG.apply(state, action)
        except RulesError as err:
            raise ReplayError(number, str(err)) from None
    if record.get("end") and not ENG.is_over(state):
        state = ENG.settle(state)
    return state
