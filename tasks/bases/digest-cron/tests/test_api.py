import os
from pathlib import Path

os.environ.setdefault("DIGEST_TEAM", "platform")
os.environ.setdefault("DIGEST_CONFIG", str(Path(__file__).parent / "digest.toml"))

from fastapi.testclient import TestClient  # noqa: E402

from digest.api import app  # noqa: E402

client = TestClient(app)


def test_health():
    assert client.get("/health").json()["team"] == "platform"


def test_items_show_in_the_preview():
    client.post("/digest/items", json={"text": "deploy freeze on Friday"})
    assert "deploy freeze on Friday" in client.get("/digest").json()["items"]
