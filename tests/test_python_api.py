"""The Python API does not bite: rule overrides as keywords, wrong types refused at construction,
readable printing and short reprs."""

from __future__ import annotations

import pytest

from riichi import UnknownRulesError, resolve_rules
from riichi.rules import WRC


def test_resolve_rules_takes_overrides_as_keywords() -> None:
    # The WRC Riichi Rules 2015 round 4 han 30 fu up to mangan (kiriage); the keyword turns it off
    assert resolve_rules("wrc").scoring.kiriage is True
    rules = resolve_rules("wrc", kiriage=False)
    assert rules.scoring.kiriage is False
    assert rules == resolve_rules({"preset": "wrc", "kiriage": False})  # the same as the spec form
    assert resolve_rules(WRC, local_yaku={"sanrenkou"}).scoring.local_yaku == frozenset({"sanrenkou"})
    assert resolve_rules("tenhou", uma=(20, 10, -10, -20)).game.uma == (20, 10, -10, -20)  # order kept
    with pytest.raises(UnknownRulesError, match="rules.kiriage must be true or false, not 1"):
        resolve_rules("wrc", kiriage=1)
    with pytest.raises(UnknownRulesError, match="unknown rules switch 'kiriagi'"):
        resolve_rules("wrc", kiriagi=False)
