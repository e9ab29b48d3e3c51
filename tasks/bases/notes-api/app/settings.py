"""Settings read from the environment once, at import: the app refuses to start without its storage bucket."""
import os

BUCKET = os.environ["NOTES_BUCKET"]
API_TOKEN = os.environ["NOTES_API_TOKEN"]
MAX_NOTE_BYTES = int(os.environ.get("NOTES_MAX_BYTES", "65536"))
