"""Score a winning hand: yaku, fu, han, limit, points and payments.

South's closed hand 234m 456p 678s 444z + 3z3z wins by tsumo on the West pair
(tanki). North is nobody's value wind here, so the only yaku is menzen tsumo:
20 base + 2 tsumo + 8 closed honour triplet + 2 tanki = 32, rounded to 40 fu;
1 han 40 fu non-dealer tsumo pays 400/700.

>>> from riichi.hand import Hand
>>> from riichi.scoring.context import WinContext
>>> s = score(Hand.parse("234m456p678s44433z"), WinContext.parse_kwargs(win="3z", tsumo=True, seat_wind="S"))
>>> s.yaku, s.han, s.fu, s.points
((('menzen_tsumo', 1),), 1, 40, 1500)
>>> [(str(i.reason), i.fu) for i in s.fu_details]
[('base', 20), ('tsumo', 2), ('closed triplet 4z', 8), ('tanki wait', 2)]
>>> dict(s.payments)
{Wind.parse('E'): 700, Wind.parse('W'): 400, Wind.parse('N'): 400}
"""

from __future__ import annotations

from typing import Final, NamedTuple

from riichi.scoring.context import WinContext
from riichi.shapes.decompose import PAIR_TEXT, RUN_TEXT, TRIPLET_TEXT
from riichi.errors import NotWinningError, NoYakuError
from riichi.scoring.fu import FuCode, FuItem, fu_codes, fu_details
from riichi.hand import Hand, MeldType
from riichi.kept import Kept
from riichi.notation import format_tiles
from riichi.scoring.limits import Limit, base_points, hand_value, limit_base
from riichi.scoring.settlement import Liability, settle_win
from riichi.scoring.reading import Feature, Form, HandFacts, Reading, Wait, readings
from riichi.rules import TENHOU, Kazoe, MultipleYakuman, PaoScope, Renhou, RuleSet, ScoringRules
from riichi.tiles import Tile, Wind
from riichi.scoring.validate import check_situation, check_tiles
from riichi.scoring.yaku.table import YAKU_ROWS, YAKUMAN_ROWS, Predicate, YakuRow

__all__ = ["Score", "score"]

#: Han of renhou where the rules make it a mangan.
_RENHOU_MANGAN_HAN: Final = 5
#: Enum members used per hand, read once: on Python 3.11 an attribute of an Enum class costs several
#: times a global look-up.
_STANDARD, _CHIITOITSU, _KOKUSHI, _SHIISAN_PUUTAA = Form
_MANGAN: Final = Limit.MANGAN
_EAST: Final = Wind.EAST
_CHI: Final = MeldType.CHI
#: A named tuple made from its fields' tuple in C (the class's own __new__ is Python code, twice the cost).
_new: Final = tuple.__new__


class Score(NamedTuple):
    """What a winning hand is worth and who pays it (an immutable record)."""

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


class _Candidate(NamedTuple):
    """One reading priced: what it pays, and what the result lists about it."""

    key: tuple[int, int, int]  #: (value, han, fu): the best reading is paid
    reading: Reading
    han: int
    fu: int
    base: int
    yaku: tuple[tuple[str, int], ...]
    yakuman: tuple[tuple[str, int], ...]
    yakuman_total: int
    limit: Limit | None
    fu_items: tuple[FuCode, ...]


def score(hand: Hand, ctx: WinContext, rules: RuleSet = TENHOU) -> Score:
    """Score ``hand`` won as ``ctx`` says under ``rules``; raises a :class:`~riichi.errors.RiichiError`."""
    facts = HandFacts(hand, ctx, rules)
    check_tiles(facts)
    check_situation(facts)
    found = readings(facts)
    if not found:
        raise NotWinningError(f"{format_tiles(hand.concealed)} is not a complete hand"
                              f"{' with its melds' if hand.melds else ''}: it needs four sets and a pair, "
                              f"seven different pairs, or thirteen orphans")
    plan = _plan(facts.rules, facts.features)
    hand_level = _hand_level(facts, plan)
    dora = _dora(facts)
    best: _Candidate | None = None
    for r in found:
        cand = _evaluate(r, facts, plan, hand_level, dora)
        if cand is not None and (best is None or cand.key > best.key):
            best = cand
    if best is None:
        raise NoYakuError("the hand is complete but has no yaku (dora do not count as yaku)")
    _, reading, han, fu, base, yaku, yakuman, yakuman_total, limit, fu_items = best
    liability = _liability(hand, ctx, rules, best) if yakuman or ctx.rinshan else None
    s = settle_win(base, winner=ctx.seat_wind, tsumo=bool(ctx.tsumo), discarder=ctx.discarder, honba=ctx.honba,
                   sticks=ctx.riichi_sticks, rules=rules.game, liability=liability)
    points = s.points
    payments = tuple([(p.payer, p.amount) for p in s.payments])
    deltas = () if s.deltas is None else tuple(zip(Wind, s.deltas, strict=True))
    return _new(Score, (han, fu, yaku, yakuman, yakuman_total, limit, points, payments, deltas, fu_details(fu_items),
                        _decomposition(reading, facts),
                        _liable_seat(liability, ctx) if liability is not None else None))


