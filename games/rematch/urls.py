from django.urls import path

from games.rematch import api

urlpatterns = [
    path("games/<int:game_id>/rematch/", api.RematchView.as_view(), name="api-game-rematch"),
]
