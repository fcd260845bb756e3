"""Hooks sent after a chat change has committed (the live part pushes it to the game's sockets)."""
from django.dispatch import Signal

#: Sent with ``message_id`` after a message was written.
chat_posted = Signal()

#: Sent with ``game_id`` and ``message_id`` after a moderator hid a message.
chat_hidden = Signal()
