"""Hooks sent after a game's change has committed: broadcasting and notifications connect here."""
from django.dispatch import Signal

#: Sent with ``game_id``, ``version`` and ``kind`` (a Move kind, "join" or "start") after commit.
game_updated = Signal()

#: Sent with ``user_id`` after a suspension has committed: the live part closes that user's sockets.
account_suspended = Signal()

#: Sent with ``user_id`` after a change that may end some of the user's sessions has committed (a new password,
#: a log-out): each of that user's sockets checks its own session and closes if it is no longer valid.
account_sessions_changed = Signal()
