"""The Celery app; its settings are the Django settings prefixed with CELERY_."""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arkproject.settings")

app = Celery("arkproject")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Tasks live in games/notifications/tasks.py (their names stay "games.tasks.<name>", as queued before).
app.autodiscover_tasks(["games.notifications", "games.computer", "games.tournaments", "games.push"])
