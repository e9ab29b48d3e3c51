"""quotes: the quote-of-the-day API behind the intranet home page."""
import os
import random

import redis
from flask import Flask, jsonify

QUOTES = [
    "Simple things should be simple, complex things should be possible.",
    "Make it work, make it right, make it fast.",
    "There is no cloud, it's just someone else's computer.",
]


def create_app() -> Flask:
    app = Flask(__name__)
    cache = redis.Redis.from_url(os.environ["REDIS_URL"], socket_timeout=1)
    ttl = int(os.environ.get("QUOTE_TTL_SECONDS", "86400"))

    @app.get("/livez")
    def livez():
        return jsonify(status="ok")

    @app.get("/api/quote")
    def quote():
        today = cache.get("quote:today")
        if today is None:
            today = random.choice(QUOTES).encode()
            cache.setex("quote:today", ttl, today)
        return jsonify(quote=today.decode())

    return app
