"""The facts of a winning hand, and its readings.

:class:`HandFacts` holds what does not depend on how the hand is read: the
counts of every tile (melds included), red fives, the melds as sets, whether
the hand is closed. A :class:`Reading` is one way to split the whole hand into
four sets and a pair (or seven pairs, thirteen orphans, thirteen unrelated
tiles), with the shape the winning tile completed in it. Yaku and fu are worked
out per reading, and the best reading is paid.

>>> from riichi.hand import Hand
>>> from riichi.rules import TENHOU
>>> from riichi.scoring.context import WinContext
>>> facts = HandFacts.of(Hand.parse("234567m11p345s666z"), WinContext.parse("5m"), TENHOU)
>>> [(r.runs, r.triplets, r.pair, r.wait_shape.value) for r in readings(facts)]
[((1, 4, 20), (32,), 9, 'ryanmen')]
"""

from __future__ import annotations

import enum
from typing import Final

from riichi.hand import Hand, Meld, MeldType
from riichi.rules import GameRules, RuleSet, ScoringRules, TileSet
from riichi.scoring.context import WinContext
from riichi.shapes.decompose import is_chiitoitsu, is_kokushi, written_readings
from riichi.shapes.wait_shape import WaitShape
from riichi.tiles import KIND_OF
from riichi.yaku import Yaku

__all__ = ["Form", "HandFacts", "Reading", "TripletSet", "count_tiles", "is_shiisan_puutaa", "readings"]


class Form(enum.Enum):
    STANDARD = "standard"  #: four sets and a pair
    CHIITOITSU = "chiitoitsu"  #: seven pairs
    KOKUSHI = "kokushi"  #: thirteen orphans
    SHIISAN_PUUTAA = "shiisan_puutaa"  #: thirteen unrelated tiles and one pairing them (a local yakuman)


class TripletSet:
    """A triplet or kan as fu and sanankou see it."""

    kind: Final[int]
    kan: Final[bool]
    #: Concealed after the win (a triplet finished by a ron tile counts as open).
    concealed: Final[bool]

    def __init__(self, kind: int, kan: bool, concealed: bool) -> None:  # noqa: FBT001 - positional, as a record
        self.kind = kind
        self.kan = kan
        self.concealed = concealed