# -- yaku ---------------------------------------------------------------------

#: A regular yaku that holds: (its row's place in the table, name, han). Results list yaku in table order.
_Entry = tuple[int, str, int]
#: A regular yaku in play: its entry (made once) and its predicate.
_Yaku = tuple[_Entry, Predicate]


class _Plan:
    """The rows whose feature bits a hand has (its closedness among them), with their han for it."""

    __slots__ = ("by_shape", "features", "hand_yakuman", "hand_yaku", "reading_bits", "sure_yaku")

    def __init__(self, features: int, hand_yaku: tuple[_Yaku, ...], sure_yaku: tuple[_Entry, ...],
                 hand_yakuman: tuple[YakuRow, ...], table: _Table) -> None:
        self.features = features
        self.hand_yaku = hand_yaku  #: checked once per hand
        self.sure_yaku = sure_yaku  #: (position, name, han) of the exact rows: they hold, no check needed
        self.hand_yakuman = hand_yakuman
        #: The per-reading yaku and yakuman that can hold for a reading, by ``reading_bits | shape`` (the
        #: rule set's table, shared by every plan).
        self.by_shape = table.by_bits
        #: The hand's bits that per-reading rows need.
        self.reading_bits = features & table.reading_mask


class _Table:
    """The rows a rule set plays, and the plan for each combination of feature bits met so far.

    Each row is stored with the hand's part of its needs, so that a plan is a plain filter.
    """

    __slots__ = ("_hand_yakuman", "_reading_yakuman", "_yaku", "by_bits", "plans", "reading_mask")

    def __init__(self, rules: ScoringRules) -> None:
        def on(row: YakuRow) -> bool:
            return row.gate is None or row.gate(rules)

        def yaku(closed: bool, per_reading: bool, exact: bool = False) -> tuple[tuple[int, _Yaku, int], ...]:
            out = []
            for i, row in enumerate(YAKU_ROWS):
                han = row.han(closed=closed, rules=rules) if on(row) else 0
                if han and row.per_reading is per_reading and (per_reading or row.exact is exact):
                    out.append((row.needs & _HAND_BITS, ((i, row.name, han), row.check), row.needs))
            return tuple(out)

        def yakuman(per_reading: bool) -> tuple[tuple[int, YakuRow], ...]:
            return tuple((row.needs & _HAND_BITS, row) for row in YAKUMAN_ROWS
                         if on(row) and row.per_reading is per_reading)

        #: (hand-level yaku to check, hand-level yaku sure from their needs, per-reading yaku) of an open
        #: hand, and of a closed hand.
        self._yaku = tuple((yaku(closed, False), yaku(closed, False, exact=True), yaku(closed, True))
                           for closed in (False, True))
        self._hand_yakuman = yakuman(False)
        self._reading_yakuman = yakuman(True)
        #: The hand bits any per-reading row needs (closedness among them), and every shape bit.
        self.reading_mask = Feature.CLOSED | ~_HAND_BITS
        for _, _, full in (*self._yaku[0][2], *self._yaku[1][2]):
            self.reading_mask |= full & _HAND_BITS
        for _, row in self._reading_yakuman:
            self.reading_mask |= row.needs & _HAND_BITS
        #: Per-reading yaku and yakuman by a hand's reading bits and a reading's shape (a few hundred occur).
        self.by_bits = Kept(self._for_bits, bound=_KEPT_PLANS)
        #: The rows that can hold for a hand, by its :class:`~riichi.scoring.reading.Feature` bits: a feature word
        #: takes one of a few hundred values in practice, so plans are kept (keyed by the word, not the hand).
        self.plans = Kept(self._make_plan, bound=_KEPT_PLANS)

    def _make_plan(self, feat: int) -> _Plan:
        hand_yaku, sure_yaku, _ = self._yaku[bool(feat & Feature.CLOSED)]
        return _Plan(feat, tuple([y for needs, y, _ in hand_yaku if needs & feat == needs]),
                     tuple([y[0] for needs, y, _ in sure_yaku if needs & feat == needs]),
                     tuple([row for needs, row in self._hand_yakuman if needs & feat == needs]), self)

    def _for_bits(self, bits: int) -> tuple[tuple[_Yaku, ...], tuple[YakuRow, ...]]:
        """The per-reading rows whose needs a reading with these bits (its hand's and its shape's) meets."""
        reading_yaku = self._yaku[bool(bits & Feature.CLOSED)][2]
        return (tuple([y for _, y, full in reading_yaku if full & bits == full]),
                tuple([row for _, row in self._reading_yakuman if row.needs & bits == row.needs]))


