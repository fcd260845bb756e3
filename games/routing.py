"""WebSocket routes of the games app (included by arkproject/asgi.py)."""
from django.urls import path

from . import consumers

websocket_urlpatterns = [
    path("ws/games/<int:game_id>/", consumers.GameConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
]
