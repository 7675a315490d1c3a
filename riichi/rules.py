"""Rule sets as data: one frozen :class:`RuleSet` per rule book.

A rule set holds every switch that changes a hand's value. Presets are
constants; a variant is a replacement:

>>> from dataclasses import replace
>>> TENHOU.kuitan, replace(TENHOU, kuitan=False).kuitan
(True, False)
>>> resolve_rules({"preset": "wrc", "kiriage": False}).kiriage
False
>>> sorted(PRESETS)
['dynasty', 'ema', 'ema2008', 'full', 'jpml', 'mahjongsoul', 'mleague', 'tenhou', 'wrc']

Sources for each preset are in its ``description``; cells that no source
confirmed (``?`` in the project's rule-set survey) are switches with the
default named there.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Final

from riichi.errors import UnknownRulesError

__all__ = [
    "DYNASTY",
    "EMA",
    "EMA2008",
    "FULL",
    "JPML",
    "LOCAL_YAKU",
    "MAHJONGSOUL",
    "MLEAGUE",
    "PRESETS",
    "TENHOU",
    "WRC",
    "presets_table",
    "Kazoe",
    "MultipleYakuman",
    "PaoScope",
    "Renhou",
    "RuleSet",
    "resolve_rules",
]


class Kazoe(enum.Enum):
    """What 13 or more han without a real yakuman is worth."""

    YAKUMAN = "yakuman"  #: one yakuman (kazoe yakuman)
    SANBAIMAN = "sanbaiman"  #: capped at sanbaiman
    MULTIPLE = "multiple"  #: 13 han per yakuman: 26 han is a double


class MultipleYakuman(enum.Enum):
    """The three treatments of several yakuman in one hand (seed 000)."""

    SINGLE = "single"  #: never more than one yakuman
    CUMULATIVE = "cumulative"  #: distinct yakuman add up; double forms count once
    FULL = "full"  #: they add up and the double forms count twice


class Renhou(enum.Enum):
    """How a non-dealer's ron in the first uninterrupted go-around is paid."""

    YAKUMAN = "yakuman"
    MANGAN = "mangan"  #: a mangan, or the hand's normal value when that is higher
    YAKU = "yaku"  #: a 4-han yaku that adds to the others
    NONE = "none"  #: not recognised


class PaoScope(enum.Enum):
    """What a liable player (pao) covers."""

    WHOLE_HAND = "whole_hand"  #: the whole hand, other yakuman included (Tenhou)
    YAKUMAN_SHARE = "yakuman_share"  #: only the share of the yakuman fed (Mahjong Soul)


