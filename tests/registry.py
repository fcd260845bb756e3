"""The registry's games by what they are, for tests of a shared machinery (never lists of games typed by hand)."""
from __future__ import annotations

from games.rules import engine, games
from games.rules.tiles.engine import TileEngine


def tile_games() -> list[str]:
    """The registered games played with the tile machinery (games/rules/tiles/)."""
    return [name for name in games() if isinstance(engine(name), TileEngine)]
