"""WSGI entry point: the site's HTTP in production (gunicorn with threads: every view here is synchronous).

The WebSockets (``/ws/``) are served by the ASGI application (arkproject/asgi.py) in processes of their own.
"""
import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arkproject.settings")

application = get_wsgi_application()

# What is loaded by now lives as long as the process: kept out of the garbage collector's full collections.
gc.collect()
gc.freeze()
