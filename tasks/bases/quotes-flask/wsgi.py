"""gunicorn's entry point: `gunicorn wsgi:app`."""
from quotes import create_app

app = create_app()
