"""Readings of a winning hand, each with the winning tile's place in it.

A :class:`Reading` is one way to split the whole hand (concealed tiles and
melds) into sets and a pair, seven pairs, or thirteen orphans, together with
the set the winning tile completed (its :class:`Wait`). The yaku, fu and value
of a hand are computed per reading, and the best reading is paid.

:class:`HandFacts` holds what does not depend on the reading: counts of every
tile, the melds, whether the hand is closed, dora. Both are built once per
hand and only read afterwards.
"""

from __future__ import annotations

import enum
from operator import itemgetter
from typing import Final, NamedTuple

from riichi.scoring.context import WinContext
from riichi.shapes.decompose import is_chiitoitsu, is_kokushi, written_readings
from riichi.hand import Hand, Meld, MeldType
from riichi.kept import Kept
from riichi.rules import RuleSet, ScoringRules
from riichi.tiles import KIND_OF, Tile

__all__ = ["Feature", "Form", "HandFacts", "Reading", "SetInfo", "Wait", "readings"]


class Form(enum.IntEnum):
    STANDARD = 0  #: four sets and a pair
    CHIITOITSU = 1  #: seven pairs
    KOKUSHI = 2  #: thirteen orphans
    SHIISAN_PUUTAA = 3  #: thirteen unrelated tiles and a fourteenth pairing one (a local yakuman)


class Wait(enum.IntEnum):
    """What the winning tile completed."""

    RYANMEN = 0  #: either end of two consecutive tiles
    KANCHAN = 1  #: the middle of a run
    PENCHAN = 2  #: the 3 of 12 or the 7 of 89
    SHANPON = 3  #: a triplet out of two pairs
    TANKI = 4  #: the pair
    OTHER = 5  #: seven pairs' tanki, thirteen orphans


class SetInfo(NamedTuple):
    """A triplet or kan as fu and sanankou see it."""

    kind: int
    kan: bool
    concealed: bool
    melded: bool  #: called or declared (shown on the table)


class Reading(NamedTuple):
    form: Form
    pair: int  #: the pair's kind (-1 for seven pairs and thirteen orphans)
    pairs: tuple[int, ...]  #: the seven pairs' kinds
    runs: tuple[int, ...]  #: first kinds of every run, chi included, sorted
    triplets: tuple[int, ...]  #: kinds of every triplet and kan, sorted
    sets: tuple[SetInfo, ...]  #: triplets and kans with concealment
    concealed_triplets: int  #: triplets/kans concealed after the win (ankan included)
    wait: Wait
    #: The reading's :class:`Feature` shape bits (form, how many runs and triplets, the wait).
    shape: int = 0
    #: MPSZ texts of the concealed sets, by first tile (melds and the pair aside).
    blocks: tuple[str, ...] = ()


