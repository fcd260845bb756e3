"""The Ark of the Covenant (docs/rules/ark.md)."""
from .engine import ArkEngine

__all__ = ["ArkEngine"]
