"""What one seat (or a spectator) may see of a tile game: never the pile order or the seed."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Iterable, Optional

from .catalogue import CITY
from .geometry import cell, coords
from .state import ACTION, ARK, OVER, PLACE, TileState

if TYPE_CHECKING:
    from .engine import TileEngine


def breakdown(state: TileState) -> list[dict[str, int]]:
    """Per seat, points by feature (``"city"``, ``"ark"``, ...), from the scoring events."""
    out: list[dict[str, int]] = [{} for _ in range(state.players)]
    for event in state.events:
        for seat, points in enumerate(event["points"]):
            if points:
                out[seat][event["feature"]] = out[seat].get(event["feature"], 0) + points
    return out


def legal_placements(engine: "TileEngine", state: TileState) -> list[dict[str, Any]]:
    """Each legal placement of the tile in hand with the follower, Prophet and Ark choices it opens."""
    board = state.board
    tid = state.hand
    assert tid is not None
    seat = state.seat
    has_follower = state.supply[seat] > 0
    has_prophet = state.prophets[seat]
    needs_ark = engine.has_ark and not state.first_city
    out = []
    for place in engine.placements(state):
        key = cell(place.x, place.y)
        rt = engine.types[tid].rotations[place.rotation // 90]
        preview = board.preview(key, rt)
        followers: list[str] = []
        prophet: list[str] = []
        ark_cells: set[int] = set()
        for seg, (occupied, completes, roots) in zip(rt.segments, preview):
            if not occupied and has_follower and seg.kind in engine.follower_kinds:
                followers.append(seg.name)
            if not occupied and has_prophet and seg.kind == CITY:
                prophet.append(seg.name)
            if needs_ark and completes and seg.kind == CITY:
                ark_cells.add(key)
                for root in roots:
                    ark_cells |= board.tiles[root] or set()
        out.append({"x": place.x, "y": place.y, "rotation": place.rotation, "followers": followers,
                    "prophet": prophet, "ark_at": [list(coords(k)) for k in sorted(ark_cells)]})
    return out


def view(engine: "TileEngine", state: TileState, seat: Optional[int]) -> dict[str, Any]:
    """The JSON-ready view of ``state`` for ``seat`` (``None``: a spectator)."""
    return views(engine, state, [seat])[seat]


def views(engine: "TileEngine", state: TileState,
          seats: Iterable[Optional[int]]) -> dict[Optional[int], dict[str, Any]]:
    """The view of ``state`` for each of ``seats`` (``None``: a spectator), as :func:`view` makes them.

    What every audience sees alike (the board, followers, scores, events...) is built once and shared by the
    views (read-only: they are encoded, not changed); only the tile in hand, its legal placements, the
    choices open and the tiles that may remain differ from seat to seat.
    """
    board = state.board
    over = state.phase == OVER
    tiles = []
    for key in board.order:
        rt, _ = board.cells[key]
        x, y = coords(key)
        tiles.append({"tile": rt.tile, "x": x, "y": y, "rotation": rt.rotation * 90})
    followers = []
    for node in sorted(state.followers):
        owner, prophet = state.followers[node]
        key = board.nkey[node]
        rt, base = board.cells[key]
        x, y = coords(key)
        followers.append({"x": x, "y": y, "at": rt.segments[node - base].name, "seat": owner,
                          "kind": "prophet" if prophet else "follower"})
    supply: list[dict[str, Any]] = []
    for s in range(state.players):
        entry: dict[str, Any] = {"followers": state.supply[s]}
        if engine.has_prophet:
            entry["prophet"] = state.prophets[s]
        supply.append(entry)
    shared = {
        "game": engine.name, "players": state.players, "phase": state.phase, "turn": state.moves + 1,
        "current_seat": None if over else state.seat, "your_seat": None,
        "board": tiles, "followers": followers, "scores": list(state.scores), "breakdown": breakdown(state),
        "supply": supply, "ark": list(coords(state.ark)) if state.ark is not None else None,
        "tiles_left": len(state.pile), "remaining": None,
        "tile": None, "legal": [], "options": [], "discards": list(state.discards),
        "events": [dict(e) for e in state.events], "active": list(state.active),
        "finished": over, "winners": engine.winners(state),
    }
    remaining: dict[bool, dict[str, int]] = {}  # by "sees the tile in hand"

    def remaining_for(sees_hand: bool) -> dict[str, int]:
        if sees_hand not in remaining:
            counts = Counter(state.pile)
            if state.hand is not None and not sees_hand:
                counts[state.hand] += 1  # others have not seen the tile in hand: it may be any of these
            remaining[sees_hand] = dict(sorted(counts.items()))
        return remaining[sees_hand]

    out: dict[Optional[int], dict[str, Any]] = {}
    for seat in seats:
        mover = seat is not None and seat == state.seat and not over
        hand = state.hand if mover else None
        one = dict(shared)
        one["your_seat"] = seat
        one["remaining"] = remaining_for(hand is not None)
        one["tile"] = hand
        one["legal"] = legal_placements(engine, state) if mover and state.phase == PLACE and hand is not None else []
        one["options"] = ([a.to_dict() for a in engine.legal_actions(state)] if mover and state.phase in (ACTION, ARK)
                          else [])
        out[seat] = one
    return out
