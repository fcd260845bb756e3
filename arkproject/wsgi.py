"""WSGI entry point (the site is served over ASGI; this is kept for plain HTTP hosts)."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arkproject.settings")

application = get_wsgi_application()
