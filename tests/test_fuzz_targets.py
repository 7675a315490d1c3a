"""The fuzz script's targets hold their contract on their seeds and on hostile inputs (a quick smoke run).

The coverage-guided runs (``python -m fuzz.run``, atheris) are a script, minutes long; this test
runs each target's check, without the fuzzer, on part of its real seed data and on inputs of the
kinds the hostile-input report named, so that the script cannot rot unnoticed.
"""

from __future__ import annotations

import itertools

import pytest

from fuzz.run import HOSTILE as MET, TARGETS, _available

HOSTILE = [b"", b"\xff\xfe", b"\xed\xa0\x80", b'{"id": NaN}', b'{"id": 1e999}', b'{"hand": "\\ud800", "win": "3z"}',
           b"[" * 5000, b'{"a": 1, "a": 2}', b"1" * 5000, b"123m456p789s1122z", b"pon:555z@W", b"0z", b"\x1f\x8b",
           b"<mjloggm><INIT seed=", b"<mjloggm ver=\"2.3\"><GO type=\"x\"/><INIT/><AGARI/></mjloggm>"]


@pytest.mark.parametrize("name", list(TARGETS))
def test_each_target_holds_on_its_seeds_and_hostile_input(name: str) -> None:
    if not _available(name):
        pytest.skip(f"the {name} reader's extra is not installed")
    make_target, seeds, limit = TARGETS[name]
    one = make_target()
    for data in itertools.chain(itertools.islice(seeds(), 0, 300 if limit > 1000 else 3), HOSTILE, MET):
        one(data)


def test_every_record_reader_has_a_target() -> None:
    # issue 24: each record reader (mjlog, tenhou.net/6, mjai, and every reader added later) is fuzzed
    from riichi.formats.detect import FORMATS

    assert set(FORMATS) <= set(TARGETS)
    assert "records" in TARGETS  # and the detection in front of them


def test_the_stats_target_checks_each_value_against_its_column_type() -> None:
    # what DuckDB's COPY of a part refuses (an INTEGER column is 32 bits; JSON has no NaN; text is UTF-8) and what
    # it would read as another type (true as 1)
    from fuzz.run import _type_problem

    assert _type_problem(2**31 - 1, "INTEGER") is None and _type_problem(None, "INTEGER") is None
    assert _type_problem(2**31, "INTEGER") == f"{2**31} does not fit a 32-bit INTEGER"
    assert _type_problem(True, "INTEGER") == "True is not an integer"
    assert _type_problem(float("nan"), "DOUBLE") == "nan is not a finite number"
    assert _type_problem("\ud800", "VARCHAR") == "'\\ud800' is not valid UTF-8"
    assert _type_problem([{"name": "riichi", "han": 1}], "STRUCT(name VARCHAR, han INTEGER)[]") is None
    assert _type_problem([{"name": "riichi"}], "STRUCT(name VARCHAR, han INTEGER)[]") is not None
