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
from riichi.scoring.fu import FuItem, count_fu, fu_items, fu_of
from riichi.scoring.limits import Limit, counted_base, hand_value, yakuman_base
from riichi.scoring.reading import Form, HandFacts, Reading, readings
from riichi.scoring.result import Delta, Score
from riichi.scoring.settlement import Liability, settle_win
from riichi.scoring.validate import check_situation, check_tiles
from riichi.scoring.yaku.table import YAKU_ROWS, YAKUMAN_ROWS, YakuRow
from riichi.shapes.decompose import PAIR_TEXT
from riichi.tiles import KIND_OF, WINDS, Wind
from riichi.yaku import Yaku

__all__ = ["Score", "score"]

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
    yaku: Final[tuple[tuple[Yaku, int], ...]]
    yakuman: Final[tuple[tuple[Yaku, int], ...]]
    yakuman_total: Final[int]
    limit: Final[Limit | None]
    fu_details: Final[tuple[FuItem, ...]]
    #: The reading's fu counted as below yakuman (``fu`` itself is 0 for a yakuman).
    reading_fu: Final[int]

    def __init__(self, reading: Reading, han: int, fu: int, base: int, value: int,  # noqa: PLR0913
                 yaku: tuple[tuple[Yaku, int], ...], yakuman: tuple[tuple[Yaku, int], ...], yakuman_total: int,
                 limit: Limit | None, fu_details: tuple[FuItem, ...], reading_fu: int) -> None:
        self.reading = reading
        self.han = han
        self.fu = fu
        self.base = base
        self.value = value
        self.yaku = yaku
        self.yakuman = yakuman
        self.yakuman_total = yakuman_total
        self.limit = limit
        self.fu_details = fu_details
        self.reading_fu = reading_fu

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
    facts = HandFacts(hand, ctx, rules)
    check_tiles(facts)
    check_situation(facts)
    found = readings(facts)
    if not found:
        raise NotWinningError(f"{format_tiles(hand.concealed)} is not a complete hand"
                              f"{' with its melds' if hand.melds else ''}: it needs four sets and a pair, "
                              f"seven different pairs, or thirteen orphans")
    dora = _dora(facts)
    best: _Priced | None = None
    for reading in found:
        priced = _price_reading(reading, facts, dora)
        if priced is not None and priced.beats(best):
            best = priced
    if best is None:
        raise NoYakuError("the hand is complete but has no yaku (dora do not count as yaku)")
    liability = _liability(facts, best, rules)
    settled = settle_win(best.base, winner=ctx.seat_wind, tsumo=ctx.tsumo, discarder=ctx.discarder, honba=ctx.honba,
                         sticks=ctx.riichi_sticks, rules=rules.game, liability=liability)
    return Score(
        han=best.han, fu=best.fu, yaku=best.yaku, yakuman=best.yakuman, yakuman_total=best.yakuman_total,
        limit=best.limit, points=settled.points,
        payments=settled.payments,
        deltas=() if settled.deltas is None else tuple([Delta(seat, n) for seat, n in zip(WINDS, settled.deltas)]),
        fu_details=best.fu_details, reading_fu=best.reading_fu,
        decomposition=_decomposition(best.reading, facts), winner=ctx.seat_wind, tsumo=ctx.tsumo,
        wait_shape=best.reading.wait_shape, liable=_liable_seat(liability, ctx),
        win=ctx.win, melds=hand.melds)


def _wrong_type(kind: str, example: str, value: object) -> TypeError:
    return TypeError(f"score() takes a {kind} or its notation (e.g. {example}), not the {type(value).__name__} "
                     f"{value!r}")


# -- yaku of a reading ------------------------------------------------------------------------------------------

def _yakuman_rows(r: Reading, f: HandFacts) -> list[YakuRow]:
    """The yakuman the rules play that this reading has, the superseded ones dropped."""
    rules = f.rules
    held = []
    for row in YAKUMAN_ROWS:
        if r.form is Form.KOKUSHI and not row.with_kokushi:
            continue
        if r.form is Form.SHIISAN_PUUTAA and not row.with_shiisan_puutaa:
            continue
        if row.is_played(rules) and row.holds(r, f):
            held.append(row)
    return _without_superseded(held)


def _yaku_rows(r: Reading, f: HandFacts) -> list[YakuRow]:
    """The regular yaku the rules play that this reading has (han above 0), the superseded ones dropped."""
    if r.form is Form.KOKUSHI or r.form is Form.SHIISAN_PUUTAA:  # yakuman forms: no regular yaku
        return []
    rules = f.rules
    held = []
    for row in YAKU_ROWS:
        if r.form is Form.CHIITOITSU and not row.with_chiitoitsu:
            continue
        if row.is_played(rules) and row.han(closed=f.closed, rules=rules) and row.holds(r, f):
            held.append(row)
    return _without_superseded(held)


