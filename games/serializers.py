"""Shapes of the games API (input checked for shape only; the services and the engine decide)."""
from __future__ import annotations

from typing import Any, Optional

from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from .models import GAME_CHOICES, MOVE_HOURS_CHOICES, Game, Move, Seat
from .payloads import game_payload
from .selectors import game_view_for_user, seat_of


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    display_name = serializers.CharField()


class SeatSerializer(serializers.ModelSerializer):
    seat = serializers.IntegerField(source="number")
    user = PlayerSerializer()

    class Meta:
        model = Seat
        fields = ["seat", "user", "score", "status", "result"]


class GameSerializer(serializers.ModelSerializer):
    """A game as a user sees it, with the engine's view for their seat."""

    seats = SeatSerializer(many=True)
    your_seat = serializers.SerializerMethodField()
    invite_url = serializers.SerializerMethodField()
    view = serializers.SerializerMethodField()
    time_left = serializers.SerializerMethodField(
        help_text="seconds left for the move while its clock is stopped (the player to move is on vacation)")

    class Meta:
        model = Game
        fields = ["id", "game", "status", "version", "players", "move_hours", "private", "seats",
                  "current_seat", "your_seat", "deadline", "time_left", "created_at", "started_at", "finished_at",
                  "last_move_at", "invite_url", "view"]

    def to_representation(self, game: Game) -> dict[str, Any]:
        """The declared fields, built by ``games.payloads.game_payload`` (the sockets send the same)."""
        user = self._user()
        user_id = user.pk if getattr(user, "is_authenticated", False) else None
        return game_payload(game, list(game.seats.all()), user_id, with_view=self.context.get("with_view", True))

    def fields_representation(self, game: Game) -> dict[str, Any]:
        """The same, field by field through DRF (slow): ``tests`` hold ``to_representation`` to it."""
        return super().to_representation(game)

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_time_left(self, game: Game) -> Optional[int]:
        """Seconds left for the move while the clock is stopped (the player to move is on vacation); else null."""
        if game.status != Game.Status.ACTIVE or game.deadline is not None or game.time_left is None:
            return None
        return int(game.time_left.total_seconds())

    def _user(self) -> Any:
        return self.context["request"].user

    def get_your_seat(self, game: Game) -> Optional[int]:
        seat = seat_of(game, self._user())
        return seat.number if seat else None

    def get_invite_url(self, game: Game) -> Optional[str]:
        """The invitation link, for the game's own players while seats are open."""
        if game.status != Game.Status.OPEN or seat_of(game, self._user()) is None:
            return None
        return f"{settings.SITE_URL}/games/join/{game.invite_code}/"

    @extend_schema_field(serializers.DictField(allow_null=True, help_text="the engine's view for your seat "
                                               "(a spectator's without one); null in lists"))
    def get_view(self, game: Game) -> Optional[dict[str, Any]]:
        if not self.context.get("with_view", True):
            return None
        return game_view_for_user(game, self._user())


class GameCreateSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=GAME_CHOICES)
    seats = serializers.IntegerField(min_value=2, max_value=5)
    move_hours = serializers.ChoiceField(choices=MOVE_HOURS_CHOICES, default=72)
    private = serializers.BooleanField(default=False)


class JoinSerializer(serializers.Serializer):
    invite_code = serializers.CharField(required=False, allow_blank=True)


class TurnSerializer(serializers.Serializer):
    """A turn in the form of one turn of a game record (RECORD.md); the engine checks its content."""

    version = serializers.IntegerField(min_value=0)
    turn = serializers.JSONField(help_text='e.g. {"tile": "44", "x": 1, "y": 0, "rotation": 0, '
                                           '"action": {"type": "follower", "at": "W"}}')

    def validate_turn(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise serializers.ValidationError("turn must be an object with tile, x, y, rotation and action")
        return value


class MoveSerializer(serializers.ModelSerializer):
    user = serializers.CharField(source="user.username", default=None)

    class Meta:
        model = Move
        fields = ["seq", "kind", "seat", "user", "turn", "events", "version", "created_at"]
