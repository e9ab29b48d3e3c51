"""notes-api: a small notes service. uvicorn serves it (see the Dockerfile's CMD for host and port)."""
from fastapi import Depends, FastAPI, Header, HTTPException
from pydantic import BaseModel

from app import settings

app = FastAPI(title="notes-api")
NOTES: dict[int, str] = {}


class Note(BaseModel):
    text: str


def authorised(authorization: str = Header(default="")) -> None:
    if authorization != f"Bearer {settings.API_TOKEN}":
        raise HTTPException(status_code=401, detail="bad token")


@app.get("/healthz")
def healthz() -> dict:
    return {"status": "ok"}


@app.get("/readyz")
def readyz() -> dict:
    return {"status": "ready", "bucket": settings.BUCKET}


@app.get("/notes", dependencies=[Depends(authorised)])
def list_notes() -> dict:
    return {"notes": [{"id": k, "text": v} for k, v in NOTES.items()]}


@app.post("/notes", status_code=201, dependencies=[Depends(authorised)])
def create_note(note: Note) -> dict:
    if len(note.text.encode()) > settings.MAX_NOTE_BYTES:
        raise HTTPException(status_code=413, detail="note too large")
    note_id = len(NOTES) + 1
    NOTES[note_id] = note.text
    return {"id": note_id}