def _without_superseded(rows: list[YakuRow]) -> list[YakuRow]:
    gone = [old for row in rows for old in row.supersedes]
    return [row for row in rows if row.yaku not in gone] if gone else rows


def _price_reading(r: Reading, f: HandFacts, dora: tuple[tuple[Yaku, int], ...]) -> _Priced | None:
    """What a reading is worth: as its yakuman, or as its yaku; None if it has neither."""
    rules = f.rules
    yakuman = _yakuman_rows(r, f)
    yaku = _yaku_rows(r, f)
    if yakuman and not yaku and all(row.needs_yaku is not None and row.needs_yaku(rules) for row in yakuman):
        yakuman = []  # paarenchan where it needs a yaku beside it
    if yakuman:
        return _price_yakuman(r, f, yakuman, pinfu=any(row.yaku is Yaku.PINFU for row in yaku))
    if r.form is Form.KOKUSHI or r.form is Form.SHIISAN_PUUTAA:
        return None
    best = None
    if yaku:
        listed = tuple((row.yaku, row.han(closed=f.closed, rules=rules)) for row in yaku) + dora
        pinfu = any(row.yaku is Yaku.PINFU for row in yaku)
        best = _price(r, f, sum(han for _, han in listed), listed, pinfu=pinfu)
    if f.ctx.renhou and rules.renhou is Renhou.MANGAN:  # renhou paid as a mangan, if that is worth more
        renhou = _price(r, f, _RENHOU_MANGAN_HAN, ((Yaku.RENHOU, _RENHOU_MANGAN_HAN),), pinfu=False, mangan=True)
        if renhou.beats(best):
            best = renhou
    return best


def _price_yakuman(r: Reading, f: HandFacts, rows: list[YakuRow], *, pinfu: bool) -> _Priced:
    """A reading priced as its yakuman: no han and no fu paid; its fu as below yakuman kept aside."""
    rules = f.rules
    full = rules.multiple_yakuman is MultipleYakuman.FULL
    listed = tuple((row.yaku, row.yakuman if full else 1) for row in rows)
    total = 1 if rules.multiple_yakuman is MultipleYakuman.SINGLE else sum(n for _, n in listed)
    if rules.max_yakuman is not None:
        total = min(total, rules.max_yakuman)
    base = yakuman_base(total)
    value = hand_value(base, dealer=f.dealer, tsumo=f.ctx.tsumo)
    return _Priced(r, 0, 0, base, value, (), listed, total, Limit.YAKUMAN, (), count_fu(r, f, pinfu=pinfu))


def _price(r: Reading, f: HandFacts, han: int, listed: tuple[tuple[Yaku, int], ...], *, pinfu: bool,
           mangan: bool = False) -> _Priced:
    """A reading priced by its han and fu (a mangan where ``mangan``)."""
    rules = f.rules
    items = fu_items(r, f, pinfu=pinfu)
    fu = fu_of(items)
    total = 0
    limit: Limit | None
    if mangan:
        base, limit = 2000, Limit.MANGAN
    else:
        base, limit, total = counted_base(han, fu, rules)
    value = hand_value(base, dealer=f.dealer, tsumo=f.ctx.tsumo)
    return _Priced(r, han, fu, base, value, listed, (), total, limit, items, fu)


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

def _liability(f: HandFacts, best: _Priced, rule_set: RuleSet) -> Liability | None:
    """The liable player (pao) of a yakuman fed by a call, or of a win on the replacement tile of an open kan."""
    rules = f.rules
    for yaku, multiple in best.yakuman:
        row = next(row for row in YAKUMAN_ROWS if row.yaku is yaku)
        if row.feeder is None or yaku not in rules.pao:
            continue
        seat = row.feeder(f.hand)
        if seat is not None:
            covered = best.base if rules.pao_scope is PaoScope.WHOLE_HAND else min(best.base, 8000 * multiple)
            return Liability(seat, covered, pays_honba=rules.pao_honba_liable)
    if rule_set.game.rinshan_pao and f.ctx.rinshan:
        kans = [m for m in f.hand.melds if m.is_kan]
        if kans and kans[-1].type is MeldType.MINKAN and kans[-1].from_seat is not None:
            return Liability(kans[-1].from_seat, best.base)
    return None


def _liable_seat(liability: Liability | None, ctx: WinContext) -> Wind | None:
    """The liable seat when it pays something the normal payer would not."""
    if liability is None or liability.seat is ctx.seat_wind or (not ctx.tsumo and liability.seat is ctx.discarder):
        return None
    return liability.seat


# -- presentation -------------------------------------------------------------------------------------------------

def _decomposition(r: Reading, f: HandFacts) -> tuple[str, ...]:
    """The reading as MPSZ groups: concealed sets, melds, then the pair; red fives written 0."""
    hand = f.hand
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

