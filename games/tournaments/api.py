"""The tournaments REST API: list and create tournaments, read one (standings, crosstable, rounds and their
tables), join, withdraw, call off. Thin views: a serializer for the shape, one service or selector."""
from __future__ import annotations

from typing import Any, cast

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from arkproject.exceptions import BadRequest
from arkproject.ratelimit import GameCreateThrottle
from games.api.views import GameApiView
from games.rules import choices as game_choices
from games.tournaments import selectors, services
from games.tournaments.models import DAYS_PER_MOVE, Tournament


class TournamentCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80, allow_blank=True, default="")
    game = serializers.ChoiceField(choices=game_choices())
    kind = serializers.ChoiceField(choices=Tournament.Kind.choices, help_text="round_robin or swiss")
    per_table = serializers.IntegerField(min_value=2, max_value=5, default=2,
                                         help_text="players at each table: 2 to the game's most")
    days_per_move = serializers.ChoiceField(choices=[d for d, _ in DAYS_PER_MOVE], default=3)
    rated = serializers.BooleanField(default=True, help_text="its games change the players' ratings")
    rounds = serializers.IntegerField(min_value=1, max_value=services.SWISS_MOST_ROUNDS, required=False,
                                      allow_null=True, help_text="Swiss: how many rounds (a round robin has "
                                                                 "as many as it takes for everyone to meet)")
    starts_at = serializers.DateTimeField(required=False, allow_null=True,
                                          help_text="starts at this time (with at least 2 players)")
    start_players = serializers.IntegerField(min_value=2, max_value=64, required=False, allow_null=True,
                                             help_text="starts as soon as this many have joined")
    max_players = serializers.IntegerField(min_value=2, max_value=64, required=False, allow_null=True)
    invitation_only = serializers.BooleanField(default=False,
                                               help_text="joined only through its invitation link (invite_code)")
    options = serializers.DictField(required=False, default=dict, help_text="the game's own options")
    play = serializers.BooleanField(default=True, help_text="you play in it (a moderator may create one without)")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(serializers.ChoiceField, self.fields["game"]).choices = game_choices()


class TablePlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField()
    seat = serializers.IntegerField()
    score = serializers.IntegerField()
    result = serializers.CharField(help_text="won, lost, or empty while the game goes on")
    status = serializers.CharField(help_text="playing, resigned or removed")


class TableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    game = serializers.IntegerField(help_text="the game's id (/api/games/{id}/)")
    status = serializers.CharField()
    current_seat = serializers.IntegerField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)
    players = TablePlayerSerializer(many=True)


class RoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    tables = TableSerializer(many=True)
    byes = serializers.ListField(child=serializers.CharField(), help_text="usernames sitting this round out")


class StandingSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="equal on every tie-break: the same place")
    username = serializers.CharField()
    name = serializers.CharField()
    points = serializers.FloatField(help_text="each finished table: the share of the others finished ahead of "
                                              "(a tie half); a Swiss bye 1")
    points_text = serializers.CharField()
    buchholz = serializers.FloatField(help_text="the points of every opponent met")
    buchholz_text = serializers.CharField()
    score = serializers.IntegerField(help_text="the sum of the player's game scores")
    played = serializers.IntegerField()
    byes = serializers.IntegerField()
    timeouts = serializers.IntegerField(help_text="turns the server played for this player when time ran out")
    left = serializers.CharField(allow_null=True, help_text="withdrew, removed, or null")
    left_round = serializers.IntegerField(allow_null=True)
    by_round = serializers.DictField(child=serializers.FloatField())
    crosstable = serializers.ListField(child=serializers.FloatField(allow_null=True),
                                       help_text="what this player took from each player, in standings order")
    crosstable_text = serializers.ListField(child=serializers.CharField(), help_text="the same as people write it")


