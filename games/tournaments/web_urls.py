from django.urls import path

from games.tournaments import web

urlpatterns = [
    path("tournaments/", web.tournament_list, name="tournaments"),
    path("tournaments/new/", web.tournament_new, name="tournament_new"),
    path("tournaments/<int:tournament_id>/", web.tournament_page, name="tournament"),
    path("tournaments/<int:tournament_id>/join/", web.tournament_join, name="tournament_join"),
    path("tournaments/<int:tournament_id>/withdraw/", web.tournament_withdraw, name="tournament_withdraw"),
    path("tournaments/<int:tournament_id>/cancel/", web.tournament_cancel, name="tournament_cancel"),
    path("tournaments/join/<str:code>/", web.tournament_invite, name="tournament_invite"),
]
