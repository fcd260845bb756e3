"""ASGI entry point: HTTP through Django, WebSockets through Channels."""
import gc
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arkproject.settings")

# Django must be set up before anything imports models (consumers, auth middleware).
django.setup(set_prefix=False)

from arkproject.handlers import SyncChainASGIHandler  # noqa: E402

django_asgi_app = SyncChainASGIHandler()  # what get_asgi_application() makes, with a synchronous chain

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402

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
