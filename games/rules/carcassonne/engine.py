"""Carcassonne (base game): cloisters and farms on the shared tile-laying core.

Rules: docs/rules/carcassonne.md.
"""
from __future__ import annotations

import random
import zlib
from pathlib import Path
from typing import Any

from ..tiles.catalogue import CITY, CLOISTER, FIELD, ROAD, Icons
from ..tiles.engine import TileEngine
from ..tiles.geometry import AROUND, DELTA, cell
from ..tiles.state import PLACE, TileState

CLOISTER_COMPLETE = 9   # docs/rules/carcassonne.md: 9 to its follower
FARM_PER_CITY = 3       # docs/rules/carcassonne.md: 3 per completed city the farm borders


class CarcassonneEngine(TileEngine[TileState]):
    """The rules of Carcassonne, base game."""

    name = "carcassonne"
    title = "Carcassonne"
    catalogue_file = Path(__file__).with_name("tiles.json")
    icons = Icons(city="pennants", centers=("cloister",))
    follower_kinds = frozenset({CITY, ROAD, FIELD, CLOISTER})

    def playout_actions(self, state: TileState, rng: random.Random, width: int) -> list[Any]:
        """``width`` of the legal actions, the same ones for every candidate line a search plays in one drawn
        state: the placements next to a road, city or cloister holding a piece first (the ones that change what
        the pieces are worth), each group ranked by a hash of the action and of the drawn state's coming draws
        (the pile's top tiles), not by draws of ``rng``, so that two candidates' playouts differ by their lines
        and not by the actions sampled (common random numbers)."""
        actions = self.legal_actions(state)
        if len(actions) <= width:
            return actions
        salt = zlib.crc32(f"{state.moves}:{state.hand}:{','.join(state.pile[-6:])}".encode())
        if state.phase != PLACE:
            ranks = [_mix(salt ^ zlib.crc32(repr(a).encode())) for a in actions]
        else:
            near = self.near_pieces(state)
            ranks = [_mix(salt ^ (((a.x + 512) * 1024 + a.y + 512) * 4 + a.rotation // 90))
                     | (cell(a.x, a.y) not in near) << 32 for a in actions]
        order = sorted(range(len(actions)), key=ranks.__getitem__)
        return [actions[i] for i in order[:width]]

    def near_pieces(self, state: TileState) -> set[int]:
        """The empty cells where a tile would touch a road or city holding a piece, or surround a cloister
        holding one."""
        board = state.board
        cells, frontier, kinds, find = board.cells, board.frontier, board.kind, board.find
        out: set[int] = set()
        held: set[int] = set()  # the roots of roads and cities holding pieces
        for node in state.followers:
            kind = kinds[node]
            if kind == CLOISTER:
                center = board.nkey[node]
                out.update(center + a for a in AROUND if center + a in frontier)
            elif kind <= ROAD:
                held.add(find(node))
        for root in held:
            for key in board.tiles[root] or ():
                rt, base = cells[key]
                for side in range(4):
                    index = rt.side_seg[side]
                    if index >= 0 and key + DELTA[side] in frontier and find(base + index) == root:
                        out.add(key + DELTA[side])
        return out

    def _cloister_node(self, state: TileState, key: int) -> int:
        rt, base = state.board.cells[key]
        return base + rt.names["cloister"]

    def special_completions(self, state: TileState, key: int) -> list[int]:
        """Cloister nodes whose eight neighbours the tile at ``key`` completes."""
        cells = state.board.cells
        done = []
        for center in (key, *(key + a for a in AROUND)):
            found = cells.get(center)
            if found is not None and found[0].center == "cloister" and all(center + a in cells for a in AROUND):
                done.append(self._cloister_node(state, center))
        return done

    def score_special(self, state: TileState, done: list[int]) -> None:
        for node in done:
            if node in state.followers:  # a cloister holds at most one follower: its own
                self._score_cloister(state, node, CLOISTER_COMPLETE, final=False)

    def _score_cloister(self, state: TileState, node: int, value: int, final: bool) -> None:
        points = [0] * state.players
        points[state.followers[node][0]] = value
        center = state.board.nkey[node]
        cells = state.board.cells
        self.award(state, points, "cloister", [center] + [center + a for a in AROUND if center + a in cells], final,
                   nodes=[node])
        self.return_pieces(state, node)  # followers on a completed cloister return too

    def add_worths(self, state: TileState, worths: list[float]) -> None:
        """Cloisters (1 and their neighbours now, 9 when surrounded) to their owners; farms (3 per completed city
        they border, and something for the open cities that may complete) to their majorities."""
        board = state.board
        left = min(1.0, len(state.pile) / 70)
        roots = self.open_features(state, (CLOISTER, FIELD))  # one pass over the pieces for both kinds
        kinds = board.kind
        for node in roots:
            if kinds[node] != CLOISTER:
                continue
            center = board.nkey[node]
            around = sum(1 for a in AROUND if center + a in board.cells)
            expected = 1 + around + (8 - around) * min(1.0, 0.2 + 1.2 * left) * 0.8
            worths[state.followers[node][0]] += expected
        for root in roots:
            if kinds[root] != FIELD:
                continue
            cities = {board.find(c) for c in board.cadj[root] or ()}
            complete = sum(1 for c in cities if board.open[c] == 0)
            value = FARM_PER_CITY * (complete + 0.5 * left * (len(cities) - complete))
            for seat in self.majority(state, board.fnodes[root] or []):
                worths[seat] += value

    def final_scoring(self, state: TileState) -> None:
        """docs/rules/carcassonne.md: incomplete roads, cities, cloisters, then farms."""
        self.score_open_roads_and_cities(state)
        board = state.board
        for node in self.open_features(state, (CLOISTER,)):
            center = board.nkey[node]
            around = sum(1 for a in AROUND if center + a in board.cells)
            self._score_cloister(state, node, 1 + around, final=True)
        for root in self.open_features(state, (FIELD,)):
            cities = {board.find(c) for c in board.cadj[root] or ()}
            complete = sorted(c for c in cities if board.open[c] == 0)
            winners = self.majority(state, board.fnodes[root] or [])
            if complete and winners:
                value = FARM_PER_CITY * len(complete)  # each completed city bordered scores 3
                points = [value if seat in winners else 0 for seat in range(state.players)]
                tiles: set[int] = set()
                for city in complete:
                    tiles |= board.tiles[city] or set()
                self.award(state, points, "farm", sorted(tiles), True, nodes=board.fnodes[root] or [])


def _mix(x: int) -> int:
    """A 32-bit integer hash (murmur3's finaliser): ranks actions in a fixed, well-spread order."""
    x ^= x >> 16
    x = (x * 0x85EBCA6B) & 0xFFFFFFFF
    x ^= x >> 13
    x = (x * 0xC2B2AE35) & 0xFFFFFFFF
    return x ^ (x >> 16)
