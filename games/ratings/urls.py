from django.urls import path

from games.ratings import api

urlpatterns = [
    path("ratings/<str:game>/", api.LeaderboardView.as_view(), name="api-leaderboard"),
    path("players/<str:username>/ratings/", api.PlayerRatingsView.as_view(), name="api-player-ratings"),
]
