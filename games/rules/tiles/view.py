"""What one seat (or a spectator) may see of a tile game: never the pile order or the seed."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Iterable, Optional

from .geometry import cell, coords
from .state import OVER, PLACE, TileState
from .words import spot_words

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


def legal_placements(engine: "TileEngine[Any]", state: TileState) -> list[dict[str, Any]]:
    """Each legal placement of the tile in hand with the follower places it opens (and the game's own
    choices: the Ark's Prophet sides and Ark tiles)."""
    board = state.board
    tid = state.hand
    assert tid is not None
    has_follower = state.supply[state.seat] > 0
    out = []
    for place in engine.placements(state):
        key = cell(place.x, place.y)
        rt = engine.types[tid].rotations[place.rotation // 90]
        preview = board.preview(key, rt)
        followers = [seg.name for seg, (occupied, _, _) in zip(rt.segments, preview)
                     if not occupied and has_follower and seg.kind in engine.follower_kinds]
        entry: dict[str, Any] = {"x": place.x, "y": place.y, "rotation": place.rotation, "followers": followers}
        engine.placement_extra(state, entry, key, rt, preview)
        # every piece's place in words (the log's naming), so that the page names nothing itself
        entry["names"] = {at: spot_words(at, engine.rotated_kind(rt, at))
                          for at in [*followers, *entry.get("prophet", [])]}
        out.append(entry)
    return out


def views(engine: "TileEngine[Any]", state: TileState,
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
        owner, piece = state.followers[node]
        key = board.nkey[node]
        rt, base = board.cells[key]
        x, y = coords(key)
        followers.append({"x": x, "y": y, "at": rt.segments[node - base].name, "seat": owner, "kind": piece})
    supply = [engine.supply_entry(state, s) for s in range(state.players)]
    shared = {
        "game": engine.name, "players": state.players, "phase": state.phase, "turn": state.moves + 1,
        "current_seat": None if over else state.seat, "your_seat": None,
        "board": tiles, "followers": followers, "scores": list(state.scores), "breakdown": breakdown(state),
        "supply": supply, **engine.shared_view_extra(state),
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
        one["options"] = ([engine.option_entry(state, a) for a in engine.legal_actions(state)]
                          if mover and state.phase not in (PLACE, OVER) else [])
        out[seat] = one
    return out
