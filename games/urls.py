from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/new/", views.game_new, name="game_new"),
    path("games/<int:game_id>/", views.game_page, name="game"),
    path("games/<int:game_id>/join/", views.game_join, name="game_join"),
    path("games/join/<str:code>/", views.invite, name="invite"),
    path("players/<str:username>/", views.profile, name="profile"),
]
