import os

os.environ.setdefault("DATABASE_URL", "sqlite:///:memory:")

import app as tasks_app  # noqa: E402

client = tasks_app.app.test_client()


def test_health():
    assert client.get("/health").get_json() == {"status": "ok"}


def test_create_then_list():
    assert client.post("/tasks", json={"title": "replace valve"}).status_code == 201
    assert client.get("/tasks").get_json()["tasks"][-1]["title"] == "replace valve"


def test_title_required():
    assert client.post("/tasks", json={}).status_code == 400
