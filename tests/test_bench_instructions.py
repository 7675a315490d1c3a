"""The instruction-count benchmark's children run every engine on real cases (valgrind not needed)."""

from __future__ import annotations

import subprocess

import pytest

from benchmarks.instructions import COMPILED_MODES, MODES, child_command, read_counts, table
from tests.conftest import BENCH_HANDS


@pytest.mark.parametrize("mode", MODES)
def test_each_child_scores_the_cases_it_is_given(mode: str) -> None:
    if mode in ("mahjong", "riichienv"):
        pytest.importorskip(mode)
    if mode in COMPILED_MODES:
        from riichi.build import kind

        if kind() != "compiled":
            pytest.skip("the compiled rows need the compiled build installed (pip install .)")
    cmd, cwd = child_command(mode, BENCH_HANDS, 10, 3, go=True)
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr


#: The summary cachegrind 3.19 printed for ``python -c pass`` with --cache-sim=yes --branch-sim=yes.
CACHEGRIND_REPORT = """\
==12740== I   refs:      88,074,827
==12740== I1  misses:       382,981
==12740== LLi misses:        12,739
==12740== I1  miss rate:       0.43%
==12740== LLi miss rate:       0.01%
==12740==
==12740== D   refs:      37,423,097  (25,214,199 rd   + 12,208,898 wr)
==12740== D1  misses:     1,202,739  ( 1,085,305 rd   +    117,434 wr)
==12740== LLd misses:        88,579  (    29,460 rd   +     59,119 wr)
==12740==
==12740== Branches:      15,442,069  (13,313,978 cond +  2,128,091 ind)
==12740== Mispredicts:    1,570,282  ( 1,000,440 cond +    569,842 ind)
==12740== Mispred rate:        10.2% (       7.5%     +       26.8%   )
"""


def test_cachegrind_summary_is_read_event_by_event() -> None:
    assert read_counts(CACHEGRIND_REPORT, caches=True) == {
        "instructions": 88_074_827, "I1 misses": 382_981, "D1 misses": 1_202_739, "mispredicts": 1_570_282}
    assert read_counts("==1== Collected : 123456\n", caches=False) == {"instructions": 123_456}
    with pytest.raises(RuntimeError, match="no D1 misses count"):
        read_counts(CACHEGRIND_REPORT.replace("D1  misses", "D1 lost"), caches=True)


def test_table_gives_the_peers_count_over_each_engines() -> None:
    # 491,700 / 148,900 = 3.302; 1,570 / 669 = 2.347
    text = table({"riichi score()": {"instructions": 148_900, "I1 misses": 669},
                  "mahjong": {"instructions": 491_700, "I1 misses": 1_570}}, ("instructions", "I1 misses"))
    riichi_row = next(line for line in text.splitlines() if line.startswith("riichi score()"))
    assert "148,900  3.30x" in riichi_row
    assert "669  2.35x" in riichi_row
