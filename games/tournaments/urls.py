from django.urls import path

from games.tournaments import api

urlpatterns = [
    path("tournaments/", api.TournamentListCreateView.as_view(), name="api-tournaments"),
    path("tournaments/<int:tournament_id>/", api.TournamentDetailView.as_view(), name="api-tournament"),
    path("tournaments/<int:tournament_id>/join/", api.TournamentJoinView.as_view(), name="api-tournament-join"),
    path("tournaments/<int:tournament_id>/withdraw/", api.TournamentWithdrawView.as_view(),
         name="api-tournament-withdraw"),
    path("tournaments/<int:tournament_id>/cancel/", api.TournamentCancelView.as_view(), name="api-tournament-cancel"),
]
