"""The shared engine of the tile-laying games: draw, lay, one action, score.

The Ark of the Covenant and Carcassonne subclass ``TileEngine`` and add their own pieces, phases and scoring
(``games/rules/ark``, ``games/rules/carcassonne``); nothing of either lives here.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable, ClassVar, Generic, Iterable, Mapping, Optional, Sequence, TypeVar, cast

from ..base import CHANCE, TERMINAL, Engine, IllegalActionError, InvalidActionError, JSONDict, Seed
from ..words import Words, text
from . import evaluate as evaluate_mod
from . import record, sample, serial, words
from . import view as view_mod
from .actions import PIECE_ACTIONS, Discard, Draw, Follower, Parser, Pass, Place, parse_action
from .catalogue import CITY, EDGE_NAMES, KIND_NAMES, ROAD, Icons, RotatedTile, TileType, load_catalogue
from .geometry import DELTA, SIDES, cell, coords, on_board
from .state import ACTION, DRAW, FOLLOWER, OVER, PLACE, TileState
from .words import EDGE_WORDS, NO_FOLLOWER_WORDS, TAKEN_WORDS

FOLLOWERS_PER_PLAYER = 7  # docs/rules/ark.md and docs/rules/carcassonne.md: 7 in supply
_PLACES: dict[int, Place] = {}  # (key * 4 + quarter turns) -> its Place value, shared by all games

S = TypeVar("S", bound=TileState)


def _place_value(key: int, quarter: int) -> Place:
    index = key * 4 + quarter
    found = _PLACES.get(index)
    if found is None:
        x, y = coords(key)
        found = _PLACES[index] = Place(x, y, quarter * 90)
    return found


class TileEngine(Engine[S, Any], Generic[S]):
    """Rules common to the tile-laying games; subclasses set the catalogue, pieces, phases and scoring."""

    catalogue_file: ClassVar[Path]
    icons: ClassVar[Icons] = Icons()
    follower_kinds: ClassVar[frozenset[int]] = frozenset()
    draws_alike = True  # the hidden pile's order changes no value of a line of the turn (tests/rules/test_bots.py)
    state_class: ClassVar[type[TileState]] = TileState
    #: A game's own action types: their parsers, and the phase each is played in.
    action_parsers: ClassVar[Mapping[str, Parser]] = {}
    #: The action types a record turn's ``action`` may be.
    piece_action_types: ClassVar[tuple[type, ...]] = PIECE_ACTIONS
    #: A record turn's keys besides tile, placement and action (the Ark's ``ark_at``).
    entry_extra_keys: ClassVar[tuple[str, ...]] = ()
    #: A game's own phases of a turn (the Ark's).
    own_phases: ClassVar[tuple[str, ...]] = ()
    whole_turns = True
    max_players = 5

    def __init__(self) -> None:
        self.types: dict[str, TileType] = load_catalogue(self.catalogue_file, self.icons)
        self.start = next(t for t in self.types.values() if t.start)
        pile = [t.id for t in self.types.values() for _ in range(t.count)]
        pile.remove(self.start.id)
        self.full_pile = sorted(pile)
        self._fits: dict[str, dict[int, tuple[int, ...]]] = {tid: {} for tid in self.types}
        self._codes = {tid: tuple(rt.code for rt in t.rotations) for tid, t in self.types.items()}
        self.handlers: dict[type, tuple[str, Callable[[Any, Any], None]]] = {
            Draw: (DRAW, self._draw), Discard: (PLACE, self._discard), Place: (PLACE, self._place),
            Follower: (ACTION, self._follower), Pass: (ACTION, self._pass),
        }

    # ----- set-up and the flow of play ---------------------------------------------------
    def new_game(self, players: int, options: Mapping[str, Any], seed: Seed) -> S:
        """The start tile laid, the other tiles shuffled from the seed's own stream for the pile."""
        self.check_players(players)
        if not isinstance(seed, (int, str)) or isinstance(seed, bool):
            raise InvalidActionError("the seed must be a whole number or a string")
        pile = list(self.full_pile)
        random.Random(f"pile:{seed}").shuffle(pile)
        state: S = self.state_class(players, seed, pile)  # type: ignore[assignment]
        state.supply = [FOLLOWERS_PER_PLAYER] * players
        self.set_up(state)
        state.board.place(cell(0, 0), self.start.rotations[0])
        return state

    def set_up(self, state: S) -> None:
        """A game's own pieces at the start (the Ark's Prophets)."""

    def current_player(self, state: S) -> int:
        if state.phase == OVER:
            return TERMINAL
        if state.phase == DRAW:
            return CHANCE
        if state.phase == PLACE and state.hand is not None and not self.has_placement(state, state.hand):
            return CHANCE  # rules: a tile that fits nowhere is set aside; nobody chooses that
        return state.seat

    def turn_number(self, state: S) -> int:
        return state.moves

    def is_over(self, state: S) -> bool:
        return state.phase == OVER

    def scores(self, state: S) -> list[int]:
        return list(state.scores)

    def events(self, state: S) -> Sequence[Mapping[str, Any]]:
        return state.events

    def active(self, state: S) -> list[bool]:
        return list(state.active)

    def sample_chance(self, state: S) -> Any:
        """The draw the seeded pile dictates (its top tile), or the discard of a tile that fits nowhere."""
        if state.phase == DRAW:
            return Draw(state.pile[-1])
        if self.current_player(state) == CHANCE:
            return Discard()
        raise IllegalActionError(Words("nothing is to be drawn now"))

    def parse_action(self, data: Any) -> Any:
        return parse_action(data, self.action_parsers)

    def legal_actions(self, state: S) -> list[Any]:
        """The legal actions now, in a fixed order."""
        if state.phase == DRAW:
            return [Draw(tile) for tile in sorted(set(state.pile))]
        if state.phase == PLACE:
            return self.placements(state) or [Discard()]
        if state.phase == ACTION:
            return self.piece_actions(state)
        return self.phase_actions(state)

    def phase_actions(self, state: S) -> list[Any]:
        """The legal actions of a game's own phases."""
        return []

    def apply(self, state: S, action: Any) -> S:
        """A new state after ``action``; ``state`` itself is not changed."""
        new = state.copy()
        self.push(new, action)
        return new

    def push(self, state: S, action: Any) -> None:
        """Apply ``action`` to ``state`` in place (for bots); on error ``state`` is unchanged."""
        found = self.handlers.get(type(action))
        if found is None:
            raise InvalidActionError(f"not an action of {self.title}: {action!r}")
        phase, handler = found
        if state.phase != phase:
            raise IllegalActionError(self.wrong_phase(state, action))
        handler(state, action)

    def wrong_phase(self, state: S, action: Any = None) -> Words:
        """Why ``action`` (of another phase) is refused now."""
        return {OVER: Words("the game is over"), DRAW: Words("a tile must be drawn first"),
                PLACE: Words("the tile in hand must be laid first"),
                ACTION: Words("the tile is laid: choose a follower, another action, or pass")}.get(
            state.phase, Words("that is not what is to be done now"))

    # ----- views, words, records, bots ---------------------------------------------------
    def view(self, state: S, seat: Optional[int]) -> JSONDict:
        return view_mod.views(self, state, [seat])[seat]

    def views(self, state: S, seats: Iterable[Optional[int]]) -> dict[Optional[int], JSONDict]:
        return view_mod.views(self, state, seats)

    def board_data(self) -> JSONDict:
        """The catalogue, as the board draws tiles from it."""
        return {"tiles": [t.data for t in self.types.values()], "icons": {
            "city": self.icons.city, "road": self.icons.road, "field": list(self.icons.field),
            "centers": list(self.icons.centers)}}

    def state_to_dict(self, state: S) -> JSONDict:
        return serial.state_to_dict(self, state)

    def state_from_dict(self, data: Mapping[str, Any]) -> S:
        state: S = serial.state_from_dict(self, data)
        return state

    def sample_state(self, view: Mapping[str, Any], seat: int, rng: random.Random) -> S:
        state: S = sample.sample_state(self, view, seat, rng)
        return state

    def entry_actions(self, state: S, entry: Any) -> list[Any]:
        return record.entry_actions(self, state, entry)

    def entry_record(self, state: Optional[S], actions: Sequence[Any]) -> JSONDict:
        return record.entry_record(self, actions)

    def turn_actions(self, state: S, data: Any) -> list[Any]:
        return record.turn_actions(self, state, data)

    def entry_unfinished(self, state: S) -> str:
        return record.unfinished(self, state)

    def describe_action(self, action: Mapping[str, Any]) -> str:
        return words.describe_action(self, action)

    def describe_entry(self, entry: Mapping[str, Any]) -> str:
        return words.describe_entry(self, entry)

    def public_step(self, step: Mapping[str, Any]) -> bool:
        """Every step is seen by all once its turn is over: a tile drawn is laid (or shown and discarded)."""
        return True

    def public_entry(self, entry: Mapping[str, Any]) -> bool:
        return True

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> str:
        return words.describe_event(event, names)

    def describe_position(self, view: Mapping[str, Any]) -> str:
        return words.describe_position(self, view)

    def evaluate(self, state: S, seat: int) -> float:
        return evaluate_mod.evaluate(self, state, seat)

    def feature_bonus(self, state: S, root: int, seat: int, expected: float, chance: float) -> float:
        """What an open road or city whose majority ``seat`` holds may bring it (``expected``: its points
        weighed by ``chance``, the chance it completes); a game may add its own (the Ark's Prophet)."""
        return expected

    def add_worths(self, state: S, worths: list[float]) -> None:
        """Add to each seat's worth what the game's own features may bring (temples, cloisters, fields)."""

    def timeout_action(self, state: S, rng: random.Random) -> Any:
        """A random legal placement, then no piece (rules: the server plays for an absent player)."""
        if state.phase == PLACE:
            return rng.choice(self.legal_actions(state))
        if state.phase == ACTION:
            return Pass()
        return rng.choice(self.legal_actions(state))

    # ----- settling and seats leaving (for the site) --------------------------------------
    def settle(self, state: S) -> S:
        """Final scoring now: the turn in progress ends where it stands (a tile in hand goes back)."""
        if state.phase == OVER:
            raise IllegalActionError(Words("the game is over"))
        new = state.copy()
        self.end_turn_now(new)
        if new.phase != OVER:
            self._final(new)
        return new

    def remove_seat(self, state: S, seat: int) -> S:
        """Skip ``seat`` from now on; its pieces stay and its score stands."""
        if not 0 <= seat < state.players or not state.active[seat]:
            raise IllegalActionError(Words("seat {seat} is not playing", seat=seat))
        new = state.copy()
        new.active[seat] = False
        if new.phase != OVER and new.seat == seat:
            self.end_turn_now(new)
            if new.phase == DRAW and not new.active[new.seat]:
                new.seat = self._next_seat(new)
        if new.phase != OVER and sum(new.active) < 2:
            self._final(new)  # rules: a game left with one player ends
        return new

    def end_turn_now(self, state: S) -> None:
        """End the turn in progress where it stands: a tile in hand goes back on the pile; a tile laid is
        followed by no piece."""
        if state.phase == PLACE and state.hand is not None:
            state.pile.append(state.hand)
            state.hand = None
            state.phase = DRAW
            state.seat = self._next_seat(state)
        elif state.phase == ACTION:
            self.push(state, Pass())

    # ----- placements ------------------------------------------------------------------
    def placements(self, state: S) -> list[Place]:
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

    def has_placement(self, state: S, tid: str) -> bool:
        """True if tile ``tid`` fits somewhere on the board."""
        codes = self._codes[tid]
        for sig in state.board.frontier.values():
            mask, edges = sig >> 8, sig & 255
            if any(code & mask == edges for code in codes):
                return True
        return False

    def piece_actions(self, state: S) -> list[Any]:
        """Pass, then the follower places of the tile just laid (subclasses add more)."""
        return [Pass()] + [Follower(name) for name in self.follower_spots(state)]

    def follower_spots(self, state: S) -> list[str]:
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
    def _draw(self, state: S, action: Draw) -> None:
        tid = action.tile
        if tid not in self.types:
            raise IllegalActionError(Words("unknown tile id {tid}", tid=repr(tid)))
        pile = state.pile
        if pile and pile[-1] == tid:
            pile.pop()
        else:
            for index in range(len(pile) - 1, -1, -1):
                if pile[index] == tid:
                    del pile[index]
                    break
            else:
                raise IllegalActionError(Words("tile {tid}: all {count} of this tile are already used",
                                               tid=tid, count=self.types[tid].count))
        state.hand = tid
        state.phase = PLACE

    def _discard(self, state: S, action: Discard) -> None:
        tid = state.hand
        assert tid is not None
        if self.has_placement(state, tid):
            raise IllegalActionError(Words("tile {tid} fits on the board, so it cannot be discarded", tid=tid))
        state.discards.append(tid)
        state.hand = None
        state.moves += 1
        if state.pile:
            state.phase = DRAW  # docs/rules/ark.md: the same player draws again
        else:
            self._final(state)  # docs/rules/ark.md: a last tile that fits nowhere ends the game

    def _place(self, state: S, action: Place) -> None:
        tid = state.hand
        assert tid is not None
        x, y = action.x, action.y
        board = state.board
        key = cell(x, y) if on_board(x, y) else None
        if key is not None and key in board.cells:
            raise IllegalActionError(Words("({x}, {y}) already holds a tile", x=x, y=y))
        if key is None or key not in board.frontier:
            raise IllegalActionError(Words("tile {tid} at ({x}, {y}) touches no placed tile", tid=tid, x=x, y=y))
        rt = self.types[tid].rotations[action.rotation // 90]
        if not board.fits(key, rt):
            raise IllegalActionError(self._mismatch(state, key, rt))
        board.place(key, rt)
        state.hand = None
        state.phase = ACTION
        state.pending = (board.completed_at(key), self.special_completions(state, key))

    def _mismatch(self, state: S, key: int, rt: RotatedTile) -> Words:
        x, y = coords(key)
        for side in range(4):
            other = state.board.cells.get(key + DELTA[side])
            if other is not None and other[0].edge((side + 2) & 3) != rt.edge(side):
                ox, oy = coords(key + DELTA[side])
                return Words("tile {tile} at ({x}, {y}) rotation {rotation}: its {side} side ({edge}) does not match "
                             "the {other} of the tile at ({ox}, {oy})", tile=rt.tile, x=x, y=y,
                             rotation=rt.rotation * 90, side=SIDES[side], edge=EDGE_WORDS[EDGE_NAMES[rt.edge(side)]],
                             other=EDGE_WORDS[EDGE_NAMES[other[0].edge((side + 2) & 3)]], ox=ox, oy=oy)
        return Words("tile {tile} does not fit at ({x}, {y})", tile=rt.tile, x=x, y=y)

    def segment_at(self, state: S, at: str) -> tuple[int, int]:
        """(segment kind, node) named ``at`` on the tile just laid."""
        board = state.board
        key = board.order[-1]
        rt, base = board.cells[key]
        index = rt.names.get(at)
        if index is None:
            x, y = coords(key)
            raise IllegalActionError(Words("the tile just laid at ({x}, {y}) has no city, road or field at {at}",
                                           x=x, y=y, at=repr(at)))
        return rt.segments[index].kind, base + index

    def add_piece(self, state: S, at: str, piece: str) -> None:
        """Put ``piece`` of the seat to move on the segment ``at`` of the tile just laid, if its feature is free."""
        kind, node = self.segment_at(state, at)
        board = state.board
        root = board.find(node)
        if board.fnodes[root]:
            raise IllegalActionError(TAKEN_WORDS[KIND_NAMES[kind]])
        state.followers[node] = (state.seat, piece)
        board.fnodes[root] = [node]  # a new list: copies of the board share the old one (``Board.copy``)

    def _follower(self, state: S, action: Follower) -> None:
        kind, _ = self.segment_at(state, action.at)
        if kind not in self.follower_kinds:
            raise IllegalActionError(NO_FOLLOWER_WORDS[KIND_NAMES[kind]])
        if not state.supply[state.seat]:
            raise IllegalActionError(Words("you have no followers left"))
        self.add_piece(state, action.at, FOLLOWER)
        state.supply[state.seat] -= 1
        self.after_action(state)

    def _pass(self, state: S, action: Pass) -> None:
        self.after_action(state)

    # ----- turn flow and scoring ---------------------------------------------------------
    def after_action(self, state: S) -> None:
        """After the turn's action: score what the tile completed, and end the turn (a game may go on)."""
        self.score_completed(state)
        self.end_turn(state)

    def end_turn(self, state: S) -> None:
        state.moves += 1
        state.pending = ([], [])
        if not state.pile:
            self._final(state)
            return
        state.seat = self._next_seat(state)
        state.phase = DRAW

    def _next_seat(self, state: S) -> int:
        seat = state.seat
        for _ in range(state.players):
            seat = (seat + 1) % state.players
            if state.active[seat]:
                return seat
        return state.seat

    def _final(self, state: S) -> None:
        state.pending = ([], [])
        state.hand = None
        self.final_scoring(state)
        state.phase = OVER

    def majority(self, state: S, nodes: list[int]) -> list[int]:
        """Seats with the most pieces among ``nodes`` (every piece counts one)."""
        counts = [0] * state.players
        followers = state.followers
        for node in nodes:
            counts[followers[node][0]] += 1
        best = max(counts)
        return [seat for seat, n in enumerate(counts) if n == best] if best else []

    def award(self, state: S, points: list[int], feature: str, cells: list[int], final: bool,
              detail: Optional[JSONDict] = None, nodes: Sequence[int] = ()) -> None:
        """Add ``points`` (per seat) to the scores and log the scoring event (``detail``: what the feature's
        value was made of, for the page's breakdown: tiles, bonus icons, sheep and wolves...; ``nodes``: the
        pieces that scored it, shown with it on the page even once they are back in supply)."""
        for seat, value in enumerate(points):
            state.scores[seat] += value
        event: JSONDict = {"turn": state.moves + 1, "feature": feature, "points": points,
                           "tiles": [list(coords(k)) for k in sorted(cells)], "final": final}
        if detail:
            event["detail"] = detail
        if nodes:
            event["pieces"] = [self.piece_entry(state, node) for node in sorted(nodes)]
        state.events.append(event)

    def piece_entry(self, state: S, node: int) -> JSONDict:
        """A piece on the board as the views list it: its tile, its place name, its seat and kind."""
        board = state.board
        key = board.nkey[node]
        rt, base = board.cells[key]
        x, y = coords(key)
        owner, piece = state.followers[node]
        return {"x": x, "y": y, "at": rt.segments[node - base].name, "seat": owner, "kind": piece}

    def return_pieces(self, state: S, root: int) -> None:
        """The pieces on a feature come off: followers back to supply (a game's other pieces may not)."""
        board = state.board
        for node in board.fnodes[root] or ():
            seat, piece = state.followers.pop(node)
            if piece == FOLLOWER:
                state.supply[seat] += 1
        board.fnodes[root] = None

    def feature_points(self, state: S, kind: int, value: int, nodes: list[int], winners: list[int],
                       final: bool) -> list[int]:
        """Per seat, the points of a road or city worth ``value`` whose majority is ``winners``."""
        return [value if seat in winners else 0 for seat in range(state.players)]

    def score_feature(self, state: S, root: int, final: bool) -> None:
        """Score a road or city to its majority and return its pieces (complete unless ``final``)."""
        board = state.board
        nodes = board.fnodes[root]
        if not nodes:
            return
        tiles = board.tiles[root]
        assert tiles is not None
        kind = board.kind[root]
        value = len(tiles) + board.value[root]  # 1 per tile + 1 per bonus icon (scroll, pennant, oasis)
        if kind == CITY and not final:
            value *= 2  # a completed city: 2 per tile and 2 per icon
        points = self.feature_points(state, kind, value, nodes, self.majority(state, nodes), final)
        detail: JSONDict = {"tiles": len(tiles)}
        icon = self.icons.city if kind == CITY else self.icons.road if kind == ROAD else ""
        if icon and board.value[root]:
            detail[icon] = board.value[root]
        if kind == CITY and not final:
            detail["double"] = True
        self.award(state, points, KIND_NAMES[kind], list(tiles), final, detail, nodes)
        self.return_pieces(state, root)

    def score_completed(self, state: S) -> None:
        """Score what the tile just laid completed: roads and cities, then the game's own features."""
        for root in state.pending[0]:
            self.score_feature(state, root, final=False)
        self.score_special(state, state.pending[1])

    def open_features(self, state: S, kinds: tuple[int, ...]) -> list[int]:
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

    def score_open_roads_and_cities(self, state: S) -> None:
        """End of game: incomplete roads and cities score to their majority; pieces come off."""
        for root in self.open_features(state, (ROAD, CITY)):
            self.score_feature(state, root, final=True)

    # ----- game-specific hooks ---------------------------------------------------------
    def piece_action_names(self) -> str:
        """The types a record turn's action may have, in words: "follower or pass"."""
        names: list[str] = [cast(Any, t).type for t in self.piece_action_types]
        return Words("{first} or {last}", first=text(", ".join(names[:-1])), last=text(names[-1]))

    def entry_extra_actions(self, data: Mapping[str, Any]) -> list[Any]:
        """The actions of a record turn's own keys (``entry_extra_keys``), after its action."""
        return []

    def record_extra(self, out: JSONDict, action: Any) -> None:
        """Write a game's own action of a turn into the record turn ``out``."""
        raise InvalidActionError(f"{action!r} is not part of a {self.title} turn")

    def phase_unfinished(self, state: S) -> str:
        """Why a record turn that stops in a game's own phase is not complete."""
        return Words("the turn is not complete")

    def dump_extra(self, state: S) -> JSONDict:
        """A game's own fields of the state, stored beside the common ones."""
        return {}

    def load_extra(self, state: S, data: Mapping[str, Any]) -> None:
        """Read back what ``dump_extra`` stored."""

    def sample_extra(self, view: Mapping[str, Any]) -> JSONDict:
        """``dump_extra``'s fields as a view shows them (for ``sample_state``)."""
        return {}

    def option_entry(self, state: S, action: Any) -> JSONDict:
        """A legal action of the turn's action step as the views list it (a game may add a preview); a piece's
        place has its words (the log's naming)."""
        entry: JSONDict = action.to_dict()
        at = entry.get("at")
        if isinstance(at, str) and state.board.order:
            rt = state.board.cells[state.board.order[-1]][0]
            entry["words"] = words.spot_words(at, self.rotated_kind(rt, at))
        return entry

    def segment_kind(self, tile: str, rotation: Any, at: str) -> str:
        """What a place name of a tile laid ``rotation`` degrees is: "city", "road", "field", "cloister" ("")."""
        found = self.types.get(tile)
        if found is None or not isinstance(rotation, int) or rotation % 90:
            return ""
        return self.rotated_kind(found.rotations[(rotation // 90) % 4], at)

    @staticmethod
    def rotated_kind(rt: RotatedTile, at: str) -> str:
        index = rt.names.get(at)
        return KIND_NAMES[rt.segments[index].kind] if index is not None else ""

    def supply_entry(self, state: S, seat: int) -> JSONDict:
        """What ``seat`` has in supply, for the views."""
        return {"followers": state.supply[seat]}

    def shared_view_extra(self, state: S) -> JSONDict:
        """A game's own keys of every view (the Ark's position)."""
        return {}

    def placement_extra(self, state: S, entry: JSONDict, key: int, rt: RotatedTile,
                        preview: list[tuple[bool, bool, list[int]]]) -> None:
        """Add a game's own choices to a legal placement of the views (``preview``: per segment, occupied,
        completes, roots joined)."""

    def describe_own_action(self, action: Mapping[str, Any]) -> str:
        """A game's own action in words."""
        return text(action.get("type", "an action"))

    def describe_entry_extra(self, entry: Mapping[str, Any]) -> str:
        """Words for a record turn's own keys, appended to the turn's description."""
        return ""

    def special_completions(self, state: S, key: int) -> list[int]:
        """What laying at ``key`` completed besides roads and cities (temples, cloisters)."""
        return []

    def score_special(self, state: S, done: list[int]) -> None:
        """Score the completions found by ``special_completions``."""

    def final_scoring(self, state: S) -> None:
        """The end-of-game scoring, in the game's order."""
        raise NotImplementedError
