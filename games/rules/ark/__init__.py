"""The Ark of the Covenant (rules/ark.md)."""
from .engine import ArkEngine

__all__ = ["ArkEngine"]
