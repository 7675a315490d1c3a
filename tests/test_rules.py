"""Rule sets: presets, overrides, and the documentation of every switch."""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path

import pytest

from riichi.errors import UnknownRulesError
from riichi.rules import (
    PRESETS,
    TENHOU,
    WRC,
    Kazoe,
    MultipleYakuman,
    Renhou,
    RuleSet,
    presets_table,
    resolve_rules,
)

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def test_every_preset_named_by_the_interchange_contract_exists() -> None:
    # INTERCHANGE.md: "Preset names that must exist".
    assert set(PRESETS) == {"tenhou", "mahjongsoul", "wrc", "ema", "ema2008", "mleague", "jpml", "full", "dynasty"}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_documents_its_sources(name: str) -> None:
    assert PRESETS[name].name == name
    assert len(PRESETS[name].description) > 60


def test_every_switch_is_documented() -> None:
    text = DOC.read_text()
    for f in fields(RuleSet):
        if f.name not in ("name", "description"):
            assert f"| `{f.name}` |" in text, f.name


def test_documented_preset_matrix_matches_the_code() -> None:
    # docs/rules.md shows presets_table() verbatim: a changed preset must change the doc.
    assert presets_table() in DOC.read_text()
    row = next(line for line in presets_table().splitlines() if line.startswith("| `kiriage` |"))
    assert row == "| `kiriage` | no | no | yes | no | no | yes | no | yes | no |"  # RULESETS.md §1b


def test_preset_decisions_of_the_checklist() -> None:
    # SEED-CHECKLIST.md decisions and RULESETS.md §1b.
    assert TENHOU.kazoe is Kazoe.YAKUMAN and TENHOU.multiple_yakuman is MultipleYakuman.CUMULATIVE
    assert WRC.kazoe is Kazoe.SANBAIMAN and WRC.multiple_yakuman is MultipleYakuman.SINGLE and WRC.kiriage
    assert PRESETS["mahjongsoul"].renhou is Renhou.NONE and PRESETS["mleague"].renhou is Renhou.NONE
    assert PRESETS["dynasty"].renhou is Renhou.YAKUMAN and PRESETS["dynasty"].max_yakuman == 7
    assert PRESETS["full"].max_yakuman == 6 and PRESETS["full"].multiple_yakuman is MultipleYakuman.FULL
    assert PRESETS["ema2008"].renhou is Renhou.YAKUMAN and not PRESETS["ema2008"].kiriage
    assert PRESETS["jpml"].double_wind_fu == 2 and TENHOU.double_wind_fu == 4


def test_overrides_replace_one_switch() -> None:
    rules = resolve_rules({"preset": "wrc", "kiriage": False, "local_yaku": ["sanrenkou"], "kazoe": "multiple"})
    assert rules == replace(WRC, kiriage=False, local_yaku=frozenset({"sanrenkou"}), kazoe=Kazoe.MULTIPLE)
    assert resolve_rules({"preset": "tenhou", "local_yaku": True}).has("daichisei")
    assert resolve_rules({"preset": "full", "local_yaku": False}).local_yaku == frozenset()
    assert resolve_rules({"preset": "tenhou", "max_yakuman": None}).max_yakuman is None


@pytest.mark.parametrize(("spec", "needle"), [
    ("riichi-city", "unknown rule set 'riichi-city'"),
    ({"preset": "nope"}, "unknown rule set 'nope'"),
    ({"preset": "tenhou", "kiriage": 1}, "rules.kiriage must be true or false"),
    ({"preset": "tenhou", "aka": True}, "rules.aka must be a whole number from 0 to 4"),
    ({"preset": "tenhou", "aka": 5}, "rules.aka must be a whole number from 0 to 4"),
    ({"preset": "tenhou", "kazoe": "double"}, "rules.kazoe must be one of"),
    ({"preset": "tenhou", "max_yakuman": 0}, "rules.max_yakuman must be a whole number of at least 1"),
    ({"preset": "tenhou", "local_yaku": ["sanrenko"]}, "unknown local yaku 'sanrenko'"),
    ({"preset": "tenhou", "kuitann": True}, "unknown rules switch 'kuitann'"),
])
def test_bad_rules_are_named_precisely(spec: object, needle: str) -> None:
    with pytest.raises(UnknownRulesError, match=needle.replace("(", r"\(")):
        resolve_rules(spec)  # type: ignore[arg-type]


def test_a_cached_spec_never_hides_a_type_error() -> None:
    # {"aka": 1} is valid; {"aka": true} must still be refused although True == 1 in Python.
    assert resolve_rules({"preset": "tenhou", "aka": 1}).aka == 1
    with pytest.raises(UnknownRulesError):
        resolve_rules({"preset": "tenhou", "aka": True})


def test_differences_between_two_presets() -> None:
    diff = TENHOU.differences(WRC)
    assert diff["kiriage"] == (False, True)
    assert diff["aka"] == (3, 0)
    assert "kuitan" not in diff
