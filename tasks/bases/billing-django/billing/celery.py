"""The Celery app: the worker runs `celery -A billing worker`; its broker is REDIS_URL (settings.CELERY_BROKER_URL)."""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "billing.settings")

app = Celery("billing")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
