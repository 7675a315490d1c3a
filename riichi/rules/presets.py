"""The preset rule sets: one frozen :class:`~riichi.rules.RuleSet` per rule book, as data.

Each preset's ``description`` names its sources and the defaults chosen where no source settles a
switch (those defaults are switches, never guesses built into the code).

Sources, by title: the WRC Riichi Rules 2015; the EMA Riichi Competition Rules 2016 (and its 2008
predecessor); tenhou.net's published rule list and 913 real Tenhou games; Mahjong Soul's ranked
rules; Riichi City's ranked rules (riichi.wiki's Riichi City page); the JPML official (A) rules, 2024; the M.League rules; the Shanghai: Dynasty manual; the
riichi.wiki rule pages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from riichi.rules.options import (
    LOCAL_YAKU,
    AbortiveDraw,
    Bust,
    Extension,
    KanDoraTiming,
    Kazoe,
    LeftoverSticks,
    MultipleRon,
    MultipleYakuman,
    PaoScope,
    Renhou,
    SanmaTsumo,
    TenpaiYame,
    Ties,
)
from riichi.rules.ruleset import GameRules, RuleSet, ScoringRules
from riichi.yaku import Yaku

__all__ = [
    "DYNASTY", "EMA", "EMA2008", "FULL", "JPML", "MAHJONGSOUL", "MAHJONGSOUL_SANMA", "MLEAGUE", "PRESETS",
    "RIICHICITY", "TENHOU", "TENHOU_SANMA", "WRC", "presets_for",
]


TENHOU: Final = RuleSet(
    name="tenhou",
    scoring=ScoringRules(),
    game=GameRules(tenpai_yame=TenpaiYame.DEALERS_CHOICE, karaten_tenpai=True),
    description="tenhou.net four-player ranked rules (Houou: hanchan, open tanyao, three red fives). "
    "Scoring: no kiriage; 13+ han is one yakuman; different yakuman add up but no double forms; "
    "double-wind pair 4 fu; rinshan takes tsumo fu; pao for daisangen and daisuushii covers the "
    "whole hand, honba through the liable player; renhou not played; nagashi mangan on. "
    "Game: start 25,000, return 30,000, uma +20/+10/-10/-20 thousand, oka to the top; west-round "
    "sudden death; bust below 0; agari-yame; tenpai-yame at the dealer's choice; all five abortive draws; double ron "
    "(a triple ron is an abortive draw), honba and sticks to the first winner; a wait whose four tiles the player "
    "holds through its own kan counts as tenpai at a draw (karaten: riichi.wiki's Karaten page reports a Tenhou "
    "hand waiting on a tile it had made a kan of scored tenpai; no real game here has the case); riichi needs 1,000 "
    "points and 4 live-wall tiles; open-kan dora after the discard; kokushi cannot rob a closed kan; "
    "sticks left at the end to the top; final points kept to the hundred (records up to 2020-08 "
    "round to whole thousands: final_rounding=thousands). Sources: tenhou.net's rule list and "
    "real Tenhou games. Unconfirmed defaults: kan after riichi strict, kuikae forbidden, no "
    "rinshan pao, no honba on nagashi mangan; a chombo (online play has none; at a table under these rules) "
    "paid as a mangan tsumo in reverse, the common Japanese settlement (riichi.wiki, Chombo). Equal final "
    "scores are placed by seat order (real games).",
)

MAHJONGSOUL: Final = TENHOU.replace(
    name="mahjongsoul",
    multiple_yakuman=MultipleYakuman.FULL,
    pao_scope=PaoScope.YAKUMAN_SHARE,
    abortive_draws=frozenset(AbortiveDraw) - {AbortiveDraw.SANCHAHOU},
    multiple_ron=MultipleRon.TRIPLE,
    kokushi_robs_ankan=True,
    target_points=25000,
    extension_points=30000,
    oka=False,
    uma=(15000, 5000, -5000, -15000),
    description="Mahjong Soul four-player ranked rules: as Tenhou, but the four pattern double "
    "yakuman are doubled (full scoring), a liable player pays only the fed yakuman's share, triple "
    "ron is paid (no sanchahou) and kokushi may rob a closed kan; as on Tenhou, a wait whose four tiles the "
    "player holds through its own kan counts as tenpai at a draw (karaten). Final points as the "
    "ranked rooms pay them: the final score less 25,000, uma +15/+5/-5/-15 thousand, no oka; the "
    "game runs to 30,000 (extension into West, agari-yame). Renhou not played (project decision). "
    "Sources: riichi.wiki's Mahjong Soul rules and its Karaten page (a Soul record of a kan "
    "karaten scored tenpai), the mahjongsoul.info ranked-rule table, public Soul contest-rule tools "
    "(init_point 25,000, uma 15/5/-5/-15, noten 1,000/1,500/3,000), and the final points of real "
    "ranked Soul records. Unconfirmed defaults (as Tenhou): honba to the first winner only, "
    "sticks at the end to the top.",
)

RIICHICITY: Final = TENHOU.replace(
    name="riichicity",
    multiple_yakuman=MultipleYakuman.FULL,
    rinshan_pao=True,
    uma=(30000, 10000, -10000, -30000),
    description="Riichi City four-player ranked rules: start 25,000, return 30,000, uma +30/+10/-10/-30 thousand "
    "with oka to the top (+50/+10/-10/-30 in all), the game running to 30,000 (extension into West, or South "
    "in an east-only game); three red fives, ura, kan dora and ippatsu; open tanyao and atozuke; all five "
    "abortive draws, a triple ron among them; yakuman add up and the double forms count twice (full "
    "scoring); pao for the yakuman and for a rinshan kaihou on an open kan's replacement; no renhou. Sources: "
    "riichi.wiki's Riichi City page (its ranked-match rules) and the final points a real Riichi City "
    "hanchan's record states (31,200 is +51.2: 30,000 returned, oka 20, uma 30). Unconfirmed defaults, as "
    "Tenhou's: no kiriage, 13+ han one yakuman, double ron with honba and sticks to the first winner, bust "
    "below 0, agari-yame, tenpai-yame at the dealer's choice, kan after riichi strict, kuikae forbidden, "
    "open-kan dora after the discard, kokushi cannot rob a closed kan, the double-wind pair 4 fu, karaten "
    "tenpai, sticks left at the end to the top, pao on the whole hand for daisangen and daisuushii, no "
    "paarenchan (Riichi City's yaku list names one; the record shows none).",
)

WRC: Final = RuleSet(
    name="wrc",
    scoring=ScoringRules(
        aka=0, kiriage=True, kazoe=Kazoe.SANBAIMAN, multiple_yakuman=MultipleYakuman.SINGLE, max_yakuman=1,
        renhou=Renhou.MANGAN, double_wind_fu=2, nagashi_mangan=False, pao_honba_liable=False,
    ),
    game=GameRules(
        starting_points=30000, target_points=30000, uma=(15000, 5000, -5000, -15000), oka=False,
        extension=Extension.NONE, bust=Bust.NONE, agari_yame=False, tenpai_yame=TenpaiYame.NONE,
        abortive_draws=frozenset(), multiple_ron=MultipleRon.HEAD_BUMP, leftover_sticks=LeftoverSticks.UNCLAIMED,
        ties=Ties.SPLIT, chombo_payment=False, chombo_penalty=20000,
    ),
    description="WRC Riichi Rules 2015 (the World Riichi Championship rule book, with its commentary): no red "
    "fives, kiriage, 13+ han capped at sanbaiman, yakuman "
    "never stack, renhou a mangan, no nagashi mangan; start and return 30,000, uma "
    "+15/+5/-5/-15 thousand shared on ties, no oka; no agari-yame; no abortive draws; one winner "
    "(head bump); kan after riichi only when the tiles can only be a triplet; kuikae forbidden; no "
    "rinshan liability; sticks left at the end to nobody; penalties such as chombo go to the overall score, not "
    "the table's (the 2014 rules' errata), nothing paid at the table. Unconfirmed defaults: a chombo 20,000 off "
    "the final result after uma (as EMA 2016 and M.League), double-wind pair "
    "2 fu, rinshan takes tsumo fu, pao for daisangen and daisuushii on the whole hand, no bust, "
    "noten 3,000, open-kan dora after the discard, kokushi cannot rob a closed kan.",
)

EMA: Final = WRC.replace(
    name="ema",
    kiriage=False,
    uma=(15000, 5000, -5000, -15000),
    multiple_ron=MultipleRon.TRIPLE,
    honba_each_winner=True,
    kan_dora_timing=KanDoraTiming.IMMEDIATE,
    leftover_sticks=LeftoverSticks.TO_TOP,
    description="EMA Riichi Competition Rules 2016 (the European Mahjong Association): no red fives, open tanyao, no kiriage, 13+ han "
    "capped at sanbaiman, single yakuman only, renhou a mangan, no nagashi mangan; uma "
    "+15/+5/-5/-15 thousand; play continues below zero; no abortive draws; double and triple ron, "
    "every winner collects the honba, the nearest the sticks; noten 3,000; kan dora revealed at "
    "once; sticks left at the end to the top; kuikae forbidden; a chombo costs 20,000 points off the final result "
    "after uma, nothing at the table, the hand dealt again (the Pantheon tournament tracker's EMA rules: chombo "
    "penalty 20,000, no chombo payments). Unconfirmed defaults: double-wind "
    "pair 2 fu, rinshan takes tsumo fu, start and return 30,000 without oka, hanchan, ties shared.",
)

EMA2008: Final = EMA.replace(
    name="ema2008",
    kazoe=Kazoe.YAKUMAN,
    multiple_yakuman=MultipleYakuman.FULL,
    max_yakuman=None,
    renhou=Renhou.YAKUMAN,
    nagashi_mangan=True,
    pao_honba_liable=True,
    chombo_payment=True,
    chombo_penalty=0,
    description="EMA Riichi Competition Rules 2008, the European Mahjong Association's edition before the 2016 "
    "revision (its yaku, fu and point tables): open tanyao, double riichi 2 han, renhou "
    "yakuman, daisuushii and the special-wait yakuman doubled, 13+ han a yakuman, nagashi mangan, "
    "no kiriage, no red fives; a chombo paid at the table as a mangan (4,000 to East, 2,000 to the others, an "
    "offending East 4,000 to each), the hand dealt again with no counter added and the dealer kept (the Riichi "
    "Competition Rules' chombo section as published before 2016). Unconfirmed defaults: double-wind pair 2 fu; "
    "the rest of the game frame as EMA 2016.",
)

MLEAGUE: Final = RuleSet(
    name="mleague",
    scoring=ScoringRules(
        kiriage=True, kazoe=Kazoe.SANBAIMAN, double_wind_fu=2,
        pao=frozenset({Yaku.DAISANGEN, Yaku.DAISUUSHII, Yaku.SUUKANTSU}),
    ),
    game=GameRules(
        uma=(30000, 10000, -10000, -30000), extension=Extension.NONE, bust=Bust.NONE, agari_yame=False,
        tenpai_yame=TenpaiYame.NONE, abortive_draws=frozenset(), multiple_ron=MultipleRon.HEAD_BUMP,
        riichi_min_wall_tiles=None, riichi_min_points=None, kan_dora_timing=KanDoraTiming.IMMEDIATE,
        ties=Ties.SPLIT, chombo_payment=False, chombo_penalty=20000,
    ),
    description="M.League official competition rules (Japan's professional team league): three red fives, kiriage, 13+ han capped at sanbaiman, yakuman add "
    "up without double forms, double-wind pair 2 fu, pao also for suukantsu, no renhou; start "
    "25,000, return 30,000, uma +30/+10/-10/-30 thousand with oka 20 (rank points +50/+10/-10/-30), "
    "ties split; a chombo 20,000 off the final result; no bust, no agari-yame, no abortive draws, one winner "
    "(head bump); riichi with "
    "no remaining draw and at any score; kan dora revealed at once; kokushi cannot rob a closed "
    "kan. Unconfirmed defaults: nagashi mangan on, noten 3,000, sticks left at the end to the top. "
    "Sources: the league's published rules as summarised on riichi.wiki's M.League page and Japanese rule "
    "guides.",
)

JPML: Final = RuleSet(
    name="jpml",
    scoring=ScoringRules(
        aka=0, kazoe=Kazoe.SANBAIMAN, renhou=Renhou.MANGAN, double_wind_fu=2, ippatsu=False, ura_dora=False,
        kan_dora=False, nagashi_mangan=False, pao=frozenset({Yaku.DAISANGEN, Yaku.DAISUUSHII, Yaku.SUUKANTSU}),
        pao_honba_liable=False,
    ),
    game=GameRules(
        starting_points=30000, target_points=30000, uma=(15000, 5000, -5000, -15000), oka=False,
        extension=Extension.NONE, bust=Bust.NONE, agari_yame=False, tenpai_yame=TenpaiYame.NONE,
        abortive_draws=frozenset(), multiple_ron=MultipleRon.HEAD_BUMP, ties=Ties.SPLIT,
        chombo_payment=False, chombo_penalty=20000,
    ),
    description="JPML official (A) rules (the Japan Professional Mahjong League's 連盟公式 rules), 2024: no "
    "ippatsu, ura or kan dora, no kiriage, 13+ han "
    "capped at sanbaiman, yakuman add up, renhou a mangan (normal value when higher), double-wind "
    "pair 2 fu, pao for daisangen, daisuushii and suukantsu with the honba from the discarder; "
    "start and return 30,000, no oka; hanchan; no agari-yame; no abortive draws; one winner (head "
    "bump); noten 3,000; kan after riichi only if neither waits nor sets change; kuikae forbidden; "
    "kokushi cannot rob a closed kan. Unconfirmed defaults: a chombo 20,000 off the final result (as the Pantheon "
    "tournament tracker's JPML A rules have it), no red fives, no nagashi, no bust, uma "
    "+15/+5/-5/-15 thousand (JPML's uma depends on how many finish above 30,000), ties shared.",
)

FULL: Final = RuleSet(
    name="full",
    scoring=ScoringRules(
        kiriage=True, multiple_yakuman=MultipleYakuman.FULL, max_yakuman=6, renhou=Renhou.YAKUMAN,
        local_yaku=frozenset(LOCAL_YAKU),
    ),
    game=GameRules(),
    description="Full scoring (no rule book: every option on): every local yaku on (daisharin in every suit: daichikurin, daisuurin), every double yakuman, "
    "renhou a yakuman, kiriage, stacking capped at six yakuman. Sources: the mahjong library's "
    "optional rules, riichi.wiki's full-scoring and local-yaku pages. The game frame is house "
    "rules: defaults as Tenhou's (kokushi cannot rob a closed kan, unconfirmed).",
)

DYNASTY: Final = RuleSet(
    name="dynasty",
    scoring=ScoringRules(
        aka=0, multiple_yakuman=MultipleYakuman.FULL, max_yakuman=7, renhou=Renhou.YAKUMAN,
        local_yaku=frozenset({Yaku.SANRENKOU, Yaku.IISOU_SANJUN, Yaku.IISOU_SUUSHUN, Yaku.DAISHARIN,
                              Yaku.DAICHIKURIN, Yaku.DAISUURIN, Yaku.SUURENKOU, Yaku.SHIISAN_PUUTAA}),
        iisou_suushun_yakuman=False, ryanpeikou_identical=False, sanshoku_doukou_han=3, chankan=False,
        shiisan_puutaa_dealer_only=True, double_wind_fu=2,
    ),
    game=GameRules(rinshan_pao=True, kokushi_robs_ankan=True),
    description="The Shanghai: Dynasty manual's rules: yakuman stack up to seven, double forms "
    "count twice, sanshoku doukou 3 han, iisou suushun a 5-han yaku, sanrenkou, iisou sanjun, "
    "daisharin in any suit, suurenkou, shiisan puutaa (dealer's first deal), nagashi mangan, only "
    "kokushi may rob a kan (a closed one too), the discarder of a kan tile pays for a rinshan win. "
    "Decisions: renhou yakuman, 13+ han one yakuman, no red fives. Unconfirmed defaults: "
    "double-wind pair 2 fu; the manual states no game frame, so it is Tenhou's.",
)

# Three players (sanma). What 70 real tenhou.net three-player games (houou lobby, 2020) show, every one
# consistent: start 35,000, return 40,000; a ron pays the four-player value, a tsumo only the two shares that
# exist; each honba 200 on a ron, 100 from each payer on a tsumo; an exhaustive draw moves 2,000; nagashi
# mangan as a mangan tsumo without honba; a win on the tile replacing a set-aside North is rinshan kaihou (five
# such wins with no kan in the hand); each North set aside gives up a live tile (draws + Norths + kans = 55 at
# every exhaustive draw), and riichi needs one more own draw, three tiles with three players (riichi at three
# tiles left, after Norths set aside, is accepted in houou games);
# the west round when nobody has 40,000; uma +20/0/-20 thousand. riichi.wiki, "Sanma": 2m-8m removed, no chi,
# 35,000 start, kita counted as dora (twice where North is the dora), a win on its replacement is rinshan.
# riichi.wiki, "Majsoul" (three-player section, revision 19195): no suufon renda or suucha riichi without a
# North seat; a North may be robbed without chankan; Mahjong Soul's three-player rules "basically refer to
# Tenhou", with tsumo loss and north bisection as its two payment treatments.
_SANMA_DRAWS: Final = frozenset({AbortiveDraw.KYUUSHU_KYUUHAI, AbortiveDraw.SUUKAIKAN})

TENHOU_SANMA: Final = TENHOU.replace(
    name="tenhou-sanma",
    players=3,
    starting_points=35000,
    target_points=40000,
    uma=(20000, 0, -20000),
    nukidora=True,
    kita_rinshan=True,
    sanma_tsumo=SanmaTsumo.TSUMO_LOSS,
    honba_ron=200,
    honba_tsumo=100,
    noten_total=2000,
    abortive_draws=_SANMA_DRAWS,
    riichi_min_wall_tiles=3,
    description="tenhou.net three-player ranked rules (sanma, houou: hanchan, open tanyao, red 5p and 5s): "
    "108 tiles (2m-8m out; a 1m indicator makes 9m the dora, 9m makes 1m); no chi; a North may be set aside "
    "(kita) for a replacement tile, each a han of dora (nukidora), and a win on that replacement is rinshan "
    "kaihou. Scoring as four-player Tenhou; riichi needs one more own draw (three tiles left in the wall). "
    "Payments: a ron pays the four-player value, a tsumo only the two existing shares (tsumo loss); each honba 200 on a ron, 100 from each payer on a tsumo; noten 2,000 in "
    "all; nagashi mangan as a mangan tsumo without honba. Game: start 35,000, return 40,000, uma +20/0/-20 "
    "thousand, oka to the top; rounds East 1-3 and South 1-3, then the west round while nobody has 40,000; "
    "bust below 0; double ron, honba and sticks to the first winner; abortive draws: nine terminals, four "
    "kans. Sources: 70 real tenhou.net three-player games (2020) and tenhou.net's rule list; riichi.wiki's "
    "Sanma page. Unconfirmed defaults: the four-kan draw, agari-yame and the rest of the game frame as "
    "four-player Tenhou.",
)

MAHJONGSOUL_SANMA: Final = TENHOU_SANMA.replace(
    name="mahjongsoul-sanma",
    multiple_yakuman=MultipleYakuman.FULL,
    pao_scope=PaoScope.YAKUMAN_SHARE,
    kokushi_robs_ankan=True,
    sanma_tsumo=SanmaTsumo.NORTH_BISECTION,
    target_points=35000,
    extension_points=40000,
    oka=False,
    uma=(15000, 0, -15000),
    description="Mahjong Soul three-player ranked rules: as Tenhou's three-player rules (riichi.wiki's "
    "Mahjong Soul page: they 'basically refer to Tenhou'), with Mahjong Soul's own scoring (the four pattern "
    "double yakuman doubled, a liable player pays only the fed yakuman's share, kokushi may rob a closed "
    "kan) and a tsumo's missing North "
    "share split between the two payers, each half rounded up to 100 (north bisection, as the interchange "
    "format names Mahjong Soul's treatment; a non-dealer mangan by tsumo is 3,000 + 5,000). 108 tiles, no "
    "chi, kita as nukidora, a win on its replacement rinshan kaihou; no suufon renda or suucha riichi. Final "
    "points as its ranked rooms pay them: start 35,000, the final score less 35,000, uma +15/0/-15 "
    "thousand, no oka; the game runs to 40,000. Sources: riichi.wiki's Mahjong Soul rules (three-player "
    "section) and Sanma page; a Japanese summary of three-player ranked rules (mahjong-portal.com: 35,000 "
    "start and return, uma 15-0-15, 40,000 to finish, two red fives, rinshan on the North's replacement, "
    "no chankan for robbing a North). Unconfirmed: the payment treatment (both that summary and the wiki's "
    "2019 text, from the friendly-match test, name tsumo loss, the wiki north bisection as the option: "
    "sanma_tsumo=tsumo_loss), the rounding of the halves, honba 200 / 100 a payer and noten 2,000 as "
    "Tenhou's.",
)

#: The presets by name.
PRESETS: Final[Mapping[str, RuleSet]] = {
    r.name: r for r in (TENHOU, MAHJONGSOUL, RIICHICITY, WRC, EMA, EMA2008, MLEAGUE, JPML, FULL, DYNASTY,
                        TENHOU_SANMA, MAHJONGSOUL_SANMA)
}


def presets_for(players: int) -> tuple[str, ...]:
    """The names of the presets for ``players`` (3 or 4), in :data:`PRESETS` order: what a comparison of one
    hand across rule sets runs through (a four-player hand is not a three-player one)."""
    return tuple(name for name, r in PRESETS.items() if r.players == players)
