"""Rules engines: pure Python, no Django. ``engine("ark")`` returns the engine of a game."""
from __future__ import annotations

from typing import Callable

from .base import CHANCE, TERMINAL, Engine, IllegalActionError, InvalidActionError, RulesError

_FACTORIES: dict[str, Callable[[], Engine]] = {}
_ENGINES: dict[str, Engine] = {}


def register(name: str, factory: Callable[[], Engine]) -> None:
    """Make a game available under ``name``."""
    _FACTORIES[name] = factory


def engine(name: str) -> Engine:
    """The engine of game ``name`` (one shared, stateless instance); ``KeyError`` if unknown."""
    found = _ENGINES.get(name)
    if found is None:
        if name not in _FACTORIES:
            raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(_FACTORIES))}")
        found = _ENGINES[name] = _FACTORIES[name]()
    return found


def games() -> list[str]:
    """Names of the registered games."""
    return sorted(_FACTORIES)


def _ark() -> Engine:
    from .ark import ArkEngine
    return ArkEngine()


def _carcassonne() -> Engine:
    from .carcassonne import CarcassonneEngine
    return CarcassonneEngine()


register("ark", _ark)
register("carcassonne", _carcassonne)

__all__ = ["CHANCE", "TERMINAL", "Engine", "IllegalActionError", "InvalidActionError", "RulesError",
           "engine", "games", "register"]
