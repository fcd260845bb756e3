from django.urls import path

from games.web import views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/new/", views.game_new, name="game_new"),
    path("games/new/computer/", views.game_vs_computer, name="game_vs_computer"),
    path("games/<int:game_id>/", views.game_page, name="game"),
    path("games/<int:game_id>/join/", views.game_join, name="game_join"),
    path("games/join/<str:code>/", views.invite, name="invite"),
    path("players/<str:username>/", views.profile, name="profile"),
]
