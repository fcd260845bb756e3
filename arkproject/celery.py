"""The Celery app; its settings are the Django settings prefixed with CELERY_."""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arkproject.settings")

app = Celery("arkproject")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
