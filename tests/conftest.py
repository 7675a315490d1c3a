"""Shared test fixtures: where the tests' own data lives (``tests/data``, see its README)."""

from __future__ import annotations

from pathlib import Path

#: The test data kept in the repository.
DATA = Path(__file__).resolve().parent / "data"
#: Real Tenhou wins with the server's own result.
TENHOU_WINS = DATA / "tenhou" / "wins.jsonl"
#: The benchmark hands.
BENCH_HANDS = DATA / "bench" / "hands-2000.jsonl"
#: Real whole Tenhou games and what a replay must reproduce.
GAMES = DATA / "games"
