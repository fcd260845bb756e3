"""``IwariEngine``: Iwari's rules (docs/rules/iwari.md) behind the site's contract (``games/rules/base.py``)."""
from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..base import (
    CHANCE,
    TERMINAL,
    Engine,
    IllegalActionError,
    InvalidActionError,
    JSONDict,
    Option,
    Seed,
)
from ..words import Words
from . import evaluate as evaluate_mod
from . import record as record_mod
from . import sample as sample_mod
from . import view as view_mod
from . import words
from .actions import DONE, DRAW_DECK, PASS, Action, Feat, parse_action
from .cards import NB
from .feats import feat_places
from .maps import default_map, load_board, map_ids
from .scoring import final_scoring, unused_pieces
from .settle import first_steps, second_steps, third_options, third_second_steps
from .setup import deal
from .state import (
    CARD,
    DRAW,
    FEAT,
    OVER,
    PLACE,
    REFILL,
    SETTLE,
    THIRD,
    IwariState,
    Turn,
)
from .tables import tables_for
from .turns import THIRD_TRIBE, finish_turn, push, spend


class IwariEngine(Engine[IwariState, Action]):
    """Iwari for 2 to 5 players, with the feats option (rules/iwari.md section 13)."""

    name = "iwari"
    title = "Iwari"
    min_players = 2
    max_players = 5
    hard_playouts = 128  # its playouts cost twice Carcassonne's: a turn's search in about a second (docs/bots.md)
    hard_replan_share = 0.25  # after each card drawn, only the next draws are left to choose (docs/bots.md)
    options = (Option("feats", "Feats", False,
                      help="Union, Discovery, Honour and Respect markers raise the scoring factor of the "
                           "territory or connection they are placed on (rules, section 13)."),)
    record_shows_hidden = True

    # ----- set-up ----------------------------------------------------------------------------
    def new_game(self, players: int, options: Mapping[str, Any], seed: Seed) -> IwariState:
        self.check_players(players)
        return deal(load_board(default_map()), players, bool(self.check_options(options)["feats"]), seed)

    # ----- the flow of play --------------------------------------------------------------------
    def current_player(self, state: IwariState) -> int:
        if state.phase == OVER:
            return TERMINAL
        return CHANCE if state.phase in (CARD, REFILL) else state.seat

    def turn_number(self, state: IwariState) -> int:
        return state.turns

    def turn_under_way(self, state: IwariState) -> bool:
        # rules/iwari.md: a turn starts with a settle, an exchange or a pass; the draws and feats come after it
        return state.phase in (DRAW, FEAT)

    def legal_actions(self, state: IwariState) -> list[Action]:
        phase, seat = state.phase, state.seat
        board, tables = load_board(state.map_id), tables_for(state.map_id)
        hand = state.hands[seat]
        if phase == SETTLE:
            place = tables.place
            out: list[Action] = [place[step] for step in first_steps(state, board, seat, hand)]
            out.extend(tables.exchange[card] for card in range(NB) if hand[card])
            return out or [PASS]
        if phase == PLACE:
            place = tables.place
            return [*(place[step] for step in second_steps(state, board, seat, hand)), DONE]
        if phase == THIRD:
            steps = (third_second_steps(state, board, THIRD_TRIBE, hand) if state.turn.third_placed
                     else third_options(state, board, THIRD_TRIBE, hand)[1])
            return [tables.third[step] for step in steps]
        if phase == DRAW:
            out = [DRAW_DECK] if state.deck else []
            out.extend(tables.take[card] for card in range(NB) if card in state.display)
            return out
        if phase in (CARD, REFILL):
            chance = tables.card if phase == CARD else tables.refill
            return [chance[card] for card in range(NB) if card in state.deck]
        if phase == FEAT:
            feat = state.turn.feats[0]
            return [Feat(feat, at) for at in feat_places(state, board, seat, feat)]
        return []

    def apply(self, state: IwariState, action: Action) -> IwariState:
        new = state.copy()
        self.push(new, action)
        return new

    def push(self, state: IwariState, action: Action) -> None:
        """``apply`` in place (bots and the bench): ``state`` itself changes; on an error it is unchanged."""
        push(state, load_board(state.map_id), action)

    def sample_chance(self, state: IwariState) -> Action:
        tables = tables_for(state.map_id)
        if state.phase == CARD:
            return tables.card[state.deck[-1]]
        if state.phase == REFILL:
            return tables.refill[state.deck[-1]]
        raise IllegalActionError(Words("no card is being drawn now"))

    def parse_action(self, data: Any) -> Action:
        return parse_action(data)

    # ----- what the site needs besides play -----------------------------------------------------
    def settle(self, state: IwariState) -> IwariState:
        new = state.copy()
        if new.phase != OVER:
            new.turn = Turn()
            final_scoring(new, load_board(new.map_id))
        return new

    def remove_seat(self, state: IwariState, seat: int) -> IwariState:
        """``seat`` leaves: its hand goes face up to the discard pile (public, so the cards still in play stay
        known to all); its pieces stay on the map and count for majorities, and it scores nothing more."""
        new = state.copy()
        if new.phase == OVER or not (0 <= seat < new.players) or not new.active[seat]:
            return new
        board = load_board(new.map_id)
        new.active[seat] = False
        for card in range(NB):
            if new.hands[seat][card]:
                spend(new, seat, card, new.hands[seat][card])
        if sum(new.active) < 2:
            new.turn = Turn()
            final_scoring(new, board)
        elif seat == new.seat:
            if new.phase == REFILL:  # the display place is still replaced at once (rules 4)
                push(new, board, tables_for(new.map_id).refill[new.deck[-1]])
                if new.seat != seat or new.phase == OVER:
                    return new
            new.turn.feats = []
            finish_turn(new, board)
        return new

    def timeout_action(self, state: IwariState, rng: random.Random) -> Action:
        """An exchange of a random card (a pass with none), then draws from the deck while it lasts."""
        phase = state.phase
        if phase in (CARD, REFILL):
            return self.sample_chance(state)
        if phase == SETTLE:
            hand = state.hands[state.seat]
            cards = [card for card in range(NB) for _ in range(hand[card])]
            return tables_for(state.map_id).exchange[rng.choice(cards)] if cards else PASS
        if phase == PLACE:
            return DONE
        if phase == DRAW and state.deck:
            return DRAW_DECK
        legal = self.legal_actions(state)
        if not legal:
            raise IllegalActionError(Words("the game is over"))
        return rng.choice(legal)

    def sample_state(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> IwariState:
        return sample_mod.sample_state(view, seat, rng)

    # ----- views and scores -----------------------------------------------------------------------
    def board_data(self) -> JSONDict:
        """Every map file as the board draws it (``maps[view["map"]]``: territories, tent spaces, paths,
        connections, totem circles, water, ridges), and the map new games use."""
        return {"default": default_map(), "maps": {mid: copy.deepcopy(dict(load_board(mid).data)) for mid in map_ids()}}

    def view(self, state: IwariState, seat: int | None) -> JSONDict:
        return self.views(state, [seat])[seat]

    def views(self, state: IwariState, seats: Iterable[int | None]) -> dict[int | None, JSONDict]:
        common = view_mod.public_view(self, state, load_board(state.map_id))
        return {seat: view_mod.seat_view(self, state, common, seat) for seat in seats}

    def evaluate(self, state: IwariState, seat: int) -> float:
        return evaluate_mod.evaluate(state, seat)

    def is_over(self, state: IwariState) -> bool:
        return state.phase == OVER

    def scores(self, state: IwariState) -> list[int]:
        return list(state.scores)

    def events(self, state: IwariState) -> Sequence[Mapping[str, Any]]:
        return state.events

    def active(self, state: IwariState) -> list[bool]:
        return list(state.active)

    def ranking(self, state: IwariState) -> list[tuple[int, ...]]:
        """Score, then unused pieces (rules 12)."""
        return list(zip(state.scores, unused_pieces(state)))

    # ----- words -----------------------------------------------------------------------------------
    def describe_action(self, action: Mapping[str, Any]) -> str:
        return words.describe_action(action)

    def describe_entry(self, entry: Mapping[str, Any]) -> str:
        return words.describe_entry(entry)

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        return words.describe_event(event, names)

    def describe_position(self, view: Mapping[str, Any]) -> str:
        return words.describe_position(view)

    def public_step(self, step: Mapping[str, Any]) -> bool:
        """All but a card drawn from the deck (``card``: it goes to the drawer's secret hand); a card turned up
        into the display (``refill``), cards played and discarded are face up."""
        return step.get("type") != "card"

    def entry_for(self, entry: Mapping[str, Any], mover: int | None, audience: int | None) -> JSONDict:
        return record_mod.entry_for(entry, mover, audience)

    # ----- records ------------------------------------------------------------------------------------
    def entry_actions(self, state: IwariState, entry: Any) -> list[Action]:
        return record_mod.entry_actions(self, state, entry)

    def entry_record(self, state: IwariState | None, actions: Sequence[Action]) -> JSONDict:
        if state is None:  # every Iwari turn begins with its player's decision: never chance alone
            raise InvalidActionError("an Iwari turn is its player's: it cannot be written without its start")
        return record_mod.entry_record(self, state, actions)

    def record_setup(self, state: IwariState) -> JSONDict:
        return record_mod.record_setup(state, load_board(state.map_id))

    def record_start(self, players: int, record: Mapping[str, Any]) -> IwariState:
        return record_mod.record_start(self, players, record)

    def state_to_dict(self, state: IwariState) -> JSONDict:
        return state.to_dict()

    def state_from_dict(self, data: Mapping[str, Any]) -> IwariState:
        try:
            return IwariState.from_dict(data)
        except (KeyError, TypeError, ValueError) as err:
            raise InvalidActionError(f"not a saved Iwari state ({err})") from None


__all__ = ["IwariEngine"]
