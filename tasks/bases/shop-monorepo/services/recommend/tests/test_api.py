from fastapi.testclient import TestClient

from recommend.api import app

client = TestClient(app)


def test_suggests_what_is_not_in_the_cart():
    assert client.get("/api/recommendations", params={"skus": "SKU-1"}).json() == {"skus": ["SKU-2", "SKU-3"]}


def test_empty_cart():
    assert client.get("/api/recommendations").json() == {"skus": []}
