"""Web Push over the REST API: the site's public key, the devices of the logged-in player, their push choices.

    GET    /api/accounts/me/push/              whether push is on, the VAPID public key, the choices, the devices
    PATCH  /api/accounts/me/push/              the choices per kind ({"turn": true, "chat": false, ...})
    POST   /api/accounts/me/push/devices/      turn push on for a device: the browser's PushSubscription.toJSON()
    DELETE /api/accounts/me/push/devices/      turn it off again ({"endpoint": ...})
    DELETE /api/accounts/me/push/devices/<id>/ forget one device (from another one)
"""
from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api import AUTHENTICATION, ERROR
from accounts.models import signed_in
from games.push import messages, services, vapid
from games.push.models import PushSubscription


class DeviceSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    user_agent = serializers.CharField(help_text="the browser, as it said when it subscribed")
    created_at = serializers.DateTimeField()
    last_sent_at = serializers.DateTimeField(allow_null=True)


class PushChoicesSerializer(serializers.Serializer):
    turn = serializers.BooleanField(required=False, help_text="Push when it is my turn (after the grace period).")
    reminder = serializers.BooleanField(required=False, help_text="Push a reminder when a fifth of the time is left.")
    timeout = serializers.BooleanField(required=False, help_text="Push when another player in my games times out.")
    ended = serializers.BooleanField(required=False, help_text="Push when a game of mine ends.")
    chat = serializers.BooleanField(required=False, help_text="Push each message at my tables.")


class PushSettingsSerializer(serializers.Serializer):
    enabled = serializers.BooleanField(help_text="Web Push is on for this site (it has VAPID keys).")
    problem = serializers.CharField(allow_null=True, help_text="Why it is off, if it is.")
    public_key = serializers.CharField(help_text="The VAPID public key: the browser's `applicationServerKey`.")
    choices = PushChoicesSerializer()
    devices = DeviceSerializer(many=True)


class SubscriptionKeysSerializer(serializers.Serializer):
    p256dh = serializers.CharField(max_length=200)
    auth = serializers.CharField(max_length=100)


class SubscribeSerializer(serializers.Serializer):
    """A browser's ``PushSubscription.toJSON()``."""

    endpoint = serializers.URLField(max_length=1000)
    keys = SubscriptionKeysSerializer()
    expirationTime = serializers.IntegerField(required=False, allow_null=True)  # noqa: N815 (the browser's name)


class UnsubscribeSerializer(serializers.Serializer):
    endpoint = serializers.URLField(max_length=1000)


def settings_data(user: Any) -> dict[str, Any]:
    preference = messages.preference(user)
    return {"enabled": vapid.configured(), "problem": vapid.problem(), "public_key": vapid.public_key(),
            "choices": {name: getattr(preference, name) for name in services.PREFERENCE_FIELDS},
            "devices": list(PushSubscription.objects.filter(user=user).order_by("-id"))}


class PushSettingsApi(APIView):
    """Web Push for the logged-in player: is it on, the key to subscribe with, the choices, the devices."""

    authentication_classes = AUTHENTICATION

    @extend_schema(operation_id="accounts_push_retrieve", responses={200: PushSettingsSerializer})
    def get(self, request: Request) -> Response:
        return Response(PushSettingsSerializer(settings_data(signed_in(request))).data)

    @extend_schema(operation_id="accounts_push_update", request=PushChoicesSerializer,
                   responses={200: PushSettingsSerializer, 400: ERROR})
    def patch(self, request: Request) -> Response:
        serializer = PushChoicesSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        services.push_preferences_update(user=signed_in(request), **serializer.validated_data)
        return Response(PushSettingsSerializer(settings_data(signed_in(request))).data)


class PushDevicesApi(APIView):
    """Turn Web Push on (POST the browser's subscription) or off (DELETE its endpoint) for this device."""

    authentication_classes = AUTHENTICATION

    @extend_schema(operation_id="accounts_push_devices_create", request=SubscribeSerializer,
                   responses={201: DeviceSerializer, 400: ERROR})
    def post(self, request: Request) -> Response:
        serializer = SubscribeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        device = services.push_subscribe(user=signed_in(request), endpoint=data["endpoint"],
                                         p256dh=data["keys"]["p256dh"], auth=data["keys"]["auth"],
                                         user_agent=request.headers.get("User-Agent", ""))
        return Response(DeviceSerializer(device).data, status=status.HTTP_201_CREATED)

    @extend_schema(operation_id="accounts_push_devices_destroy", request=UnsubscribeSerializer,
                   responses={204: None, 400: ERROR})
    def delete(self, request: Request) -> Response:
        serializer = UnsubscribeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.push_unsubscribe(user=signed_in(request), endpoint=serializer.validated_data["endpoint"])
        return Response(status=status.HTTP_204_NO_CONTENT)


class PushDeviceApi(APIView):
    """Forget one of the player's devices (it gets no more pushes)."""

    authentication_classes = AUTHENTICATION

    @extend_schema(operation_id="accounts_push_device_destroy", request=None, responses={204: None, 404: ERROR})
    def delete(self, request: Request, device_id: int) -> Response:
        if not services.push_unsubscribe(user=signed_in(request), subscription_id=device_id):
            raise Http404(_("No such device of yours."))
        return Response(status=status.HTTP_204_NO_CONTENT)
