"""The rematch REST API: read a finished game's rematch offer, offer one, accept or decline it."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.views import GameApiView
from games.play.selectors import game_get
from games.rematch.selectors import rematch_entry
from games.rematch.services import rematch_answer


class RematchSerializer(serializers.Serializer):
    """A finished game's rematch offer."""

    status = serializers.ChoiceField(choices=["none", "open", "started", "declined"])
    offered_by = serializers.CharField(allow_null=True, help_text="the username of the player who offered it")
    accepted = serializers.ListField(child=serializers.CharField(), help_text="usernames who accepted")
    waiting_for = serializers.ListField(child=serializers.CharField(), help_text="usernames still to answer")
    new_game = serializers.IntegerField(allow_null=True, help_text="the new game's id, once all accepted")
    players = serializers.ListField(child=serializers.CharField(), help_text="usernames invited")


class RematchAnswerSerializer(serializers.Serializer):
    accept = serializers.BooleanField(default=True, help_text="true: offer or accept; false: decline")


class RematchView(GameApiView):
    """A rematch of a finished game: the same players, the same kind and options, seat order turned. The first
    POST offers it; the others accept (or decline: the offer ends); it starts when every player accepted."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses=RematchSerializer)
    def get(self, request: Request, game_id: int) -> Response:
        return Response(rematch_entry(game_get(game_id=game_id, user=request.user)))

    @extend_schema(request=RematchAnswerSerializer, responses=RematchSerializer)
    def post(self, request: Request, game_id: int) -> Response:
        form = RematchAnswerSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        game = game_get(game_id=game_id, user=request.user)
        offer = rematch_answer(game_id=game.pk, user=request.user, accept=form.validated_data["accept"])
        return Response(rematch_entry(game, offer))
