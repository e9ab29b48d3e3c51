"""Monthly sales reports. Served by gunicorn on port 8000; the image records its release in APP_VERSION."""
import os

from flask import Flask, jsonify

app = Flask(__name__)
VERSION = os.environ["APP_VERSION"]


@app.get("/health")
def health():
    return jsonify(status="ok", version=VERSION)


@app.get("/reports/<month>")
def report(month: str):
    return jsonify(month=month, total=0, version=VERSION)
