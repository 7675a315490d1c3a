"""Score a winning hand: yaku, fu, han, limit, points and payments.

South's closed hand 234m 456p 678s 444z + 3z3z wins by tsumo on the West pair
(tanki). North is nobody's value wind here, so the only yaku is menzen tsumo:
20 base + 2 tsumo + 8 closed honour triplet + 2 tanki = 32, rounded to 40 fu;
1 han 40 fu non-dealer tsumo pays 400/700.

>>> from riichi.hand import Hand
>>> from riichi.context import WinContext
>>> s = score(Hand.parse("234m456p678s44433z"), WinContext.parse_kwargs(win="3z", tsumo=True, seat_wind="S"))
>>> s.yaku, s.han, s.fu, s.points
((('menzen_tsumo', 1),), 1, 40, 1500)
>>> [(str(i.reason), i.fu) for i in s.fu_details]
[('base', 20), ('tsumo', 2), ('closed triplet 4z', 8), ('tanki wait', 2)]
>>> dict(s.payments)
{Wind.parse('E'): 700, Wind.parse('W'): 400, Wind.parse('N'): 400}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from riichi.context import WinContext
from riichi.errors import NotWinningError, NoYakuError
from riichi.fu import FuItem, count_fu
from riichi.hand import Hand, MeldType
from riichi.notation import format_tiles
from riichi.points import Liability, Limit, base_points, hand_value, limit_base, settle
from riichi.reading import Form, HandFacts, Reading, readings
from riichi.rules import TENHOU, Kazoe, MultipleYakuman, PaoScope, Renhou, RuleSet
from riichi.tiles import Tile, Wind
from riichi.validate import check_situation, check_tiles
from riichi.yaku.table import YAKU_ROWS, YAKUMAN_ROWS, YakuRow

__all__ = ["Score", "describe", "score"]

#: Han of renhou where the rules make it a mangan.
_RENHOU_MANGAN_HAN: Final = 5


@dataclass(frozen=True, slots=True)
class Score:
    """What a winning hand is worth and who pays it."""

    han: int
    fu: int
    #: (name, han) of each yaku, dora entries last (``dora``, ``aka_dora``, ``ura_dora``).
    yaku: tuple[tuple[str, int], ...]
    #: (name, multiple) of each yakuman of the hand, whatever the cap.
    yakuman: tuple[tuple[str, int], ...]
    #: The yakuman multiple paid (1 for a counted 13-han hand), 0 otherwise.
    yakuman_total: int
    limit: Limit | None
    #: The hand's value without honba and sticks.
    points: int
    payments: tuple[tuple[Wind, int], ...]
    #: Every seat's change, sticks included (empty on a ron with no discarder given).
    deltas: tuple[tuple[Wind, int], ...]
    fu_details: tuple[FuItem, ...]
    decomposition: tuple[str, ...]
    #: Seat that paid as liable (pao), if any.
    liable: Wind | None = None


@dataclass(frozen=True, slots=True)
class _Candidate:
    key: tuple[int, int, int]
    reading: Reading
    han: int
    fu: int
    base: int
    yaku: tuple[tuple[str, int], ...]
    yakuman: tuple[tuple[str, int], ...]
    yakuman_total: int
    limit: Limit | None
    fu_items: tuple[FuItem, ...]


def score(hand: Hand, ctx: WinContext, rules: RuleSet = TENHOU) -> Score:
    """Score ``hand`` won as ``ctx`` says under ``rules``; raises a :class:`~riichi.errors.RiichiError`."""
    check_tiles(hand, ctx, rules)
    check_situation(hand, ctx, rules)
    facts = HandFacts(hand, ctx, rules)
    found = readings(facts)
    if not found:
        raise NotWinningError(f"{format_tiles(hand.concealed)} is not a complete hand"
                              f"{' with its melds' if hand.melds else ''}: it needs four sets and a pair, "
                              f"seven different pairs, or thirteen orphans")
    hand_yaku = _hand_level(facts)
    dora = _dora(facts)
    best: _Candidate | None = None
    for r in found:
        cand = _evaluate(r, facts, hand_yaku, dora)
        if cand is not None and (best is None or cand.key > best.key):
            best = cand
    if best is None:
        raise NoYakuError("the hand is complete but has no yaku (dora do not count as yaku)")
    liability = _liability(hand, ctx, rules, best)
    s = settle(best.base, winner=ctx.seat_wind, tsumo=ctx.tsumo, discarder=ctx.discarder, honba=ctx.honba,
               sticks=ctx.riichi_sticks, liability=liability)
    return Score(best.han, best.fu, best.yaku, best.yakuman, best.yakuman_total, best.limit, s.points,
                 s.payments, s.deltas, best.fu_items, _decomposition(best.reading, hand),
                 _liable_seat(liability, ctx))


# -- yaku ---------------------------------------------------------------------

def _enabled(row: YakuRow, rules: RuleSet) -> bool:
    return row.gate is None or row.gate(rules)


def _hand_level(facts: HandFacts) -> tuple[list[YakuRow], list[YakuRow]]:
    """Reading-independent yaku and yakuman that hold."""
    r0 = None
    rules = facts.rules
    yaku = [row for row in YAKU_ROWS if not row.per_reading and _enabled(row, rules) and row.check(r0, facts)]  # type: ignore[arg-type]
    yakuman = [row for row in YAKUMAN_ROWS
               if not row.per_reading and _enabled(row, rules) and row.check(r0, facts)]  # type: ignore[arg-type]
    return yaku, yakuman


def _drop_superseded(rows: list[YakuRow]) -> list[YakuRow]:
    gone = {name for row in rows for name in row.supersedes}
    return [row for row in rows if row.name not in gone] if gone else rows


def _evaluate(r: Reading, f: HandFacts, hand_yaku: tuple[list[YakuRow], list[YakuRow]],
              dora: tuple[tuple[str, int], ...]) -> _Candidate | None:
    rules = f.rules
    ctx = f.ctx
    dealer = ctx.seat_wind is Wind.EAST
    if r.form is Form.SHIISAN_PUUTAA:
        ym = [row for row in hand_yaku[1] if row.name in _WITH_SHIISAN_PUUTAA]
    elif r.form is Form.KOKUSHI:
        ym = [row for row in hand_yaku[1] if row.name in _WITH_KOKUSHI]
    else:
        ym = list(hand_yaku[1])
    ym += [row for row in YAKUMAN_ROWS if row.per_reading and _enabled(row, rules) and row.check(r, f)]
    ym = _drop_superseded(ym)
    if ym and not (rules.paarenchan_needs_yaku and [row.name for row in ym] == ["paarenchan"]
                   and not _regular_yaku(r, f, hand_yaku)):
        full = rules.multiple_yakuman is MultipleYakuman.FULL
        listed = tuple((row.name, row.yakuman if full else 1) for row in ym)
        if rules.multiple_yakuman is MultipleYakuman.SINGLE:
            total = 1
        else:
            total = sum(m for _, m in listed)
        if rules.max_yakuman is not None:
            total = min(total, rules.max_yakuman)
        base = 8000 * total
        return _Candidate((hand_value(base, dealer=dealer, tsumo=ctx.tsumo), 0, 0), r, 0, 0, base, (), listed,
                          total, Limit.YAKUMAN, ())
    if r.form in (Form.KOKUSHI, Form.SHIISAN_PUUTAA):
        return None
    rows = _regular_yaku(r, f, hand_yaku)
    candidates: list[_Candidate] = []
    if rows:
        closed = f.closed
        yaku = tuple((row.name, row.han(closed=closed, rules=rules)) for row in rows)
        yaku_han = sum(h for _, h in yaku)
        han = yaku_han + sum(n for _, n in dora)
        pinfu = any(row.name == "pinfu" for row in rows)
        fu, items = count_fu(r, f, pinfu=pinfu)
        candidates.append(_priced(r, f, han, fu, yaku + dora, items))
    if ctx.renhou and rules.renhou is Renhou.MANGAN:
        fu, items = count_fu(r, f, pinfu=False)
        candidates.append(_priced(r, f, _RENHOU_MANGAN_HAN, fu, (("renhou", _RENHOU_MANGAN_HAN),), items,
                                  cap=Limit.MANGAN))
    return max(candidates, key=lambda c: c.key) if candidates else None


def _regular_yaku(r: Reading, f: HandFacts, hand_yaku: tuple[list[YakuRow], list[YakuRow]]) -> list[YakuRow]:
    rules = f.rules
    closed = f.closed
    rows = [row for row in hand_yaku[0] if row.han(closed=closed, rules=rules)]
    rows += [row for row in YAKU_ROWS if row.per_reading and _enabled(row, rules)
             and row.han(closed=closed, rules=rules) and row.check(r, f)]
    if r.form is Form.CHIITOITSU:
        rows = [row for row in rows if row.name not in _NOT_WITH_CHIITOITSU]
    rows = _drop_superseded(rows)
    order = _ORDER
    rows.sort(key=lambda row: order[row.name])
    return rows


#: Yakuman that hold beside thirteen orphans, and beside shiisan puutaa (not a complete shape).
_WITH_KOKUSHI: Final = frozenset({"tenhou", "chiihou", "renhou", "paarenchan", "open_riichi"})
_WITH_SHIISAN_PUUTAA: Final = frozenset({"paarenchan", "open_riichi"})
_NOT_WITH_CHIITOITSU: Final = frozenset({"shousangen", "sankantsu"})
_ORDER: Final = {row.name: i for i, row in enumerate(YAKU_ROWS)}


def _priced(r: Reading, f: HandFacts, han: int, fu: int, yaku: tuple[tuple[str, int], ...],
            items: tuple[FuItem, ...], *, cap: Limit | None = None) -> _Candidate:
    rules = f.rules
    ctx = f.ctx
    dealer = ctx.seat_wind is Wind.EAST
    total = 0
    if cap is Limit.MANGAN:
        base, limit = 2000, Limit.MANGAN
    elif han >= 13 and rules.kazoe is not Kazoe.SANBAIMAN:
        total = han // 13 if rules.kazoe is Kazoe.MULTIPLE else 1
        if rules.max_yakuman is not None:
            total = min(total, rules.max_yakuman)
        base, limit = 8000 * total, Limit.KAZOE_YAKUMAN
    elif han >= 5:
        base, limit = limit_base(min(han, 12))
    else:
        base, limit = base_points(han, fu, kiriage=rules.kiriage)
    return _Candidate((hand_value(base, dealer=dealer, tsumo=ctx.tsumo), han, fu), r, han, fu, base, yaku, (),
                      total, limit, items)


def _dora(f: HandFacts) -> tuple[tuple[str, int], ...]:
    counts = f.all_counts
    ctx = f.ctx
    out = []
    n = sum(counts[t.dora_after().kind] for t in ctx.dora)
    if n:
        out.append(("dora", n))
    if f.rules.aka:
        aka = sum(1 for t in f.hand.tiles if t.is_red)
        if aka:
            out.append(("aka_dora", aka))
    if ctx.in_riichi and f.rules.ura_dora:
        n = sum(counts[t.dora_after().kind] for t in ctx.ura)
        if n:
            out.append(("ura_dora", n))
    return tuple(out)


# -- liability ----------------------------------------------------------------

def _liability(hand: Hand, ctx: WinContext, rules: RuleSet, best: _Candidate) -> Liability | None:
    names = {name: mult for name, mult in best.yakuman}
    for yakuman in ("daisangen", "daisuushii", "suukantsu"):
        if yakuman in names and yakuman in rules.pao:
            seat = _feeder(hand, yakuman)
            if seat is not None:
                if rules.pao_scope is PaoScope.WHOLE_HAND:
                    covered = best.base
                else:
                    covered = min(best.base, 8000 * names[yakuman])
                return Liability(seat, covered, pays_honba=rules.pao_honba_liable)
    if rules.rinshan_pao and ctx.rinshan:
        kans = [m for m in hand.melds if m.is_kan]
        if kans and kans[-1].type is MeldType.MINKAN and kans[-1].from_seat is not None:
            return Liability(kans[-1].from_seat, best.base)
    return None


def _liable_seat(liability: Liability | None, ctx: WinContext) -> Wind | None:
    """The liable seat when it pays something the normal payer would not."""
    if liability is None or liability.seat is ctx.seat_wind or (not ctx.tsumo and liability.seat is ctx.discarder):
        return None
    return liability.seat


def _feeder(hand: Hand, yakuman: str) -> Wind | None:
    """The seat that fed the meld completing the yakuman's last set, if it was called."""
    if yakuman == "suukantsu":
        kans = [m for m in hand.melds if m.is_kan]
        last = kans[3] if len(kans) == 4 else None
        return last.from_seat if last is not None and last.type is MeldType.MINKAN else None
    kinds, need = ((31, 32, 33), 3) if yakuman == "daisangen" else ((27, 28, 29, 30), 4)
    n = 0
    for m in hand.melds:
        if m.type is not MeldType.CHI and m.kind in kinds:
            n += 1
            if n == need:
                return m.from_seat
    return None


