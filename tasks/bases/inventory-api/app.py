"""Inventory API: stock levels by SKU. Expects the tables init_db.py creates."""
import os
import sqlite3

from flask import Flask, jsonify

app = Flask(__name__)
DB = os.environ.get("INVENTORY_DB", "/tmp/inventory.db")


@app.get("/health")
def health():
    sqlite3.connect(DB).execute("SELECT count(*) FROM items")
    return jsonify(status="ok")


@app.get("/items/<sku>")
def item(sku):
    row = sqlite3.connect(DB).execute("SELECT quantity FROM items WHERE sku = ?", (sku,)).fetchone()
    return jsonify(sku=sku, quantity=row[0] if row else 0)