class Feature:
    """Bits of :attr:`HandFacts.features`: cheap facts a yaku row can require before its predicate runs."""

    CLOSED: Final = 1 << 0
    TSUMO: Final = 1 << 1
    RON: Final = 1 << 2
    RIICHI: Final = 1 << 3  #: riichi, double riichi or open riichi
    DOUBLE_RIICHI: Final = 1 << 4
    OPEN_RIICHI: Final = 1 << 5
    IPPATSU: Final = 1 << 6
    HAITEI: Final = 1 << 7
    HOUTEI: Final = 1 << 8
    RINSHAN: Final = 1 << 9
    CHANKAN: Final = 1 << 10
    TENHOU: Final = 1 << 11
    CHIIHOU: Final = 1 << 12
    RENHOU: Final = 1 << 13
    PAARENCHAN: Final = 1 << 14
    SIMPLES_ONLY: Final = 1 << 15  #: no terminal or honour
    HONORS: Final = 1 << 16  #: some honour
    NO_HONORS: Final = 1 << 17
    TERMINALS: Final = 1 << 18  #: some 1 or 9
    NO_SIMPLES: Final = 1 << 19  #: only terminals and honours
    ONE_SUIT: Final = 1 << 20  #: the tiles of exactly one suit (honours aside)
    NO_SUITS: Final = 1 << 21  #: honours only
    THREE_SUITS: Final = 1 << 22
    HAKU3: Final = 1 << 23  #: three or more of the dragon or wind
    HATSU3: Final = 1 << 24
    CHUN3: Final = 1 << 25
    SEAT3: Final = 1 << 26
    ROUND3: Final = 1 << 27
    DRAGONS8: Final = 1 << 28  #: at least 8 dragon tiles (two sets and a pair)
    WINDS11: Final = 1 << 29  #: at least 11 wind tiles (three sets and a pair)
    KANS3: Final = 1 << 30  #: three kans or more
    KANS4: Final = 1 << 31
    GREEN: Final = 1 << 32  #: sou and hatsu only
    #: Every situation flag beyond riichi and tsumo: most wins have none of them.
    SITUATION: Final = IPPATSU | HAITEI | HOUTEI | RINSHAN | CHANKAN | TENHOU | CHIIHOU | RENHOU | PAARENCHAN

    # Shape bits of a reading (:attr:`Reading.shape`); a row may need them as well as the hand's bits.
    STANDARD: Final = 1 << 40  #: four sets and a pair
    CHIITOITSU: Final = 1 << 41
    KOKUSHI: Final = 1 << 42
    SHIISAN_PUUTAA: Final = 1 << 43
    NO_RUNS: Final = 1 << 44  #: a standard reading with no run
    RUNS1: Final = 1 << 45  #: at least one run, chi included
    RUNS2: Final = 1 << 46
    RUNS3: Final = 1 << 47
    RUNS4: Final = 1 << 48
    NO_TRIPLETS: Final = 1 << 49  #: a standard reading with no triplet or kan
    TRIPLETS3: Final = 1 << 50  #: at least three triplets or kans
    TRIPLETS4: Final = 1 << 51
    ANKOU3: Final = 1 << 52  #: exactly three concealed triplets (ankan included, a ron-made one not)
    ANKOU4: Final = 1 << 53
    RYANMEN: Final = 1 << 54  #: the winning tile completed a two-sided wait
    TANKI: Final = 1 << 55  #: the winning tile completed the pair


_NO_REDS: Final = [0, 0, 0]
_EMPTY_SUIT: Final = [0] * 9
#: Enum members used per hand, read once: on Python 3.11 an attribute of an Enum class costs several
#: times a global look-up.
_STANDARD: Final = Form.STANDARD
_TANKI, _SHANPON, _RYANMEN = Wait.TANKI, Wait.SHANPON, Wait.RYANMEN
_ANKAN: Final = MeldType.ANKAN
#: A named tuple made from its fields' tuple in C (the class's own __new__ is Python code, twice the cost).
_new: Final = tuple.__new__


class HandFacts:
    """Reading-independent facts about a winning hand."""

    __slots__ = ("all_counts", "closed", "concealed_counts", "concealed_reds", "ctx", "features", "hand", "honors",
                 "kans", "meld_runs", "meld_sets", "n_melds", "reds", "rules", "rules_name", "suits", "terminals", "win_kind")
    meld_runs: tuple[int, ...]  #: first kinds of the chi
    meld_sets: tuple[SetInfo, ...]  #: the pon and kans

    rules: ScoringRules  #: what scores under the rule set
    rules_name: str  #: the rule set's name, for messages

    def __init__(self, hand: Hand, ctx: WinContext, rules: RuleSet) -> None:
        self.hand = hand
        self.ctx = ctx
        self.rules = rules.scoring
        self.rules_name = rules.name
        by_tile = [0] * 37  # every tile value, red fives apart
        for t in hand.concealed:
            by_tile[t] += 1
        concealed = by_tile[:34]
        reds = by_tile[34:]
        if reds != _NO_REDS:
            concealed[4] += reds[0]
            concealed[13] += reds[1]
            concealed[22] += reds[2]
        self.concealed_counts = concealed
        melds = hand.melds
        if not melds:
            #: red fives among the concealed tiles per suit (man, pin, sou)
            self.concealed_reds = reds
            self.all_counts = concealed
            self.reds = reds
            self.meld_runs = self.meld_sets = ()
            self.kans = self.n_melds = 0
            self.closed = True
        else:
            self._add_melds(melds, concealed, reds)
        self.win_kind = KIND_OF[ctx.win]
        counts = self.all_counts
        #: bit 1, 2, 4 for man, pin, sou present
        self.suits = (counts[0:9] != _EMPTY_SUIT) | (counts[9:18] != _EMPTY_SUIT) << 1 \
            | (counts[18:27] != _EMPTY_SUIT) << 2
        self.honors = sum(counts[27:34])
        self.terminals = counts[0] + counts[8] + counts[9] + counts[17] + counts[18] + counts[26]
        self.features = _features(self, ctx)

    def _add_melds(self, melds: tuple[Meld, ...], concealed: list[int], reds: list[int]) -> None:
        """The facts the melds change: every tile's count, red fives, runs, sets, kans, closedness."""
        self.concealed_reds = reds[:]
        counts = concealed[:]
        runs: list[int] = []
        sets: list[SetInfo] = []
        kans = 0
        closed = True
        for m in melds:
            kinds, red_suits, info = _MELD_FACTS[m.tiles]
            for k in kinds:
                counts[k] += 1
            for suit in red_suits:
                reds[suit] += 1
            if info is None:
                runs.append(kinds[0])
                closed = False
            else:
                kans += info.kan
                if m.type is _ANKAN:
                    info = _CONCEALED_KAN[info.kind]
                else:
                    closed = False
                sets.append(info)
        self.all_counts = counts
        #: red fives held per suit (man, pin, sou), melds included
        self.reds = reds
        self.meld_runs = tuple(runs)
        self.meld_sets = tuple(sets)
        self.kans = kans
        self.n_melds = len(melds)
        self.closed = closed


