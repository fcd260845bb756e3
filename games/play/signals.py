"""Hooks sent after a game's change has committed: broadcasting and notifications connect here."""
from django.dispatch import Signal

#: Sent with ``game_id``, ``version`` and ``kind`` (a Move kind, "join" or "start") after commit.
game_updated = Signal()

#: Sent with ``user_id`` after a suspension has committed: the live part closes that user's sockets.
account_suspended = Signal()