#: The bits of a hand's feature word (the higher ones are a reading's shape).
_HAND_BITS: Final = (1 << 40) - 1
#: Feature words whose plans are kept per rule set.
_KEPT_PLANS: Final = 4096


def _plan(rules: ScoringRules, features: int) -> _Plan:
    """The plan of a hand with these feature bits under ``rules``."""
    entry = _TABLES.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = _new_table(rules)
    return entry[1].plans[features]


def _new_table(rules: ScoringRules) -> tuple[ScoringRules, _Table]:
    """Build the table of ``rules`` once per rule-set object (hashing a RuleSet costs more than a look-up)."""
    if len(_TABLES) >= 256:
        _TABLES.clear()
    entry = _TABLES[id(rules)] = (rules, _Table(rules))
    return entry


#: Rule-set object id -> (the object, kept alive so its id stays its own; its table).
_TABLES: dict[int, tuple[ScoringRules, _Table]] = {}


#: What holds whatever the reading: yaku entries, and yakuman rows.
_HandLevel = tuple[list[_Entry], list[YakuRow]]


def _hand_level(facts: HandFacts, plan: _Plan) -> _HandLevel:
    r0 = _NO_READING
    yaku = [entry for entry, check in plan.hand_yaku if check(r0, facts)] if plan.hand_yaku else []
    if plan.sure_yaku:
        yaku += plan.sure_yaku
    if not plan.hand_yakuman:  # most hands: no yakuman row can hold (a comprehension costs a function call)
        return yaku, []
    yakuman = [row for row in plan.hand_yakuman if row.check(r0, facts)]
    return yaku, _drop_superseded(yakuman) if len(yakuman) > 1 else yakuman


#: What hand-level predicates are given for a reading (they never look at it).
_NO_READING: Final = Reading(Form.STANDARD, -1, (), (), (), (), 0, Wait.OTHER)


def _drop_superseded(rows: list[YakuRow]) -> list[YakuRow]:
    gone = {name for row in rows for name in row.supersedes}
    return [row for row in rows if row.name not in gone] if gone else rows


def _evaluate(r: Reading, f: HandFacts, plan: _Plan, hand_level: _HandLevel,
              dora: tuple[tuple[str, int], ...]) -> _Candidate | None:
    rules = f.rules
    form = r.form
    ym = hand_level[1]
    if form is not _STANDARD and form is not _CHIITOITSU:
        allowed = _WITH_KOKUSHI if form is _KOKUSHI else _WITH_SHIISAN_PUUTAA
        ym = [row for row in ym if row.name in allowed]
    reading_yaku, reading_yakuman = plan.by_shape[plan.reading_bits | r.shape]
    if reading_yakuman:
        found = [row for row in reading_yakuman if row.check(r, f)]
        if found:
            ym = _drop_superseded(ym + found)
    if ym and not (rules.paarenchan_needs_yaku and len(ym) == 1 and ym[0].name == "paarenchan"
                   and not _regular_yaku(r, f, reading_yaku, hand_level)):
        return _yakuman_candidate(r, f, ym)
    if form is _KOKUSHI or form is _SHIISAN_PUUTAA:
        return None
    yaku = _regular_yaku(r, f, reading_yaku, hand_level)
    best: _Candidate | None = None
    if yaku:
        named, han, pinfu = _LISTED[tuple(yaku)]
        if dora:
            named += dora
            for _, n in dora:
                han += n
        fu, items = fu_codes(r, f, pinfu=pinfu)
        best = _priced(r, f, han, fu, items, named)
    if f.ctx.renhou and rules.renhou is Renhou.MANGAN:
        fu, items = fu_codes(r, f, pinfu=False)
        renhou = _priced(r, f, _RENHOU_MANGAN_HAN, fu, items, (("renhou", _RENHOU_MANGAN_HAN),), cap=Limit.MANGAN)
        if best is None or renhou.key > best.key:
            best = renhou
    return best


