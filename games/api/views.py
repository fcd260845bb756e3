"""The games REST API: thin views that parse, call one service or selector, and answer."""
from __future__ import annotations

from django.http import HttpResponse, HttpResponseBase
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, generics, permissions, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arkproject.exceptions import BadRequest
from arkproject.exceptions import Conflict as ConflictError
from arkproject.exceptions import Unavailable as UnavailableError
from arkproject.ratelimit import GameCreateThrottle, TurnThrottle
from games.api.serializers import (
    GameCreateSerializer,
    GameSerializer,
    JoinSerializer,
    MoveSerializer,
    StepSerializer,
    TurnSerializer,
    UndoSerializer,
)
from games.i18n import english, localize, localize_text
from games.models import Game
from games.play import payloads, selectors, services
from games.play.errors import BadTurn, Conflict, GameError, GameNotFound, NotAllowed, Unavailable
from games.ratings.selectors import attach_lobby_ratings
from games.rules import engine


def api_error(err: GameError) -> exceptions.APIException:
    """The HTTP answer to a service error."""
    if isinstance(err, GameNotFound):
        return exceptions.NotFound(str(err))
    if isinstance(err, NotAllowed):
        return exceptions.PermissionDenied(str(err))
    if isinstance(err, Conflict):
        return ConflictError(str(err))
    if isinstance(err, BadTurn):
        return BadRequest(str(err))
    if isinstance(err, Unavailable):
        return UnavailableError(str(err))
    return exceptions.APIException(str(err))


class GameApiView(APIView):
    """Base: service errors become 400/403/404/409 with a readable ``detail``."""

    change_error_statuses: tuple[str, ...] = ("409",)  # for the schema (arkproject.api.ApiAutoSchema): a Conflict is a 409

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, GameError):
            exc = api_error(exc)
        return super().handle_exception(exc)

    def game_response(self, request: Request, game: Game, code: int = status.HTTP_200_OK) -> HttpResponseBase:
        """The game as the user now sees it: the payload published at the change's commit, or read again if
        there is none."""
        user_id = request.user.pk if request.user.is_authenticated else None
        said = english()  # an English reader's text was said at commit already
        text = payloads.published_text(game.pk, game.version, user_id, english=said)
        if text is not None:
            return HttpResponse((text if said else localize_text(text)).encode(), status=code,
                                content_type="application/json")
        game = selectors.game_get(game_id=game.pk, user=request.user)
        return Response(GameSerializer(game, context={"request": request}).data, status=code)


class GameListCreateView(GameApiView, generics.GenericAPIView):
    """List games, or create one (you take seat 0)."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    serializer_class = GameSerializer
    throttle_classes = [GameCreateThrottle]  # settings.RATE_LIMITS["games"], per user; a GET is not counted

    @extend_schema(parameters=[
        OpenApiParameter("status", str, enum=[s.value for s in Game.Status], description="only games in this status"),
        OpenApiParameter("mine", OpenApiTypes.BOOL, description="only games I have a seat in"),
    ], responses=GameSerializer(many=True))
    def get(self, request: Request) -> HttpResponseBase:
        wanted = request.query_params.get("status") or None
        if wanted and wanted not in Game.Status.values:
            raise BadRequest(_("status must be one of %(values)s") % {"values": ", ".join(Game.Status.values)})
        mine = request.query_params.get("mine", "").lower() in ("1", "true", "yes")
        games = selectors.game_list(user=request.user, status=wanted, mine=mine)
        page = self.paginate_queryset(games)
        attach_lobby_ratings(page if page is not None else games)  # the ratings of the whole list at once
        context = {"request": request, "with_view": False}
        data = GameSerializer(page if page is not None else games, many=True, context=context).data
        return self.get_paginated_response(data) if page is not None else Response(data)

    @extend_schema(request=GameCreateSerializer, responses={201: GameSerializer})
    def post(self, request: Request) -> HttpResponseBase:
        form = GameCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        game = services.game_create(user=request.user, game=data["game"], players=data["seats"],
                                    move_hours=data["move_hours"], private=data["private"],
                                    options=data.get("options") or {}, computers=data.get("computers") or [],
                                    rated=data["rated"])
        return self.game_response(request, game, status.HTTP_201_CREATED)


class GameDetailView(GameApiView):
    """A game with the engine's view for your seat (a spectator's view if you have none)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=GameSerializer)
    def get(self, request: Request, game_id: int) -> HttpResponseBase:
        game = selectors.game_get(game_id=game_id, user=request.user)
        return Response(GameSerializer(game, context={"request": request}).data)


class GameJoinView(GameApiView):
    """Take an open seat; a private game needs its ``invite_code``."""

    @extend_schema(request=JoinSerializer, responses=GameSerializer)
    def post(self, request: Request, game_id: int) -> HttpResponseBase:
        form = JoinSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        game = services.game_join(game_id=game_id, user=request.user,
                                  invite_code=form.validated_data.get("invite_code"))
        return self.game_response(request, game)


