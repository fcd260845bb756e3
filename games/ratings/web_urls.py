from django.urls import path

from games.ratings import web

urlpatterns = [
    path("leaderboards/", web.leaderboards, name="leaderboards"),
    path("leaderboards/<str:game>/", web.leaderboards, name="leaderboard"),
]
