"""benchmarks.builds: each engine's child times and scores the benchmark hands, and the table reads them.

No timing is asserted: a benchmark's numbers are for its report, not for a test."""

from __future__ import annotations

import pytest

from benchmarks import builds


def test_the_table_and_targets_read_each_engines_times() -> None:
    # Made-up medians: compiled 10 µs, pure 50, mahjong 100, riichienv 5 a hand.
    results = {
        engine: {"engine": engine, "info": engine, "points": [1000, 2000],
                 "times": {task: [us] for task in builds.TASKS}}
        for engine, us in (("compiled", 10.0), ("pure", 50.0), ("mahjong", 100.0), ("riichienv", 5.0))
    }
    lines = builds.table(results)
    typed = next(line for line in lines if line.startswith("score hands-2000 (typed API)"))
    assert "10.00x" in typed and "2.00x" in typed and "0.50x" in typed
    assert "compiled batch: 100,000 cases/s (score_line_json, one core)" in lines
    checks = builds.targets(results)
    assert any("compiled typed scoring >= 8x mahjong (hands-2000): 10.00x -- met" in c for c in checks)
    assert any("pure typed scoring no slower than 2x mahjong (>= 0.5x): 2.00x -- met" in c for c in checks)


@pytest.mark.parametrize("engine", ["pure", "mahjong", "riichienv"])
def test_a_worker_scores_every_hand_alike(engine: str) -> None:
    if engine != "pure":
        pytest.importorskip(engine)
    from riichi.build import kind

    if engine == "pure" and kind() != "pure":
        pytest.skip("this environment runs the compiled build")
    out = builds.worker(engine, rounds=1, seed=3, n_random=20)
    assert "error" not in out, out
    assert len(out["points"]) == 2000 and all(isinstance(p, int) for p in out["points"])
