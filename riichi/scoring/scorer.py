"""Score a winning hand: yaku, fu, han, limit, points and payments.

South's closed hand 234m 456p 678s 444z + 3z3z wins by tsumo on the West pair
(tanki). North is nobody's value wind here, so the only yaku is menzen tsumo:
20 base + 2 tsumo + 8 closed honour triplet + 2 tanki = 32, rounded to 40 fu;
1 han 40 fu non-dealer tsumo pays 400/700.

>>> from riichi.hand import Hand
>>> from riichi.scoring.context import WinContext
>>> s = score(Hand.parse("234m456p678s44433z"), WinContext.parse("3z tsumo seat_wind=S"))
>>> s.yaku, s.han, s.fu, s.points
(((Yaku.parse('menzen_tsumo'), 1),), 1, 40, 1500)
>>> [str(item) for item in s.fu_details]
['base 20', 'tsumo 2', 'closed triplet 4z 8', 'tanki wait 2']
>>> [(str(p.payer), p.amount) for p in s.payments]
[('E', 700), ('W', 400), ('N', 400)]

The steps: check the tiles and the situation; read the hand every way it can
be read; for each reading, find its yakuman or else its yaku, fu and price;
pay the best reading (most points, then most han, then most fu; the first of
equals). A yakuman hand is paid no fu, but its reading's fu, counted as below
yakuman, is kept as ``reading_fu`` (what Tenhou's records write for it).
The readings with their yakuman, yaku and fu do not depend on the dora:
:func:`assess` works them out, and the pricing adds the dora han, so that a
hand differing only in its red fives is priced again without being read
again (what the expected-value search does).
"""

from __future__ import annotations

from typing import Final, overload

from riichi.errors import InvalidCaseError, NotWinningError, NoYakuError
from riichi.hand import Hand, MeldType
from riichi.notation import format_tiles
from riichi.rules import (
    TENHOU,
    MultipleYakuman,
    PaoScope,
    Renhou,
    RuleSet,
    ScoringRules,
    resolve_rules,
)
from riichi.scoring.context import WinContext
from riichi.scoring.fu import FuItem, count_fu, fu_items
from riichi.scoring.limits import Limit, counted_base, hand_value, yakuman_base
from riichi.scoring.reading import Form, HandFacts, Reading, readings
from riichi.scoring.result import Delta, Score
from riichi.scoring.settlement import Liability, settle_win, win_points
from riichi.scoring.validate import check_situation, check_tiles
from riichi.scoring.yaku.table import PlayedRows, YakuRow, played_rows
from riichi.shapes.decompose import PAIR_TEXT
from riichi.tiles import KIND_OF, WINDS, Wind
from riichi.yaku import Yaku

__all__ = ["Assessment", "Score", "assess", "score", "score_value", "score_values_by_reds"]

#: Han of renhou where the rules make it a mangan.
_RENHOU_MANGAN_HAN = 5
#: The kind of North (4z), the tile set aside as kita.
_NORTH: Final = 30


class _Priced:
    """One reading with what it is worth (a plain class, as :class:`~riichi.scoring.reading.Reading`)."""

    reading: Final[Reading]
    han: Final[int]
    fu: Final[int]
    base: Final[int]
    value: Final[int]
    #: The regular yaku with their han (the dora aside), or the yakuman with their multiples; one is empty.
    yaku: Final[list[tuple[YakuRow, int]]]
    yakuman: Final[list[tuple[YakuRow, int]]]
    yakuman_total: Final[int]
    limit: Final[Limit | None]
    #: The reading's fu counted as below yakuman (``fu`` itself is 0 for a yakuman).
    reading_fu: Final[int]
    #: The fu counted as for pinfu (no tsumo fu); renhou paid as a mangan on its own.
    pinfu: Final[bool]
    renhou_mangan: Final[bool]

    def __init__(self, reading: Reading, han: int, fu: int, base: int, value: int,  # noqa: PLR0913
                 yaku: list[tuple[YakuRow, int]], yakuman: list[tuple[YakuRow, int]], yakuman_total: int,
                 limit: Limit | None, reading_fu: int, *, pinfu: bool, renhou_mangan: bool = False) -> None:
        self.reading = reading
        self.han = han
        self.fu = fu
        self.base = base
        self.value = value
        self.yaku = yaku
        self.yakuman = yakuman
        self.yakuman_total = yakuman_total
        self.limit = limit
        self.reading_fu = reading_fu
        self.pinfu = pinfu
        self.renhou_mangan = renhou_mangan

    def beats(self, other: _Priced | None) -> bool:
        return other is None or (self.value, self.han, self.reading_fu) > (other.value, other.han, other.reading_fu)


