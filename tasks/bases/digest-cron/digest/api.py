"""The digest API: what tomorrow's digest will contain, and a way to add to it. uvicorn serves it (see the Dockerfile)."""
from fastapi import FastAPI
from pydantic import BaseModel

from digest import config

app = FastAPI(title="digest")
ITEMS: list[str] = []


class Item(BaseModel):
    text: str


@app.get("/health")
def health() -> dict:
    return {"status": "ok", "team": config.TEAM}


@app.get("/digest")
def preview() -> dict:
    settings = config.load()
    return {"subject": settings["subject"].format(team=config.TEAM), "items": ITEMS[: settings.get("max_items", 20)]}


@app.post("/digest/items", status_code=201)
def add(item: Item) -> dict:
    ITEMS.append(item.text)
    return {"queued": len(ITEMS)}
