"""Shapes of the games API (input checked for shape only; the services and the engine decide)."""
from __future__ import annotations

from typing import Any, Optional, cast

from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.i18n import localize
from games.models import MOVE_HOURS_CHOICES, Game, Move, Seat
from games.play.payloads import game_payload, progress_of, turn_entry
from games.play.selectors import game_view_for_user, seat_of
from games.ratings.selectors import seat_rating
from games.rules import choices as game_choices


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    display_name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["person", "bot", "computer"],
                                   help_text="who plays the account: a person, a program of theirs through the "
                                             "API (a bot account), or the site's own computer player")


class SeatRatingSerializer(serializers.Serializer):
    """A player's rating at this game (games/ratings)."""

    rating = serializers.IntegerField(help_text="the rating shown: 1000 + 40 x (mu - 3 sigma) of openskill")
    provisional = serializers.BooleanField(help_text="fewer than 5 rated games at this game")
    games = serializers.IntegerField(help_text="rated games finished at this game")
    change = serializers.IntegerField(allow_null=True, help_text="what this game changed (a finished rated game)")


class SeatSerializer(serializers.ModelSerializer):
    seat = serializers.IntegerField(source="number")
    user = PlayerSerializer()
    rating = serializers.SerializerMethodField()

    class Meta:
        model = Seat
        fields = ["seat", "user", "score", "status", "result", "rating"]

    @extend_schema_field(SeatRatingSerializer)
    def get_rating(self, seat: Seat) -> dict[str, Any]:
        """After a rated game: the rating it gave and the change; else the player's present rating."""
        return seat_rating(seat.game, seat)


class TurnStepSerializer(serializers.Serializer):
    action = serializers.DictField(help_text="the step, as it was sent")
    words = serializers.CharField(help_text="the step in words")


class TurnInProgressSerializer(serializers.Serializer):
    """The seat to move's own turn in progress."""

    steps = TurnStepSerializer(many=True, help_text="your steps of this turn so far")
    undo = serializers.IntegerField(help_text="how many of them you can still take back (none past a draw)")
    actions = serializers.ListField(child=serializers.DictField(), help_text=(
        "every step you may take now, each exactly as POST steps/ takes it (the view's `legal` has them with "
        "their costs and previews)"))
    action_words = serializers.ListField(child=serializers.CharField(), help_text=(
        "each of `actions` in words, in the same order"))


class GameSerializer(serializers.ModelSerializer):
    """A game as a user sees it, with the engine's view for their seat."""

    seats = SeatSerializer(many=True)
    options = serializers.DictField(help_text="the game's options chosen at creation")
    turn = serializers.SerializerMethodField()
    your_seat = serializers.SerializerMethodField()
    invite_url = serializers.SerializerMethodField()
    view = serializers.SerializerMethodField()
    time_left = serializers.SerializerMethodField(
        help_text="seconds left for the move while its clock is stopped (the player to move is on vacation)")

    class Meta:
        model = Game
        fields = ["id", "game", "status", "version", "players", "move_hours", "private", "rated", "options", "seats",
                  "current_seat", "your_seat", "deadline", "time_left", "created_at", "started_at", "finished_at",
                  "last_move_at", "invite_url", "turn", "view"]

    def to_representation(self, game: Game) -> dict[str, Any]:
        """The declared fields, built by ``games.play.payloads.game_payload`` (the sockets send the same)."""
        user = self._user()
        user_id = user.pk if getattr(user, "is_authenticated", False) else None
        return cast(dict[str, Any], localize(game_payload(game, list(game.seats.all()), user_id,
                                                          with_view=self.context.get("with_view", True))))

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

    @extend_schema_field(TurnInProgressSerializer(allow_null=True))
    def get_turn(self, game: Game) -> Optional[dict[str, Any]]:
        """Your own turn in progress, when it is your turn; else null."""
        if not self.context.get("with_view", True) or game.status != Game.Status.ACTIVE:
            return None
        seat = seat_of(game, self._user())
        return turn_entry(progress_of(game), seat.number if seat else None, game.current_seat)

    @extend_schema_field(serializers.DictField(allow_null=True, help_text="the engine's view for your seat "
                                               "(a spectator's without one); null in lists"))
    def get_view(self, game: Game) -> Optional[dict[str, Any]]:
        if not self.context.get("with_view", True):
            return None
        return game_view_for_user(game, self._user())


class GameCreateSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=game_choices())
    seats = serializers.IntegerField(min_value=2, max_value=5)
    move_hours = serializers.ChoiceField(choices=MOVE_HOURS_CHOICES, default=72)
    private = serializers.BooleanField(default=False)
    rated = serializers.BooleanField(default=True, help_text="the result changes the players' ratings")
    computers = serializers.ListField(child=serializers.ChoiceField(choices=["easy", "medium", "hard"]),
                                      required=False, default=list, max_length=4,
                                      help_text="fill seats with the site's computer players at these levels")
    options = serializers.DictField(required=False, default=dict,
                                    help_text="the game's own options (Iwari: {\"feats\": true}); checked by its rules")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(serializers.ChoiceField, self.fields["game"]).choices = game_choices()  # the registry, as it is now


class JoinSerializer(serializers.Serializer):
    invite_code = serializers.CharField(required=False, allow_blank=True)


class TurnSerializer(serializers.Serializer):
    """A turn in the form of one turn of a game record (docs/records/tiles.md); the engine checks its content."""

    version = serializers.IntegerField(min_value=0)
    turn = serializers.JSONField(help_text='e.g. {"tile": "44", "x": 1, "y": 0, "rotation": 0, '
                                           '"action": {"type": "follower", "at": "W"}}')

    def validate_turn(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise serializers.ValidationError(_("turn must be an object with tile, x, y, rotation and action"))
        return value


class StepSerializer(serializers.Serializer):
    """One step of a turn: ``version`` is the game version you saw; ``action`` one of the view's legal actions."""

    version = serializers.IntegerField(min_value=0)
    action = serializers.JSONField(help_text='one action in its dict form, e.g. {"type": "pass"}')

    def validate_action(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise serializers.ValidationError(_("action must be an object with a type"))
        return value


class UndoSerializer(serializers.Serializer):
    """Take back your last step (``whole_turn``: every step of this turn that can be), never past a draw."""

    version = serializers.IntegerField(min_value=0)
    whole_turn = serializers.BooleanField(default=False)


class MoveStepSerializer(serializers.Serializer):
    action = serializers.DictField(help_text="the step (what you may see of it)")
    words = serializers.CharField()


class MoveSerializer(serializers.Serializer):
    """One entry of the move log, as you may see it."""

    seq = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Move.Kind.choices)
    seat = serializers.IntegerField(allow_null=True)
    user = serializers.CharField(allow_null=True, help_text="the player of the seat, when they made it themselves; "
                                                            "null for the server's moves (timeouts, forced entries) "
                                                            "and a moderator's (never named)")
    turn = serializers.DictField(allow_null=True, help_text="the entry in the game's record form; null for seat "
                                                            "changes")
    words = serializers.CharField(help_text="the move in words")
    steps = MoveStepSerializer(many=True, help_text="its steps, for stepping through it")
    events = serializers.ListField(child=serializers.DictField(), help_text="what it scored")
    event_words = serializers.ListField(child=serializers.CharField())
    version = serializers.IntegerField()
    created_at = serializers.DateTimeField()