@overload
def score(hand: Hand, ctx: WinContext, rules: RuleSet = ...) -> Score: ...
@overload
def score(hand: Hand | str, ctx: WinContext | str, rules: RuleSet | str = ...) -> Score: ...
def score(hand: object, ctx: object, rules: object = TENHOU) -> Score:
    """Score ``hand`` won as ``ctx`` says under ``rules``; raises a :class:`~riichi.errors.RiichiError`.

    Each may be given as its notation: ``score("234m456p678s44433z", "3z tsumo seat_wind=S", "wrc")``.
    The parameters are checked here, naming a wrong type, which is why the implementation takes any
    object (the typed forms are the two overloads above; compiled, a typed parameter would be refused
    by mypyc's own check first, naming neither the function nor the notation).
    """
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    if isinstance(ctx, str):
        ctx = WinContext.parse(ctx)
    if isinstance(rules, str):
        rules = resolve_rules(rules)
    if not isinstance(hand, Hand):
        raise _wrong_type("Hand", "Hand.parse('234m456p678s44433z')", hand)
    if not isinstance(ctx, WinContext):
        raise _wrong_type("WinContext", "WinContext.parse('3z tsumo')", ctx)
    if not isinstance(rules, RuleSet):
        raise _wrong_type("RuleSet", "'wrc' or riichi.rules.WRC", rules)
    facts = HandFacts.of(hand, ctx, rules)
    check_tiles(hand, facts)
    check_situation(hand, facts)
    dora = _dora(facts)
    best = _best(assess(facts), _dora_han(dora))
    if best is None:
        raise NoYakuError("the hand is complete but has no yaku (dora do not count as yaku)")
    liability = _liability(facts, best)
    settled = settle_win(best.base, winner=ctx.seat_wind, tsumo=ctx.tsumo, discarder=ctx.discarder, honba=ctx.honba,
                         sticks=ctx.riichi_sticks, rules=rules.game, liability=liability)
    yaku: tuple[tuple[Yaku, int], ...] = ()
    fu_details: tuple[FuItem, ...] = ()
    if best.renhou_mangan:
        yaku = ((Yaku.RENHOU, _RENHOU_MANGAN_HAN),)
    elif best.yaku:
        yaku = tuple([(row.yaku, han) for row, han in best.yaku]) + dora
    if not best.yakuman:
        fu_details = fu_items(best.reading, facts, pinfu=best.pinfu)
    return Score(
        han=best.han, fu=best.fu, yaku=yaku, yakuman=tuple([(row.yaku, n) for row, n in best.yakuman]),
        yakuman_total=best.yakuman_total, limit=best.limit, points=settled.points,
        payments=settled.payments,
        deltas=() if settled.deltas is None else tuple([Delta(seat, n) for seat, n in zip(WINDS, settled.deltas)]),
        fu_details=fu_details, reading_fu=best.reading_fu,
        decomposition=_decomposition(best.reading, hand, facts), winner=ctx.seat_wind, tsumo=ctx.tsumo,
        wait_shape=best.reading.wait_shape, liable=_liable_seat(liability, ctx),
        win=ctx.win, melds=hand.melds)