#: Every optional yaku a rule set can switch on (INTERCHANGE ``local_yaku``).
LOCAL_YAKU: Final = (
    "sanrenkou",
    "iisou_sanjun",
    "iisou_suushun",
    "daisharin",
    "daichikurin",
    "daisuurin",
    "suurenkou",
    "shiisan_puutaa",
    "open_riichi",
    "daichisei",
    "paarenchan",
)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every switch that changes what a hand is worth.

    Interchange override keys are the field names (``kuitan``, ``aka``,
    ``kiriage``, ``kazoe``, ``multiple_yakuman``, ``max_yakuman``,
    ``renhou``, ``local_yaku``) plus the further fields documented here.
    """

    name: str = "custom"
    #: Open tanyao (kuitan ari).
    kuitan: bool = True
    #: Number of red fives in the set: 0..4 (3 = one per suit, 4 = two red 5p).
    aka: int = 3
    #: Round 4 han 30 fu and 3 han 60 fu (base 1920) up to mangan.
    kiriage: bool = False
    kazoe: Kazoe = Kazoe.YAKUMAN
    multiple_yakuman: MultipleYakuman = MultipleYakuman.CUMULATIVE
    #: Largest yakuman multiple paid; ``None`` for no cap.
    max_yakuman: int | None = None
    renhou: Renhou = Renhou.NONE
    #: Optional yaku in play (names of :data:`LOCAL_YAKU`).
    local_yaku: frozenset[str] = frozenset()
    #: Fu for a pair of a wind that is both seat and round wind (2 or 4).
    double_wind_fu: int = 4
    #: Pinfu and menzen tsumo together at 20 fu (pinfu tsumo ari); off: no pinfu on tsumo, +2 fu.
    pinfu_tsumo: bool = True
    #: A rinshan kaihou win takes the +2 tsumo fu.
    rinshan_fu: bool = True
    #: An open hand with no fu is raised to 30 fu (+2 "open pinfu"); off: it stays at 20.
    open_pinfu_fu: bool = True
    ippatsu: bool = True
    ura_dora: bool = True
    #: Kan dora indicators (more than one dora indicator).
    kan_dora: bool = True
    nagashi_mangan: bool = True
    #: Four identical runs count as ryanpeikou (else only iisou suushun, where it is played).
    ryanpeikou_identical: bool = True
    #: Iisou suushun is a yakuman (else a 5-han yaku, seed 001).
    iisou_suushun_yakuman: bool = True
    #: Ryuuiisou needs the green dragon.
    ryuuiisou_needs_hatsu: bool = False
    #: Ordinary chankan (robbing an added kan); off: only kokushi may rob a kan (seed 001).
    chankan: bool = True
    #: Yakuman whose feeder is liable (pao).
    pao: frozenset[str] = frozenset({"daisangen", "daisuushii"})
    pao_scope: PaoScope = PaoScope.WHOLE_HAND
    #: Under pao the liable player pays the honba (Tenhou); off: the discarder does (EMA, JPML).
    pao_honba_liable: bool = True
    #: A rinshan win on the replacement tile of an open kan is paid wholly by the kan tile's discarder.
    rinshan_pao: bool = False
    #: Shiisan puutaa only on the dealer's starting hand (tenhou); off: also on a first draw (chiihou).
    shiisan_puutaa_dealer_only: bool = False
    #: Paarenchan needs a yaku of its own.
    paarenchan_needs_yaku: bool = False
    #: Live-wall tiles needed to declare riichi (``None``: no minimum).
    riichi_min_wall_tiles: int | None = 4
    #: Points needed to declare riichi (``None``: no minimum).
    riichi_min_points: int | None = 1000
    #: After riichi a concealed kan must leave the three tiles no reading but a triplet (seed 003);
    #: off: it only must not change the waits.
    kan_after_riichi_strict: bool = True
    #: Han of sanshoku doukou (2; 3 under seed 001).
    sanshoku_doukou_han: int = 2
    #: Sources and unconfirmed defaults.
    description: str = ""

    def has(self, yaku: str) -> bool:
        """Whether the optional yaku ``yaku`` is in play."""
        return yaku in self.local_yaku

    def to_dict(self) -> dict[str, object]:
        """The switches as JSON-able values."""
        out: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, enum.Enum):
                value = value.value
            elif isinstance(value, frozenset):
                value = sorted(value)
            out[f.name] = value
        return out

    def differences(self, other: RuleSet) -> dict[str, tuple[object, object]]:
        """Switches that differ from ``other``: name -> (self's value, other's value)."""
        a, b = self.to_dict(), other.to_dict()
        return {k: (a[k], b[k]) for k in a if k not in ("name", "description") and a[k] != b[k]}


TENHOU: Final = RuleSet(
    name="tenhou",
    description="tenhou.net four-player ranked rules (Houou: open tanyao, three red fives). "
    "No kiriage; 13+ han is one yakuman; different yakuman add up but no double forms; "
    "double-wind pair 4 fu; rinshan takes tsumo fu; pao for daisangen/daisuushii covers the "
    "whole hand; renhou not played; nagashi mangan on. Sources: RULESETS.md §1 [T1]-[T9].",
)

MAHJONGSOUL: Final = replace(
    TENHOU,
    name="mahjongsoul",
    multiple_yakuman=MultipleYakuman.FULL,
    pao_scope=PaoScope.YAKUMAN_SHARE,
    description="Mahjong Soul four-player ranked rules: as Tenhou, but the four pattern double "
    "yakuman are doubled (full scoring) and a liable player pays only the fed yakuman's share. "
    "Renhou not played (project decision). Sources: RULESETS.md [M1]-[M4].",
)

WRC: Final = RuleSet(
    name="wrc",
    aka=0,
    kiriage=True,
    kazoe=Kazoe.SANBAIMAN,
    multiple_yakuman=MultipleYakuman.SINGLE,
    max_yakuman=1,
    renhou=Renhou.MANGAN,
    double_wind_fu=2,
    nagashi_mangan=False,
    pao_honba_liable=False,
    description="World Riichi Championship rules, 2015 edition (seed 003): no red fives, kiriage, "
    "13+ han capped at sanbaiman, yakuman never stack, renhou a mangan, no nagashi. "
    "Unconfirmed defaults: double-wind pair 2 fu, rinshan takes tsumo fu, pao daisangen/daisuushii "
    "on the whole hand. Sources: seed 003, RULESETS.md [W1]-[W7].",
)

EMA: Final = replace(
    WRC,
    name="ema",
    kiriage=False,
    description="EMA Riichi Competition Rules 2016: no red fives, open tanyao, no kiriage, 13+ han "
    "capped at sanbaiman, single yakuman only, renhou a mangan, no nagashi. Unconfirmed defaults: "
    "double-wind pair 2 fu, rinshan takes tsumo fu. Sources: RULESETS.md [E1]-[E9].",
)

EMA2008: Final = RuleSet(
    name="ema2008",
    aka=0,
    kazoe=Kazoe.YAKUMAN,
    multiple_yakuman=MultipleYakuman.FULL,
    renhou=Renhou.YAKUMAN,
    double_wind_fu=2,
    description="The rules of seed 004 (the EMA rules before the 2016 revision): open tanyao, "
    "double riichi 2 han, renhou yakuman, daisuushii and the special-wait yakuman doubled, 13+ han "
    "a yakuman, nagashi mangan, no kiriage, no red fives. Unconfirmed default: double-wind pair "
    "2 fu. Source: seed 004, SEED-CHECKLIST.md.",
)

MLEAGUE: Final = RuleSet(
    name="mleague",
    kiriage=True,
    kazoe=Kazoe.SANBAIMAN,
    double_wind_fu=2,
    pao=frozenset({"daisangen", "daisuushii", "suukantsu"}),
    riichi_min_wall_tiles=None,
    riichi_min_points=None,
    description="M.League rules: three red fives, kiriage, 13+ han capped at sanbaiman, yakuman "
    "add up without double forms, double-wind pair 2 fu, pao also for suukantsu, no renhou. "
    "Unconfirmed default: nagashi mangan on. Sources: RULESETS.md [L1]-[L6].",
)

JPML: Final = RuleSet(
    name="jpml",
    aka=0,
    kazoe=Kazoe.SANBAIMAN,
    renhou=Renhou.MANGAN,
    double_wind_fu=2,
    ippatsu=False,
    ura_dora=False,
    kan_dora=False,
    nagashi_mangan=False,
    pao=frozenset({"daisangen", "daisuushii", "suukantsu"}),
    pao_honba_liable=False,
    description="JPML A (renmei official) rules, 2024: no ippatsu, ura or kan dora, no kiriage, "
    "13+ han capped at sanbaiman, yakuman add up, renhou a mangan (normal value when higher), "
    "double-wind pair 2 fu, pao for daisangen/daisuushii/suukantsu. Unconfirmed defaults: no red "
    "fives, no nagashi. Sources: RULESETS.md [J1]-[J5].",
)

FULL: Final = RuleSet(
    name="full",
    kiriage=True,
    multiple_yakuman=MultipleYakuman.FULL,
    max_yakuman=6,
    renhou=Renhou.YAKUMAN,
    local_yaku=frozenset(LOCAL_YAKU) - {"daichikurin", "daisuurin"},
    description="Full scoring: every local yaku on (daisharin in pin only), every double yakuman, "
    "renhou a yakuman, kiriage, stacking capped at six yakuman. Sources: RULESETS.md [F1]-[F8], "
    "seed 000, seed 002.",
)

DYNASTY: Final = RuleSet(
    name="dynasty",
    aka=0,
    multiple_yakuman=MultipleYakuman.FULL,
    max_yakuman=7,
    renhou=Renhou.YAKUMAN,
    local_yaku=frozenset({"sanrenkou", "iisou_sanjun", "iisou_suushun", "daisharin", "daichikurin",
                          "daisuurin", "suurenkou", "shiisan_puutaa"}),
    iisou_suushun_yakuman=False,
    ryanpeikou_identical=False,
    sanshoku_doukou_han=3,
    chankan=False,
    rinshan_pao=True,
    shiisan_puutaa_dealer_only=True,
    double_wind_fu=2,
    description="Shanghai: Dynasty's rules (seed 001): yakuman stack up to seven, double forms "
    "count twice, sanshoku doukou 3 han, iisou suushun a 5-han yaku, sanrenkou, iisou sanjun, "
    "daisharin in any suit, suurenkou, shiisan puutaa (dealer's first deal), only kokushi may rob "
    "a kan, the discarder of a kan tile pays for a rinshan win. Decisions: renhou yakuman, 13+ han "
    "one yakuman, no red fives; unconfirmed default: double-wind pair 2 fu.",
)

PRESETS: Final[Mapping[str, RuleSet]] = {
    r.name: r for r in (TENHOU, MAHJONGSOUL, WRC, EMA, EMA2008, MLEAGUE, JPML, FULL, DYNASTY)
}

def presets_table() -> str:
    """Every switch of every preset as a Markdown table (docs/rules.md shows it)."""
    names = list(PRESETS)
    lines = ["| switch | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for f in fields(RuleSet):
        if f.name in ("name", "description"):
            continue
        cells = []
        for name in names:
            value = PRESETS[name].to_dict()[f.name]
            if isinstance(value, list):
                cells.append(", ".join(value) or "—")
            elif isinstance(value, bool):
                cells.append("yes" if value else "no")
            else:
                cells.append("none" if value is None else str(value))
        lines.append(f"| `{f.name}` | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


_ENUM_FIELDS: Final = {"kazoe": Kazoe, "multiple_yakuman": MultipleYakuman, "renhou": Renhou,
                       "pao_scope": PaoScope}
_BOOL_FIELDS: Final = frozenset(f.name for f in fields(RuleSet) if isinstance(f.default, bool))
_INT_FIELDS: Final = {"aka": (0, 4), "double_wind_fu": (2, 4), "sanshoku_doukou_han": (2, 3)}
_OPTIONAL_INT_FIELDS: Final = {"max_yakuman": 1, "riichi_min_wall_tiles": 0, "riichi_min_points": 0}
_PAO_YAKUMAN: Final = frozenset({"daisangen", "daisuushii", "suukantsu"})


def find_rules(name: str) -> RuleSet:
    """The preset called ``name``; raises :class:`UnknownRulesError`."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise UnknownRulesError(f"unknown rule set {name!r}; presets are {', '.join(PRESETS)}") from None


