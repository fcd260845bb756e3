from django.urls import path

from games.review import web

urlpatterns = [
    path("games/<int:game_id>/review/", web.review_page, name="game_review"),
    path("games/<int:game_id>/review/ask/", web.review_ask, name="game_review_ask"),
]