class GameResignView(GameApiView):
    """Give up your seat (the game goes on without you; leaving one player, it ends). Before every player still
    in the game has played a turn of their own, the game is aborted instead: unrated, no winner."""

    @extend_schema(request=None, responses=GameSerializer)
    def post(self, request: Request, game_id: int) -> HttpResponseBase:
        game = services.game_resign(game_id=game_id, user=request.user)
        return self.game_response(request, game)


class TurnSubmitView(GameApiView):
    """Play your whole turn in one request: ``version`` is the game version you saw; ``turn`` is one turn of the
    game's record form (the tile games; the others take their turns step by step)."""

    change_error_statuses = ("409", "503")  # 503: the database was out of reach and nothing was saved
    throttle_classes = [TurnThrottle]  # settings.RATE_LIMITS["turns"], per user: 429 with Retry-After

    @extend_schema(request=TurnSerializer, responses=GameSerializer)
    def post(self, request: Request, game_id: int) -> HttpResponseBase:
        form = TurnSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        game = services.move_submit(game_id=game_id, user=request.user, turn=form.validated_data["turn"],
                                    expected_version=form.validated_data["version"])
        return self.game_response(request, game)


class StepSubmitView(GameApiView):
    """Take one step of your turn (one of ``view.legal``); the answer is your new view, with what is left to do.

    Other players see your turn when it ends. Until then you may take steps back (``undo/``), but never past a
    step that drew something hidden (a tile, hex, treasure or card)."""

    change_error_statuses = ("409", "503")  # 503: the database was out of reach and nothing was saved
    throttle_classes = [TurnThrottle]

    @extend_schema(request=StepSerializer, responses=GameSerializer)
    def post(self, request: Request, game_id: int) -> HttpResponseBase:
        form = StepSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        game = services.move_submit(game_id=game_id, user=request.user, action=form.validated_data["action"],
                                    expected_version=form.validated_data["version"])
        return self.game_response(request, game)


class UndoView(GameApiView):
    """Take back your last step of this turn (``whole_turn``: every step that can be)."""

    change_error_statuses = ("409", "503")  # 503: the database was out of reach and nothing was saved
    throttle_classes = [TurnThrottle]

    @extend_schema(request=UndoSerializer, responses=GameSerializer)
    def post(self, request: Request, game_id: int) -> HttpResponseBase:
        form = UndoSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        game = services.move_undo(game_id=game_id, user=request.user, whole_turn=form.validated_data["whole_turn"],
                                  expected_version=form.validated_data["version"])
        return self.game_response(request, game)


class MoveListView(GameApiView):
    """The move log after sequence number ``since`` (what happened since you last looked), in words."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[OpenApiParameter("since", int, description="sequence number already seen")],
                   responses=MoveSerializer(many=True))
    def get(self, request: Request, game_id: int) -> HttpResponseBase:
        game = selectors.game_get(game_id=game_id, user=request.user)
        try:
            since = int(request.query_params.get("since", 0))
        except ValueError:
            raise BadRequest(_("since must be a whole number")) from None
        seat = selectors.seat_of(game, request.user)
        entries = selectors.move_entries(game, selectors.moves_since(game, since), seat.number if seat else None)
        return Response(MoveSerializer(localize(entries), many=True).data)


class PositionView(GameApiView):
    """The board as it was after a move of the log (and ``step`` steps of it), as you may see it: for replays and
    for stepping through a turn."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[
        OpenApiParameter("seq", int, description="the move's sequence number (0: the start)", required=True),
        OpenApiParameter("step", int, description="how many of its steps (all if left out)"),
    ], responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, game_id: int) -> HttpResponseBase:
        game = selectors.game_get(game_id=game_id, user=request.user)
        try:
            seq = int(request.query_params["seq"])
            step = request.query_params.get("step")
            steps = int(step) if step not in (None, "") else None
        except (KeyError, ValueError):
            raise BadRequest(_("seq (and step, if given) must be whole numbers")) from None
        seat = selectors.seat_of(game, request.user)
        view = selectors.position(game, seq, steps, seat.number if seat else None) if game.started_at else None
        if view is None:
            raise exceptions.NotFound(_("there is no such move in this game"))
        return Response(localize({"seq": seq, "step": steps, "view": view}))  # the engine's words said


class RecordView(GameApiView):
    """The game record (docs/records/) of the entries played so far."""

    permission_classes = [permissions.AllowAny]
    change_error_statuses = ("409",)

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, game_id: int) -> HttpResponseBase:
        game = selectors.game_get(game_id=game_id, user=request.user)
        eng = engine(game.game)
        if eng.record_shows_hidden and game.status == Game.Status.ACTIVE:
            raise ConflictError(_("the record of a game of %(game)s names the cards in every hand: it is given once "
                                  "the game is over") % {"game": eng.title})
        response = Response(selectors.game_record(game))
        if request.query_params.get("download"):
            response["Content-Disposition"] = f'attachment; filename="{game.game}-{game.pk}.json"'
        return response
