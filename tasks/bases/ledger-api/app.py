"""Ledger entries for the accounting team. gunicorn serves it on port 8000."""
from flask import Flask, jsonify

app = Flask(__name__)
ENTRIES = [{"id": 1, "account": "cash", "amount": 120}]


@app.get("/health")
def health():
    return jsonify(status="ok")


@app.get("/entries")
def entries():
    return jsonify(ENTRIES)
