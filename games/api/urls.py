from django.urls import path

from games.api import views

urlpatterns = [
    path("games/", views.GameListCreateView.as_view(), name="api-games"),
    path("games/<int:game_id>/", views.GameDetailView.as_view(), name="api-game"),
    path("games/<int:game_id>/join/", views.GameJoinView.as_view(), name="api-game-join"),
    path("games/<int:game_id>/resign/", views.GameResignView.as_view(), name="api-game-resign"),
    path("games/<int:game_id>/turns/", views.TurnSubmitView.as_view(), name="api-game-turns"),
    path("games/<int:game_id>/steps/", views.StepSubmitView.as_view(), name="api-game-steps"),
    path("games/<int:game_id>/undo/", views.UndoView.as_view(), name="api-game-undo"),
    path("games/<int:game_id>/moves/", views.MoveListView.as_view(), name="api-game-moves"),
    path("games/<int:game_id>/position/", views.PositionView.as_view(), name="api-game-position"),
    path("games/<int:game_id>/record/", views.RecordView.as_view(), name="api-game-record"),
]
