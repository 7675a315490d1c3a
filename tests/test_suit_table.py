"""The shipped table of complete suit patterns is exactly what the search finds."""

from __future__ import annotations

import base64
import importlib.util
import itertools
import lzma
from pathlib import Path

from riichi._suit_table import READINGS_B85
from riichi.decompose import search_suit_readings, suit_readings

ROOT = Path(__file__).resolve().parent.parent


def test_the_shipped_table_is_what_the_script_generates() -> None:
    spec = importlib.util.spec_from_file_location("gen_suit_table", ROOT / "scripts" / "gen_suit_table.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert lzma.decompress(base64.b85decode(READINGS_B85)).decode("ascii") == script.table_text()


def test_every_pattern_reads_as_the_search_reads_it() -> None:
    # Every suit pattern of a real hand (counts 0..4, at most 14 tiles): 405,350 of them, 21,743 complete.
    complete = 0
    for pattern in itertools.product(range(5), repeat=9):
        if sum(pattern) <= 14:
            found = suit_readings.__wrapped__(pattern)
            assert found == search_suit_readings(pattern), pattern
            complete += bool(found)
    assert complete == 21_743


def test_hand_checked_patterns() -> None:
    # 111222333 reads as three runs 123 123 123 or as three triplets (in sorted order);
    # 11123 as a pair 11 and the run 123; a fifth copy (a what-if shape) is searched, not looked up.
    assert suit_readings((3, 3, 3, 0, 0, 0, 0, 0, 0)) == ((-1, (), (0, 0, 0)), (-1, (0, 1, 2), ()))
    assert suit_readings((3, 1, 1, 0, 0, 0, 0, 0, 0)) == ((0, (), (0,)),)
    assert suit_readings((5, 0, 0, 0, 0, 0, 0, 0, 0)) == ((0, (0,), ()),)
    assert suit_readings((1, 1, 0, 0, 0, 0, 0, 0, 0)) == ()