def score_value(facts: HandFacts, assessment: Assessment | None = None) -> tuple[int, int, int, int] | None:
    """What :func:`score` pays for the hand of ``facts``, as its ``points`` (honba and sticks aside, which they
    never include), ``han``, ``fu`` and ``yakuman_total``; None where the hand has no yaku. The same reading is
    paid, priced the same way, without writing out the score (its yaku, fu items, payments and reading).

    Nothing is checked here: the caller checks the hand and its situation as :func:`score` does
    (:func:`~riichi.scoring.validate.check_tiles` and :func:`~riichi.scoring.validate.check_situation`). The
    expected-value search, which scores thousands of hands of one situation, checks the situation once and
    each hand's copies of each tile (:func:`~riichi.scoring.validate.check_copies`).

    >>> from riichi.rules import TENHOU
    >>> facts = HandFacts.of(Hand.parse("234m456p678s44433z"), WinContext.parse("3z tsumo seat_wind=S"), TENHOU)
    >>> score_value(facts)  # points, han, fu, counted yakuman: as the example above
    (1500, 1, 40, 0)

    ``assessment``: the :func:`assess` of a hand that differs from this one at most in its red fives (the same
    concealed kinds, the same kind of winning tile, the same melds and situation), which is then priced with
    this hand's dora instead of reading the hand again. The same tiles with a red 5p for a plain one pay one aka
    dora more: here 1 han more, 2 han 40 fu.

    >>> red = HandFacts.of(Hand.parse("234m406p678s44433z"), WinContext.parse("3z tsumo seat_wind=S"), TENHOU)
    >>> score_value(red, assess(facts))
    (2700, 2, 40, 0)
    """
    if assessment is None:
        assessment = assess(facts)
    elif assessment.win_kind != facts.win_kind or assessment.concealed_counts != facts.concealed_counts:
        raise InvalidCaseError("score_value() was given the assessment of another hand: an assessment prices only "
                               "the hand it was made for, or that hand with other red fives")
    return _paid_value(facts, _best(assessment, _dora_han(_dora(facts))))


def score_values_by_reds(facts: HandFacts) -> tuple[tuple[int, int, int, int] | None, ...]:
    """:func:`score_value` of the hand of ``facts`` with each number of red fives among its concealed tiles: the
    n-th entry is the value with n of them (the melds' own as they are), from none up to as many as the
    concealed tiles hold fives (at most the rules' red fives; an entry for a number the hand cannot hold is
    never asked for). The hand is read once (:func:`assess`) and priced for each number of aka dora.

    The expected-value search keeps these values, plain numbers, for each hand it wins, under its tiles
    without their red fives: the same hand met again with other red fives costs it a look-up. (Keeping the
    assessments themselves to price them later, tried first, kept tens of thousands of objects alive through
    a search, and the garbage collector's passes over them cost more than the readings saved.)

    >>> facts = HandFacts.of(Hand.parse("234m456p678s44433z"), WinContext.parse("3z tsumo seat_wind=S"), TENHOU)
    >>> score_values_by_reds(facts)  # 456p with a red 5p: one han more
    ((1500, 1, 40, 0), (2700, 2, 40, 0))
    """
    assessment = assess(facts)
    counts = facts.concealed_counts
    most = 0
    aka_held = 0
    if facts.rules.aka:
        most = min(counts[4] + counts[13] + counts[22], facts.rules.aka)
        for n in facts.concealed_reds:
            aka_held += n
    other_dora = _dora_han(_dora(facts)) - aka_held
    return tuple([_paid_value(facts, _best(assessment, other_dora + n)) for n in range(most + 1)])


def _paid_value(facts: HandFacts, best: _Priced | None) -> tuple[int, int, int, int] | None:
    """:func:`score_value`'s points, han, fu and counted yakuman of the reading paid, ``best``."""
    if best is None:
        return None
    ctx = facts.ctx
    liability = _liability(facts, best)
    if liability is None:
        points = win_points(best.base, winner=ctx.seat_wind, tsumo=ctx.tsumo, rules=facts.game)
    else:  # a yakuman fed by a call, as score() settles it
        points = settle_win(best.base, winner=ctx.seat_wind, tsumo=ctx.tsumo, discarder=ctx.discarder, honba=0,
                            sticks=0, rules=facts.game, liability=liability).points
    return (points, best.han, best.fu, best.yakuman_total)


def _wrong_type(kind: str, example: str, value: object) -> TypeError:
    return TypeError(f"score() takes a {kind} or its notation (e.g. {example}), not the {type(value).__name__} "
                     f"{value!r}")


