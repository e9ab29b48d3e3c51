from unittest import mock

import fakeredis

from quotes import QUOTES, create_app


def client():
    with mock.patch("redis.Redis.from_url", return_value=fakeredis.FakeRedis()):
        return create_app().test_client()


def test_livez():
    assert client().get("/livez").status_code == 200


def test_quote_is_stable_for_the_day():
    c = client()
    first = c.get("/api/quote").get_json()["quote"]
    assert first in QUOTES
    assert c.get("/api/quote").get_json()["quote"] == first
