"""The push API, under /api/accounts/me/push/ (arkproject/urls.py)."""
from django.urls import path

from games.push import api

urlpatterns = [
    path("", api.PushSettingsApi.as_view(), name="api-push"),
    path("devices/", api.PushDevicesApi.as_view(), name="api-push-devices"),
    path("devices/<int:device_id>/", api.PushDeviceApi.as_view(), name="api-push-device"),
]
