"""Bookmarks API: a small Flask service that lists and stores bookmarks in memory."""
import os

from flask import Flask, jsonify, request

app = Flask(__name__)
bookmarks = []


@app.get("/health")
def health():
    return jsonify(status="ok")


@app.get("/bookmarks")
def list_bookmarks():
    return jsonify(bookmarks)


@app.post("/bookmarks")
def add_bookmark():
    bookmark = request.get_json(force=True)
    bookmarks.append(bookmark)
    return jsonify(bookmark), 201


if __name__ == "__main__":
    # The container publishes port 8000; PORT overrides it for local runs.
    app.run(host="0.0.0.0", port=int(os.environ.get("PORT", "8000")))
