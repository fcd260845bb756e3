"""WebSocket routes of the games app (included by arkproject/asgi.py)."""
from django.urls import path, re_path

from games.live import consumers

websocket_urlpatterns = [
    path("ws/games/<int:game_id>/", consumers.GameConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
    # any other path: the handshake is refused (403), not left to fail in the router (500)
    re_path(r"", consumers.NoSuchSocket.as_asgi()),
]