class _AssessedReading:
    """One reading with what it is worth before the dora: its regular yaku (with their han and the reading's fu)
    to be priced once the dora han are known, and the price the dora do not change, if any (its yakuman, or
    renhou paid as a mangan)."""

    reading: Final[Reading]
    #: The regular yaku with their han (empty for a yakuman reading: a yakuman is paid as its yakuman alone),
    #: their han added up, the fu counted as for pinfu (``pinfu``), the fu (0 where there is no regular yaku).
    yaku: Final[list[tuple[YakuRow, int]]]
    yaku_han: Final[int]
    pinfu: Final[bool]
    fu: Final[int]
    #: The reading priced as its yakuman, or as renhou paid as a mangan where the rules play it so: paid in
    #: place of the yaku where it beats them (a yakuman always: it has no yaku beside it here).
    fixed_price: Final[_Priced | None]

    def __init__(self, reading: Reading, yaku: list[tuple[YakuRow, int]], yaku_han: int, fu: int,  # noqa: PLR0913
                 fixed_price: _Priced | None, *, pinfu: bool) -> None:
        self.reading = reading
        self.yaku = yaku
        self.yaku_han = yaku_han
        self.pinfu = pinfu
        self.fu = fu
        self.fixed_price = fixed_price


class Assessment:
    """What a complete hand's readings are worth before its dora are counted (made by :func:`assess`).

    Yaku, yakuman, pinfu and fu read the hand's tiles by kind and its situation, never its red fives nor any
    dora; the dora (red fives among them, as aka dora) only add han. So two hands that differ only in their red
    fives, won on the same kind of tile in the same situation, have one assessment: what remains for each is
    the price (:func:`score_value` given the assessment), which decides which reading is paid. The
    expected-value search, which meets most of its complete hands again with red fives, reads each hand once
    this way.
    """

    #: The readings that can be paid (a yaku, a yakuman or renhou as a mangan), in the order of
    #: :func:`~riichi.scoring.reading.readings` (the first of equals is paid).
    readings: Final[list[_AssessedReading]]
    #: The concealed tiles' counts and the winning kind of the hand assessed (a hand priced with this
    #: assessment must have the same).
    concealed_counts: Final[list[int]]
    win_kind: Final[int]
    #: What the price reads besides the han and fu: the rules (kiriage, limits, counted yakuman), whether the
    #: winner deals and wins by tsumo.
    rules: Final[ScoringRules]
    dealer: Final[bool]
    tsumo: Final[bool]

    def __init__(self, readings: list[_AssessedReading], facts: HandFacts) -> None:
        self.readings = readings
        self.concealed_counts = facts.concealed_counts
        self.win_kind = facts.win_kind
        self.rules = facts.rules
        self.dealer = facts.dealer
        self.tsumo = facts.ctx.tsumo


def assess(facts: HandFacts) -> Assessment:
    """Every reading of the hand of ``facts`` with its yakuman, or its yaku and fu: all of :func:`score`'s work
    but the dora and the price. Raises :class:`~riichi.errors.NotWinningError` for a hand that is not
    complete."""
    found = readings(facts)
    if not found:
        concealed = Hand.from_counts(facts.concealed_counts, facts.concealed_reds).concealed
        raise NotWinningError(f"{format_tiles(concealed)} is not a complete hand"
                              f"{' with its melds' if facts.melds else ''}: it needs four sets and a pair, "
                              f"seven different pairs, or thirteen orphans")
    played = played_rows(facts.rules)
    assessed: list[_AssessedReading] = []
    for reading in found:
        one = _assess_reading(reading, facts, played)
        if one is not None:
            assessed.append(one)
    return Assessment(assessed, facts)


def _best(assessment: Assessment, dora_han: int) -> _Priced | None:
    """The reading paid with ``dora_han`` han of dora (most points, then most han, then most fu; the first of
    equals); None where no reading has a yaku."""
    best: _Priced | None = None
    for one in assessment.readings:
        priced = None
        if one.yaku:
            priced = _price(one.reading, assessment, one.yaku_han + dora_han, one.fu, one.yaku, pinfu=one.pinfu)
        fixed = one.fixed_price
        if fixed is not None and fixed.beats(priced):
            priced = fixed
        if priced is not None and priced.beats(best):
            best = priced
    return best


def _dora_han(dora: tuple[tuple[Yaku, int], ...]) -> int:
    """The han of the dora entries of :func:`_dora`."""
    han = 0
    for _, n in dora:
        han += n
    return han


# -- yaku of a reading ------------------------------------------------------------------------------------------

