"""What a seat (or a spectator) sees: JSON-ready, secrets dropped (the shape is documented in VIEW.md).

The common part is built once per version (``public_view``); each seat adds only its own hand and, for the
seat to move, the legal actions. No view holds another seat's cards, the deck's order or the seed.
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from ..base import JSONDict
from .actions import FEATS
from .blocked import blocked
from .cards import BIOMES, cards_of
from .feats import ON_CONNECTION
from .maps import Board, load_board
from .scoring import (
    connection_scorers,
    leaders,
    scoring_seats,
    settlements,
    tent_points,
    tent_ranks,
    tent_scoring,
    totem_scoring,
    unused_pieces,
)
from .settle import max_tents, step_pay
from .state import CARD, OVER, PHASES, REFILL, TENT, IwariState, Turn

if TYPE_CHECKING:
    from .engine import IwariEngine


def public_view(eng: IwariEngine, state: IwariState, board: Board) -> JSONDict:
    """Everything every audience may see."""
    over = state.phase == OVER
    settled = [[g for g in settlements(state, board, tribe) if len(g) >= 4] for tribe in range(state.tribes)]
    return {
        "game": eng.name, "map": state.map_id, "options": {"feats": state.feats_on}, "players": state.players,
        "start_seat": 0, "current_seat": None if over else state.seat, "phase": PHASES[state.phase],
        "turn": state.turns, "scores": list(state.scores), "finished": over, "winners": eng.winners(state),
        "active": list(state.active), "unused": unused_pieces(state),
        "tribes": [{"tribe": tribe, "seat": tribe if tribe < state.players else None,
                    "third": tribe >= state.players, "tents": state.tent_supply[tribe],
                    "totems": state.totem_supply[tribe]} for tribe in range(state.tribes)],
        "spaces": {sid: (tribe if tribe >= 0 else None) for sid, tribe in zip(board.space_ids, state.occupant)},
        "territories": [_territory(state, board, t) for t in range(len(board.territory_ids))],
        "connections": [_connection(state, board, c) for c in range(len(board.connection_ids))],
        "mountains": [board.connection_ids[c] for c in state.mountains],
        "settlements": [[[board.space_ids[s] for s in group] for group in groups] for groups in settled],
        "score_now": _score_now(state, board, settled),
        "hand_sizes": [sum(hand) for hand in state.hands], "known": [cards_of(k) for k in state.known],
        "display": [BIOMES[card] if card >= 0 else None for card in state.display],
        "deck_size": len(state.deck), "discard": [BIOMES[card] for card in state.discard],
        "deck_runs": state.deck_runs, "half_journey": state.deck_runs >= 1,
        "end_triggered": state.end_triggered, "final_round": state.end_triggered and not over,
        "feats": _feats(state) if state.feats_on else None,
        "turn_state": turn_view(state.turn, board, state.seat),
        "events": copy.deepcopy(state.events),
    }


def seat_view(eng: IwariEngine, state: IwariState, common: JSONDict, seat: int | None) -> JSONDict:
    """``common`` plus what ``seat`` alone sees: its hand, and its legal actions when it is to move."""
    out = dict(common)
    out["your_seat"] = seat
    playing = seat is not None and 0 <= seat < state.players
    out["hand"] = cards_of(state.hands[seat]) if playing and seat is not None else None
    to_move = playing and seat == state.seat and state.phase not in (CARD, REFILL, OVER)
    legal = eng.legal_actions(state) if to_move else []
    out["legal"] = [action.to_dict() for action in legal]
    out["blocked"] = blocked(state, load_board(state.map_id), legal) if to_move else None
    return out


def _territory(state: IwariState, board: Board, t: int) -> JSONDict:
    tribes = state.tribes
    tents = state.tents[t * tribes:(t + 1) * tribes]
    totems = state.totems[t * tribes:(t + 1) * tribes]
    factor = 1 + state.feat_territory[t]
    points = tent_points(tents)
    empty = sum(1 for s in board.spaces_of[t] if state.occupant[s] < 0)
    return {"id": board.territory_ids[t], "biome": BIOMES[board.biome[t]],
            "explored": bool(state.tent_count[t] or state.totem_count[t]), "empty": empty, "full": not empty,
            "tents": tents, "totems": totems, "largest": max_tents(state, t),
            "totem_room": max(0, max_tents(state, t) - state.totem_count[t]), "factor": factor,
            "ranks": tent_ranks(tents),
            "tent_points": [points[seat] * factor if state.active[seat] else 0 for seat in range(state.players)],
            "leaders": leaders(totems)}


def _connection(state: IwariState, board: Board, c: int) -> JSONDict:
    covered = c in state.mountains
    scorers, points = connection_scorers(state, board, c)
    seats = [tribe for tribe in scorers if tribe < state.players and state.active[tribe]]
    return {"id": board.connection_ids[c], "kind": "water" if board.water[c] else "land", "mountain": covered,
            "open": not covered, "factor": 1 + state.feat_connection[c],
            "scorers": [] if covered else seats, "points": 0 if covered or not seats else points}


def _score_now(state: IwariState, board: Board, settled: list[list[list[int]]]) -> JSONDict | None:
    """What the final scoring would add per seat if the journey ended now (None once it is over); ``settled``:
    per tribe, its settlements of 4 or more tents (``settlement_scoring`` from groups already found)."""
    if state.phase == OVER:
        return None
    tents, _ = tent_scoring(state, board)
    totems, _ = totem_scoring(state, board)
    seats = scoring_seats(state)
    groups = [sum(len(g) for g in settled[seat]) if seat in seats else 0 for seat in range(state.players)]
    return {"tents": tents, "totems": totems, "settlements": groups}


def _feats(state: IwariState) -> JSONDict:
    return {"available": {feat: state.feats_left.get(feat, 0) for feat in FEATS},
            "placed": [{"feat": feat, "seat": seat, "at": at,
                        "on": "connection" if feat in ON_CONNECTION else "territory"}
                       for feat, seat, at in state.feats_placed],
            "earned": [list(kinds) for kinds in state.feats_earned]}


def _placed(board: Board, placed: list[tuple[int, int, int]], territory: int) -> list[JSONDict]:
    return [{"piece": "tent" if piece == TENT else "totem",
             "at": board.space_ids[space] if piece == TENT else None,
             "pay": list(step_pay(board, (territory, piece, space, code)))} for piece, space, code in placed]


def turn_view(turn: Turn, board: Board, seat: int) -> JSONDict:
    """The turn in progress (public: every card played, no card drawn from the deck)."""
    def tid(t: int) -> str | None:
        return board.territory_ids[t] if t >= 0 else None

    return {"seat": seat, "kind": turn.kind or None, "territory": tid(turn.territory),
            "unexplored": turn.unexplored, "placed": _placed(board, turn.placed, turn.territory),
            "cards_played": turn.cards,
            "third": {"called": turn.third_called,
                      "best": {"pieces": turn.third_best[0], "cards": turn.third_best[1]},
                      "territory": tid(turn.third_territory),
                      "placed": _placed(board, turn.third_placed, turn.third_territory),
                      "discard": [BIOMES[c] for c in turn.third_discard]},
            "draws_left": turn.draws_left, "drawn": turn.drawn,
            "refill_slot": turn.refill_slot if turn.refill_slot >= 0 else None,
            "filled": tid(turn.filled), "feats": list(turn.feats)}
