from django.urls import path

from games.review import api

urlpatterns = [
    path("games/<int:game_id>/review/", api.ReviewView.as_view(), name="api-game-review"),
    path("games/<int:game_id>/review/position/", api.ReviewPositionView.as_view(), name="api-game-review-position"),
]
