"""Settings shared by the API and the daily send: the team from the environment, the rest from a TOML file."""
import os
import tomllib
from pathlib import Path

TEAM = os.environ["DIGEST_TEAM"]
CONFIG_PATH = Path(os.environ.get("DIGEST_CONFIG", "/etc/digest/digest.toml"))


def load() -> dict:
    with CONFIG_PATH.open("rb") as f:
        return tomllib.load(f)
