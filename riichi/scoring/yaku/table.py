"""The yaku table: one row per yaku and yakuman, with everything scoring needs to know about it.

A row names its :class:`~riichi.yaku.Yaku`, the predicate that says whether a
reading has it, its han closed and open (``han_open == 0``: closed only) or its
yakuman multiple, whether it is a local yaku (played where the rules list it),
any further rule that gates it, the yaku it replaces, and how it combines with
the special forms. Results list yaku and yakuman in table order.

Adding a local yaku is one row here, one predicate in
:mod:`riichi.scoring.yaku.local`, and one test (docs/rules.md, "Adding a local yaku", gives the steps).

>>> row = YAKU[Yaku.CHINITSU]
>>> row.han_closed, row.han_open
(6, 5)
>>> YAKUMAN[Yaku.KOKUSHI_13].yakuman, YAKUMAN[Yaku.KOKUSHI_13].supersedes
(2, (Yaku.parse('kokushi'),))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from riichi.frozen import Frozen
from riichi.hand import Meld, MeldType
from riichi.rules import MultipleYakuman, Renhou, ScoringRules
from riichi.scoring.reading import HandFacts, Reading
from riichi.scoring.yaku import local, standard, yakuman
from riichi.tiles import DRAGON_KINDS, WIND_KINDS, Wind
from riichi.yaku import Yaku

__all__ = ["GLOSSES", "YAKU", "YAKUMAN", "YAKUMAN_ROWS", "YAKU_ROWS", "PlayedRows", "YakuRow", "played_rows"]

#: Whether a reading of a hand has the yaku.
Predicate = Callable[[Reading, HandFacts], bool]
#: A condition on the rules.
Gate = Callable[[ScoringRules], bool]
#: The seat that fed the meld completing a yakuman, if it was called (pao), from the hand's melds.
Feeder = Callable[[tuple[Meld, ...]], Wind | None]


@dataclass(frozen=True, slots=True)
class YakuRow(Frozen):
    """One yaku (or yakuman) and how it scores."""

    yaku: Yaku
    holds: Predicate
    #: Han when closed and when open (0: closed only); 0 and 0 for a yakuman.
    han_closed: int = 0
    han_open: int = 0
    #: For a yakuman, its multiple under full scoring (1, or 2 for a double form); 0 for a regular yaku.
    yakuman: int = 0
    #: A local yaku (:attr:`Yaku.is_local`): played only where the rules list it among their local yaku.
    local: bool = False
    #: A further condition on the rules (which form of renhou they play, whether chankan is a yaku...).
    gate: Gate | None = None
    #: Yaku this one replaces when both hold.
    supersedes: tuple[Yaku, ...] = ()
    #: The rule switch (a :class:`~riichi.rules.ScoringRules` field) that sets the han, closed and open alike.
    han_switch: str | None = None
    #: Whether it counts beside seven pairs (shousangen and sankantsu need sets).
    with_chiitoitsu: bool = True
    #: A yakuman that counts on thirteen orphans, and on thirteen unrelated tiles (not sets and a pair).
    with_kokushi: bool = False
    with_shiisan_puutaa: bool = False
    #: Where the rules say so, a yakuman that counts only beside a regular yaku (paarenchan).
    needs_yaku: Gate | None = None
    #: For a yakuman with liability (pao): the seat that fed its last set. It is liable where the rules'
    #: ``pao`` lists the yakuman.
    feeder: Feeder | None = None

    def is_played(self, rules: ScoringRules) -> bool:
        """Whether ``rules`` play this row."""
        return (not self.local or rules.has(self.yaku)) and (self.gate is None or self.gate(rules))

    def han(self, *, closed: bool, rules: ScoringRules) -> int:
        """Han of this yaku in a closed or open hand under ``rules`` (0: not available)."""
        if self.han_switch is not None:
            return int(getattr(rules, self.han_switch))
        return self.han_closed if closed else self.han_open


def _yaku(yaku: Yaku, holds: Predicate, **facts: object) -> YakuRow:
    """A regular yaku's row, its han and whether it is local as the :class:`Yaku` gives them unless ``facts`` say
    otherwise."""
    return YakuRow(yaku, holds, **{"han_closed": yaku.han_closed, "han_open": yaku.han_open,  # type: ignore[arg-type]
                                   "local": yaku.is_local, **facts})


def _yakuman(yaku: Yaku, holds: Predicate, **facts: object) -> YakuRow:
    """A yakuman's row, its multiple and whether it is local as the :class:`Yaku` gives them; a yakuman the
    :class:`Yaku` says may carry liability (pao) gives the way to find its feeder, and no other does."""
    if yaku.has_pao != (facts.get("feeder") is not None):
        raise ValueError(f"{yaku.value}: a row gives a feeder exactly when its Yaku has pao")
    return YakuRow(yaku, holds, **{"yakuman": yaku.yakuman, "local": yaku.is_local, **facts})  # type: ignore[arg-type]


# -- liability (pao): who fed the last set of a yakuman --------------------------------------------------------

def _fed_dragons(melds: tuple[Meld, ...]) -> Wind | None:
    return _feeder_of_nth_set(melds, DRAGON_KINDS, 3)


def _fed_winds(melds: tuple[Meld, ...]) -> Wind | None:
    return _feeder_of_nth_set(melds, WIND_KINDS, 4)


def _feeder_of_nth_set(melds: tuple[Meld, ...], kinds: tuple[int, ...], n: int) -> Wind | None:
    """The seat the ``n``-th called pon or kan of ``kinds`` came from (None if fewer were called)."""
    called = [m for m in melds if m.type is not MeldType.CHI and m.kind in kinds]
    return called[n - 1].from_seat if len(called) >= n else None


def _fed_fourth_kan(melds: tuple[Meld, ...]) -> Wind | None:
    kans = [m for m in melds if m.is_kan]
    if len(kans) == 4 and kans[3].type is MeldType.MINKAN:  # noqa: PLR2004
        return kans[3].from_seat
    return None


def _renhou_is(form: Renhou) -> Gate:
    return lambda rules: rules.renhou is form


#: The regular yaku, in the order results list them.
YAKU_ROWS: Final[tuple[YakuRow, ...]] = (
    # situation
    _yaku(Yaku.RIICHI, standard.riichi),
    _yaku(Yaku.DOUBLE_RIICHI, standard.double_riichi, supersedes=(Yaku.RIICHI,)),
    _yaku(Yaku.OPEN_RIICHI, local.open_riichi),
    _yaku(Yaku.IPPATSU, standard.ippatsu),
    _yaku(Yaku.MENZEN_TSUMO, standard.menzen_tsumo),
    _yaku(Yaku.HAITEI, standard.haitei),
    _yaku(Yaku.HOUTEI, standard.houtei),
    _yaku(Yaku.RINSHAN, standard.rinshan),
    _yaku(Yaku.CHANKAN, standard.chankan, gate=lambda rules: rules.chankan),
    _yaku(Yaku.RENHOU, standard.renhou, gate=_renhou_is(Renhou.YAKU)),
    # tiles
    _yaku(Yaku.TANYAO, standard.tanyao),
    _yaku(Yaku.HAKU, standard.haku),
    _yaku(Yaku.HATSU, standard.hatsu),
    _yaku(Yaku.CHUN, standard.chun),
    _yaku(Yaku.SEAT_WIND, standard.seat_wind),
    _yaku(Yaku.ROUND_WIND, standard.round_wind),
    _yaku(Yaku.HONITSU, standard.honitsu),
    _yaku(Yaku.CHINITSU, standard.chinitsu),
    _yaku(Yaku.HONROUTOU, standard.honroutou),
    _yaku(Yaku.SHOUSANGEN, standard.shousangen, with_chiitoitsu=False),
    _yaku(Yaku.SANKANTSU, standard.sankantsu, with_chiitoitsu=False),
    # shape
    _yaku(Yaku.PINFU, standard.pinfu),
    _yaku(Yaku.CHIITOITSU, standard.chiitoitsu),
    _yaku(Yaku.IIPEIKOU, standard.iipeikou),
    _yaku(Yaku.RYANPEIKOU, standard.ryanpeikou, supersedes=(Yaku.IIPEIKOU,)),
    _yaku(Yaku.SANSHOKU, standard.sanshoku),
    _yaku(Yaku.ITTSU, standard.ittsu),
    _yaku(Yaku.CHANTA, standard.chanta),
    _yaku(Yaku.JUNCHAN, standard.junchan),
    _yaku(Yaku.TOITOI, standard.toitoi),
    _yaku(Yaku.SANANKOU, standard.sanankou),
    _yaku(Yaku.SANSHOKU_DOUKOU, standard.sanshoku_doukou, han_switch="sanshoku_doukou_han"),
    # local yaku
    _yaku(Yaku.SANRENKOU, local.sanrenkou),
    _yaku(Yaku.IISOU_SANJUN, local.iisou_sanjun, supersedes=(Yaku.IIPEIKOU,)),
    _yaku(Yaku.IISOU_SUUSHUN, local.iisou_suushun, gate=lambda rules: not rules.iisou_suushun_yakuman,
          supersedes=(Yaku.IIPEIKOU, Yaku.RYANPEIKOU, Yaku.IISOU_SANJUN)),
)

#: The yakuman, in the order results list them: those of the tiles and the situation, then those of a
#: reading's shape.
YAKUMAN_ROWS: Final[tuple[YakuRow, ...]] = (
    _yakuman(Yaku.CHUUREN, yakuman.chuuren),
    _yakuman(Yaku.JUNSEI_CHUUREN, yakuman.junsei_chuuren, supersedes=(Yaku.CHUUREN,)),
    _yakuman(Yaku.DAISANGEN, yakuman.daisangen, feeder=_fed_dragons),
    _yakuman(Yaku.SHOUSUUSHII, yakuman.shousuushii),
    _yakuman(Yaku.DAISUUSHII, yakuman.daisuushii, feeder=_fed_winds),
    _yakuman(Yaku.TSUUIISOU, yakuman.tsuuiisou),
    _yakuman(Yaku.RYUUIISOU, yakuman.ryuuiisou),
    _yakuman(Yaku.CHINROUTOU, yakuman.chinroutou),
    _yakuman(Yaku.SUUKANTSU, yakuman.suukantsu, feeder=_fed_fourth_kan),
    _yakuman(Yaku.TENHOU, yakuman.tenhou, with_kokushi=True),
    _yakuman(Yaku.CHIIHOU, yakuman.chiihou, with_kokushi=True),
    _yakuman(Yaku.RENHOU, yakuman.renhou, gate=_renhou_is(Renhou.YAKUMAN), with_kokushi=True),
    _yakuman(Yaku.PAARENCHAN, local.paarenchan, with_kokushi=True, with_shiisan_puutaa=True,
             needs_yaku=lambda rules: rules.paarenchan_needs_yaku),
    _yakuman(Yaku.OPEN_RIICHI, local.open_riichi_deal_in, with_kokushi=True, with_shiisan_puutaa=True),
    _yakuman(Yaku.KOKUSHI, yakuman.kokushi, with_kokushi=True),
    _yakuman(Yaku.KOKUSHI_13, yakuman.kokushi_13, with_kokushi=True, supersedes=(Yaku.KOKUSHI,)),
    _yakuman(Yaku.SUUANKOU, yakuman.suuankou),
    _yakuman(Yaku.SUUANKOU_TANKI, yakuman.suuankou_tanki, supersedes=(Yaku.SUUANKOU,)),
    # local yakuman
    _yakuman(Yaku.DAISHARIN, local.daisharin),
    _yakuman(Yaku.DAICHIKURIN, local.daichikurin),
    _yakuman(Yaku.DAISUURIN, local.daisuurin),
    _yakuman(Yaku.DAICHISEI, local.daichisei, supersedes=(Yaku.TSUUIISOU,)),
    _yakuman(Yaku.SUURENKOU, local.suurenkou),
    _yakuman(Yaku.IISOU_SUUSHUN, local.iisou_suushun, gate=lambda rules: rules.iisou_suushun_yakuman),
    _yakuman(Yaku.SHIISAN_PUUTAA, local.shiisan_puutaa, with_shiisan_puutaa=True),
)


class PlayedRows:
    """The rows one rule set plays, by the form of the reading they may count on, each with what it counts
    under these rules: a regular yaku its han (above 0) in a closed or an open hand, a yakuman its multiple
    (:attr:`YakuRow.yakuman` where the rules count multiple yakuman in full, else 1); in table order.
    :func:`played_rows` works them out once per rule set: asking each row whether the rules play it, for
    every reading of every hand, was a large part of the scoring of the expected-value search's wins."""

    rules: Final[ScoringRules]
    #: The yakuman of four sets and a pair or of seven pairs (every one played), of thirteen orphans, of
    #: thirteen unrelated tiles.
    yakuman: Final[tuple[tuple[YakuRow, int], ...]]
    yakuman_kokushi: Final[tuple[tuple[YakuRow, int], ...]]
    yakuman_shiisan_puutaa: Final[tuple[tuple[YakuRow, int], ...]]
    #: The regular yaku of four sets and a pair, closed and open, and of seven pairs (always closed).
    yaku_closed: Final[tuple[tuple[YakuRow, int], ...]]
    yaku_open: Final[tuple[tuple[YakuRow, int], ...]]
    yaku_chiitoitsu: Final[tuple[tuple[YakuRow, int], ...]]

    def __init__(self, rules: ScoringRules) -> None:
        self.rules = rules
        full = rules.multiple_yakuman is MultipleYakuman.FULL
        yakuman = tuple([(row, row.yakuman if full else 1) for row in YAKUMAN_ROWS if row.is_played(rules)])
        self.yakuman = yakuman
        self.yakuman_kokushi = tuple([(row, n) for row, n in yakuman if row.with_kokushi])
        self.yakuman_shiisan_puutaa = tuple([(row, n) for row, n in yakuman if row.with_shiisan_puutaa])
        played = [row for row in YAKU_ROWS if row.is_played(rules)]
        closed = [(row, row.han(closed=True, rules=rules)) for row in played]
        opened = [(row, row.han(closed=False, rules=rules)) for row in played]
        self.yaku_closed = tuple([(row, han) for row, han in closed if han])
        self.yaku_open = tuple([(row, han) for row, han in opened if han])
        self.yaku_chiitoitsu = tuple([(row, han) for row, han in self.yaku_closed if row.with_chiitoitsu])