def resolve_rules(spec: str | Mapping[str, object] | RuleSet | None) -> RuleSet:
    """A rule set from a preset name or ``{"preset": NAME, **overrides}`` (INTERCHANGE ``rules``)."""
    if type(spec) is dict:  # the usual form in a batch: a spec met before is one look-up
        try:
            return _RESOLVED[tuple(spec.items()), tuple(map(type, spec.values()))]
        except (KeyError, TypeError):  # new, or a list value (local yaku): see _spec_key
            pass
    if spec is None:
        return TENHOU
    if isinstance(spec, RuleSet):
        return spec
    if isinstance(spec, str):
        return find_rules(spec)
    if not isinstance(spec, Mapping):
        raise UnknownRulesError("rules must be a preset name or an object with a 'preset' key")
    key = _spec_key(spec)
    found = _RESOLVED.get(key) if key is not None else None
    if found is None:
        found = _resolve_mapping(spec)  # raises the precise error for a bad spec
        if key is not None:
            if len(_RESOLVED) >= 256:
                _RESOLVED.clear()
            _RESOLVED[key] = found
    return found


_SpecKey = tuple[tuple[tuple[str, object], ...], tuple[type, ...]]


def _spec_key(spec: Mapping[str, object]) -> _SpecKey | None:
    """A spec as a dict key: its items and the types of its values (true and 1 are equal but mean different
    things); a list value (local yaku) as a tuple; None when some value cannot be a key."""
    types = tuple(map(type, spec.values()))
    key = (tuple(spec.items()), types)
    try:
        hash(key)
    except TypeError:
        key = (tuple([(k, tuple(v) if isinstance(v, list) else v) for k, v in spec.items()]), types)
        try:
            hash(key)
        except TypeError:
            return None
    return key


