"""Settings for the billing service. Everything environment-specific comes from the environment."""
import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent

SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
DEBUG = os.environ.get("DJANGO_DEBUG") == "1"
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost").split(",")

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "invoices",
]

MIDDLEWARE = [
    # Answers the kubelet's probes before host validation: they arrive with the pod IP as Host.
    "billing.health.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.common.CommonMiddleware",
]

ROOT_URLCONF = "billing.urls"
WSGI_APPLICATION = "billing.wsgi.application"

DATABASES = {"default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=60)}

CELERY_BROKER_URL = os.environ["REDIS_URL"]
CELERY_TASK_ACKS_LATE = True

USE_TZ = True
TIME_ZONE = "UTC"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
