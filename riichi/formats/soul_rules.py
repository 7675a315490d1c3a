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


def _detail_switches(rule: dict[str, object], players: int) -> tuple[list[tuple[str, object]], list[str]]:  # noqa: C901, PLR0912
    """The switches a stated ``detail_rule`` sets (every field read, an absent one at its protobuf default)."""
    out: list[tuple[str, object]] = []
    unplayed: list[str] = []
    start, origin, target = _int(rule, "init_point"), _int(rule, "jingsuanyuandian"), _int(rule, "fandian")
    if start:
        out.append(("starting_points", start))
    if origin:
        out += [("target_points", origin), ("oka", origin > start > 0)]
    if target:
        out.append(("extension_points", target))
    second, third, fourth = (1000 * _int(rule, f"shunweima_{i}") for i in (2, 3, 4))
    out.append(("uma", (-(second + third + fourth), second, third, fourth)))
    out.append(("bust", Bust.BELOW_ZERO if _flag(rule, "can_jifei") else Bust.NONE))
    honba = _int(rule, "changbang_value")
    if honba:
        out += [("honba_tsumo", honba), ("honba_ron", honba * (players - 1))]
    noten = _int(rule, "noting_fafu_3")
    if noten:
        out.append(("noten_total", noten))
    out += [("nagashi_mangan", _flag(rule, "have_liujumanguan")), ("kiriage", _flag(rule, "have_qieshangmanguan")),
            ("kan_dora", _flag(rule, "have_gang_biao_dora")), ("ura_dora", _flag(rule, "have_li_dora")),
            ("kan_dora_timing", KanDoraTiming.IMMEDIATE if _flag(rule, "ming_dora_immediately_open")
             else KanDoraTiming.AFTER_DISCARD),
            ("abortive_draws", frozenset(kind for key, kind in _ABORTIVE if _flag(rule, key))),
            ("agari_yame", _flag(rule, "have_helezhongju")), ("tenpai_yame", TenpaiYame.AUTOMATIC if _flag(rule, "have_tingpaizhongju") else TenpaiYame.NONE),
            ("renchan", Renchan.TENPAI if _flag(rule, "have_tingpailianzhuang") else Renchan.WIN_ONLY),
            ("ippatsu", _flag(rule, "have_yifa")),
            ("extension", Extension.SUDDEN_DEATH if _flag(rule, "have_nanruxiru") else Extension.NONE),
            ("kazoe", Kazoe.SANBAIMAN if _flag(rule, "disable_leijiyiman") else Kazoe.YAKUMAN),
            ("double_wind_fu", 2 if _flag(rule, "disable_double_wind_four_fu") else 4),
            ("kokushi_robs_ankan", not _flag(rule, "disable_angang_guoshi")),
            ("kuikae", Kuikae.ALLOWED if _flag(rule, "enable_shiti") else Kuikae.FORBIDDEN)]
    if _flag(rule, "have_toutiao"):
        out.append(("multiple_ron", MultipleRon.HEAD_BUMP))
    elif AbortiveDraw.SANCHAHOU in dict(out)["abortive_draws"]:  # type: ignore[operator]
        out.append(("multiple_ron", MultipleRon.DOUBLE))
    if _flag(rule, "disable_multi_yukaman"):
        out.append(("multiple_yakuman", MultipleYakuman.SINGLE))
    elif _flag(rule, "disable_double_yakuman"):
        out.append(("multiple_yakuman", MultipleYakuman.CUMULATIVE))
    renhou = _int(rule, "enable_renhe")
    out.append(("renhou", {1: Renhou.MANGAN, 2: Renhou.YAKUMAN}.get(renhou, Renhou.NONE)))
    pao = _int(rule, "enable_baopai_extend_settings")
    if pao == 1:
        out.append(("pao", frozenset({Yaku.DAISANGEN, Yaku.DAISUUSHII, Yaku.SUUKANTSU})))
    elif pao == 2:  # noqa: PLR2004
        out.append(("pao", frozenset()))
    if not _flag(rule, "have_helelianzhuang"):
        unplayed.append("no dealer repeat after a dealer win (have_helelianzhuang off)")
    if not _flag(rule, "have_biao_dora"):
        unplayed.append("no dora at all (have_biao_dora off)")
    if _int(rule, "fanfu") > 1:
        unplayed.append(f"a minimum of {_int(rule, 'fanfu')} han (fanfu)")
    if _int(rule, "liqibang_value") not in (0, 1000):
        unplayed.append(f"riichi sticks of {_int(rule, 'liqibang_value')} points (liqibang_value)")
    if _int(rule, "guyi_mode"):
        unplayed.append("local yaku (guyi_mode)")
    for key in ("dora3_mode", "begin_open_mode", "muyu_mode", "xuezhandaodi", "huansanzhang", "chuanma",
                "reveal_discard", "field_spell_mode", "zhanxing", "tianming_mode", "jiuchao_mode", "open_hand"):
        if _int(rule, key) or _flag(rule, key):
            unplayed.append(f"the special mode {key}")
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
