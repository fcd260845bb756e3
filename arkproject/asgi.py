"""ASGI entry point, as Channels documents it: WebSockets through Channels, HTTP through Django's own handler.

In production HTTP is served through WSGI (gunicorn, arkproject/wsgi.py) and only ``/ws/`` reaches this
application (uvicorn), routed there by the reverse proxy (README, "Running it for real"). ``make run``
(runserver, with Daphne) serves both from here.
"""
import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arkproject.settings")

# Django must be set up before anything imports models (consumers, auth middleware): get_asgi_application does it.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.live.routing import websocket_urlpatterns  # noqa: E402

# What is loaded by now lives as long as the process: kept out of the garbage collector's full collections,
# which then pause a web process for about half as long (bench/load.py: 140-200 ms before, 25-110 ms after).
gc.collect()
gc.freeze()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