def _yakuman_rows(r: Reading, f: HandFacts, played: PlayedRows) -> list[tuple[YakuRow, int]]:
    """The yakuman the rules play that this reading has, with their multiples, the superseded ones dropped."""
    if r.form is Form.KOKUSHI:
        rows = played.yakuman_kokushi
    elif r.form is Form.SHIISAN_PUUTAA:
        rows = played.yakuman_shiisan_puutaa
    else:
        rows = played.yakuman
    return _without_superseded([(row, n) for row, n in rows if row.holds(r, f)])


def _yaku_rows(r: Reading, f: HandFacts, played: PlayedRows) -> list[tuple[YakuRow, int]]:
    """The regular yaku the rules play that this reading has (han above 0), with their han, the superseded ones
    dropped."""
    if r.form is Form.KOKUSHI or r.form is Form.SHIISAN_PUUTAA:  # yakuman forms: no regular yaku
        return []
    if r.form is Form.CHIITOITSU:
        rows = played.yaku_chiitoitsu
    elif f.closed:
        rows = played.yaku_closed
    else:
        rows = played.yaku_open
    return _without_superseded([(row, han) for row, han in rows if row.holds(r, f)])


def _without_superseded(rows: list[tuple[YakuRow, int]]) -> list[tuple[YakuRow, int]]:
    gone = [old for row, _ in rows for old in row.supersedes]
    return [(row, n) for row, n in rows if row.yaku not in gone] if gone else rows


def _assess_reading(r: Reading, f: HandFacts, played: PlayedRows) -> _AssessedReading | None:
    """What a reading is worth before the dora: its yakuman priced, or its yaku and fu (and renhou as a mangan
    priced, where the rules play it so); None if it has neither yaku nor yakuman."""
    rules = f.rules
    yakuman = _yakuman_rows(r, f, played)
    yaku = _yaku_rows(r, f, played)
    if yakuman and not yaku and all(row.needs_yaku is not None and row.needs_yaku(rules) for row, _ in yakuman):
        yakuman = []  # paarenchan where it needs a yaku beside it
    pinfu = False
    for row, _ in yaku:
        if row.yaku is Yaku.PINFU:
            pinfu = True
    if yakuman:
        return _AssessedReading(r, [], 0, 0, _price_yakuman(r, f, yakuman, pinfu=pinfu), pinfu=pinfu)
    if r.form is Form.KOKUSHI or r.form is Form.SHIISAN_PUUTAA:
        return None
    renhou = None
    if f.ctx.renhou and rules.renhou is Renhou.MANGAN:  # renhou paid as a mangan, if that is worth more
        renhou = _price_renhou_mangan(r, f)
    if not yaku:
        return None if renhou is None else _AssessedReading(r, [], 0, 0, renhou, pinfu=False)
    han = 0
    for _, n in yaku:
        han += n
    return _AssessedReading(r, yaku, han, count_fu(r, f, pinfu=pinfu), renhou, pinfu=pinfu)


def _price_yakuman(r: Reading, f: HandFacts, rows: list[tuple[YakuRow, int]], *, pinfu: bool) -> _Priced:
    """A reading priced as its yakuman: no han and no fu paid; its fu as below yakuman kept aside."""
    rules = f.rules
    total = 0
    for _, n in rows:
        total += n
    if rules.multiple_yakuman is MultipleYakuman.SINGLE:
        total = 1
    if rules.max_yakuman is not None:
        total = min(total, rules.max_yakuman)
    base = yakuman_base(total)
    value = hand_value(base, dealer=f.dealer, tsumo=f.ctx.tsumo)
    return _Priced(r, 0, 0, base, value, [], rows, total, Limit.YAKUMAN, count_fu(r, f, pinfu=pinfu), pinfu=pinfu)


def _price_renhou_mangan(r: Reading, f: HandFacts) -> _Priced:
    """A reading priced as renhou on its own, paid as a mangan (its fu counted as without pinfu, kept)."""
    fu = count_fu(r, f, pinfu=False)
    value = hand_value(2000, dealer=f.dealer, tsumo=f.ctx.tsumo)
    return _Priced(r, _RENHOU_MANGAN_HAN, fu, 2000, value, [], [], 0, Limit.MANGAN, fu, pinfu=False,
                   renhou_mangan=True)


