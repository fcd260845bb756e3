"""Account API: register, obtain a token, read and change one's own settings."""
from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import authenticate
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from arkproject.ratelimit import LoginThrottle, SignupThrottle

from . import services
from .backends import AccountTokenAuthentication
from .models import ReminderMode, signed_in

ERROR = OpenApiResponse(
    inline_serializer("AccountsError", {"detail": serializers.CharField(),
                                "errors": serializers.JSONField(required=False)}),
    description="The first problem in readable words in `detail`; every problem by field in `errors`.",
)
TOO_MANY = OpenApiResponse(
    inline_serializer("AccountsTooMany", {"detail": serializers.CharField()}),
    description="Too many attempts from this address (or at this username): `detail` says how long to wait, "
                "the `Retry-After` header in seconds.",
)
# Token first so that a missing or refused credential answers 401 with `WWW-Authenticate: Token`
# (DRF takes that header from the first class; SessionAuthentication has none, which makes it a 403).
AUTHENTICATION = [AccountTokenAuthentication, SessionAuthentication]


class AccountSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.EmailField()
    display_name = serializers.CharField()


class AccountSettingsSerializer(AccountSerializer):
    email_confirmed = serializers.BooleanField()
    notify_turn = serializers.BooleanField(help_text="Email me when it is my turn.")
    notify_reminders = serializers.BooleanField(help_text="Email me reminders before a turn times out.")
    time_zone = serializers.CharField(help_text="An IANA time zone name, such as Europe/Paris.")
    is_bot = serializers.BooleanField(help_text="A bot account: a program plays it through the API (shown as a "
                                                "bot to everyone).")
    language = serializers.CharField(help_text="The site's language for this account: en, de or fr; empty to "
                                               "follow the browser's Accept-Language.")


class AccountRegisterSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    email = serializers.EmailField()
    password = serializers.CharField(trim_whitespace=False, write_only=True, style={"input_type": "password"})
    display_name = serializers.CharField(max_length=50, required=False, allow_blank=True, default="")


class AuthTokenObtainSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(trim_whitespace=False, write_only=True, style={"input_type": "password"})


class AuthTokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`.")


class AccountSettingsUpdateSerializer(serializers.Serializer):
    display_name = serializers.CharField(max_length=50, required=False, allow_blank=True)
    is_bot = serializers.BooleanField(required=False, help_text="Mark the account as a bot account (a program "
                                                                "plays it through the API).")
    notify_turn = serializers.BooleanField(required=False)
    notify_reminders = serializers.BooleanField(required=False)
    time_zone = serializers.CharField(max_length=64, required=False,
                                      help_text="An IANA time zone name, such as Europe/Paris.")
    language = serializers.ChoiceField(choices=["", *(code for code, _ in settings.LANGUAGES)], required=False,
                                       allow_blank=True, help_text="en, de or fr; empty to follow the browser.")


class UserRegisterApi(APIView):
    """Create an account and email a confirmation link."""

    authentication_classes: list = []  # anyone may register; a stale session must not demand a CSRF token
    permission_classes = [AllowAny]
    throttle_classes = [SignupThrottle]  # settings.RATE_LIMITS["signup"], shared with the sign-up page

    @extend_schema(operation_id="accounts_register", request=AccountRegisterSerializer,
                   responses={201: AccountSerializer, 400: ERROR, 429: TOO_MANY}, auth=[])
    def post(self, request: Request) -> Response:
        serializer = AccountRegisterSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = services.user_signup(**serializer.validated_data, request=request)
        return Response(AccountSerializer(user).data, status=status.HTTP_201_CREATED)


class AuthTokenObtainApi(APIView):
    """Exchange a username and password for the account's API token."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [LoginThrottle]  # settings.RATE_LIMITS["login"], shared with the log-in page

    @extend_schema(operation_id="accounts_token", request=AuthTokenObtainSerializer,
                   responses={200: AuthTokenSerializer, 400: ERROR, 429: TOO_MANY}, auth=[])
    def post(self, request: Request) -> Response:
        serializer = AuthTokenObtainSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # the backend returns None for a wrong password, an inactive (suspended) account and a computer alike
        user = authenticate(request, **serializer.validated_data)
        if user is None:
            raise serializers.ValidationError("Unable to log in with that username and password.")
        return Response({"token": services.auth_token_obtain(user=user)})


class AuthTokenRevokeApi(APIView):
    """Log out of the API: the token this request is made with stops working (ask for a new one to go on)."""

    authentication_classes = [AccountTokenAuthentication]

    @extend_schema(operation_id="accounts_token_revoke", request=None, responses={204: None})
    def delete(self, request: Request) -> Response:
        services.auth_token_revoke(user=signed_in(request), key=request.auth.key)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeApi(APIView):
    """The logged-in user's account and settings."""

    authentication_classes = AUTHENTICATION

    @extend_schema(operation_id="accounts_me_retrieve", responses={200: AccountSettingsSerializer})
    def get(self, request: Request) -> Response:
        return Response(AccountSettingsSerializer(signed_in(request)).data)

    @extend_schema(operation_id="accounts_me_update", request=AccountSettingsUpdateSerializer,
                   responses={200: AccountSettingsSerializer, 400: ERROR})
    def patch(self, request: Request) -> Response:
        serializer = AccountSettingsUpdateSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        user = services.user_settings_update(user=signed_in(request), **serializer.validated_data)
        return Response(AccountSettingsSerializer(user).data)


# ----- notification preferences and vacations (issue: asynchronous play) ------------------------------------
class NotificationSettingsSerializer(serializers.Serializer):
    notify_turn = serializers.BooleanField(required=False, help_text="Email me when it is my turn.")
    notify_reminders = serializers.BooleanField(required=False,
                                                help_text="Email me reminders before a turn times out.")
    reminder_mode = serializers.ChoiceField(choices=ReminderMode.choices, required=False,
                                            help_text="`each`: an email per game when a fifth of the time is left; "
                                                      "`digest`: one daily email listing every game waiting.")
    notify_timeouts = serializers.BooleanField(required=False,
                                               help_text="Email me when another player in my games times out.")


class VacationSerializer(serializers.Serializer):
    on_vacation = serializers.BooleanField()
    started_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True, help_text="When it ends by itself.")
    until_ended = serializers.BooleanField(help_text="Open-ended: runs until ended (or the days run out).")
    days_left = serializers.IntegerField(help_text="Vacation days left this year.")
    days_per_year = serializers.IntegerField()


class VacationStartSerializer(serializers.Serializer):
    days = serializers.IntegerField(min_value=1, max_value=366, required=False, allow_null=True,
                                    help_text="Leave out (or null) to stay away until ended.")


def vacation_data(user: Any) -> dict[str, Any]:
    vacation = services.vacation_current(user=user)
    return {"on_vacation": vacation is not None, "started_at": vacation and vacation.started_at,
            "ends_at": vacation and vacation.ends_at,
            "until_ended": bool(vacation and vacation.days_planned is None),
            "days_left": services.vacation_days_left(user=user), "days_per_year": settings.VACATION_DAYS_PER_YEAR}


class NotificationSettingsApi(APIView):
    """Which emails the logged-in user gets."""

    authentication_classes = AUTHENTICATION

    @extend_schema(operation_id="accounts_notifications_retrieve", responses={200: NotificationSettingsSerializer})
    def get(self, request: Request) -> Response:
        return Response(NotificationSettingsSerializer(signed_in(request)).data)

    @extend_schema(operation_id="accounts_notifications_update", request=NotificationSettingsSerializer,
                   responses={200: NotificationSettingsSerializer, 400: ERROR})
    def patch(self, request: Request) -> Response:
        serializer = NotificationSettingsSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        user = services.user_settings_update(user=signed_in(request), **serializer.validated_data)
        return Response(NotificationSettingsSerializer(user).data)


class VacationApi(APIView):
    """The logged-in user's vacation: read it, start one (POST), end it early (DELETE)."""

    authentication_classes = AUTHENTICATION

    @extend_schema(operation_id="accounts_vacation_retrieve", responses={200: VacationSerializer})
    def get(self, request: Request) -> Response:
        return Response(VacationSerializer(vacation_data(signed_in(request))).data)

    @extend_schema(operation_id="accounts_vacation_start", request=VacationStartSerializer,
                   responses={201: VacationSerializer, 400: ERROR})
    def post(self, request: Request) -> Response:
        serializer = VacationStartSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.vacation_start(user=signed_in(request), days=serializer.validated_data.get("days"))
        return Response(VacationSerializer(vacation_data(signed_in(request))).data, status=status.HTTP_201_CREATED)

    @extend_schema(operation_id="accounts_vacation_end", request=None, responses={200: VacationSerializer})
    def delete(self, request: Request) -> Response:
        services.vacation_end(user=signed_in(request))
        return Response(VacationSerializer(vacation_data(signed_in(request))).data)
