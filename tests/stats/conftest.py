"""The tables of the 175 real games, built once for the whole session (two worker processes)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

pytest.importorskip("duckdb", reason="the stats tests need the stats extra: pip install '.[stats]'")

from riichi.stats import BuildResult, build

GAMES = Path(__file__).resolve().parent.parent / "data" / "games"
LOGS = GAMES / "logs"
TRUTH = [json.loads(line) for line in (GAMES / "truth.jsonl").read_text(encoding="utf-8").splitlines()]
# a game is its Tenhou log id where the record has one, else the SHA-256 of the record's bytes (truth.jsonl
# names those h-...): each truth line gets the id the tables give it
for _t in TRUTH:
    _t["game_id"] = _t["log_id"] or hashlib.sha256((GAMES / _t["file"]).read_bytes()).hexdigest()


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BuildResult]:
    out = tmp_path_factory.mktemp("stats") / "tables"
    return out, build([str(LOGS)], out, workers=2)
