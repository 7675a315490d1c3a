"""riichi.rules.ruleset: the two halves, replacement by switch name, the flat dictionary."""

from __future__ import annotations

import pytest

from riichi.errors import UnknownRulesError
from riichi.rules import (
    GAME_SWITCHES,
    SCORING_SWITCHES,
    TENHOU,
    WRC,
    MultipleRon,
    RuleSet,
)


def test_a_switch_name_belongs_to_one_half() -> None:
    assert not set(SCORING_SWITCHES) & set(GAME_SWITCHES)
    assert not ({"name", "description"} & (set(SCORING_SWITCHES) | set(GAME_SWITCHES)))


def test_replace_routes_each_switch_to_its_half() -> None:
    r = TENHOU.replace(kuitan=False, multiple_ron=MultipleRon.TRIPLE, name="house")
    assert (r.name, r.scoring.kuitan, r.game.multiple_ron) == ("house", False, MultipleRon.TRIPLE)
    assert r.game.uma == TENHOU.game.uma and r.scoring.aka == TENHOU.scoring.aka
    assert TENHOU.replace() == TENHOU
    with pytest.raises(UnknownRulesError, match="unknown rules switch 'kuitann'"):
        TENHOU.replace(kuitann=True)


def test_switch_reads_either_half() -> None:
    assert TENHOU.switch("aka") == 3 and TENHOU.switch("noten_total") == 3000
    with pytest.raises(UnknownRulesError):
        TENHOU.switch("nope")


def test_to_dict_is_flat_and_json_able() -> None:
    d = WRC.to_dict()
    assert list(d) == ["name", *SCORING_SWITCHES, *GAME_SWITCHES, "description"]
    assert d["uma"] == [15000, 5000, -5000, -15000] and d["abortive_draws"] == [] and d["kazoe"] == "sanbaiman"
    assert RuleSet().name == "custom"


def test_differences_between_two_presets() -> None:
    diff = TENHOU.differences(WRC)
    assert diff["kiriage"] == (False, True)
    assert diff["aka"] == (3, 0)
    assert diff["multiple_ron"] == ("double", "head_bump")
    assert "kuitan" not in diff


def test_yaku_switches_hold_yaku_members_not_names() -> None:
    # Local yaku and liability are sets of Yaku (one registry of yaku); a set of names is refused by name.
    from riichi.rules import LOCAL_YAKU, PAO_YAKUMAN, TENHOU
    from riichi.yaku import Yaku

    assert TENHOU.scoring.pao == frozenset({Yaku.DAISANGEN, Yaku.DAISUUSHII})
    assert Yaku.SANRENKOU in LOCAL_YAKU and Yaku.RIICHI not in LOCAL_YAKU and Yaku.SUUKANTSU in PAO_YAKUMAN
    assert TENHOU.replace(local_yaku=frozenset({Yaku.SANRENKOU})).scoring.has(Yaku.SANRENKOU)
    with pytest.raises(UnknownRulesError, match="'local_yaku' takes a frozenset of Yaku"):
        TENHOU.replace(local_yaku=frozenset({"sanrenkou"}))


def test_the_yakuman_a_rule_set_may_hold_liable_are_those_the_table_knows_the_feeder_of() -> None:
    # Daisangen and daisuushii carry liability under Tenhou's, Mahjong Soul's and the EMA's rules, and the JPML
    # rules and M-League's add suukantsu: these three are the yakuman whose feeder some rule set holds liable.
    # The registry marks them, the rules take their switch's choices from it, and the table gives each the
    # way to find its feeder (its rows are built from the registry and refuse to disagree).
    from riichi.rules import PAO_YAKUMAN
    from riichi.scoring.yaku.table import YAKUMAN_ROWS
    from riichi.yaku import Yaku

    assert PAO_YAKUMAN == (Yaku.DAISANGEN, Yaku.DAISUUSHII, Yaku.SUUKANTSU)
    assert PAO_YAKUMAN == tuple(row.yaku for row in YAKUMAN_ROWS if row.feeder is not None)
