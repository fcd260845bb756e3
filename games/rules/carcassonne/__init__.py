"""Carcassonne, base game (docs/rules/carcassonne.md)."""
from .engine import CarcassonneEngine

__all__ = ["CarcassonneEngine"]
