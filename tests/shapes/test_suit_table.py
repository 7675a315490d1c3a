"""The shipped table of complete suit patterns is exactly what the search finds."""

from __future__ import annotations

import importlib.util
import itertools
from pathlib import Path
from types import ModuleType

from riichi.shapes.decompose import _complete_patterns, decode_suit_table, search_suit_readings, suit_readings

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _script() -> ModuleType:
    return _load("gen_suit_table", ROOT / "scripts" / "gen_suit_table.py")


def test_the_shipped_table_is_what_the_script_generates() -> None:
    # Same patterns, same readings, same order; compared decoded, as compressors may vary across versions.
    script = _script()
    generated = script.table()
    shipped = _complete_patterns()
    assert shipped == generated
    assert list(shipped) == list(generated)
    assert "\n".join(f"{p} {r}" for p, r in shipped.items()) == script.table_text()
    assert len(shipped) == 21_743
    assert shipped["000000000"] == "-/"
    assert shipped["333000000"] == "-/000;-012/"  # 111222333m: three runs or three triplets


def test_the_script_writes_what_the_decoder_reads(tmp_path: Path) -> None:
    # The module text the script writes, imported afresh, decodes back to the table it was made from.
    script = _script()
    rows = {"000000000": "-/", "000000003": "-8/", "333000000": "-/000;-012/"}
    (tmp_path / "table.py").write_text(script.module_source(rows))
    probe = _load("table", tmp_path / "table.py")
    decoded = decode_suit_table(probe.PATTERNS, probe.READINGS)
    assert decoded == rows and list(decoded) == list(rows)


def test_the_shipped_module_stays_small() -> None:
    assert (ROOT / "riichi" / "shapes" / "_suit_table.py").stat().st_size < 100_000


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


def test_each_suit_reads_its_patterns_with_its_own_kinds() -> None:
    # standard_readings reads each suit's pattern from the shipped table straight into that suit's
    # kinds (pin from 9, sou from 18). A complete pattern in one suit with a pair of East beside it
    # must read as the search reads the pattern, shifted to the suit. Every 5th shipped pattern.
    from riichi.shapes.decompose import standard_readings

    for digits in itertools.islice(_complete_patterns(), 0, None, 5):
        pattern = tuple(map(int, digits))
        if sum(pattern) % 3:  # holds a pair already: East would be a second one
            continue
        for base in (0, 9, 18):
            counts = [0] * 34
            counts[base:base + 9] = pattern
            counts[27] = 2
            expected = sorted((27, tuple(t + base for t in trips), tuple(r + base for r in runs))
                              for _, trips, runs in search_suit_readings(pattern))
            assert sorted(standard_readings(counts)) == expected, (digits, base)
