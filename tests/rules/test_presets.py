"""riichi.rules.presets: every preset's values, from the rule books each description names."""

from __future__ import annotations

import pytest

from riichi.rules import (
    EMA,
    JPML,
    MAHJONGSOUL,
    MLEAGUE,
    PRESETS,
    TENHOU,
    WRC,
    AbortiveDraw,
    Bust,
    Extension,
    KanDoraTiming,
    Kazoe,
    LeftoverSticks,
    MultipleRon,
    MultipleYakuman,
    Renhou,
)


def test_every_preset_named_by_the_interchange_contract_exists() -> None:
    # The interchange contract's "Preset names that must exist", and its three-player section's two.
    assert set(PRESETS) == {"tenhou", "mahjongsoul", "wrc", "ema", "ema2008", "mleague", "jpml", "full", "dynasty",
                            "tenhou-sanma", "mahjongsoul-sanma", "riichicity"}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_documents_its_sources_without_file_names(name: str) -> None:
    text = PRESETS[name].description
    assert PRESETS[name].name == name
    assert len(text) > 60
    for private in ("RULESETS", "seed 0", "SEED-CHECKLIST", ".md", ".txt"):
        assert private not in text, (name, private)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_uma_sums_to_zero_and_oka_only_with_a_gap(name: str) -> None:
    game = PRESETS[name].game
    assert sum(game.uma) == 0
    assert list(game.uma) == sorted(game.uma, reverse=True)
    if game.starting_points == game.target_points:
        assert not game.oka, name


def test_scoring_decisions() -> None:
    # The seed checklist's decisions and the rule-set survey's table 1b.
    assert TENHOU.scoring.kazoe is Kazoe.YAKUMAN and TENHOU.scoring.multiple_yakuman is MultipleYakuman.CUMULATIVE
    assert WRC.scoring.kazoe is Kazoe.SANBAIMAN and WRC.scoring.multiple_yakuman is MultipleYakuman.SINGLE
    assert WRC.scoring.kiriage and not EMA.scoring.kiriage
    assert MAHJONGSOUL.scoring.renhou is Renhou.NONE and MLEAGUE.scoring.renhou is Renhou.NONE
    assert PRESETS["dynasty"].scoring.renhou is Renhou.YAKUMAN and PRESETS["dynasty"].scoring.max_yakuman == 7
    assert PRESETS["full"].scoring.max_yakuman == 6
    assert PRESETS["ema2008"].scoring.renhou is Renhou.YAKUMAN and not PRESETS["ema2008"].scoring.kiriage
    assert JPML.scoring.double_wind_fu == 2 and TENHOU.scoring.double_wind_fu == 4


def test_tenhou_game_frame_as_real_games_confirm() -> None:
    # The replay contract's facts from 913 real Tenhou games, and tenhou.net's rule list.
    game = TENHOU.game
    assert (game.starting_points, game.target_points, game.oka) == (25000, 30000, True)
    assert game.uma == (20000, 10000, -10000, -20000)
    assert game.multiple_ron is MultipleRon.DOUBLE and AbortiveDraw.SANCHAHOU in game.abortive_draws
    assert not game.honba_each_winner
    assert game.bust is Bust.BELOW_ZERO and game.extension is Extension.SUDDEN_DEATH
    assert game.agari_yame and game.tenpai_yame
    assert game.leftover_sticks is LeftoverSticks.TO_TOP
    assert game.abortive_draws == frozenset(AbortiveDraw)
    assert (game.honba_ron, game.honba_tsumo, game.noten_total) == (300, 100, 3000)
    assert (game.riichi_min_points, game.riichi_min_wall_tiles) == (1000, 4)
    assert game.kan_dora_timing is KanDoraTiming.AFTER_DISCARD and not game.kokushi_robs_ankan


def test_competition_rules_play_no_abortive_draws_and_one_winner() -> None:
    # WRC 2015, JPML, M.League: head bump and no abortive draws; EMA 2016: double and triple ron.
    for rules in (WRC, JPML, MLEAGUE):
        assert rules.game.multiple_ron is MultipleRon.HEAD_BUMP and not rules.game.abortive_draws
    assert EMA.game.multiple_ron is MultipleRon.TRIPLE and EMA.game.honba_each_winner
    assert MAHJONGSOUL.game.multiple_ron is MultipleRon.TRIPLE
    assert AbortiveDraw.SANCHAHOU not in MAHJONGSOUL.game.abortive_draws
    assert MAHJONGSOUL.game.kokushi_robs_ankan


def test_frames_of_the_competition_rules() -> None:
    # WRC 2015: 30,000 start and target, uma 15/5, sticks unclaimed; M.League: 25,000/30,000, uma 30/10,
    # riichi at any score and wall; EMA 2016: play on below zero, sticks to the top.
    assert (WRC.game.starting_points, WRC.game.uma[0], WRC.game.oka) == (30000, 15000, False)
    assert WRC.game.leftover_sticks is LeftoverSticks.UNCLAIMED and EMA.game.leftover_sticks is LeftoverSticks.TO_TOP
    assert MLEAGUE.game.uma == (30000, 10000, -10000, -30000) and MLEAGUE.game.oka
    assert MLEAGUE.game.riichi_min_points is None and MLEAGUE.game.riichi_min_wall_tiles is None
    assert EMA.game.bust is Bust.NONE and EMA.game.kan_dora_timing is KanDoraTiming.IMMEDIATE
    assert PRESETS["dynasty"].game.rinshan_pao and not WRC.game.rinshan_pao
