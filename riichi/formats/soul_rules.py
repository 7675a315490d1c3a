"""A Mahjong Soul game's config (``head.config``) as rules: the room, the length and the lobby's switches.

A ranked game (``category`` 2) plays the ranked rules of its mode: the ``mahjongsoul`` preset, east-only
(``mode`` 1) or hanchan (``mode`` 2). A friendly room (``category`` 1) or a tournament lobby (``category``
4) states its rules in ``mode.detail_rule``, a ``GameDetailRule`` message written as JSON; each switch
the engine plays is read from it (below), on top of the preset. A rule the engine does not play is named
in :attr:`SoulRules.unplayed`, and the reader reports it.

The meaning of each field: Mahjong Soul's ``liqi.proto`` (``GameDetailRule``, as published by public
tools) for the names and numbers, and the public contest-rule tools that write them (init_point = the
starting points, fandian = the score the game runs to, jingsuanyuandian = the score final points are
measured from, shunweima_2..4 = the uma of 2nd to 4th place in thousands, have_* = the named rule on,
disable_* = off). The rooms by ``meta.mode_id``: the mode-id tables of public Mahjong Soul record tools.

>>> soul_rules({"category": 2, "mode": {"mode": 2}, "meta": {"mode_id": 12}}).room
'Jade Room, South'
>>> soul_rules({"category": 2, "mode": {"mode": 1}, "meta": {"mode_id": 11}}).hanchan
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from riichi.frozen import Frozen
from riichi.rules.options import (
    AbortiveDraw,
    Bust,
    Extension,
    KanDoraTiming,
    Kazoe,
    Kuikae,
    MultipleRon,
    MultipleYakuman,
    Renchan,
    Renhou,
    SanmaTsumo,
    TenpaiYame,
)
from riichi.yaku import Yaku

__all__ = ["ROOMS", "SoulRules", "soul_rules"]

#: Four-player rooms by ``meta.mode_id`` (ranked matches).
ROOMS: Final = {2: "Bronze Room, East", 3: "Bronze Room, South", 5: "Silver Room, East", 6: "Silver Room, South",
                8: "Gold Room, East", 9: "Gold Room, South", 11: "Jade Room, East", 12: "Jade Room, South",
                15: "Throne Room, East", 16: "Throne Room, South"}
_CATEGORIES: Final = {1: "Friendly match", 2: "Ranked match", 4: "Tournament match"}
#: ``mode.mode``: (players, hanchan).
_MODES: Final = {1: (4, False), 2: (4, True), 11: (3, False), 12: (3, True)}
#: The abortive draws and the flag that plays each.
_ABORTIVE: Final = (("have_sifenglianda", AbortiveDraw.SUUFON_RENDA), ("have_sigangsanle", AbortiveDraw.SUUKAIKAN),
                    ("have_sijializhi", AbortiveDraw.SUUCHA_RIICHI), ("have_jiuzhongjiupai", AbortiveDraw.KYUUSHU_KYUUHAI),
                    ("have_sanjiahele", AbortiveDraw.SANCHAHOU))


@dataclass(frozen=True, slots=True)
class SoulRules(Frozen):
    """What a game's config says: its players, length, room, the switches on top of the preset, and the
    lobby rules the engine does not play."""

    players: int
    hanchan: bool | None
    room: str
    switches: tuple[tuple[str, object], ...]
    unplayed: tuple[str, ...]


def _dict(value: object) -> dict[str, object]:
    return value if isinstance(value, dict) else {}


def _int(rule: dict[str, object], key: str) -> int:
    value = rule.get(key, 0)
    return value if type(value) is int else 0


def _flag(rule: dict[str, object], key: str) -> bool:
    return bool(rule.get(key, False))


#: Fields of ``GameDetailRule`` that do not change how a hand is played or paid: the clock, the hints, the
#: strength of AI seats, chat and emotes.
_NO_EFFECT: Final = frozenset({"time_fixed", "time_add", "bianjietishi", "ai_level", "emoji_switch", "thinking_type",
                               "disable_broadcast", "disable_chat_room", "round_type"})
#: Fields read into a switch (below), each checked against the engine's rules.
_READ: Final = frozenset({
    "dora_count", "shiduan", "init_point", "fandian", "can_jifei", "tianbian_value", "liqibang_value",
    "changbang_value", "noting_fafu_1", "noting_fafu_2", "noting_fafu_3", "have_liujumanguan", "have_qieshangmanguan",
    "have_biao_dora", "have_gang_biao_dora", "ming_dora_immediately_open", "have_li_dora", "have_gang_li_dora",
    "have_sifenglianda", "have_sigangsanle", "have_sijializhi", "have_jiuzhongjiupai", "have_sanjiahele",
    "have_toutiao", "have_helelianzhuang", "have_helezhongju", "have_tingpailianzhuang", "have_tingpaizhongju",
    "have_yifa", "have_nanruxiru", "jingsuanyuandian", "shunweima_2", "shunweima_3", "shunweima_4", "have_zimosun",
    "disable_multi_yukaman", "fanfu", "guyi_mode", "disable_leijiyiman", "disable_double_yakuman",
    "disable_composite_yakuman", "enable_shiti", "enable_nontsumo_liqi", "disable_double_wind_four_fu",
    "disable_angang_guoshi", "enable_renhe", "enable_baopai_extend_settings",
})
#: Special game modes (event rooms): each changes the game beyond the engine's rules when on.
_SPECIAL_MODES: Final = ("dora3_mode", "begin_open_mode", "jiuchao_mode", "muyu_mode", "open_hand", "xuezhandaodi",
                         "huansanzhang", "chuanma", "reveal_discard", "field_spell_mode", "zhanxing", "tianming_mode",
                         "yongchang_mode", "hunzhiyiji_mode", "wanxiangxiuluo_mode", "beishuizhizhan_mode")


def _points(rule: dict[str, object], out: list[tuple[str, object]], unplayed: list[str], players: int) -> None:
    """Starting and return points, uma, bust, the sticks' values and the noten payments."""
    start, origin, target = _int(rule, "init_point"), _int(rule, "jingsuanyuandian"), _int(rule, "fandian")
    if start:
        out.append(("starting_points", start))
    if origin:
        out += [("target_points", origin), ("oka", origin > start > 0)]
    if target:
        out.append(("extension_points", target))
    others = tuple(1000 * _int(rule, f"shunweima_{i}") for i in range(2, players + 1))  # 2nd to last place
    out.append(("uma", (-sum(others), *others)))
    # can_jifei off: scores may go below zero, and a player below 1,000 may still declare riichi (the real
    # tournament game 260326 has two such riichi accepted by the server).
    bust = _flag(rule, "can_jifei")
    out += [("bust", Bust.BELOW_ZERO if bust else Bust.NONE), ("riichi_min_points", 1000 if bust else None)]
    if _int(rule, "tianbian_value"):
        unplayed.append(f"a game that ends when a player reaches {_int(rule, 'tianbian_value')} (tianbian_value)")
    if _int(rule, "liqibang_value") not in (0, 1000):
        unplayed.append(f"riichi sticks of {_int(rule, 'liqibang_value')} points (liqibang_value)")
    # changbang_value is what one honba adds to a win in all: the discarder pays it on a ron, each payer an
    # equal share on a tsumo (the ranked rules' 300: 300 on a ron, 100 from each of three on a tsumo, as the
    # real ranked records pay it; public Soul and Tenhou rule readers convert Tenhou's 100 a payer into Soul's
    # value as 100 times the payers).
    honba, payers = _int(rule, "changbang_value"), players - 1
    if honba and honba % payers == 0:
        out += [("honba_ron", honba), ("honba_tsumo", honba // payers)]
    elif honba:
        unplayed.append(f"honba of {honba} points shared by {players - 1} payers (changbang_value)")
    # noting_fafu_N: what each noten player pays when N players are tenpai (1,000 / 1,500 / 3,000: 3,000 in all).
    fafu = [_int(rule, f"noting_fafu_{n}") for n in (1, 2, 3)][:players - 1]
    totals = {f * (players - n) for n, f in enumerate(fafu, start=1)}
    if any(fafu) and len(totals) == 1:
        out.append(("noten_total", totals.pop()))
    elif any(fafu):
        unplayed.append(f"noten payments {'/'.join(map(str, fafu))} (noting_fafu) that do not share one total")


def _yakuman(rule: dict[str, object], out: list[tuple[str, object]], unplayed: list[str]) -> None:
    """Kazoe yakuman and several yakuman in one hand."""
    out.append(("kazoe", Kazoe.SANBAIMAN if _flag(rule, "disable_leijiyiman") else Kazoe.YAKUMAN))
    no_double, no_composite = _flag(rule, "disable_double_yakuman"), _flag(rule, "disable_composite_yakuman")
    if _flag(rule, "disable_multi_yukaman") or (no_double and no_composite):
        out.append(("multiple_yakuman", MultipleYakuman.SINGLE))
    elif no_composite:
        unplayed.append("double yakuman counted twice but distinct yakuman never added (disable_composite_yakuman)")
    elif no_double:
        out.append(("multiple_yakuman", MultipleYakuman.CUMULATIVE))


def _detail_switches(rule: dict[str, object], players: int) -> tuple[list[tuple[str, object]], list[str]]:  # noqa: C901
    """The switches a stated ``detail_rule`` sets (every field read, an absent one at its protobuf default);
    a field the engine does not play, or does not know, is named in the second list."""
    out: list[tuple[str, object]] = []
    unplayed: list[str] = []
    _points(rule, out, unplayed, players)
    out += [("nagashi_mangan", _flag(rule, "have_liujumanguan")), ("kiriage", _flag(rule, "have_qieshangmanguan")),
            ("kan_dora", _flag(rule, "have_gang_biao_dora")), ("ura_dora", _flag(rule, "have_li_dora")),
            ("kan_dora_timing", KanDoraTiming.IMMEDIATE if _flag(rule, "ming_dora_immediately_open")
             else KanDoraTiming.AFTER_DISCARD),
            ("abortive_draws", frozenset(kind for key, kind in _ABORTIVE if _flag(rule, key))),
            ("agari_yame", _flag(rule, "have_helezhongju")),
            ("tenpai_yame", TenpaiYame.AUTOMATIC if _flag(rule, "have_tingpaizhongju") else TenpaiYame.NONE),
            ("renchan", Renchan.TENPAI if _flag(rule, "have_tingpailianzhuang") else Renchan.WIN_ONLY),
            ("ippatsu", _flag(rule, "have_yifa")),
            ("extension", Extension.SUDDEN_DEATH if _flag(rule, "have_nanruxiru") else Extension.NONE),
            ("double_wind_fu", 2 if _flag(rule, "disable_double_wind_four_fu") else 4),
            ("kokushi_robs_ankan", not _flag(rule, "disable_angang_guoshi")),
            ("kuikae", Kuikae.ALLOWED if _flag(rule, "enable_shiti") else Kuikae.FORBIDDEN),
            # enable_nontsumo_liqi: riichi on a turn with no draw left after it (no live-wall minimum).
            ("riichi_min_wall_tiles", None if _flag(rule, "enable_nontsumo_liqi") else 4)]
    if _flag(rule, "have_toutiao"):
        out.append(("multiple_ron", MultipleRon.HEAD_BUMP))
    elif AbortiveDraw.SANCHAHOU in dict(out)["abortive_draws"]:  # type: ignore[operator]
        out.append(("multiple_ron", MultipleRon.DOUBLE))
    _yakuman(rule, out, unplayed)
    renhou = _int(rule, "enable_renhe")
    out.append(("renhou", {1: Renhou.MANGAN, 2: Renhou.YAKUMAN}.get(renhou, Renhou.NONE)))
    pao = _int(rule, "enable_baopai_extend_settings")
    if pao == 1:
        out.append(("pao", frozenset({Yaku.DAISANGEN, Yaku.DAISUUSHII, Yaku.SUUKANTSU})))
    elif pao == 2:  # noqa: PLR2004
        out.append(("pao", frozenset()))
    if players == 3:  # noqa: PLR2004 - have_zimosun: a tsumo's missing North share is lost (four players: no effect)
        out.append(("sanma_tsumo", SanmaTsumo.TSUMO_LOSS if _flag(rule, "have_zimosun") else SanmaTsumo.NORTH_BISECTION))
    if not _flag(rule, "have_helelianzhuang"):
        unplayed.append("no dealer repeat after a dealer win (have_helelianzhuang off)")
    if not _flag(rule, "have_biao_dora"):
        unplayed.append("no dora at all (have_biao_dora off)")
    if _flag(rule, "have_li_dora") and _flag(rule, "have_gang_biao_dora") and not _flag(rule, "have_gang_li_dora"):
        unplayed.append("ura dora without kan ura dora (have_gang_li_dora off)")
    if _int(rule, "fanfu") > 1:
        unplayed.append(f"a minimum of {_int(rule, 'fanfu')} han (fanfu)")
    if _int(rule, "guyi_mode") or _flag(rule, "guyi_mode"):
        unplayed.append("local yaku (guyi_mode)")
    for key in _SPECIAL_MODES:
        if _int(rule, key) or _flag(rule, key):
            unplayed.append(f"the special mode {key}")
    for key in sorted(rule):
        if key not in _READ and key not in _NO_EFFECT and key not in _SPECIAL_MODES and rule[key] not in (0, False, None, "", [], {}):
            unplayed.append(f"the lobby rule {key} = {rule[key]!r}, unknown to the reader")
    return out, unplayed


def soul_rules(config: object) -> SoulRules:
    """The rules of a game's ``head.config`` (a dict as the record writes it; anything else: the ranked
    rules of a hanchan)."""
    cfg = _dict(config)
    mode = _dict(cfg.get("mode"))
    meta = _dict(cfg.get("meta"))
    mode_number = _int(mode, "mode")
    players, hanchan = _MODES.get(mode_number, (4, None))
    category = _int(cfg, "category")
    mode_id = _int(meta, "mode_id")
    room = ROOMS.get(mode_id) or _CATEGORIES.get(category, "Mahjong Soul")
    detail = _dict(mode.get("detail_rule"))
    switches: list[tuple[str, object]] = []
    unplayed: list[str] = []
    if mode_number not in _MODES and mode_number:
        unplayed.append(f"the game mode {mode_number} (neither east-only nor hanchan)")
    if detail and category != 2:  # noqa: PLR2004 - ranked games play the ranked rules, whatever they state
        switches, unplayed_detail = _detail_switches(detail, players)
        unplayed += unplayed_detail
        switches.append(("aka", _int(detail, "dora_count")))
        switches.append(("kuitan", bool(_int(detail, "shiduan"))))
    return SoulRules(players, hanchan, room, tuple(switches), tuple(unplayed))