def _meld_facts(tiles: tuple[Tile, ...]) -> tuple[tuple[int, ...], tuple[int, ...], SetInfo | None]:
    """A meld's tiles as (their kinds, the suit of each red five, the set as an open pon or kan; None for a
    chi)."""
    kinds = tuple([KIND_OF[t] for t in tiles])
    red_suits = tuple([t - 34 for t in tiles if t >= 34])
    is_run = kinds[0] != kinds[-1]
    return kinds, red_suits, None if is_run else SetInfo(kinds[0], len(tiles) == 4, False, True)


#: The facts of each meld's tiles met so far (a few hundred exist), and the concealed kan of each kind.
_MELD_FACTS: Final = Kept(_meld_facts, bound=4096)
_CONCEALED_KAN: Final = tuple(SetInfo(k, True, True, True) for k in range(34))


def _flag_bits(flags: tuple[bool, ...]) -> int:
    """The feature bits of the context flags from riichi to paarenchan (:data:`_FLAGS`), in field order."""
    on = {name for name, flag in zip(_FLAG_NAMES, flags, strict=True) if flag}
    bits = Feature.RIICHI if on & {"riichi", "double_riichi", "open_riichi"} else 0
    for name in on:
        bits |= _FLAG_BIT.get(name, 0)
    return bits


#: The context's run of flags from riichi to paarenchan (a slice of the tuple), and the feature bit of each.
_FLAGS: Final = slice(WinContext._fields.index("riichi"), WinContext._fields.index("paarenchan") + 1)
#: (Annotated: the type checker reads ``_fields[_FLAGS]`` as one name, not as the tuple of names it is.)
_FLAG_NAMES: Final[tuple[str, ...]] = tuple(WinContext._fields)[_FLAGS]
_flags_of: Final = itemgetter(_FLAGS)
_FLAG_BIT: Final = {"double_riichi": Feature.DOUBLE_RIICHI, "open_riichi": Feature.OPEN_RIICHI,
                    "ippatsu": Feature.IPPATSU, "haitei": Feature.HAITEI, "houtei": Feature.HOUTEI,
                    "rinshan": Feature.RINSHAN, "chankan": Feature.CHANKAN, "tenhou": Feature.TENHOU,
                    "chiihou": Feature.CHIIHOU, "renhou": Feature.RENHOU, "paarenchan": Feature.PAARENCHAN}
#: Bits of each combination of flags met (a few dozen occur).
_FLAG_BITS: Final = Kept(_flag_bits, bound=4096)


