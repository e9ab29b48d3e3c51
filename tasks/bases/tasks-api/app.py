"""tasks-api: the field teams' to-do API. gunicorn serves app:app (bind address and port in the Dockerfile's CMD)."""
import os

from flask import Flask, abort, jsonify, request
from sqlalchemy import Boolean, Column, Integer, MetaData, String, Table, create_engine, insert, select, text

DATABASE_URL = os.environ["DATABASE_URL"]
engine = create_engine(DATABASE_URL, pool_pre_ping=True, pool_size=5)

metadata = MetaData()
tasks = Table(
    "tasks",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("title", String(200), nullable=False),
    Column("done", Boolean, nullable=False, default=False),
)
metadata.create_all(engine)

app = Flask(__name__)


@app.get("/health")
def health():
    with engine.connect() as connection:
        connection.execute(text("SELECT 1"))
    return jsonify(status="ok")


@app.get("/tasks")
def list_tasks():
    with engine.connect() as connection:
        rows = connection.execute(select(tasks).order_by(tasks.c.id)).mappings().all()
    return jsonify(tasks=[dict(r) for r in rows])


@app.post("/tasks")
def create_task():
    title = (request.get_json(silent=True) or {}).get("title", "").strip()
    if not title:
        abort(400, "title is required")
    with engine.begin() as connection:
        new_id = connection.execute(insert(tasks).values(title=title)).inserted_primary_key[0]
    return jsonify(id=new_id), 201
