"""Catalog API: the product catalogue, served as JSON by Flask."""
import os

from flask import Flask, abort, jsonify

app = Flask(__name__)

PRODUCTS = {
    "sku-100": {"sku": "sku-100", "name": "Espresso beans 1kg", "price_cents": 2490},
    "sku-200": {"sku": "sku-200", "name": "Pour-over kettle", "price_cents": 5900},
}


@app.get("/health")
def health():
    return jsonify(status="ok")


@app.get("/products")
def list_products():
    return jsonify(sorted(PRODUCTS.values(), key=lambda p: p["sku"]))


@app.get("/products/<sku>")
def get_product(sku):
    product = PRODUCTS.get(sku)
    if product is None:
        abort(404)
    return jsonify(product)


if __name__ == "__main__":
    app.run(host="0.0.0.0", port=int(os.environ.get("PORT", "8000")))