def _features(f: HandFacts, ctx: WinContext) -> int:
    """The :class:`Feature` bits of a hand."""
    bits = _TSUMO_BIT if ctx.tsumo else _RON_BIT
    if f.closed:
        bits |= _CLOSED_BIT
    flags = _flags_of(ctx)
    if any(flags):
        try:
            bits |= _FLAG_BITS[flags]
        except TypeError:  # a flag given as something unhashable: read by its truth, as any flag is
            bits |= _flag_bits(flags)
    c = f.all_counts
    honors, terminals, suits = f.honors, f.terminals, f.suits
    if honors:
        bits |= _HONOR_BITS[bytes(c[27:34])]
        if c[27 + ctx.seat_wind] >= 3:
            bits |= _SEAT3_BIT
        if c[27 + ctx.round_wind] >= 3:
            bits |= _ROUND3_BIT
    elif terminals:
        bits |= _NO_HONORS_BIT
    else:
        bits |= _SIMPLES_BITS
    if terminals:
        bits |= _TERMINALS_BIT
        if terminals + honors == 14 + f.kans:
            bits |= _NO_SIMPLES_BIT
    elif honors == 14 + f.kans:
        bits |= _NO_SIMPLES_BIT
    bits |= _SUIT_BITS[suits]
    if f.kans >= 3:
        bits |= _KAN_BITS[f.kans]
    if suits & 3 == 0 and honors == c[32]:
        bits |= _GREEN_BIT
    return bits


def _honor_bits(c: bytes) -> int:
    """The bits of a hand's seven honour counts (East to Chun), the winds' bits aside."""
    F = Feature  # noqa: N806 - a short alias keeps the bit arithmetic readable
    dragons = c[4] + c[5] + c[6]
    bits = F.HONORS
    for bit, held in ((F.DRAGONS8, dragons >= 8), (F.WINDS11, sum(c) - dragons >= 11), (F.HAKU3, c[4] >= 3),
                      (F.HATSU3, c[5] >= 3), (F.CHUN3, c[6] >= 3)):
        if held:
            bits |= bit
    return bits


#: Feature bits in the forms the hot code reads (a class attribute costs several times a global on 3.11):
#: by honour counts (kept as met), by the suits' bits 0..7, by kans.
_TSUMO_BIT: Final = Feature.TSUMO
_RON_BIT: Final = Feature.RON
_CLOSED_BIT: Final = Feature.CLOSED
_HONOR_BITS: Final = Kept(_honor_bits, bound=4096)
_SEAT3_BIT: Final = Feature.SEAT3
_ROUND3_BIT: Final = Feature.ROUND3
_NO_HONORS_BIT: Final = Feature.NO_HONORS
_SIMPLES_BITS: Final = Feature.NO_HONORS | Feature.SIMPLES_ONLY
_TERMINALS_BIT: Final = Feature.TERMINALS
_NO_SIMPLES_BIT: Final = Feature.NO_SIMPLES
_SUIT_BITS: Final = (Feature.NO_SUITS, Feature.ONE_SUIT, Feature.ONE_SUIT, 0, Feature.ONE_SUIT, 0, 0,
                     Feature.THREE_SUITS)
_KAN_BITS: Final = (0, 0, 0, Feature.KANS3, Feature.KANS3 | Feature.KANS4)
_GREEN_BIT: Final = Feature.GREEN


