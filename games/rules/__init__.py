"""Rules engines: pure Python, no Django. The registry here is the one list of the site's games.

``engine("ark")`` returns a game's engine; ``games()`` the registered names; ``choices()`` the (name, title)
pairs that the models, forms, the API schema and the lobby read. A game registers a factory, so that its
module loads only when first used, and its title as ``Words`` (the English title, marked for the catalogues at
the registration: ``games.i18n.game_title`` says it in the reader's language, docs/i18n-games.md).
"""
from __future__ import annotations

from typing import Any, Callable

from .base import CHANCE, TERMINAL, Engine, IllegalActionError, InvalidActionError, Option, RulesError
from .words import Words

AnyEngine = Engine[Any, Any]
_FACTORIES: dict[str, tuple[Words, Callable[[], AnyEngine]]] = {}
_ENGINES: dict[str, AnyEngine] = {}


def register(name: str, title: Words, factory: Callable[[], AnyEngine]) -> None:
    """Make a game available under ``name`` (shown to players as ``title``, ``Words("...")`` written at the call
    so that the catalogues' extraction finds it and the site says it in the reader's language)."""
    if not isinstance(title, Words):
        raise TypeError(f"the title of {name!r} must be Words, to be translated: Words({title!r})")
    _FACTORIES[name] = (title, factory)
    _ENGINES.pop(name, None)


def unregister(name: str) -> None:
    """Take a game off the list (tests that register a game of their own)."""
    _FACTORIES.pop(name, None)
    _ENGINES.pop(name, None)


def engine(name: str) -> AnyEngine:
    """The engine of game ``name`` (one shared, stateless instance); ``KeyError`` if unknown."""
    found = _ENGINES.get(name)
    if found is None:
        if name not in _FACTORIES:
            raise KeyError(f"unknown game {name!r}; known: {', '.join(sorted(_FACTORIES))}")
        found = _ENGINES[name] = _FACTORIES[name][1]()
    return found


def games() -> list[str]:
    """Names of the registered games, in the order registered."""
    return list(_FACTORIES)


def choices() -> list[tuple[str, Words]]:
    """(name, title) of every registered game, for model and form choices (the title is its English text)."""
    return [(name, title) for name, (title, _) in _FACTORIES.items()]


def titles_in_words() -> str:
    """The registered games' titles as a sentence says them: "A, B, C and D"."""
    titles = [title for _, title in choices()]
    return " and ".join(filter(None, [", ".join(titles[:-1]), titles[-1] if titles else ""]))


def _ark() -> AnyEngine:
    from .ark import ArkEngine
    return ArkEngine()


def _carcassonne() -> AnyEngine:
    from .carcassonne import CarcassonneEngine
    return CarcassonneEngine()


def _iwari() -> AnyEngine:
    from .iwari import IwariEngine
    return IwariEngine()


def _tikal() -> AnyEngine:
    from .tikal import TikalEngine
    return TikalEngine()


register("ark", Words("The Ark of the Covenant"), _ark)
register("carcassonne", Words("Carcassonne"), _carcassonne)
register("iwari", Words("Iwari"), _iwari)
register("tikal", Words("Tikal"), _tikal)

__all__ = ["CHANCE", "TERMINAL", "AnyEngine", "Engine", "IllegalActionError", "InvalidActionError", "Option",
           "RulesError", "choices", "engine", "games", "register", "titles_in_words", "unregister"]
