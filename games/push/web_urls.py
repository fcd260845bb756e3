"""The installable app's addresses at the site's root, and the settings page's push forms."""
from django.urls import path

from games.push import web

urlpatterns = [
    path("sw.js", web.service_worker, name="service_worker"),
    path("manifest.webmanifest", web.manifest, name="manifest"),
    path("offline/", web.offline, name="offline"),
    path("accounts/settings/push/", web.push_choices, name="push_choices"),
    path("accounts/settings/push/devices/<int:device_id>/forget/", web.push_device_forget, name="push_device_forget"),
]
