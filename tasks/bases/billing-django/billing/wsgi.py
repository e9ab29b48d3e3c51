"""WSGI entry point: gunicorn serves billing.wsgi:application (settings in gunicorn.conf.py)."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "billing.settings")

application = get_wsgi_application()