class TournamentSerializer(serializers.Serializer):
    """A tournament: its settings, standings with the tie-breaks used, crosstable and rounds."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    game_name = serializers.CharField()
    kind = serializers.ChoiceField(choices=Tournament.Kind.choices)
    per_table = serializers.IntegerField()
    days_per_move = serializers.IntegerField()
    rated = serializers.BooleanField()
    rounds = serializers.IntegerField(allow_null=True)
    current_round = serializers.IntegerField()
    starts_at = serializers.DateTimeField(allow_null=True)
    start_players = serializers.IntegerField(allow_null=True)
    max_players = serializers.IntegerField()
    invitation_only = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Tournament.Status.choices)
    options = serializers.DictField()
    created_by = serializers.CharField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    tie_breaks = serializers.ListField(child=serializers.CharField())
    you_play = serializers.BooleanField()
    invite_code = serializers.CharField(allow_null=True, help_text="shown to its creator and players only")
    withdrawals = serializers.IntegerField()
    timeouts = serializers.IntegerField()
    standings = StandingSerializer(many=True)
    rounds_played = RoundSerializer(many=True)


class TournamentSummarySerializer(serializers.ModelSerializer):
    players = serializers.IntegerField(read_only=True)
    created_by = serializers.CharField(source="created_by.username", read_only=True)

    class Meta:
        model = Tournament
        fields = ["id", "name", "game", "kind", "per_table", "days_per_move", "rated", "rounds", "current_round",
                  "starts_at", "start_players", "max_players", "invitation_only", "status", "players", "created_by"]


class TournamentJoinSerializer(serializers.Serializer):
    invite_code = serializers.CharField(required=False, allow_blank=True)


def answer(tournament: Tournament, request: Request) -> dict[str, Any]:
    """The tournament as it stands now (read again: what Celery did after the change's commit included)."""
    return selectors.tournament_entry(selectors.tournament_get(tournament.pk), request.user)


class TournamentListCreateView(GameApiView):
    """Tournaments (those by invitation only to their players), or create one (you join it)."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    throttle_classes = [GameCreateThrottle]  # a tournament starts games: it counts as new games; a GET does not

    @extend_schema(parameters=[OpenApiParameter("status", str, enum=list(Tournament.Status.values))],
                   responses=TournamentSummarySerializer(many=True))
    def get(self, request: Request) -> Response:
        wanted = request.query_params.get("status") or None
        if wanted and wanted not in Tournament.Status.values:
            raise BadRequest(f"status must be one of {', '.join(Tournament.Status.values)}")
        listed = selectors.tournament_list(request.user)
        if wanted:
            listed = listed.filter(status=wanted)
        return Response(TournamentSummarySerializer(listed[:200], many=True).data)

    @extend_schema(request=TournamentCreateSerializer, responses={201: TournamentSerializer})
    def post(self, request: Request) -> Response:
        form = TournamentCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        tournament = services.tournament_create(user=request.user, **form.validated_data)
        return Response(answer(tournament, request), status=status.HTTP_201_CREATED)


class TournamentDetailView(GameApiView):
    """A tournament: settings, standings (tie-breaks in ``tie_breaks``), crosstable, rounds and their tables."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=TournamentSerializer)
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(selectors.tournament_entry(selectors.tournament_get(tournament_id), request.user))


class TournamentJoinView(GameApiView):
    """Take a place (one by invitation needs its ``invite_code``); it starts when its count or date comes."""

    @extend_schema(request=TournamentJoinSerializer, responses=TournamentSerializer)
    def post(self, request: Request, tournament_id: int) -> Response:
        form = TournamentJoinSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        tournament = services.tournament_join(tournament_id=tournament_id, user=request.user,
                                              invite_code=form.validated_data.get("invite_code"))
        return Response(answer(tournament, request))


class TournamentWithdrawView(GameApiView):
    """Leave: your unfinished games of it are resigned, your results stand, later rounds go on without you."""

    @extend_schema(request=None, responses=TournamentSerializer)
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = services.tournament_withdraw(tournament_id=tournament_id, user=request.user)
        return Response(answer(tournament, request))


class TournamentCancelView(GameApiView):
    """Call off a tournament that has not started (its creator or a moderator)."""

    @extend_schema(request=None, responses=TournamentSerializer)
    def post(self, request: Request, tournament_id: int) -> Response:
        tournament = services.tournament_cancel(tournament_id=tournament_id, user=request.user)
        return Response(answer(tournament, request))
