"""The table chat's REST API: read and write a game's chat, report a message, mute the chat."""
from __future__ import annotations

from typing import Optional

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from arkproject.exceptions import BadRequest
from arkproject.ratelimit import RateLimitThrottle
from games.api.views import GameApiView
from games.chat import selectors, services
from games.chat.models import MAX_LENGTH
from games.play.errors import NotAllowed
from games.play.selectors import game_get


class ChatThrottle(RateLimitThrottle):
    """Writing at a table, per user: settings.RATE_LIMITS["chat"]."""

    scope = "chat"
    what = "messages"

    def idents(self, request: Request, view: object) -> list[str]:
        return [f"user:{request.user.pk}"]  # only players write: the permission let no anonymous POST through


class ChatAuthorSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField(help_text="the name shown")


class ChatMessageSerializer(serializers.Serializer):
    """One message at a game's table. ``text`` is plain text: escape it wherever you show it."""

    id = serializers.IntegerField()
    game = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="the log's last move when it was written (0: before the first)")
    text = serializers.CharField()
    created_at = serializers.DateTimeField()
    author = ChatAuthorSerializer()


class ChatListSerializer(serializers.Serializer):
    muted = serializers.BooleanField(help_text="you muted the chat: no messages are listed for you")
    can_write = serializers.BooleanField(help_text="you are a player of this game (spectators read only)")
    messages = ChatMessageSerializer(many=True)


class ChatPostSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=MAX_LENGTH, trim_whitespace=True,
                                 help_text=f"plain text, at most {MAX_LENGTH} characters")


class ChatReportSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=MAX_LENGTH, required=False, allow_blank=True, default="")


class ChatSettingSerializer(serializers.Serializer):
    muted = serializers.BooleanField(help_text="hide every table's chat from you (pages, live and emails)")


def _int_param(request: Request, name: str) -> Optional[int]:
    value = request.query_params.get(name)
    if value in (None, ""):
        return None
    try:
        return int(value)
    except ValueError:
        raise BadRequest(_("%(name)s must be a whole number") % {"name": name}) from None


class ChatView(GameApiView):
    """A game's table chat: anyone who may watch the game reads it; only its players write (rate-limited)."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    throttle_classes = [ChatThrottle]

    @extend_schema(parameters=[
        OpenApiParameter("until_seq", int, description="only messages written by this move (a replay)"),
        OpenApiParameter("after", int, description="only messages after this message id"),
    ], responses=ChatListSerializer)
    def get(self, request: Request, game_id: int) -> Response:
        game = game_get(game_id=game_id, user=request.user)
        messages = selectors.chat_messages(game, request.user, until_seq=_int_param(request, "until_seq"),
                                           after_id=_int_param(request, "after") or 0)
        try:
            services.player_seat(game, request.user)
            can_write = True
        except NotAllowed:
            can_write = False
        return Response({"muted": selectors.muted(request.user), "can_write": can_write, "messages": messages})

    @extend_schema(request=ChatPostSerializer, responses={201: ChatMessageSerializer})
    def post(self, request: Request, game_id: int) -> Response:
        form = ChatPostSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        message = services.chat_post(game_id=game_id, user=request.user, text=form.validated_data["text"])
        return Response(selectors.message_entry(message), status=status.HTTP_201_CREATED)


class ChatReportView(GameApiView):
    """Report a message of your game's table to the moderators."""

    @extend_schema(request=ChatReportSerializer, responses={201: None})
    def post(self, request: Request, message_id: int) -> Response:
        form = ChatReportSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.chat_report(message_id=message_id, user=request.user, reason=form.validated_data["reason"])
        return Response(status=status.HTTP_201_CREATED)


class ChatSettingView(GameApiView):
    """Your chat setting: mute every table's chat, or hear it again."""

    @extend_schema(responses=ChatSettingSerializer)
    def get(self, request: Request) -> Response:
        return Response({"muted": selectors.muted(request.user)})

    @extend_schema(request=ChatSettingSerializer, responses=ChatSettingSerializer)
    def put(self, request: Request) -> Response:
        form = ChatSettingSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        setting = services.chat_mute(user=request.user, muted=form.validated_data["muted"])
        return Response({"muted": setting.muted})