def _yakuman_candidate(r: Reading, f: HandFacts, ym: list[YakuRow]) -> _Candidate:
    rules = f.rules
    ctx = f.ctx
    full = rules.multiple_yakuman is MultipleYakuman.FULL
    listed = tuple([(row.name, row.yakuman if full else 1) for row in ym])
    total = 1 if rules.multiple_yakuman is MultipleYakuman.SINGLE else sum([m for _, m in listed])
    if rules.max_yakuman is not None:
        total = min(total, rules.max_yakuman)
    base = 8000 * total
    value = hand_value(base, dealer=ctx.seat_wind is Wind.EAST, tsumo=ctx.tsumo)
    return _new(_Candidate, ((value, 0, 0), r, 0, 0, base, (), listed, total, Limit.YAKUMAN, ()))


def _regular_yaku(r: Reading, f: HandFacts, rows: tuple[_Yaku, ...], hand_level: _HandLevel) -> list[_Entry]:
    """The entries of the yaku that hold for this reading (superseded ones are dropped when listed)."""
    found = [entry for entry, check in rows if check(r, f)]
    if not found:
        return hand_level[0]
    yaku = hand_level[0] + found
    if r.form is _CHIITOITSU:
        yaku = [y for y in yaku if y[1] not in _NOT_WITH_CHIITOITSU]
    return yaku


def _listed(entries: tuple[_Entry, ...]) -> tuple[tuple[tuple[str, int], ...], int, bool]:
    """A combination of yaku as the result lists it: (name, han) in table order without the superseded
    ones (double riichi replaces riichi, ...), their han, and whether pinfu is among them."""
    gone = {old for _, name, _ in entries for old in _SUPERSEDES.get(name, ())}
    kept = sorted([entry for entry in entries if entry[1] not in gone])
    return tuple([(name, han) for _, name, han in kept]), sum([han for _, _, han in kept]), \
        any(name == "pinfu" for _, name, _ in kept)


#: The listing of each combination of yaku met so far (a few thousand occur).
_LISTED: Final = Kept(_listed, bound=16384)


#: Yakuman that hold beside thirteen orphans, and beside shiisan puutaa (not a complete shape).
_WITH_KOKUSHI: Final = frozenset({"tenhou", "chiihou", "renhou", "paarenchan", "open_riichi"})
_WITH_SHIISAN_PUUTAA: Final = frozenset({"paarenchan", "open_riichi"})
_NOT_WITH_CHIITOITSU: Final = frozenset({"shousangen", "sankantsu"})
_SUPERSEDES: Final = {row.name: row.supersedes for row in YAKU_ROWS}


def _priced(r: Reading, f: HandFacts, han: int, fu: int, fu_items: tuple[FuCode, ...],
            named: tuple[tuple[str, int], ...], *, cap: Limit | None = None) -> _Candidate:
    rules = f.rules
    ctx = f.ctx
    total = 0
    if cap is None and han < 13:
        key = (han, fu, ctx.seat_wind is _EAST, True if ctx.tsumo else False, rules.kiriage)
        price = _PRICES[key]
    else:
        limit: Limit | None
        if cap is _MANGAN:
            base, limit = 2000, _MANGAN
        elif han >= 13 and rules.kazoe is not Kazoe.SANBAIMAN:
            total = han // 13 if rules.kazoe is Kazoe.MULTIPLE else 1
            if rules.max_yakuman is not None:
                total = min(total, rules.max_yakuman)
            base, limit = 8000 * total, Limit.KAZOE_YAKUMAN
        else:
            base, limit = limit_base(min(han, 12))
        price = (base, limit, hand_value(base, dealer=ctx.seat_wind is _EAST, tsumo=ctx.tsumo))
    base, limit, value = price
    return _new(_Candidate, ((value, han, fu), r, han, fu, base, named, (), total, limit, fu_items))


def _price(key: tuple[int, int, bool, bool, bool]) -> tuple[int, Limit | None, int]:
    """(base points, limit, value) of a hand under 13 han by (han, fu, dealer, tsumo, kiriage)."""
    han, fu, dealer, tsumo, kiriage = key
    base, limit = limit_base(han) if han >= 5 else base_points(han, fu, kiriage=kiriage)
    return base, limit, hand_value(base, dealer=dealer, tsumo=tsumo)


#: Prices worked out once for each of the few hundred combinations that exist.
_PRICES: Final = Kept(_price, bound=4096)


