"""riichi.rules.spec: rule specs (a preset name or an object of overrides) and their errors."""

from __future__ import annotations

import pytest

from riichi.errors import UnknownRulesError
from riichi.rules import TENHOU, WRC, AbortiveDraw, Bust, Kazoe, resolve_rules
from riichi.yaku import Yaku


def test_overrides_replace_one_switch() -> None:
    rules = resolve_rules({"preset": "wrc", "kiriage": False, "local_yaku": ["sanrenkou"], "kazoe": "multiple"})
    assert rules == WRC.replace(kiriage=False, local_yaku=frozenset({Yaku.SANRENKOU}), kazoe=Kazoe.MULTIPLE)
    assert resolve_rules({"preset": "tenhou", "local_yaku": True}).scoring.has(Yaku.DAICHISEI)
    assert resolve_rules({"preset": "full", "local_yaku": False}).scoring.local_yaku == frozenset()
    assert resolve_rules({"preset": "tenhou", "max_yakuman": None}).scoring.max_yakuman is None


def test_game_switches_are_overridden_the_same_way() -> None:
    r = resolve_rules({"preset": "tenhou", "uma": [15000, 5000, -5000, -15000], "bust": "none",
                       "abortive_draws": ["suucha_riichi"], "riichi_min_points": None, "noten_total": 0})
    assert r.game.uma == (15000, 5000, -5000, -15000) and r.game.bust is Bust.NONE
    assert r.game.abortive_draws == frozenset({AbortiveDraw.SUUCHA_RIICHI})
    assert r.game.riichi_min_points is None and r.game.noten_total == 0
    assert r.scoring == TENHOU.scoring


def test_none_and_rule_sets_pass_through() -> None:
    assert resolve_rules(None) is TENHOU and resolve_rules(WRC) is WRC and resolve_rules("wrc") is WRC


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
    ({"preset": "tenhou", "uma": [20, 10, -10]}, "rules.uma has 3 places but rules.players is 4"),
    ({"preset": "tenhou", "uma": [20, 10, -10, -10]}, "rules.uma must sum to 0"),
    ({"preset": "tenhou", "uma": [20, -20]}, "rules.uma must be whole numbers, one a player"),
    ({"preset": "tenhou", "players": 3}, "rules.uma has 4 places but rules.players is 3"),
    ({"preset": "tenhou", "players": 2}, "rules.players must be a whole number from 3 to 4"),
    ({"preset": "tenhou-sanma", "sanma_tsumo": "split"}, "rules.sanma_tsumo must be one of 'tsumo_loss', "
                                                         "'north_bisection'"),
    ({"preset": "tenhou", "multiple_ron": "quadruple"}, "rules.multiple_ron must be one of 'head_bump'"),
    ({"preset": "tenhou", "abortive_draws": ["kyuushu"]}, "rules.abortive_draws must be one of"),
    ({"preset": "tenhou", "starting_points": -1}, "rules.starting_points must be a whole number of at least 0"),
    (42, "rules must be a preset name or an object"),
])
def test_bad_rules_are_named_precisely(spec: object, needle: str) -> None:
    with pytest.raises(UnknownRulesError, match=needle.replace("(", r"\(")):
        resolve_rules(spec)  # type: ignore[arg-type]


def test_a_resolved_spec_never_hides_a_type_error() -> None:
    # {"aka": 1} is valid; {"aka": true} must still be refused although True == 1 in Python.
    assert resolve_rules({"preset": "tenhou", "aka": 1}).scoring.aka == 1
    with pytest.raises(UnknownRulesError):
        resolve_rules({"preset": "tenhou", "aka": True})


def test_every_switch_a_rule_set_writes_is_read_back() -> None:
    # A rule set written as a spec (its differences from a preset, as to_dict writes them) must resolve to the
    # same rule set: extension_points (Mahjong Soul's 30,000) was refused as an unknown switch, and the score
    # sheet writes a record's rules this way. The two chombo switches are read as well.
    from riichi.rules import MAHJONGSOUL, PRESETS

    for preset in PRESETS.values():
        spec = {"preset": "tenhou", **{k: mine for k, (mine, _) in preset.differences(PRESETS["tenhou"]).items()}}
        assert resolve_rules(spec).to_dict() | {"name": preset.name, "description": ""} == \
            preset.to_dict() | {"description": ""}, preset.name
    assert resolve_rules({"preset": "tenhou", "extension_points": 30000}).game.extension_points == \
        MAHJONGSOUL.game.extension_points
    wrc = resolve_rules({"preset": "tenhou", "chombo_payment": False, "chombo_penalty": 20000}).game
    assert (wrc.chombo_payment, wrc.chombo_penalty) == (False, 20000)


def test_tonpuusen_is_read_as_east_only() -> None:
    # Tenhou names its east-only lobbies tonpuusen; the score-sheet checker writes a Tenhou game's length so.
    from riichi.rules import GameLength

    assert resolve_rules({"preset": "tenhou", "length": "tonpuusen"}).game.length is GameLength.EAST_ONLY
    assert resolve_rules({"preset": "tenhou", "length": "tonpuu"}).game.length is GameLength.EAST_ONLY
    with pytest.raises(UnknownRulesError, match="rules.length must be one of 'east_only', 'hanchan'"):
        resolve_rules({"preset": "tenhou", "length": "tonpuusenn"})
