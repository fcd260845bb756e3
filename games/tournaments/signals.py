"""Hooks sent after a tournament changed and committed."""
from django.dispatch import Signal

#: Sent with ``tournament_id`` after a tournament's change (a player joined or left, a round began, it ended).
tournament_changed = Signal()
