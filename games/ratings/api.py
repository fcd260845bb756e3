"""Ratings in the REST API: a game's leaderboard, a player's ratings and history."""
from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.ratings.selectors import leaderboard, rating_history, user_ratings
from games.rules import choices as game_choices


class LeaderboardRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()
    rating = serializers.IntegerField(help_text="1000 + 40 x (mu - 3 sigma), openskill's Plackett-Luce")
    games = serializers.IntegerField(help_text="rated games finished at this game")


class RatingPointSerializer(serializers.Serializer):
    game_id = serializers.IntegerField()
    at = serializers.DateTimeField(help_text="when the game finished")
    rating = serializers.IntegerField(help_text="the rating after the game")
    change = serializers.IntegerField()
    rank = serializers.IntegerField(help_text="1 = first; ties share a rank")


class PlayerRatingSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="the game (its registry name)")
    rating = serializers.IntegerField()
    provisional = serializers.BooleanField()
    games = serializers.IntegerField()
    history = RatingPointSerializer(many=True, help_text="the rating after each rated game, oldest first")


def known_game(game: str) -> str:
    if game not in dict(game_choices()):
        raise exceptions.NotFound("there is no such game")
    return game


class LeaderboardView(APIView):
    """The established ratings at a game (5 rated games or more), best first."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=LeaderboardRowSerializer(many=True))
    def get(self, request: Request, game: str) -> Response:
        rows = leaderboard(known_game(game))
        return Response([{"place": r["place"], "username": r["user"].username, "name": r["user"].name,
                          "rating": r["rating"], "games": r["games"]} for r in rows])


class PlayerRatingsView(APIView):
    """A player's rating at each game they played rated, with its history."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=PlayerRatingSerializer(many=True))
    def get(self, request: Request, username: str) -> Response:
        player = get_user_model().objects.filter(username=username, is_active=True).first()
        if player is None:
            raise exceptions.NotFound("there is no such player")
        out: list[dict[str, Any]] = []
        for game, entry in sorted(user_ratings(player).items()):
            out.append({"game": game, "rating": entry["rating"], "provisional": entry["provisional"],
                        "games": entry["games"], "history": rating_history(player, game)})
        return Response(PlayerRatingSerializer(out, many=True).data)
