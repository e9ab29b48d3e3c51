"""Orders API: records orders in the database DATABASE_URL names."""
import os

from flask import Flask, jsonify, request
from sqlalchemy import create_engine, text

# Required: the service has no built-in database.
DATABASE_URL = os.environ["DATABASE_URL"]

engine = create_engine(DATABASE_URL)
with engine.begin() as connection:
    connection.execute(text("CREATE TABLE IF NOT EXISTS orders (id INTEGER PRIMARY KEY, item TEXT NOT NULL)"))

app = Flask(__name__)


@app.get("/health")
def health():
    return jsonify(status="ok")


@app.post("/orders")
def create_order():
    item = request.get_json(force=True)["item"]
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO orders (item) VALUES (:item)"), {"item": item})
    return jsonify(item=item), 201
