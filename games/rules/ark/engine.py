"""The Ark of the Covenant: Prophets, the Ark, temples, scrolls, oases, sheep and wolves.

Rules: ../shared/rules/ark.md. The tile-laying core (placement, features, majority)
is shared with Carcassonne in ``games.rules.tiles``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..base import IllegalActionError
from ..tiles.actions import MoveArk, PlaceArk, Prophet
from ..tiles.catalogue import CITY, FIELD, ROAD
from ..tiles.board import Board
from ..tiles.engine import TileEngine
from ..tiles.geometry import DELTA, cell, coords, on_board
from ..tiles.state import ARK, TileState

MAX_ARK_STEPS = 5       # rules/ark.md: 1 to 5 steps
TEMPLE_COMPLETE = 7     # rules/ark.md: 7 on completion
TEMPLE_INCOMPLETE = 3   # rules/ark.md: 3 at the end


class ArkEngine(TileEngine):
    """The rules of The Ark of the Covenant."""

    name = "ark"
    catalogue_file = Path(__file__).with_name("tiles.json")
    bonus_key = "scrolls"
    follower_kinds = frozenset({CITY, ROAD, FIELD})  # never on the temple itself
    has_prophet = True
    has_ark = True

    # ----- actions ---------------------------------------------------------------------
    def piece_actions(self, state: TileState) -> list[Any]:
        """Pass, followers, the Prophet's city sides, then every Ark move."""
        actions: list[Any] = super().piece_actions(state)
        if state.prophets[state.seat]:
            board = state.board
            rt, base = board.cells[board.order[-1]]
            for index, seg in enumerate(rt.segments):
                if seg.kind == CITY and not board.fnodes[board.find(base + index)]:
                    actions.append(Prophet(seg.name))
        actions.extend(MoveArk(path) for path in self.ark_paths(state))
        return actions

    def ark_paths(self, state: TileState) -> list[tuple[tuple[int, int], ...]]:
        """Every Ark move: paths of 1 to 5 placed tiles, each next to the last, none visited twice."""
        if state.ark is None:
            return []
        cells = state.board.cells
        paths: list[tuple[tuple[int, int], ...]] = []

        def walk(key: int, visited: list[int]) -> None:
            for delta in DELTA:
                nxt = key + delta
                if nxt in cells and nxt not in visited:
                    visited.append(nxt)
                    paths.append(tuple(coords(k) for k in visited[1:]))
                    if len(visited) <= MAX_ARK_STEPS:
                        walk(nxt, visited)
                    visited.pop()

        walk(state.ark, [state.ark])
        return paths

    def _prophet(self, state: TileState, action: Prophet) -> None:
        if not state.prophets[state.seat]:
            raise IllegalActionError("your Prophet has already been used")
        kind, _ = self._segment_at(state, action.at)
        if kind != CITY:
            raise IllegalActionError("the Prophet goes only on a city")
        self._add_piece(state, action.at, True)
        state.prophets[state.seat] = False  # once per game: it never comes back
        self._after_action(state)

    def _move_ark(self, state: TileState, action: MoveArk) -> None:
        if state.ark is None:
            raise IllegalActionError("the Ark is not on the board yet")
        if not 1 <= len(action.path) <= MAX_ARK_STEPS:
            raise IllegalActionError(f"an Ark move takes 1 to {MAX_ARK_STEPS} steps, not {len(action.path)}")
        cells = state.board.cells
        visited = [state.ark]
        for x, y in action.path:
            key = cell(x, y) if on_board(x, y) else None
            if key is None or key not in cells:
                raise IllegalActionError(f"the Ark can only move onto tiles, and ({x}, {y}) has none")
            if key - visited[-1] not in DELTA:
                px, py = coords(visited[-1])
                raise IllegalActionError(f"the Ark cannot go from ({px}, {py}) to ({x}, {y}): not next to it")
            if key in visited:
                raise IllegalActionError(f"the Ark has already been on ({x}, {y}) in this move")
            visited.append(key)
        # rules/ark.md: each tile entered scores 1 per follower or Prophet on it, to its owner.
        points = [0] * state.players
        nkey = state.board.nkey
        entered = set(visited[1:])
        for node, (seat, _) in state.followers.items():
            if nkey[node] in entered:
                points[seat] += 1
        if any(points):
            self.award(state, points, "ark", visited[1:], False)
        state.ark = visited[-1]
        self._after_action(state)

    def _place_ark(self, state: TileState, action: PlaceArk) -> None:
        key = cell(action.x, action.y) if on_board(action.x, action.y) else None
        if key not in state.ark_choices:
            raise IllegalActionError(
                f"the Ark must go on a tile of the city just completed, and ({action.x}, {action.y}) is not one")
        state.ark = key
        state.ark_choices = []
        self._end_turn(state)

    def _after_action(self, state: TileState) -> None:
        cities = [r for r in state.pending[0] if state.board.kind[r] == CITY]
        self.score_completed(state)
        if cities and not state.first_city:
            # rules/ark.md: whoever completes the first city puts the Ark on one of its tiles,
            # after scoring, in the same turn.
            state.first_city = True
            choices: set[int] = set()
            for root in cities:
                choices |= state.board.tiles[root] or set()
            state.ark_choices = sorted(choices)
            state.phase = ARK
            return
        self._end_turn(state)

    # ----- temples ---------------------------------------------------------------------
    def special_completions(self, state: TileState, key: int) -> list[int]:
        """Temples whose cross the tile at ``key`` completes."""
        cells = state.board.cells
        done = []
        for center in (key, *(key + d for d in DELTA)):
            found = cells.get(center)
            if found is not None and found[0].temple and all(center + d in cells for d in DELTA):
                done.append(center)
        return done

    def score_special(self, state: TileState, done: list[int]) -> None:
        for center in done:  # after roads and cities: their returned followers no longer count
            self.score_temple(state, center, TEMPLE_COMPLETE, final=False)

    def score_temple(self, state: TileState, center: int, value: int, final: bool) -> None:
        """Score a temple to the majority of pieces on the tiles of its cross (pieces stay)."""
        cells = state.board.cells
        cross = [center] + [center + d for d in DELTA if center + d in cells]
        nkey = state.board.nkey
        nodes = [node for node in state.followers if nkey[node] in cross]
        winners = self.majority(state, nodes)
        if winners:
            points = [value if seat in winners else 0 for seat in range(state.players)]
            self.award(state, points, "temple", cross, final)

    # ----- the end ---------------------------------------------------------------------
    def final_scoring(self, state: TileState) -> None:
        """rules/ark.md: incomplete temples, then incomplete roads and cities, then fields."""
        cells = state.board.cells
        for key in state.board.order:
            if cells[key][0].temple and not all(key + d in cells for d in DELTA):
                self.score_temple(state, key, TEMPLE_INCOMPLETE, final=True)
        self.score_open_roads_and_cities(state)
        board = state.board
        for root in self.open_features(state, (FIELD,)):
            value = 2 * max(0, board.sheep[root] - board.wolves[root])  # each wolf eats one sheep
            winners = self.majority(state, board.fnodes[root] or [])
            if value and winners:
                points = [value if seat in winners else 0 for seat in range(state.players)]
                self.award(state, points, "field", sorted({board.nkey[n] for n in _field_nodes(board, root)}), True)


def _field_nodes(board: Board, root: int) -> list[int]:
    """Every node of a field (for the tiles it spans, shown in the scoring event)."""
    return [node for node in range(len(board.parent)) if board.kind[node] == FIELD and board.find(node) == root]

