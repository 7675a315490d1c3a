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
"""

from __future__ import annotations

from typing import Final, overload

from riichi.errors import NotWinningError, NoYakuError
from riichi.hand import Hand, MeldType
from riichi.notation import format_tiles
from riichi.rules import TENHOU, MultipleYakuman, PaoScope, Renhou, RuleSet, resolve_rules
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

__all__ = ["Score", "score", "score_value"]

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
    best = _best(facts, dora)
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


def score_value(facts: HandFacts) -> tuple[int, int, int, int] | None:
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
    """
    best = _best(facts, _dora(facts))
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


def _best(facts: HandFacts, dora: tuple[tuple[Yaku, int], ...]) -> _Priced | None:
    """The reading paid (most points, then most han, then most fu; the first of equals), ``dora`` its dora
    entries; None where no reading has a yaku. Raises :class:`~riichi.errors.NotWinningError` for a hand that is
    not complete."""
    found = readings(facts)
    if not found:
        concealed = Hand.from_counts(facts.concealed_counts, facts.concealed_reds).concealed
        raise NotWinningError(f"{format_tiles(concealed)} is not a complete hand"
                              f"{' with its melds' if facts.melds else ''}: it needs four sets and a pair, "
                              f"seven different pairs, or thirteen orphans")
    played = played_rows(facts.rules)
    dora_han = 0
    for _, n in dora:
        dora_han += n
    best: _Priced | None = None
    for reading in found:
        priced = _price_reading(reading, facts, played, dora_han)
        if priced is not None and priced.beats(best):
            best = priced
    return best


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


def _price_reading(r: Reading, f: HandFacts, played: PlayedRows, dora_han: int) -> _Priced | None:
    """What a reading is worth: as its yakuman, or as its yaku and ``dora_han``; None if it has neither."""
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
        return _price_yakuman(r, f, yakuman, pinfu=pinfu)
    if r.form is Form.KOKUSHI or r.form is Form.SHIISAN_PUUTAA:
        return None
    best = None
    if yaku:
        han = dora_han
        for _, n in yaku:
            han += n
        best = _price(r, f, han, yaku, pinfu=pinfu)
    if f.ctx.renhou and rules.renhou is Renhou.MANGAN:  # renhou paid as a mangan, if that is worth more
        renhou = _price(r, f, _RENHOU_MANGAN_HAN, [], pinfu=False, mangan=True)
        if renhou.beats(best):
            best = renhou
    return best


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


def _price(r: Reading, f: HandFacts, han: int, yaku: list[tuple[YakuRow, int]], *, pinfu: bool,  # noqa: PLR0913
           mangan: bool = False) -> _Priced:
    """A reading priced by its han and fu (a mangan where ``mangan``: renhou on its own)."""
    fu = count_fu(r, f, pinfu=pinfu)
    total = 0
    limit: Limit | None
    if mangan:
        base, limit = 2000, Limit.MANGAN
    else:
        base, limit, total = counted_base(han, fu, f.rules)
    value = hand_value(base, dealer=f.dealer, tsumo=f.ctx.tsumo)
    return _Priced(r, han, fu, base, value, yaku, [], total, limit, fu, pinfu=pinfu, renhou_mangan=mangan)


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