def _price(r: Reading, a: Assessment, han: int, fu: int, yaku: list[tuple[YakuRow, int]], *,  # noqa: PLR0913
           pinfu: bool) -> _Priced:
    """A reading of the hand assessed as ``a`` priced by its han (its yaku's and the dora's) and fu."""
    base, limit, total = counted_base(han, fu, a.rules)
    value = hand_value(base, dealer=a.dealer, tsumo=a.tsumo)
    return _Priced(r, han, fu, base, value, yaku, [], total, limit, fu, pinfu=pinfu)


def _dora(f: HandFacts) -> tuple[tuple[Yaku, int], ...]:
    """The dora entries of the hand: dora, red fives, ura dora for a riichi winner, and the Norths set aside
    (each when above 0). A set-aside North counts again as a dora (or ura dora) where an indicator shows North;
    with three players a 1m indicator shows 9m (:attr:`riichi.rules.RuleSet.tiles`)."""
    counts = f.all_counts
    if f.ctx.kita:
        counts = counts[:]
        counts[_NORTH] += f.ctx.kita
    after = f.tiles.dora_kinds
    out = []
    dora = sum(counts[after[KIND_OF[t]]] for t in f.ctx.dora)
    if dora:
        out.append((Yaku.DORA, dora))
    if f.rules.aka:
        aka = sum(f.reds)
        if aka:
            out.append((Yaku.AKA_DORA, aka))
    if f.ctx.ura and f.in_riichi and f.rules.ura_dora:
        ura = sum(counts[after[KIND_OF[t]]] for t in f.ctx.ura)
        if ura:
            out.append((Yaku.URA_DORA, ura))
    if f.ctx.kita:
        out.append((Yaku.NUKIDORA, f.ctx.kita))
    return tuple(out)


# -- liability ----------------------------------------------------------------------------------------------------

def _liability(f: HandFacts, best: _Priced) -> Liability | None:
    """The liable player (pao) of a yakuman fed by a call, or of a win on the replacement tile of an open kan."""
    rules = f.rules
    for row, multiple in best.yakuman:
        if row.feeder is None or row.yaku not in rules.pao:
            continue
        seat = row.feeder(f.melds)
        if seat is not None:
            covered = best.base if rules.pao_scope is PaoScope.WHOLE_HAND else min(best.base, 8000 * multiple)
            return Liability(seat, covered, pays_honba=rules.pao_honba_liable)
    if f.game.rinshan_pao and f.ctx.rinshan:
        kans = [m for m in f.melds if m.is_kan]
        if kans and kans[-1].type is MeldType.MINKAN and kans[-1].from_seat is not None:
            return Liability(kans[-1].from_seat, best.base)
    return None


def _liable_seat(liability: Liability | None, ctx: WinContext) -> Wind | None:
    """The liable seat when it pays something the normal payer would not."""
    if liability is None or liability.seat is ctx.seat_wind or (not ctx.tsumo and liability.seat is ctx.discarder):
        return None
    return liability.seat


# -- presentation -------------------------------------------------------------------------------------------------

def _decomposition(r: Reading, hand: Hand, f: HandFacts) -> tuple[str, ...]:
    """The reading of ``hand`` (whose facts are ``f``) as MPSZ groups: concealed sets, melds, then the pair; red
    fives written 0."""
    if r.form is Form.KOKUSHI or r.form is Form.SHIISAN_PUUTAA:
        return (format_tiles(hand.concealed),)
    if r.form is Form.CHIITOITSU:
        groups = [PAIR_TEXT[k] for k in r.pairs]
        concealed_sets = len(groups)
    else:
        groups = [*r.blocks, *[format_tiles(m.tiles, sort=False) for m in hand.melds], PAIR_TEXT[r.pair]]  # in order
        concealed_sets = len(r.blocks)
    # Each red five goes to the first concealed group (the sets, then the pair) still holding a plain five
    # of its suit.
    places = [*range(concealed_sets), len(groups) - 1] if concealed_sets < len(groups) else range(len(groups))
    for suit, reds in enumerate(f.concealed_reds):
        if not reds:
            continue
        five = f"5{'mps'[suit]}"
        for _ in range(reds):
            for i in places:
                if _holds_plain_five(groups[i], five):
                    groups[i] = groups[i].replace("5", "0", 1)
                    break
    return tuple(groups)


def _holds_plain_five(group: str, five: str) -> bool:
    """Whether an MPSZ group of one suit (``"456p"``) holds a plain five of ``five``'s suit."""
    return group[-1] == five[-1] and "5" in group[:-1]

