"""Feats, the game option of rules/iwari.md section 13: who earns one at the end of a turn, and where it goes.

Union and Discovery go on territories, Honour and Respect on connections; each raises the factor of the
scorings of what it lies on by 1 (``scoring.py``). The markers of a kind go in the order earned; a player earns
each kind at most once; the third tribe earns nothing.
"""
from __future__ import annotations

from .actions import FEATS
from .maps import Board
from .scoring import leaders, settlements
from .state import IwariState

MARKERS: dict[str, int] = {"union": 2, "discovery": 2, "honour": 1, "respect": 1}
ON_CONNECTION = ("honour", "respect")


def led_connections(state: IwariState, board: Board, seat: int, water: bool) -> list[int]:
    """Open connections (land or water) whose two territories ``seat``'s tribe both leads (rules 10)."""
    tribes = state.tribes
    led = [seat in leaders(state.totems[t * tribes:(t + 1) * tribes]) for t in range(len(board.territory_ids))]
    covered = set(state.mountains)
    return [c for c, (a, b) in enumerate(board.ends)
            if board.water[c] == water and c not in covered and led[a] and led[b]]


def union_territories(state: IwariState, board: Board, seat: int) -> list[int]:
    """Territories where one of ``seat``'s settlements of 4 or more tents has a tent."""
    found = {board.space_territory[space]
             for group in settlements(state, board, seat) if len(group) >= 4 for space in group}
    return sorted(found)


def feat_places(state: IwariState, board: Board, seat: int, feat: str) -> list[str]:
    """Ids of the territories or connections where ``feat`` may go now (rules 13's table)."""
    if feat == "union":
        return [board.territory_ids[t] for t in union_territories(state, board, seat)]
    if feat == "discovery":
        return [tid for t, tid in enumerate(board.territory_ids) if t != state.turn.filled]
    return [board.connection_ids[c] for c in led_connections(state, board, seat, feat == "respect")]


def earned_feats(state: IwariState, board: Board, seat: int) -> list[str]:
    """The feats ``seat`` earns at the end of this turn, in the order Union, Discovery, Honour, Respect."""
    out = []
    for feat in FEATS:
        if feat in state.feats_earned[seat] or state.feats_left.get(feat, 0) <= 0:
            continue
        if feat == "discovery":
            holds = state.turn.filled >= 0   # the player's own tent filled a territory's last empty space
        else:
            holds = bool(feat_places(state, board, seat, feat))
        if holds:
            out.append(feat)
    return out