class HandFacts:
    """What a winning hand is, whatever the reading.

    Made from the concealed tiles' counts (what the expected-value search holds) or, with :meth:`of`, from a
    :class:`~riichi.hand.Hand`."""

    #: The melds, in the order they were made.
    melds: tuple[Meld, ...]
    ctx: WinContext
    #: What scores under the rule set, and the rule set's name (for messages).
    rules: ScoringRules
    rules_name: str
    #: The table's rules (who pays what), the tiles in play (108 with three players) and how many play.
    game: GameRules
    tiles: TileSet
    players: int
    #: Count of each of the 34 kinds among the concealed tiles, and those counts as bytes (the key of their
    #: readings in the decomposition tables) where the maker of the facts had them, else empty (the hand is
    #: checked after its facts are counted: more than 255 of a kind is no key).
    concealed_counts: list[int]
    concealed_key: bytes
    #: Count of each kind in the whole hand, melds included (a kan counts 4).
    all_counts: list[int]
    #: Red fives per suit (man, pin, sou) among the concealed tiles, and in the whole hand.
    concealed_reds: list[int]
    reds: list[int]
    #: First kinds of the chi, and the pon and kans as sets.
    meld_runs: tuple[int, ...]
    meld_sets: tuple[TripletSet, ...]
    kans: int
    n_melds: int
    #: No chi, pon or open kan.
    closed: bool
    #: The winner deals (seat East), and declared riichi (double and open riichi included).
    dealer: bool
    in_riichi: bool
    win_kind: int
    #: The kinds of the seat's wind and of the round's wind (their value tiles).
    seat_wind_kind: int
    round_wind_kind: int
    #: Bits 1, 2, 4 for man, pin, sou present.
    suits: int
    honors: int
    terminals: int

    def __init__(self, concealed_counts: list[int], concealed_reds: list[int], melds: tuple[Meld, ...],  # noqa: PLR0913
                 ctx: WinContext, rules: RuleSet, concealed_key: bytes = b"") -> None:
        """The facts of the concealed tiles counted by kind (``concealed_reds``: the red fives among them, per
        suit) with ``melds``; the lists are copied. ``concealed_key``: ``bytes(concealed_counts)`` where the
        caller has it."""
        self.melds = melds
        self.ctx = ctx
        self.rules = rules.scoring
        self.rules_name = rules.name
        self.game = rules.game
        self.tiles = rules.tiles
        self.players = rules.game.players
        self.concealed_counts = concealed_counts[:]
        self.concealed_key = concealed_key
        self.concealed_reds = concealed_reds[:]
        # the whole hand's counts: the concealed ones themselves where there is no meld (neither is changed)
        counts = self.concealed_counts[:] if melds else self.concealed_counts
        reds = self.concealed_reds[:] if melds else self.concealed_reds
        runs: list[int] = []
        sets: list[TripletSet] = []
        kans = 0
        closed = True
        for m in melds:
            count_tiles(m.tiles, counts, reds)
            if m.type is MeldType.CHI:
                runs.append(m.kind)  # the kind of its lowest tile
                closed = False
            else:
                concealed = m.type is MeldType.ANKAN
                sets.append(TripletSet(m.kind, m.is_kan, concealed))
                if m.is_kan:
                    kans += 1
                if not concealed:
                    closed = False
        self.all_counts = counts
        self.reds = reds
        self.meld_runs = tuple(runs)
        self.meld_sets = tuple(sets)
        self.kans = kans
        self.n_melds = len(melds)
        self.closed = closed
        self.dealer = ctx.is_dealer
        self.in_riichi = ctx.in_riichi
        self.win_kind = KIND_OF[ctx.win]
        self.seat_wind_kind = 27 + ctx.seat_wind
        self.round_wind_kind = 27 + ctx.round_wind
        suits = terminals = honors = 0
        for k, n in enumerate(counts):
            if not n:
                continue
            if k >= 27:  # noqa: PLR2004 - the honours, East to red dragon
                honors += n
            else:
                suits |= 1 << (k // 9)
                if k % 9 in (0, 8):  # a one or a nine
                    terminals += n
        self.suits = suits
        self.honors = honors
        self.terminals = terminals

    @classmethod
    def of(cls, hand: Hand, ctx: WinContext, rules: RuleSet) -> HandFacts:
        """The facts of ``hand`` won as ``ctx`` says."""
        counts = [0] * 34
        reds = [0, 0, 0]
        count_tiles(hand.concealed, counts, reds)
        return cls(counts, reds, hand.melds, ctx, rules)


def count_tiles(tiles: tuple[int, ...], counts: list[int], reds: list[int]) -> None:
    """Add ``tiles`` to the count of each kind and of red fives per suit. A tile is a small integer (an
    IntEnum), taken here as one: compiled code then indexes and compares it natively, not through Python's
    int protocol."""
    for t in tiles:
        counts[KIND_OF[t]] += 1
        if t >= 34:  # noqa: PLR2004 - a red five
            reds[t - 34] += 1


class Reading:
    """One way to read the whole hand, with the shape the winning tile completed.

    Readings, like the other records scoring makes for each hand (:class:`TripletSet`, the priced
    readings of :mod:`riichi.scoring.scorer`), are plain classes rather than dataclasses: compiled,
    their ``__init__`` is native code, where a dataclass's generated methods run as Python.
    """

    form: Final[Form]
    #: The pair's kind (-1 for seven pairs, thirteen orphans and thirteen unrelated tiles).
    pair: Final[int]
    #: The seven pairs' kinds.
    pairs: Final[tuple[int, ...]]
    #: First kinds of every run, chi included, sorted.
    runs: Final[tuple[int, ...]]
    #: Kinds of every triplet and kan, sorted.
    triplets: Final[tuple[int, ...]]
    #: The triplets and kans, concealed ones first, then the melds.
    sets: Final[tuple[TripletSet, ...]]
    #: Triplets and kans concealed after the win (ankan included, a ron-made one not).
    concealed_triplets: Final[int]
    #: What the winning tile completed (None for thirteen unrelated tiles, which is no wait).
    wait_shape: Final[WaitShape | None]
    #: MPSZ texts of the concealed sets, by first tile (melds and the pair aside).
    blocks: Final[tuple[str, ...]]

    def __init__(self, form: Form, pair: int, pairs: tuple[int, ...], runs: tuple[int, ...],  # noqa: PLR0913
                 triplets: tuple[int, ...], sets: tuple[TripletSet, ...], concealed_triplets: int,
                 wait_shape: WaitShape | None, blocks: tuple[str, ...] = ()) -> None:
        self.form = form
        self.pair = pair
        self.pairs = pairs
        self.runs = runs
        self.triplets = triplets
        self.sets = sets
        self.concealed_triplets = concealed_triplets
        self.wait_shape = wait_shape
        self.blocks = blocks


def readings(facts: HandFacts) -> list[Reading]:
    """Every reading of the hand with every place the winning tile can take in it."""
    counts = facts.concealed_counts
    win = facts.win_kind
    ron = not facts.ctx.tsumo
    meld_runs = facts.meld_runs
    meld_trips = tuple(s.kind for s in facts.meld_sets)
    ankans = sum(1 for s in facts.meld_sets if s.concealed)
    out: list[Reading] = []
    for pair, trips, runs, blocks in written_readings(facts.concealed_key or bytes(counts)):
        # the concealed runs and triplets come sorted (by suit, then number): merged with the melds', sorted again
        all_runs = tuple(sorted(runs + meld_runs)) if meld_runs else runs
        all_trips = tuple(sorted(trips + meld_trips)) if meld_trips else trips
        closed_sets = tuple(TripletSet(k, False, True) for k in trips) + facts.meld_sets
        n_concealed = len(trips) + ankans

        if pair == win:
            out.append(Reading(Form.STANDARD, pair, (), all_runs, all_trips, closed_sets, n_concealed,
                               WaitShape.TANKI, blocks))
        if win in trips:
            if ron:  # the triplet the ron tile finished counts as open (fu, sanankou)
                opened = tuple(TripletSet(k, False, k != win) for k in trips) + facts.meld_sets
                out.append(Reading(Form.STANDARD, pair, (), all_runs, all_trips, opened, n_concealed - 1,
                                   WaitShape.SHANPON, blocks))
            else:
                out.append(Reading(Form.STANDARD, pair, (), all_runs, all_trips, closed_sets, n_concealed,
                                   WaitShape.SHANPON, blocks))
        previous = -1
        for first in runs:  # sorted: two equal runs are neighbours, and give the same reading
            if first <= win <= first + 2 and first != previous:
                previous = first
                out.append(Reading(Form.STANDARD, pair, (), all_runs, all_trips, closed_sets, n_concealed,
                                   _run_wait(win - first, first % 9), blocks))
    if facts.n_melds == 0:
        if is_chiitoitsu(counts):
            pairs = tuple(k for k in range(34) if counts[k])
            out.append(Reading(Form.CHIITOITSU, -1, pairs, (), (), (), 0, WaitShape.TANKI))
        elif is_kokushi(counts):
            shape = WaitShape.KOKUSHI_13 if counts[win] == 2 else WaitShape.KOKUSHI  # noqa: PLR2004
            out.append(Reading(Form.KOKUSHI, -1, (), (), (), (), 0, shape))
        elif not out and _shiisan_puutaa_allowed(facts) and is_shiisan_puutaa(counts):
            out.append(Reading(Form.SHIISAN_PUUTAA, -1, (), (), (), (), 0, None))
    return out


def _run_wait(place: int, first_number: int) -> WaitShape:
    """The wait of a winning tile at ``place`` 0, 1, 2 of a run starting on number ``first_number + 1``:
    the middle is kanchan; the 3 of 123 and the 7 of 789 are penchan; the rest ryanmen."""
    if place == 1:
        return WaitShape.KANCHAN
    if (place == 0 and first_number == 6) or (place == 2 and first_number == 0):  # noqa: PLR2004
        return WaitShape.PENCHAN
    return WaitShape.RYANMEN


def _shiisan_puutaa_allowed(facts: HandFacts) -> bool:
    rules = facts.rules
    ctx = facts.ctx
    return rules.has(Yaku.SHIISAN_PUUTAA) and (ctx.tenhou or (ctx.chiihou and not rules.shiisan_puutaa_dealer_only))


def is_shiisan_puutaa(counts: list[int]) -> bool:
    """Thirteen unrelated tiles (no two of a suit within two numbers, honours alone) plus one pairing them."""
    if sum(counts) != 14 or any(n > 2 for n in counts) or counts.count(2) != 1:  # noqa: PLR2004
        return False
    for base in (0, 9, 18):
        last = -9
        for i in range(9):
            if counts[base + i]:
                if i - last < 3:  # noqa: PLR2004
                    return False
                last = i
    return True
