from django.urls import path

from . import api

urlpatterns = [
    path("games/", api.GameListCreateView.as_view(), name="api-games"),
    path("games/<int:game_id>/", api.GameDetailView.as_view(), name="api-game"),
    path("games/<int:game_id>/join/", api.GameJoinView.as_view(), name="api-game-join"),
    path("games/<int:game_id>/resign/", api.GameResignView.as_view(), name="api-game-resign"),
    path("games/<int:game_id>/turns/", api.TurnSubmitView.as_view(), name="api-game-turns"),
    path("games/<int:game_id>/moves/", api.MoveListView.as_view(), name="api-game-moves"),
    path("games/<int:game_id>/record/", api.RecordView.as_view(), name="api-game-record"),
]