def readings(facts: HandFacts) -> list[Reading]:
    """Every reading of the hand with every place the winning tile can take in it."""
    counts = facts.concealed_counts
    out: list[Reading] = []
    w = facts.win_kind
    ron = not facts.ctx.tsumo
    meld_runs = facts.meld_runs
    meld_sets = facts.meld_sets
    meld_trips = tuple([s.kind for s in meld_sets]) if meld_sets else ()
    n_ankan = sum([s.concealed for s in meld_sets]) if meld_sets else 0
    standard = _STANDARD
    for pair, trips, runs, blocks in written_readings(bytes(counts)):
        all_runs = tuple(sorted(runs + meld_runs)) if meld_runs else runs
        all_trips = tuple(sorted(trips + meld_trips)) if meld_trips else trips
        sets = (*map(_CLOSED_TRIPLET.__getitem__, trips), *meld_sets) if trips else meld_sets
        n_concealed = len(trips) + n_ankan
        shape = _SETS_SHAPE[len(all_runs)][len(all_trips)]
        if pair == w:
            out.append(_new(Reading, (standard, pair, (), all_runs, all_trips, sets, n_concealed, _TANKI,
                                      shape | _ANKOU_SHAPE[n_concealed] | _TANKI_BIT, blocks)))
        if w in trips:
            if ron:  # the triplet the ron tile finished counts as open (fu, sanankou)
                opened = tuple([_RON_TRIPLET[k] if k == w else _CLOSED_TRIPLET[k] for k in trips]) + meld_sets
                out.append(_new(Reading, (standard, pair, (), all_runs, all_trips, opened, n_concealed - 1,
                                          _SHANPON, shape | _ANKOU_SHAPE[n_concealed - 1], blocks)))
            else:
                out.append(_new(Reading, (standard, pair, (), all_runs, all_trips, sets, n_concealed, _SHANPON,
                                          shape | _ANKOU_SHAPE[n_concealed], blocks)))
        seen = -1
        for r in runs:
            if r <= w <= r + 2 and r != seen:
                seen = r  # two equal runs give the same reading
                wait = _RUN_WAIT[w - r][r % 9]
                out.append(_new(Reading, (standard, pair, (), all_runs, all_trips, sets, n_concealed, wait,
                                          shape | _ANKOU_SHAPE[n_concealed] | _WAIT_BIT[wait], blocks)))
    if facts.n_melds == 0:
        if counts.count(2) == 7 and is_chiitoitsu(counts):
            pairs = tuple([k for k in range(34) if counts[k]])
            out.append(Reading(Form.CHIITOITSU, -1, pairs, (), (), (), 0, Wait.OTHER, Feature.CHIITOITSU))
        elif facts.terminals + facts.honors == 14 and is_kokushi(counts):
            out.append(Reading(Form.KOKUSHI, -1, (), (), (), (), 0, Wait.OTHER, Feature.KOKUSHI))
        elif not out and _shiisan_puutaa_allowed(facts) and is_shiisan_puutaa(counts):
            out.append(Reading(Form.SHIISAN_PUUTAA, -1, (), (), (), (), 0, Wait.OTHER, Feature.SHIISAN_PUUTAA))
    return out


def _sets_shape(runs: int, triplets: int) -> int:
    F = Feature  # noqa: N806
    bits = F.STANDARD | (F.NO_RUNS if not runs else 0) | (F.NO_TRIPLETS if not triplets else 0)
    for n, bit in ((1, F.RUNS1), (2, F.RUNS2), (3, F.RUNS3), (4, F.RUNS4)):
        if runs >= n:
            bits |= bit
    if triplets >= 3:
        bits |= F.TRIPLETS3 | (F.TRIPLETS4 if triplets >= 4 else 0)
    return bits


#: Shape bits of a standard reading by its numbers of runs and of triplets, and by its concealed triplets.
_SETS_SHAPE: Final = tuple(tuple(_sets_shape(runs, trips) for trips in range(5)) for runs in range(5))
_ANKOU_SHAPE: Final = (0, 0, 0, Feature.ANKOU3, Feature.ANKOU4)
_TANKI_BIT: Final = Feature.TANKI
#: Shape bit of each wait a run completes.
_WAIT_BIT: Final = {wait: Feature.RYANMEN if wait is Wait.RYANMEN else 0 for wait in Wait}

#: A concealed triplet of each kind, and one opened by the ron tile.
_CLOSED_TRIPLET: Final = tuple(SetInfo(k, False, True, False) for k in range(34))
_RON_TRIPLET: Final = tuple(SetInfo(k, False, False, False) for k in range(34))
#: The wait of a winning tile at position 0, 1, 2 of a run, by the run's first number (0..6):
#: the middle is kanchan; the 3 of 123 and the 7 of 789 are penchan; the rest ryanmen.
_RUN_WAIT: Final = (
    tuple(Wait.PENCHAN if first == 6 else Wait.RYANMEN for first in range(7)),
    (Wait.KANCHAN,) * 7,
    tuple(Wait.PENCHAN if first == 0 else Wait.RYANMEN for first in range(7)),
)


def _shiisan_puutaa_allowed(facts: HandFacts) -> bool:
    rules = facts.rules
    ctx = facts.ctx
    return rules.has("shiisan_puutaa") and (ctx.tenhou or (ctx.chiihou and not rules.shiisan_puutaa_dealer_only))


def is_shiisan_puutaa(counts: list[int]) -> bool:
    """Thirteen unrelated tiles (no two of a suit within two numbers, honours alone) plus one pairing them."""
    if sum(counts) != 14:
        return False
    pairs = 0
    for n in counts:
        if n > 2:
            return False
        pairs += n == 2
    if pairs != 1:
        return False
    for base in (0, 9, 18):
        last = -9
        for i in range(9):
            if counts[base + i]:
                if i - last < 3:
                    return False
                last = i
    return True
