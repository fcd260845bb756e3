"""The shared engine of the tile-laying games: draw, lay, one action, score.

The Ark of the Covenant and Carcassonne subclass ``TileEngine`` and add their own
pieces (Prophet, Ark; cloisters) and scoring (temples, sheep; farms).
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Optional

from ..base import CHANCE, TERMINAL, Engine, IllegalActionError, InvalidActionError
from . import serial, view as view_mod
from .actions import Action, Discard, Draw, Follower, MoveArk, Pass, Place, PlaceArk, Prophet, parse_action
from .catalogue import CITY, EDGE_NAMES, KIND_NAMES, ROAD, TileType, load_catalogue
from .geometry import DELTA, SIDES, cell, coords, on_board
from .state import ACTION, ARK, DRAW, OVER, PLACE, TileState
from .turns import Turn, parse_turn

FOLLOWERS_PER_PLAYER = 7  # rules/ark.md and rules/carcassonne.md: 7 in supply
_PLACES: dict[int, Place] = {}  # (key * 4 + quarter turns) -> its Place value, shared by all games


def _place_value(key: int, quarter: int) -> Place:
    index = key * 4 + quarter
    found = _PLACES.get(index)
    if found is None:
        x, y = coords(key)
        found = _PLACES[index] = Place(x, y, quarter * 90)
    return found


class TileEngine(Engine):
    """Rules common to the tile-laying games; subclasses set the catalogue and scoring."""

    catalogue_file: Path
    bonus_key = "pennants"
    follower_kinds: frozenset[int] = frozenset()
    has_prophet = False
    has_ark = False
    PHASE_OF: dict[type, str] = {Draw: DRAW, Discard: PLACE, Place: PLACE, Follower: ACTION,
                                 Prophet: ACTION, MoveArk: ACTION, Pass: ACTION, PlaceArk: ARK}

    def __init__(self) -> None:
        self.types: dict[str, TileType] = load_catalogue(self.catalogue_file, self.bonus_key)
        self.start = next(t for t in self.types.values() if t.start)
        pile = [t.id for t in self.types.values() for _ in range(t.count)]
        pile.remove(self.start.id)
        self.full_pile = sorted(pile)
        self._fits: dict[str, dict[int, tuple[int, ...]]] = {tid: {} for tid in self.types}
        self._codes = {tid: tuple(rt.code for rt in t.rotations) for tid, t in self.types.items()}
        self._handlers: dict[type, Callable[[TileState, Any], None]] = {
            Draw: self._draw, Discard: self._discard, Place: self._place, Follower: self._follower,
            Pass: self._pass, Prophet: self._prophet, MoveArk: self._move_ark, PlaceArk: self._place_ark,
        }

    # ----- the interface -------------------------------------------------------------
    def new_game(self, players: int, options: Optional[Mapping[str, Any]] = None) -> TileState:
        """A game with the start tile laid and the other tiles shuffled by ``options["seed"]``."""
        self.check_players(players)
        seed = (options or {}).get("seed", 0)
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise InvalidActionError("the seed must be a whole number or a string")
        pile = list(self.full_pile)
        random.Random(seed).shuffle(pile)
        state = TileState(players, seed, pile)
        state.supply = [FOLLOWERS_PER_PLAYER] * players
        state.prophets = [self.has_prophet] * players
        state.board.place(cell(0, 0), self.start.rotations[0])
        return state

    def current_player(self, state: TileState) -> int:
        if state.phase == OVER:
            return TERMINAL
        return CHANCE if state.phase == DRAW else state.seat

    def is_over(self, state: TileState) -> bool:
        return state.phase == OVER

    def scores(self, state: TileState) -> list[int]:
        return list(state.scores)

    def sample_chance(self, state: TileState) -> Draw:
        """The draw the seeded pile dictates: its top tile."""
        if state.phase != DRAW:
            raise IllegalActionError("no tile is to be drawn now")
        return Draw(state.pile[-1])

    def parse_action(self, data: Mapping[str, Any]) -> Action:
        return parse_action(data)

    def legal_actions(self, state: TileState) -> list[Any]:
        """The legal actions of the current step, in a fixed order."""
        if state.phase == DRAW:
            return [Draw(tile) for tile in sorted(set(state.pile))]
        if state.phase == PLACE:
            return self.placements(state) or [Discard()]
        if state.phase == ACTION:
            return self.piece_actions(state)
        if state.phase == ARK:
            return [PlaceArk(*coords(key)) for key in sorted(state.ark_choices)]
        return []

    def apply(self, state: TileState, action: Any) -> TileState:
        """A new state after ``action``; ``state`` itself is not changed."""
        new = state.copy()
        self.push(new, action)
        return new

    def push(self, state: TileState, action: Any) -> None:
        """Apply ``action`` to ``state`` in place (for bots); on error ``state`` is unchanged."""
        handler = self._handlers.get(type(action))
        if handler is None:
            raise InvalidActionError(f"not an action of {self.name}: {action!r}")
        wanted = self.PHASE_OF[type(action)]
        if state.phase != wanted:
            raise IllegalActionError(self._wrong_phase(state, action))
        handler(state, action)

    def view(self, state: TileState, seat: Optional[int]) -> dict[str, Any]:
        return view_mod.view(self, state, seat)

    def views(self, state: TileState, seats: Iterable[Optional[int]]) -> dict[Optional[int], dict[str, Any]]:
        return view_mod.views(self, state, seats)

    def state_to_dict(self, state: TileState) -> dict[str, Any]:
        return serial.state_to_dict(self, state)

    def state_from_dict(self, data: Mapping[str, Any]) -> TileState:
        return serial.state_from_dict(self, data)

    # ----- whole turns (records and the site) ----------------------------------------------
    def parse_turn(self, data: Any) -> Turn:
        """A record turn from its dict form; raises ``InvalidActionError``."""
        return parse_turn(data)

    def apply_turn(self, state: TileState, turn: Turn) -> TileState:
        """A new state after a whole record turn (draw if due, lay or discard, act, place the Ark)."""
        new = state.copy()
        if new.phase == DRAW:
            self.push(new, Draw(turn.tile))
        elif new.phase == PLACE and new.hand != turn.tile:
            raise IllegalActionError(f"the tile in hand is {new.hand}, not {turn.tile}")
        elif new.phase != PLACE:
            raise IllegalActionError(self._wrong_phase(new, turn))
        if turn.discard:
            self.push(new, Discard())
            return new
        assert turn.place is not None and turn.action is not None
        self.push(new, turn.place)
        self.push(new, turn.action)
        if new.phase == ARK:
            if turn.ark_at is None:
                raise IllegalActionError("this turn completes the first city: 'ark_at' must say where the Ark goes")
            self.push(new, PlaceArk(*turn.ark_at))
        elif turn.ark_at is not None:
            raise IllegalActionError("'ark_at' is only given on the turn that completes the first city")
        return new

    def deal(self, state: TileState) -> tuple[TileState, list[Turn]]:
        """Draw from the seeded pile until the seat to move holds a tile that fits (or the game ends).

        Tiles that fit nowhere are discarded (rules/ark.md); the discards are returned as turns.
        """
        new = state.copy()
        discards: list[Turn] = []
        while new.phase == DRAW:
            self.push(new, self.sample_chance(new))
            assert new.hand is not None
            if not self.has_placement(new, new.hand):
                discards.append(Turn(new.hand, discard=True))
                self.push(new, Discard())
        return new, discards

    # ----- seat management and settling (for the site) -----------------------------------
    def finish(self, state: TileState) -> TileState:
        """Run the final scoring now, between turns (a record's ``"end": true``, a moderator's settle)."""
        if state.phase not in (DRAW, PLACE):
            raise IllegalActionError("the game can only be settled between turns")
        new = state.copy()
        if new.hand is not None:
            new.pile.append(new.hand)
            new.hand = None
        self._final(new)
        return new

    def remove_seat(self, state: TileState, seat: int) -> TileState:
        """Skip ``seat`` from now on; its pieces stay and its score stands."""
        if state.phase not in (DRAW, PLACE, OVER):
            raise IllegalActionError("a seat can only be removed between turns")
        if not 0 <= seat < state.players or not state.active[seat]:
            raise IllegalActionError(f"seat {seat} is not playing")
        new = state.copy()
        new.active[seat] = False
        if new.phase != OVER and new.seat == seat and any(new.active):
            if new.hand is not None:  # the tile goes back on top of the pile for the next seat
                new.pile.append(new.hand)
                new.hand = None
            new.phase = DRAW
            new.seat = self._next_seat(new)
        return new

    # ----- placements ------------------------------------------------------------------
    def placements(self, state: TileState) -> list[Place]:
        """Every legal placement of the tile in hand, ordered by x, y, rotation."""
        tid = state.hand
        if tid is None:
            return []
        fits = self._fits[tid]
        codes = self._codes[tid]
        frontier = state.board.frontier
        out: list[Place] = []
        for key in sorted(frontier):
            sig = frontier[key]
            quarters = fits.get(sig)
            if quarters is None:
                mask, edges = sig >> 8, sig & 255
                quarters = fits[sig] = tuple(q for q in range(4) if codes[q] & mask == edges)
            for quarter in quarters:
                out.append(_PLACES.get(key * 4 + quarter) or _place_value(key, quarter))
        return out

    def has_placement(self, state: TileState, tid: str) -> bool:
        """True if tile ``tid`` fits somewhere on the board."""
        codes = self._codes[tid]
        for sig in state.board.frontier.values():
            mask, edges = sig >> 8, sig & 255
            if any(code & mask == edges for code in codes):
                return True
        return False

    def piece_actions(self, state: TileState) -> list[Any]:
        """Pass, then the follower places of the tile just laid (subclasses add more)."""
        return [Pass()] + [Follower(name) for name in self.follower_spots(state)]

    def follower_spots(self, state: TileState) -> list[str]:
        """Names of the segments of the tile just laid where a follower may go."""
        if not state.supply[state.seat]:
            return []
        board = state.board
        rt, base = board.cells[board.order[-1]]
        spots = []
        for index, seg in enumerate(rt.segments):
            if seg.kind in self.follower_kinds and not board.fnodes[board.find(base + index)]:
                spots.append(seg.name)
        return spots

    # ----- handlers --------------------------------------------------------------------
    def _draw(self, state: TileState, action: Draw) -> None:
        tid = action.tile
        if tid not in self.types:
            raise IllegalActionError(f"unknown tile id {tid!r}")
        pile = state.pile
        if pile and pile[-1] == tid:
            pile.pop()
        else:
            for index in range(len(pile) - 1, -1, -1):
                if pile[index] == tid:
                    del pile[index]
                    break
            else:
                raise IllegalActionError(f"tile {tid}: all {self.types[tid].count} of this tile are already used")
        state.hand = tid
        state.phase = PLACE

    def _discard(self, state: TileState, action: Discard) -> None:
        tid = state.hand
        assert tid is not None
        if self.has_placement(state, tid):
            raise IllegalActionError(f"tile {tid} fits on the board, so it cannot be discarded")
        state.discards.append(tid)
        state.hand = None
        state.moves += 1
        if state.pile:
            state.phase = DRAW  # rules/ark.md: the same player draws again
        else:
            self._final(state)  # rules/ark.md: a last tile that fits nowhere ends the game

    def _place(self, state: TileState, action: Place) -> None:
        tid = state.hand
        assert tid is not None
        x, y = action.x, action.y
        board = state.board
        key = cell(x, y) if on_board(x, y) else None
        if key is not None and key in board.cells:
            raise IllegalActionError(f"({x}, {y}) already holds a tile")
        if key is None or key not in board.frontier:
            raise IllegalActionError(f"tile {tid} at ({x}, {y}) touches no placed tile")
        rt = self.types[tid].rotations[action.rotation // 90]
        if not board.fits(key, rt):
            raise IllegalActionError(self._mismatch(state, key, rt))
        board.place(key, rt)
        state.hand = None
        state.phase = ACTION
        state.pending = (board.completed_at(key), self.special_completions(state, key))

    def _mismatch(self, state: TileState, key: int, rt: Any) -> str:
        x, y = coords(key)
        for side in range(4):
            other = state.board.cells.get(key + DELTA[side])
            if other is not None and other[0].edge((side + 2) & 3) != rt.edge(side):
                ox, oy = coords(key + DELTA[side])
                return (f"tile {rt.tile} at ({x}, {y}) rotation {rt.rotation * 90}: its {SIDES[side]} side "
                        f"({EDGE_NAMES[rt.edge(side)]}) does not match the "
                        f"{EDGE_NAMES[other[0].edge((side + 2) & 3)]} of the tile at ({ox}, {oy})")
        return f"tile {rt.tile} does not fit at ({x}, {y})"

    def _segment_at(self, state: TileState, at: str) -> tuple[int, int]:
        """(segment kind, node) named ``at`` on the tile just laid."""
        board = state.board
        key = board.order[-1]
        rt, base = board.cells[key]
        index = rt.names.get(at)
        if index is None:
            x, y = coords(key)
            raise IllegalActionError(f"the tile just laid at ({x}, {y}) has no city, road or field at {at!r}")
        return rt.segments[index].kind, base + index

    def _add_piece(self, state: TileState, at: str, prophet: bool) -> None:
        kind, node = self._segment_at(state, at)
        board = state.board
        root = board.find(node)
        if board.fnodes[root]:
            raise IllegalActionError(f"that {KIND_NAMES[kind]} already has a follower")
        state.followers[node] = (state.seat, prophet)
        nodes = board.fnodes[root]
        if nodes is None:
            board.fnodes[root] = [node]
        else:
            nodes.append(node)

    def _follower(self, state: TileState, action: Follower) -> None:
        kind, _ = self._segment_at(state, action.at)
        if kind not in self.follower_kinds:
            raise IllegalActionError(f"a follower cannot go on a {KIND_NAMES[kind]}")
        if not state.supply[state.seat]:
            raise IllegalActionError("you have no followers left")
        self._add_piece(state, action.at, False)
        state.supply[state.seat] -= 1
        self._after_action(state)

    def _pass(self, state: TileState, action: Pass) -> None:
        self._after_action(state)

    def _prophet(self, state: TileState, action: Prophet) -> None:
        raise IllegalActionError(f"there is no Prophet in {self.name}")

    def _move_ark(self, state: TileState, action: MoveArk) -> None:
        raise IllegalActionError(f"there is no Ark in {self.name}")

    def _place_ark(self, state: TileState, action: PlaceArk) -> None:
        raise IllegalActionError(f"there is no Ark in {self.name}")

    def _wrong_phase(self, state: TileState, action: Any) -> str:
        if state.phase == OVER:
            return "the game is over"
        return {DRAW: "a tile must be drawn first", PLACE: "the tile in hand must be laid first",
                ACTION: "the tile is laid: choose a follower, another action, or pass",
                ARK: "the Ark must be put on the completed city first"}[state.phase]

    # ----- turn flow and scoring ---------------------------------------------------------
    def _after_action(self, state: TileState) -> None:
        self.score_completed(state)
        self._end_turn(state)

    def _end_turn(self, state: TileState) -> None:
        state.moves += 1
        state.pending = ([], [])
        if not state.pile:
            self._final(state)
            return
        state.seat = self._next_seat(state)
        state.phase = DRAW

    def _next_seat(self, state: TileState) -> int:
        seat = state.seat
        for _ in range(state.players):
            seat = (seat + 1) % state.players
            if state.active[seat]:
                return seat
        return state.seat

    def _final(self, state: TileState) -> None:
        state.pending = ([], [])
        self.final_scoring(state)
        state.phase = OVER

    def majority(self, state: TileState, nodes: list[int]) -> list[int]:
        """Seats with the most pieces among ``nodes`` (a Prophet counts as one follower)."""
        counts = [0] * state.players
        followers = state.followers
        for node in nodes:
            counts[followers[node][0]] += 1
        best = max(counts)
        return [seat for seat, n in enumerate(counts) if n == best] if best else []

    def award(self, state: TileState, points: list[int], feature: str, cells: list[int], final: bool) -> None:
        """Add ``points`` (per seat) to the scores and log the scoring event."""
        for seat, value in enumerate(points):
            state.scores[seat] += value
        state.events.append({"turn": state.moves + 1, "feature": feature, "points": points,
                             "tiles": [list(coords(k)) for k in sorted(cells)], "final": final})

    def return_pieces(self, state: TileState, root: int) -> None:
        """Followers of a feature go back to supply; a Prophet leaves the game."""
        board = state.board
        for node in board.fnodes[root] or ():
            seat, prophet = state.followers.pop(node)
            if not prophet:
                state.supply[seat] += 1
        board.fnodes[root] = None

    def score_feature(self, state: TileState, root: int, final: bool) -> None:
        """Score a road or city to its majority and return its pieces (complete unless ``final``)."""
        board = state.board
        nodes = board.fnodes[root]
        if not nodes:
            return
        tiles = board.tiles[root]
        assert tiles is not None
        kind = board.kind[root]
        value = len(tiles) + board.value[root]  # 1 per tile + 1 per scroll, pennant or oasis
        if kind == CITY and not final:
            value *= 2  # a completed city: 2 per tile and 2 per scroll or pennant
        points = [0] * state.players
        winners = self.majority(state, nodes)
        for seat in winners:
            points[seat] = value
        if kind == CITY and not final:
            for node in nodes:  # rules/ark.md: the Prophet's owner, in the majority, scores double
                seat, prophet = state.followers[node]
                if prophet and seat in winners:
                    points[seat] = 2 * value
        self.award(state, points, KIND_NAMES[kind], list(tiles), final)
        self.return_pieces(state, root)

    def score_completed(self, state: TileState) -> None:
        """Score what the tile just laid completed: roads and cities, then the game's own features."""
        for root in state.pending[0]:
            self.score_feature(state, root, final=False)
        self.score_special(state, state.pending[1])

    def open_features(self, state: TileState, kinds: tuple[int, ...]) -> list[int]:
        """Roots of the features of the given kinds that hold pieces, in placement order."""
        board = state.board
        roots: list[int] = []
        seen: set[int] = set()
        for node in sorted(state.followers):
            root = board.find(node)
            if board.kind[root] in kinds and root not in seen:
                seen.add(root)
                roots.append(root)
        return roots

    def score_open_roads_and_cities(self, state: TileState) -> None:
        """End of game: incomplete roads and cities score to their majority; pieces come off."""
        for root in self.open_features(state, (ROAD, CITY)):
            self.score_feature(state, root, final=True)

    # ----- game-specific hooks ---------------------------------------------------------
    def special_completions(self, state: TileState, key: int) -> list[int]:
        """What laying at ``key`` completed besides roads and cities (temples, cloisters)."""
        return []

    def score_special(self, state: TileState, done: list[int]) -> None:
        """Score the completions found by ``special_completions``."""

    def final_scoring(self, state: TileState) -> None:
        """The end-of-game scoring, in the game's order."""
        raise NotImplementedError