#: Rule specs resolved so far (a batch holds a handful), by their items and the types of their values.
_RESOLVED: dict[_SpecKey, RuleSet] = {}


def _resolve_mapping(spec: Mapping[str, object]) -> RuleSet:
    base = find_rules(str(spec.get("preset", "tenhou")))
    changes: dict[str, object] = {}
    for key, value in spec.items():
        if key == "preset":
            continue
        changes[key] = _override(key, value)
    if not changes:
        return base
    return replace(base, **changes)  # type: ignore[arg-type]


def _override(key: str, value: object) -> object:  # noqa: PLR0911 - one branch per kind of switch
    if key in _ENUM_FIELDS:
        enum_type = _ENUM_FIELDS[key]
        try:
            return enum_type(value)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in enum_type)
            raise UnknownRulesError(f"rules.{key} must be one of {allowed}, not {value!r}") from None
    if key in _BOOL_FIELDS:
        if not isinstance(value, bool):
            raise UnknownRulesError(f"rules.{key} must be true or false, not {value!r}")
        return value
    if key in _INT_FIELDS:
        low, high = _INT_FIELDS[key]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise UnknownRulesError(f"rules.{key} must be a whole number from {low} to {high}, not {value!r}")
        return value
    if key in _OPTIONAL_INT_FIELDS:
        least = _OPTIONAL_INT_FIELDS[key]
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise UnknownRulesError(f"rules.{key} must be a whole number of at least {least} or null, not {value!r}")
        return value
    if key == "local_yaku":
        if value is True:
            return frozenset(LOCAL_YAKU)
        if value is False:
            return frozenset()
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            unknown = [v for v in value if v not in LOCAL_YAKU]
            if unknown:
                raise UnknownRulesError(f"unknown local yaku {unknown[0]!r}; known: {', '.join(LOCAL_YAKU)}")
            return frozenset(value)
        raise UnknownRulesError("rules.local_yaku must be true, false or a list of yaku names")
    if key == "pao":
        if isinstance(value, list) and all(isinstance(v, str) and v in _PAO_YAKUMAN for v in value):
            return frozenset(value)
        raise UnknownRulesError("rules.pao must be a list drawn from daisangen, daisuushii, suukantsu")
    raise UnknownRulesError(f"unknown rules switch {key!r}")
