"""Three-player rules (sanma): the presets, the switches, the tiles in play.

Sources: the 70 real tenhou.net three-player games of the test data (tests/data/sanma, as their README says what
they show: start 35,000, return 40,000, uma +20/0/-20, a tsumo paid by the two existing shares, honba 200 on a
ron and 100 a payer on a tsumo, 2,000 at an exhaustive draw); riichi.wiki's "Sanma" page (2m-8m removed, 1m
indicator -> 9m); the interchange format's three-player section (the preset names, the ``nukidora`` entry,
``kita`` 0-4).
"""

from __future__ import annotations

import pytest

from riichi.errors import UnknownRulesError
from riichi.rules import (
    MAHJONGSOUL,
    MAHJONGSOUL_SANMA,
    PRESETS,
    SANMA_REMOVED,
    TENHOU,
    TENHOU_SANMA,
    SanmaTsumo,
    resolve_rules,
    tile_set,
)
from riichi.scoring.context import WinContext
from riichi.tiles import Tile
from riichi.yaku import Yaku


def test_tenhou_sanma_is_what_the_real_games_show() -> None:
    g = TENHOU_SANMA.game
    assert TENHOU_SANMA.players == g.players == 3
    assert (g.starting_points, g.target_points, g.uma) == (35000, 40000, (20000, 0, -20000))
    assert (g.honba_ron, g.honba_tsumo, g.noten_total) == (200, 100, 2000)
    assert g.sanma_tsumo is SanmaTsumo.TSUMO_LOSS
    assert TENHOU_SANMA.scoring.nukidora and TENHOU_SANMA.scoring.kita_rinshan  # 9 rinshan wins on a kita draw
    assert not TENHOU_SANMA.scoring.kiriage  # 4 han 30 fu tsumo paid 7,800 with one honba (a real game)


def test_four_player_presets_stay_four_player() -> None:
    for name, rules in PRESETS.items():
        assert rules.players == (3 if name.endswith("-sanma") else 4), name
        assert len(rules.game.uma) == rules.players
        assert rules.scoring.nukidora is name.endswith("-sanma")


def test_differences_between_tenhou_and_its_three_player_rules() -> None:
    diff = TENHOU.differences(TENHOU_SANMA)
    assert diff["players"] == (4, 3)
    assert diff["uma"] == ([20000, 10000, -10000, -20000], [20000, 0, -20000])
    assert diff["nukidora"] == (False, True)
    assert "kiriage" not in diff and "aka" not in diff  # one red five a suit: the man one is out with 2m-8m


def test_mahjongsoul_sanma_pays_the_north_share_by_halves() -> None:
    diff = TENHOU_SANMA.differences(MAHJONGSOUL_SANMA)
    assert diff["sanma_tsumo"] == ("tsumo_loss", "north_bisection")
    # Mahjong Soul's own scoring as its four-player preset has it
    for switch in ("multiple_yakuman", "pao_scope", "kokushi_robs_ankan"):
        assert MAHJONGSOUL_SANMA.switch(switch) == MAHJONGSOUL.switch(switch)


def test_a_three_player_variant_needs_three_uma() -> None:
    r = resolve_rules({"preset": "tenhou", "players": 3, "uma": [15000, 0, -15000]})
    assert r.players == 3 and r.game.uma == (15000, 0, -15000)
    with pytest.raises(UnknownRulesError, match="rules.uma has 4 places but rules.players is 3"):
        TENHOU.replace(players=3)
    with pytest.raises(UnknownRulesError, match="rules.uma has 3 places but rules.players is 4"):
        TENHOU_SANMA.replace(players=4)
    assert TENHOU_SANMA.replace(players=4, uma=(20000, 10000, -10000, -20000)).tiles.size == 136


def test_the_tiles_in_play() -> None:
    three, four = TENHOU_SANMA.tiles, TENHOU.tiles
    assert (three.size, four.size) == (108, 136)  # 136 - 7 kinds x 4
    assert len(three.tiles) == 108 and len(four.tiles) == 136
    assert SANMA_REMOVED == {Tile.parse(f"{n}m").kind for n in range(2, 9)}
    assert [k for k in range(34) if not three.copies[k]] == sorted(SANMA_REMOVED)
    assert three.reds == (Tile.P0, Tile.S0) and four.reds == (Tile.M0, Tile.P0, Tile.S0)
    assert three.tiles.count(Tile.P0) == 1 and three.tiles.count(Tile.parse("5p")) == 3
    assert not three.in_play(Tile.M0) and three.in_play(Tile.parse("1m")) and three.in_play(Tile.parse("4z"))
    # riichi.wiki "Sanma": 1m shows 9m, 9m shows 1m; the rest as with four players
    assert three.dora_after(Tile.parse("1m")) is Tile.parse("9m")
    assert three.dora_after(Tile.parse("9m")) is Tile.parse("1m")
    assert three.dora_after(Tile.parse("3z")) is Tile.parse("4z")  # West shows North
    assert four.dora_after(Tile.parse("1m")) is Tile.parse("2m")
    assert tile_set(3, 4).reds == (Tile.P0, Tile.S0, Tile.P0)
    with pytest.raises(UnknownRulesError, match="3 or 4 players"):
        tile_set(2, 3)


def test_kita_in_the_win_context() -> None:
    ctx = WinContext.parse("1p tsumo rinshan kita=2")
    assert ctx.kita == 2 and str(ctx) == "1p tsumo rinshan kita=2"
    assert WinContext.parse("1p").kita == 0
    with pytest.raises(ValueError, match="0 to 4, not 5"):
        WinContext(Tile.parse("1p"), kita=5)
    with pytest.raises(TypeError, match="kita must be a whole number"):
        WinContext(Tile.parse("1p"), kita="2")


def test_nukidora_is_a_dora_entry() -> None:
    assert Yaku.parse("nukidora") is Yaku.NUKIDORA and Yaku.NUKIDORA.is_dora
    assert Yaku.NUKIDORA.tenhou_ids == ()  # Tenhou counts set-aside Norths into its dora (id 52)
