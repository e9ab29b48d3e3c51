import os

os.environ.setdefault("NOTES_BUCKET", "test-bucket")
os.environ.setdefault("NOTES_API_TOKEN", "t0ken")

from fastapi.testclient import TestClient  # noqa: E402

from app.main import app  # noqa: E402

client = TestClient(app)
AUTH = {"Authorization": "Bearer t0ken"}


def test_health():
    assert client.get("/healthz").json() == {"status": "ok"}


def test_create_and_list():
    assert client.post("/notes", json={"text": "hi"}, headers=AUTH).status_code == 201
    assert client.get("/notes", headers=AUTH).json()["notes"][0]["text"] == "hi"


def test_rejects_bad_token():
    assert client.get("/notes", headers={"Authorization": "Bearer nope"}).status_code == 401
