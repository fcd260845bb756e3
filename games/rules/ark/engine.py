"""The Ark of the Covenant: Prophets, the Ark, temples, scrolls, oases, sheep and wolves.

Rules: docs/rules/ark.md. The tile-laying core (placement, features, majority) is shared with Carcassonne in
``games.rules.tiles``; everything of the Ark is here.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Mapping, Optional

from ..base import IllegalActionError, InvalidActionError, JSONDict
from ..tiles.actions import PIECE_ACTIONS, want_cell
from ..tiles.board import Board
from ..tiles.catalogue import CITY, FIELD, ROAD, Icons, RotatedTile
from ..tiles.engine import TileEngine
from ..tiles.geometry import DELTA, cell, coords, on_board
from ..tiles.state import ACTION, OVER
from ..tiles.words import spot_words
from ..words import Words, text
from .actions import PARSERS, MoveArk, PlaceArk, Prophet
from .state import ARK, PROPHET, ArkState

MAX_ARK_STEPS = 5       # docs/rules/ark.md: 1 to 5 steps
TEMPLE_COMPLETE = 7     # docs/rules/ark.md: 7 on completion
TEMPLE_INCOMPLETE = 3   # docs/rules/ark.md: 3 at the end
#: The share of the best Ark move of the seat to move that the hard search counts as that seat's already
#: (``ArkEngine.search_evaluate``): it may still choose a follower instead, and its tile may change the board.
ARK_REACH_SHARE = 0.7
SHEEP, WOLVES = 0, 1    # the field icons, in the order of ``ArkEngine.icons.field``


class ArkEngine(TileEngine[ArkState]):
    """The rules of The Ark of the Covenant."""

    name = "ark"
    title = "The Ark of the Covenant"
    catalogue_file = Path(__file__).with_name("tiles.json")
    icons = Icons(city="scrolls", road="oases", field=("sheep", "wolves"), centers=("temple",))
    follower_kinds = frozenset({CITY, ROAD, FIELD})  # never on the temple itself
    state_class = ArkState
    action_parsers = PARSERS
    piece_action_types = (*PIECE_ACTIONS[:1], Prophet, MoveArk, *PIECE_ACTIONS[1:])
    entry_extra_keys = ("ark_at",)
    own_phases = (ARK,)
    hard_playouts = 160  # two rounds played on; one round and 320 was no stronger in 12 games (docs/bots.md)
    hard_rechoose_last = True  # the candidates' last step also chosen by search_evaluate (the Ark left behind)

    def __init__(self) -> None:
        super().__init__()
        self.handlers.update({Prophet: (ACTION, self._prophet), MoveArk: (ACTION, self._move_ark),
                              PlaceArk: (ARK, self._place_ark)})

    # ----- actions ---------------------------------------------------------------------
    def piece_actions(self, state: ArkState, ark: bool = True) -> list[Any]:
        """Pass, followers, the Prophet's city sides, then every Ark move (``ark``: False leaves them out)."""
        actions: list[Any] = super().piece_actions(state)
        if state.prophets[state.seat]:
            board = state.board
            rt, base = board.cells[board.order[-1]]
            for index, seg in enumerate(rt.segments):
                if seg.kind == CITY and not board.fnodes[board.find(base + index)]:
                    actions.append(Prophet(seg.name))
        if ark:
            actions.extend(MoveArk(path) for path in self.ark_paths(state))
        return actions

    def phase_actions(self, state: ArkState) -> list[Any]:
        return [PlaceArk(*coords(key)) for key in sorted(state.ark_choices)] if state.phase == ARK else []

    def ark_paths(self, state: ArkState) -> list[tuple[tuple[int, int], ...]]:
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

    def search_actions(self, state: ArkState) -> list[Any]:
        """The legal actions less the Ark moves that another beats: of the moves that end on the same tile (the
        same position but for the points), only those that no other gives the mover as much and every other
        seat as little, the first of equal ones. The rest can never be better for the mover (docs/bots.md)."""
        actions = self.legal_actions(state)
        if state.phase != ACTION or state.ark is None:
            return actions
        nkey, players, mover = state.board.nkey, state.players, state.seat
        on_cell: dict[int, list[int]] = {}  # cell -> the points the Ark entering it gives each seat
        for node, (owner, _) in state.followers.items():
            on_cell.setdefault(nkey[node], [0] * players)[owner] += 1
        ends: dict[tuple[int, int], dict[tuple[int, ...], MoveArk]] = {}  # end -> the first move of each gain
        for action in actions:
            if isinstance(action, MoveArk):
                gain = [0] * players  # the mover's points, and every other seat's as a loss
                for x, y in action.path:
                    for seat, n in enumerate(on_cell.get(cell(x, y), ())):
                        gain[seat] += n if seat == mover else -n
                ends.setdefault(action.path[-1], {}).setdefault(tuple(gain), action)
        kept = {id(move) for gains in ends.values() for gain, move in gains.items()
                if not any(other != gain and all(a >= b for a, b in zip(other, gain)) for other in gains)}
        return [a for a in actions if not isinstance(a, MoveArk) or id(a) in kept]

    def ark_reach(self, state: ArkState, mover: int) -> tuple[int, Optional[tuple[tuple[int, int], ...]]]:
        """The best Ark move for ``mover`` from where the Ark stands: its points less every other seat's (what
        the greedy choice among all Ark moves takes, ``evaluate`` being the same after any of them but for the
        points), and its path (None: the Ark is not on the board). The first of equal ones, in
        ``ark_paths``' order."""
        if state.ark is None:
            return 0, None
        cells = state.board.cells
        nkey = state.board.nkey
        net: dict[int, int] = {}  # cell -> the mover's pieces on it less the other seats'
        for node, (owner, _) in state.followers.items():
            key = nkey[node]
            net[key] = net.get(key, 0) + (1 if owner == mover else -1)
        best: list[Any] = [None, None]  # the best net points, its cells
        most = max(0, *net.values()) if net else 0  # the most one more cell can add

        def walk(key: int, visited: list[int], points: int) -> None:
            for delta in DELTA:
                nxt = key + delta
                if nxt in cells and nxt not in visited:
                    visited.append(nxt)
                    gained = points + net.get(nxt, 0)
                    if best[0] is None or gained > best[0]:
                        best[0], best[1] = gained, list(visited[1:])
                    # walk on unless the steps left cannot beat the best (a path only as good comes later in
                    # this order, and the first of equal ones is kept: the same move as walking every path)
                    if len(visited) <= MAX_ARK_STEPS and gained + (MAX_ARK_STEPS + 1 - len(visited)) * most > best[0]:
                        walk(nxt, visited, gained)
                    visited.pop()

        walk(state.ark, [state.ark], 0)
        if best[1] is None:  # the Ark alone on the board: no move
            return 0, None
        return best[0], tuple(coords(k) for k in best[1])

    def search_evaluate(self, state: ArkState, seat: int) -> float:
        """``evaluate``, and the seat to move's best Ark move from where the Ark stands (``ark_reach``), a share
        of it (``ARK_REACH_SHARE``) to that seat if it gains: a line that leaves the Ark next to the other
        seat's pieces gives it those points on its turn, which ``evaluate`` (the same wherever the Ark stands)
        does not see. The hard level's only: medium and easy value positions with ``evaluate``."""
        value = self.evaluate(state, seat)
        if state.ark is None or state.phase in (ACTION, ARK, OVER):  # counted where a turn begins (the draw or
            return value  # the tile in hand): after the tile, the mover's own reach is the same whatever it laid
        gain, _ = self.ark_reach(state, state.seat)
        if gain > 0:
            value += ARK_REACH_SHARE * gain * (1 if state.seat == seat else -1)
        return value

    def playout_actions(self, state: ArkState, rng: random.Random, width: int) -> list[Any]:
        """After the tile: pass, the followers and Prophet, and of the Ark moves the best for the mover only
        (``ark_reach``: the one the greedy step would choose among them all), found without listing them all;
        otherwise as every game (``width`` of the legal actions drawn at random)."""
        if state.phase != ACTION or state.ark is None:
            return super().playout_actions(state, rng, width)
        actions = self.piece_actions(state, ark=False)
        if len(actions) > width - 1:
            actions = rng.sample(actions, width - 1)
        _, path = self.ark_reach(state, state.seat)
        if path is not None:
            actions.append(MoveArk(path))
        return actions

    def ark_points(self, state: ArkState, path: list[int]) -> list[int]:
        """docs/rules/ark.md: each tile the Ark enters scores 1 per follower or Prophet on it, to its owner."""
        points = [0] * state.players
        nkey = state.board.nkey
        entered = set(path)
        for node, (seat, _) in state.followers.items():
            if nkey[node] in entered:
                points[seat] += 1
        return points

    def _prophet(self, state: ArkState, action: Prophet) -> None:
        if not state.prophets[state.seat]:
            raise IllegalActionError(Words("your Prophet has already been used"))
        kind, _ = self.segment_at(state, action.at)
        if kind != CITY:
            raise IllegalActionError(Words("the Prophet goes only on a city"))
        self.add_piece(state, action.at, PROPHET)
        state.prophets[state.seat] = False  # once per game: it never comes back
        self.after_action(state)

    def _move_ark(self, state: ArkState, action: MoveArk) -> None:
        if state.ark is None:
            raise IllegalActionError(Words("the Ark is not on the board yet"))
        if not 1 <= len(action.path) <= MAX_ARK_STEPS:
            raise IllegalActionError(Words("an Ark move takes 1 to {most} steps, not {n}",
                                           most=MAX_ARK_STEPS, n=len(action.path)))
        cells = state.board.cells
        visited = [state.ark]
        for x, y in action.path:
            key = cell(x, y) if on_board(x, y) else None
            if key is None or key not in cells:
                raise IllegalActionError(Words("the Ark can only move onto tiles, and ({x}, {y}) has none", x=x, y=y))
            if key - visited[-1] not in DELTA:
                px, py = coords(visited[-1])
                raise IllegalActionError(Words("the Ark cannot go from ({px}, {py}) to ({x}, {y}): not next to it",
                                               px=px, py=py, x=x, y=y))
            if key in visited:
                raise IllegalActionError(Words("the Ark has already been on ({x}, {y}) in this move", x=x, y=y))
            visited.append(key)
        points = self.ark_points(state, visited[1:])
        state.last_ark = [state.moves + 1, list(visited)]
        if any(points):
            self.award(state, points, "ark", visited[1:], False)
        state.ark = visited[-1]
        self.after_action(state)

    def _place_ark(self, state: ArkState, action: PlaceArk) -> None:
        key = cell(action.x, action.y) if on_board(action.x, action.y) else None
        if key not in state.ark_choices:
            raise IllegalActionError(
                Words("the Ark must go on a tile of the city just completed, and ({x}, {y}) is not one",
                      x=action.x, y=action.y))
        state.ark = key
        state.ark_choices = []
        self.end_turn(state)

    def after_action(self, state: ArkState) -> None:
        cities = [r for r in state.pending[0] if state.board.kind[r] == CITY]
        self.score_completed(state)
        if cities and not state.first_city:
            # docs/rules/ark.md: whoever completes the first city puts the Ark on one of its tiles,
            # after scoring, in the same turn.
            state.first_city = True
            choices: set[int] = set()
            for root in cities:
                choices |= state.board.tiles[root] or set()
            state.ark_choices = sorted(choices)
            state.phase = ARK
            return
        self.end_turn(state)

    def end_turn_now(self, state: ArkState) -> None:
        """The turn ends where it stands; if the Ark was due on the first city, it goes on its first tile."""
        if state.phase == ARK:
            self.push(state, PlaceArk(*coords(state.ark_choices[0])))
            return
        super().end_turn_now(state)

    def wrong_phase(self, state: ArkState, action: Any = None) -> Words:
        if state.phase == ARK:
            return Words("the Ark must be put on the completed city first")
        if isinstance(action, PlaceArk):
            return Words("the Ark is put on a city ('ark_at') only on the turn that completes the first city")
        return super().wrong_phase(state, action)

    def feature_points(self, state: ArkState, kind: int, value: int, nodes: list[int], winners: list[int],
                       final: bool) -> list[int]:
        points = super().feature_points(state, kind, value, nodes, winners, final)
        if kind == CITY and not final:
            for node in nodes:  # docs/rules/ark.md: the Prophet's owner, in the majority, scores double
                seat, piece = state.followers[node]
                if piece == PROPHET and seat in winners:
                    points[seat] = 2 * value
        return points

    # ----- temples ---------------------------------------------------------------------
    def special_completions(self, state: ArkState, key: int) -> list[int]:
        """Temples whose cross the tile at ``key`` completes."""
        cells = state.board.cells
        done = []
        for center in (key, *(key + d for d in DELTA)):
            found = cells.get(center)
            if found is not None and found[0].center == "temple" and all(center + d in cells for d in DELTA):
                done.append(center)
        return done

    def score_special(self, state: ArkState, done: list[int]) -> None:
        for center in done:  # after roads and cities: their returned followers no longer count
            self.score_temple(state, center, TEMPLE_COMPLETE, final=False)

    def score_temple(self, state: ArkState, center: int, value: int, final: bool) -> None:
        """Score a temple to the majority of pieces on the tiles of its cross (pieces stay)."""
        cells = state.board.cells
        cross = [center] + [center + d for d in DELTA if center + d in cells]
        nkey = state.board.nkey
        nodes = [node for node in state.followers if nkey[node] in cross]
        winners = self.majority(state, nodes)
        if winners:
            points = [value if seat in winners else 0 for seat in range(state.players)]
            self.award(state, points, "temple", cross, final, {"tiles": len(cross), "complete": not final},
                       nodes)

    # ----- the end ---------------------------------------------------------------------
    def final_scoring(self, state: ArkState) -> None:
        """docs/rules/ark.md: incomplete temples, then incomplete roads and cities, then fields."""
        cells = state.board.cells
        for key in state.board.order:
            if cells[key][0].center == "temple" and not all(key + d in cells for d in DELTA):
                self.score_temple(state, key, TEMPLE_INCOMPLETE, final=True)
        self.score_open_roads_and_cities(state)
        board = state.board
        for root in self.open_features(state, (FIELD,)):
            icons = board.icons[root] or (0, 0)
            value = 2 * max(0, icons[SHEEP] - icons[WOLVES])  # each wolf eats one sheep
            winners = self.majority(state, board.fnodes[root] or [])
            if value and winners:
                points = [value if seat in winners else 0 for seat in range(state.players)]
                self.award(state, points, "field", sorted({board.nkey[n] for n in _field_nodes(board, root)}), True,
                           {"sheep": icons[SHEEP], "wolves": icons[WOLVES]}, board.fnodes[root] or [])

    # ----- what positions are worth, for the computer players (tiles/evaluate.py) --------
    def feature_bonus(self, state: ArkState, root: int, seat: int, expected: float, chance: float) -> float:
        """The Prophet doubles its owner's share of a completed city."""
        board = state.board
        if board.kind[root] == CITY and any(state.followers[n] == (seat, PROPHET) for n in board.fnodes[root] or ()):
            return expected + chance * 2 * (len(board.tiles[root] or ()) + board.value[root])
        return expected

    def add_worths(self, state: ArkState, worths: list[float]) -> None:
        """Temples (3 at the end, 7 when their cross completes) and fields (2 a sheep a wolf leaves) to their
        majorities; a Prophet in hand is worth a little."""
        board = state.board
        cells = board.cells
        left = min(1.0, len(state.pile) / 70)
        players = state.players
        pieces: dict[int, list[int]] = {}  # cell -> pieces on it per seat (counted once, for every temple)
        for node, (owner, _) in state.followers.items():
            key = board.nkey[node]
            counts = pieces.get(key)
            if counts is None:
                counts = pieces[key] = [0] * players
            counts[owner] += 1
        reach = min(1.0, 0.3 + 1.5 * left)
        d0, d1, d2, d3 = DELTA
        for key in board.order if pieces else ():
            if cells[key][0].center != "temple":
                continue
            crossed: list[int] = []  # pieces on the cross per seat
            missing = 0
            for at in (key, key + d0, key + d1, key + d2, key + d3):
                found = pieces.get(at)
                if found is not None:
                    crossed = [a + b for a, b in zip(crossed, found)] if crossed else found
                elif at not in cells:
                    missing += 1
            if crossed:  # the majority of the pieces on its cross, as ``score_temple`` scores it
                best = max(crossed)
                chance = (0.7 ** missing) * reach
                for seat in range(players):
                    if crossed[seat] == best:
                        worths[seat] += TEMPLE_INCOMPLETE + chance * (TEMPLE_COMPLETE - TEMPLE_INCOMPLETE)
        for root in self.open_features(state, (FIELD,)):
            icons = board.icons[root] or (0, 0)
            for seat in self.majority(state, board.fnodes[root] or []):
                worths[seat] += 2 * max(0, icons[SHEEP] - icons[WOLVES]) + 1.5 * left
        for seat in range(state.players):
            worths[seat] += 3.0 * left if state.prophets[seat] else 0.0

    # ----- the Ark's parts of views, records, storage and words -------------------------
    def option_entry(self, state: ArkState, action: Any) -> JSONDict:
        """An Ark move with the points it gives each seat (the page shows them before it is made)."""
        entry = super().option_entry(state, action)
        if isinstance(action, MoveArk):
            entry["points"] = self.ark_points(state, [cell(x, y) for x, y in action.path])
        return entry

    def supply_entry(self, state: ArkState, seat: int) -> JSONDict:
        return {"followers": state.supply[seat], "prophet": state.prophets[seat]}

    def shared_view_extra(self, state: ArkState) -> JSONDict:
        """Where the Ark is, and the path of an Ark move made in the last turn (or this one), from where it
        started, so that every player sees where it went."""
        path = None
        if state.last_ark is not None and state.last_ark[0] >= state.moves:
            path = [list(coords(k)) for k in state.last_ark[1]]
        return {"ark": list(coords(state.ark)) if state.ark is not None else None, "last_ark_path": path}

    def placement_extra(self, state: ArkState, entry: JSONDict, key: int, rt: RotatedTile,
                        preview: list[tuple[bool, bool, list[int]]]) -> None:
        """The Prophet's city sides, and the tiles the Ark may go on if this placement completes the first city."""
        has_prophet = state.prophets[state.seat]
        prophet: list[str] = []
        ark_cells: set[int] = set()
        for seg, (occupied, completes, roots) in zip(rt.segments, preview):
            if seg.kind != CITY:
                continue
            if not occupied and has_prophet:
                prophet.append(seg.name)
            if not state.first_city and completes:
                ark_cells.add(key)
                for root in roots:
                    ark_cells |= state.board.tiles[root] or set()
        entry["prophet"] = prophet
        entry["ark_at"] = [list(coords(k)) for k in sorted(ark_cells)]

    def dump_extra(self, state: ArkState) -> JSONDict:
        return {"prophets": list(state.prophets), "ark": list(coords(state.ark)) if state.ark is not None else None,
                "last_ark": state.last_ark,
                "ark_choices": [list(coords(k)) for k in state.ark_choices], "first_city": state.first_city}

    def load_extra(self, state: ArkState, data: Mapping[str, Any]) -> None:
        state.prophets = [bool(p) for p in data["prophets"]]
        state.ark = cell(*data["ark"]) if data["ark"] is not None else None
        state.ark_choices = [cell(x, y) for x, y in data["ark_choices"]]
        state.first_city = bool(data["first_city"])
        last = data.get("last_ark")
        state.last_ark = [int(last[0]), [int(k) for k in last[1]]] if last else None

    def sample_extra(self, view: Mapping[str, Any]) -> JSONDict:
        choices = [[o["x"], o["y"]] for o in view.get("options") or [] if o.get("type") == PlaceArk.type]
        path = view.get("last_ark_path")
        last = [int(view["turn"]) - 1, [cell(x, y) for x, y in path]] if path else None
        return {"prophets": [bool(entry["prophet"]) for entry in view["supply"]], "ark": view["ark"],
                "ark_choices": choices, "first_city": view["ark"] is not None or view["phase"] == ARK,
                "last_ark": last}

    def entry_extra_actions(self, data: Mapping[str, Any]) -> list[Any]:
        at = data.get("ark_at")
        return [PlaceArk(*want_cell(at, "'ark_at'"))] if at is not None else []

    def record_extra(self, out: JSONDict, action: Any) -> None:
        if not isinstance(action, PlaceArk):
            raise InvalidActionError(f"{action!r} is not part of a turn of the Ark")
        out["ark_at"] = [action.x, action.y]

    def phase_unfinished(self, state: ArkState) -> str:
        if state.phase == ARK:
            return "this turn completes the first city: 'ark_at' must say where the Ark goes"
        return super().phase_unfinished(state)

    def describe_own_action(self, action: Mapping[str, Any]) -> str:
        kind = action.get("type")
        if kind == "prophet":
            return Words("put the Prophet on {spot}",
                         spot=spot_words(str(action.get("at")), str(action.get("kind") or "")))
        if kind == "ark":
            path = action.get("path") or [[0, 0]]
            return Words.plural("moved the Ark {n} step to ({x}, {y})", "moved the Ark {n} steps to ({x}, {y})",
                                len(path), x=text(path[-1][0]), y=text(path[-1][1]))
        if kind == "place_ark":
            return Words("put the Ark on ({x}, {y})", x=text(action.get("x")), y=text(action.get("y")))
        return super().describe_own_action(action)

    def describe_entry_extra(self, entry: Mapping[str, Any]) -> str:
        at = entry.get("ark_at")
        return Words(", completing the first city, and put the Ark on ({x}, {y})", x=text(at[0]), y=text(at[1])) \
            if at else ""


def _field_nodes(board: Board, root: int) -> list[int]:
    """Every node of a field (for the tiles it spans, shown in the scoring event)."""
    return [node for node in range(len(board.parent)) if board.kind[node] == FIELD and board.find(node) == root]
