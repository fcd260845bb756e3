"""The review REST API: read a game's review, ask for it (once the game is over), and the positions it draws."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, permissions, status
from rest_framework.request import Request
from rest_framework.response import Response

from arkproject.exceptions import BadRequest
from games.api.views import GameApiView
from games.play.selectors import game_get
from games.review import selectors
from games.review.models import Review
from games.review.services import review_request


class ReviewView(GameApiView):
    """A finished game's review (docs/review.md): what the hard computer's search thinks of every turn. GET reads
    it (``status`` "none" until asked for); POST asks for it (202: queued; 200: it was already; 409: the game is
    not over)."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, game_id: int) -> Response:
        return Response(selectors.review_entry(game_get(game_id=game_id, user=request.user)))

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT, 202: OpenApiTypes.OBJECT})
    def post(self, request: Request, game_id: int) -> Response:
        game = game_get(game_id=game_id, user=request.user)
        review, queued = review_request(game=game, user=request.user)
        return Response(selectors.review_entry(game, review),
                        status=status.HTTP_202_ACCEPTED if queued else status.HTTP_200_OK)


class ReviewPositionView(GameApiView):
    """A reviewed turn's position as anyone may see it: before its move, after the move made, or after the move
    the search suggests instead (``position``: before, played, best)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[
        OpenApiParameter("seq", int, description="the reviewed move's sequence number", required=True),
        OpenApiParameter("position", str, enum=list(selectors.POSITIONS), description="which position (default best)"),
    ], responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, game_id: int) -> Response:
        game = game_get(game_id=game_id, user=request.user)
        try:
            seq = int(request.query_params["seq"])
        except (KeyError, ValueError):
            raise BadRequest("seq must be a whole number") from None
        which = request.query_params.get("position", "best")
        if which not in selectors.POSITIONS:
            raise BadRequest(f"position must be one of {', '.join(selectors.POSITIONS)}")
        review = selectors.review_of(game)
        if review is None or review.status != Review.Status.DONE:
            raise exceptions.NotFound("this game has no review yet")
        view = selectors.review_position(game, review, seq, which)
        if view is None:
            raise exceptions.NotFound("the review has no such turn")
        return Response({"seq": seq, "position": which, "view": view})
