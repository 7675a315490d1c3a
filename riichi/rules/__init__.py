"""Rule sets as data: one frozen :class:`RuleSet` per rule book.

A rule set joins what scores (:class:`ScoringRules`: yaku, fu, limits, liability) and what plays
(:class:`GameRules`: points, uma and oka, game length, draws, multiple ron, riichi and kan
conditions). Presets are constants; a variant is a replacement:

>>> TENHOU.scoring.kuitan, TENHOU.replace(kuitan=False).scoring.kuitan
(True, False)
>>> resolve_rules({"preset": "wrc", "kiriage": False}).scoring.kiriage
False
>>> WRC.game.multiple_ron, EMA.game.multiple_ron
(<MultipleRon.HEAD_BUMP: 'head_bump'>, <MultipleRon.TRIPLE: 'triple'>)
>>> sorted(PRESETS)
['dynasty', 'ema', 'ema2008', 'full', 'jpml', 'mahjongsoul', 'mahjongsoul-sanma', 'mleague', 'riichicity', 'tenhou', 'tenhou-sanma', 'wrc']
>>> TENHOU_SANMA.players, TENHOU_SANMA.game.uma, TENHOU_SANMA.tiles.size
(3, (20000, 0, -20000), 108)

Each preset's ``description`` names its sources; switches no source settles have a default named
there. The modules: :mod:`~riichi.rules.options` (the enums), :mod:`~riichi.rules.ruleset` (the
dataclasses), :mod:`~riichi.rules.presets` (the data), :mod:`~riichi.rules.spec` (parsing a rule
spec), :mod:`~riichi.rules.tileset` (the tiles in play), :mod:`~riichi.rules.docs` (the documentation tables).
"""

from __future__ import annotations

from riichi.rules.docs import presets_table
from riichi.rules.options import (
    LOCAL_YAKU,
    PAO_YAKUMAN,
    AbortiveDraw,
    Bust,
    Extension,
    FinalRounding,
    GameLength,
    KanAfterRiichi,
    KanDoraTiming,
    Kazoe,
    Kuikae,
    LeftoverSticks,
    MultipleRon,
    MultipleYakuman,
    PaarenchanCount,
    PaoScope,
    Renchan,
    Renhou,
    SanmaTsumo,
    TenpaiYame,
    Ties,
)
from riichi.rules.presets import (
    DYNASTY,
    EMA,
    EMA2008,
    FULL,
    JPML,
    MAHJONGSOUL,
    MAHJONGSOUL_SANMA,
    MLEAGUE,
    PRESETS,
    RIICHICITY,
    TENHOU,
    TENHOU_SANMA,
    WRC,
    presets_for,
)
from riichi.rules.ruleset import (
    GAME_SWITCHES,
    SCORING_SWITCHES,
    GameRules,
    RuleSet,
    ScoringRules,
)
from riichi.rules.spec import find_rules, resolve_rules
from riichi.rules.tileset import SANMA_REMOVED, TileSet, tile_set

__all__ = [
    "DYNASTY",
    "EMA",
    "EMA2008",
    "FULL",
    "GAME_SWITCHES",
    "JPML",
    "LOCAL_YAKU",
    "MAHJONGSOUL",
    "MAHJONGSOUL_SANMA",
    "MLEAGUE",
    "PAO_YAKUMAN",
    "PRESETS",
    "RIICHICITY",
    "SANMA_REMOVED",
    "SCORING_SWITCHES",
    "TENHOU",
    "TENHOU_SANMA",
    "WRC",
    "AbortiveDraw",
    "Bust",
    "Extension",
    "FinalRounding",
    "GameLength",
    "GameRules",
    "KanAfterRiichi",
    "KanDoraTiming",
    "Kazoe",
    "Kuikae",
    "LeftoverSticks",
    "MultipleRon",
    "MultipleYakuman",
    "PaarenchanCount",
    "PaoScope",
    "Renchan",
    "Renhou",
    "TenpaiYame",
    "RuleSet",
    "SanmaTsumo",
    "ScoringRules",
    "Ties",
    "TileSet",
    "find_rules",
    "presets_for",
    "presets_table",
    "resolve_rules",
    "tile_set",
]