def _dora(f: HandFacts) -> tuple[tuple[str, int], ...]:
    counts = f.all_counts
    ctx = f.ctx
    out = []
    indicators = ctx.dora
    if indicators:
        n = 0
        for t in indicators:
            n += counts[_DORA_KIND[t]]
        if n:
            out.append(_DORA[n])
    if f.rules.aka:
        reds = f.reds
        aka = reds[0] + reds[1] + reds[2]
        if aka:
            out.append(_AKA_DORA[aka])
    indicators = ctx.ura
    if indicators and f.features & _RIICHI_BIT and f.rules.ura_dora:
        n = 0
        for t in indicators:
            n += counts[_DORA_KIND[t]]
        if n:
            out.append(_URA_DORA[n])
    return tuple(out)


#: The result's dora entries by count, made once (a hand holds at most 4 copies of each of 5 indicated kinds,
#: or 4 red fives).
_DORA: Final = tuple(("dora", n) for n in range(21))
_AKA_DORA: Final = tuple(("aka_dora", n) for n in range(21))
_URA_DORA: Final = tuple(("ura_dora", n) for n in range(21))
_RIICHI_BIT: Final = Feature.RIICHI  #: riichi, double riichi or open riichi


#: Kind of the dora each tile indicates.
_DORA_KIND: Final = tuple(t.dora_after().kind for t in Tile)


# -- liability ----------------------------------------------------------------

def _liability(hand: Hand, ctx: WinContext, rules: RuleSet, best: _Candidate) -> Liability | None:
    names = {name: mult for name, mult in best.yakuman}
    for yakuman in ("daisangen", "daisuushii", "suukantsu"):
        if yakuman in names and yakuman in rules.scoring.pao:
            seat = _feeder(hand, yakuman)
            if seat is not None:
                if rules.scoring.pao_scope is PaoScope.WHOLE_HAND:
                    covered = best.base
                else:
                    covered = min(best.base, 8000 * names[yakuman])
                return Liability(seat, covered, pays_honba=rules.scoring.pao_honba_liable)
    if rules.game.rinshan_pao and ctx.rinshan:
        kans = [m for m in hand.melds if m.is_kan]
        if kans and kans[-1].type is MeldType.MINKAN and kans[-1].from_seat is not None:
            return Liability(kans[-1].from_seat, best.base)
    return None


def _liable_seat(liability: Liability, ctx: WinContext) -> Wind | None:
    """The liable seat when it pays something the normal payer would not."""
    if liability.seat is ctx.seat_wind or (not ctx.tsumo and liability.seat is ctx.discarder):
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

def _decomposition(r: Reading, f: HandFacts) -> tuple[str, ...]:
    """The reading as MPSZ groups: concealed sets, melds, then the pair."""
    hand = f.hand
    form = r.form
    if form is _KOKUSHI or form is _SHIISAN_PUUTAA:
        return (format_tiles(hand.concealed),)
    melds = hand.melds
    if form is _CHIITOITSU:
        out = [PAIR_TEXT[k] for k in r.pairs]
        n_sets = len(out)
    else:
        blocks = r.blocks
        n_sets = len(blocks)
        out = [*blocks, *[_MELD_TEXTS[m.tiles] for m in melds], PAIR_TEXT[r.pair]] if melds \
            else [*blocks, PAIR_TEXT[r.pair]]
    reds = f.concealed_reds
    if reds[0] or reds[1] or reds[2]:
        _mark_red_fives(out, reds, n_sets)
    return tuple(out)


#: The MPSZ text of each meld's tiles met so far (there are a few thousand).
_MELD_TEXTS: Final = Kept[tuple[Tile, ...], str](format_tiles, bound=8192)


def _mark_red_fives(groups: list[str], reds: list[int], n_concealed_sets: int) -> None:
    """Write the hand's red fives (``reds``: how many per suit) as 0 in the concealed groups, the sets
    first, then the pair; each red five goes to the first group still holding a plain five of its suit."""
    places = [*range(n_concealed_sets), len(groups) - 1] if n_concealed_sets < len(groups) else \
        range(len(groups))
    for reddened, n in zip(_REDDENED, reds):
        for _ in range(n):
            for i in places:
                red = reddened.get(groups[i])
                if red is not None:
                    groups[i] = red
                    break


#: For each suit, every concealed group text holding a plain five of it -> the text with that five red.
_REDDENED: Final = tuple(
    {text: text.replace("5", "0", 1)
     for plain in (*RUN_TEXT[base + 2:base + 5], TRIPLET_TEXT[base + 4], PAIR_TEXT[base + 4])
     for text in (plain, plain.replace("5", "0", 1), plain.replace("5", "0", 2)) if "5" in text}
    for base in (0, 9, 18))