#: The rows each rule set met plays, by the rule set (a frozen value: equal rule sets play equal rows); a few
#: rule sets at most. Hashing a rule set reads every one of its fields, so the rule set asked last is first
#: compared by identity (a search scores thousands of hands under one).
_PLAYED: Final[dict[ScoringRules, PlayedRows]] = {}
_PLAYED_MOST: Final = 16
#: The rule set asked last, and its rows.
_LAST_PLAYED: Final[list[tuple[ScoringRules, PlayedRows]]] = []


def played_rows(rules: ScoringRules) -> PlayedRows:
    """The rows ``rules`` play (worked out at the first call for these rules).

    >>> from riichi.rules import TENHOU
    >>> rows = played_rows(TENHOU.scoring)
    >>> [(row.yaku.value, n) for row, n in rows.yakuman_kokushi]  # Tenhou pays no double yakuman
    [('tenhou', 1), ('chiihou', 1), ('kokushi', 1), ('kokushi_13', 1)]
    >>> [(row.yaku.value, han) for row, han in rows.yaku_open][:3]
    [('haitei', 1), ('houtei', 1), ('rinshan', 1)]
    """
    if _LAST_PLAYED:
        last, rows = _LAST_PLAYED[0]
        if last is rules:
            return rows
    found = _PLAYED.get(rules)
    if found is None:
        if len(_PLAYED) >= _PLAYED_MOST:
            _PLAYED.clear()
        found = PlayedRows(rules)
        _PLAYED[rules] = found
    _LAST_PLAYED[:] = [(rules, found)]
    return found


#: Each regular yaku's row, and each yakuman's row.
YAKU: Final[Mapping[Yaku, YakuRow]] = {row.yaku: row for row in YAKU_ROWS}
YAKUMAN: Final[Mapping[Yaku, YakuRow]] = {row.yaku: row for row in YAKUMAN_ROWS}
#: English for every name a result can list (for displays that key by the interchange name).
GLOSSES: Final[Mapping[str, str]] = {y.value: y.english for y in Yaku}
