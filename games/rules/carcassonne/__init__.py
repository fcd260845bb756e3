"""Carcassonne, base game (rules/carcassonne.md)."""
from .engine import CarcassonneEngine

__all__ = ["CarcassonneEngine"]