# -- presentation ---------------------------------------------------------------

def _decomposition(r: Reading, hand: Hand) -> tuple[str, ...]:
    reds = [sum(1 for t in hand.concealed if t.is_red and t.kind // 9 == s) for s in range(3)]

    def group(kinds: list[int]) -> str:
        tiles = []
        for k in kinds:
            if k in (4, 13, 22) and reds[k // 9]:
                reds[k // 9] -= 1
                tiles.append(Tile.from_kind(k, red=True))
            else:
                tiles.append(Tile(k))
        return format_tiles(tiles)

    if r.form in (Form.KOKUSHI, Form.SHIISAN_PUUTAA):
        return (format_tiles(hand.concealed),)
    if r.form is Form.CHIITOITSU:
        return tuple(group([k, k]) for k in r.pairs)
    meld_runs = list(_meld_runs(hand))
    meld_sets = [m.kind for m in hand.melds if m.type is not MeldType.CHI]
    out = []
    runs = list(r.runs)
    for k in meld_runs:
        runs.remove(k)
    trips = list(r.triplets)
    for k in meld_sets:
        trips.remove(k)
    blocks = sorted([(k, True) for k in runs] + [(k, False) for k in trips])
    for k, is_run in blocks:
        out.append(group([k, k + 1, k + 2] if is_run else [k, k, k]))
    out.extend(format_tiles(m.tiles) for m in hand.melds)
    out.append(group([r.pair, r.pair]))
    return tuple(out)


def _meld_runs(hand: Hand) -> tuple[int, ...]:
    return tuple(m.kind for m in hand.melds if m.type is MeldType.CHI)


def describe(s: Score) -> str:
    """A one-line summary: ``'3 han 50 fu: menzen_tsumo 1, sanankou 2 = 6400'``."""
    if s.yakuman:
        names = ", ".join(n for n, _ in s.yakuman)
        return f"{s.yakuman_total}x yakuman: {names} = {s.points}"
    yaku = ", ".join(f"{n} {h}" for n, h in s.yaku)
    return f"{s.han} han {s.fu} fu: {yaku} = {s.points}"

