"""Hooks sent after a rematch offer changed and committed (the live part tells the game's sockets)."""
from django.dispatch import Signal

#: Sent with ``game_id`` (the finished game) and ``offer_id``.
rematch_changed = Signal()
