"""Finding keys that must never reach a client (the seed, the pile, the engine state) in JSON values."""
from __future__ import annotations

from typing import Any, Collection


def keys_in(data: Any, keys: Collection[str], path: str = "$") -> list[str]:
    """Paths of every key of ``keys`` anywhere in a JSON value."""
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key in keys:
                found.append(f"{path}.{key}")
            found += keys_in(value, keys, f"{path}.{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += keys_in(value, keys, f"{path}[{index}]")
    return found
