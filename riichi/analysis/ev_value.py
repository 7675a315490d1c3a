"""What a win is worth to the expected-value search: the library's own score, with ura dora as an expectation.

A win of the search is a tsumo (the peer model of docs/analysis.md, "Expected values"): the hand is scored by
:func:`riichi.scoring.scorer.score` with menzen tsumo where closed, riichi where declared and every other yaku
the hand has. Where the hand is in riichi and has dora indicators, the ura dora are not known: as many ura
indicators as dora indicators are drawn, without replacement, from the tiles unseen at the moment of the win
(four copies of each kind in play less those in the completed hand, melds included, and those visible), and
each adds the copies of the kind it indicates held in the hand. The value is then
``sum(P(extra = u) * points(han + min(u, 12)))`` over the extra han ``u``; a yakuman, counted or not, gets no
ura.

>>> from riichi.hand import Hand
>>> from riichi.tiles import Tile, Wind
>>> v = WinValues(Hand.parse("234678m345p99p67s"), seat_wind=Wind.SOUTH, round_wind=Wind.EAST, dora=(),
...               unseen=[4] * 34)
>>> v.tsumo(Hand.parse("234678m345p99p567s"), Tile.parse("5s"), riichi=False)  # tsumo pinfu, 2 han 20 fu
1500.0
"""

from __future__ import annotations

from typing import Final

from riichi.hand import Hand, Meld
from riichi.rules import TENHOU, Kazoe, RuleSet
from riichi.scoring.context import WinContext
from riichi.scoring.limits import base_points, hand_value, limit_base
from riichi.scoring.reading import HandFacts, count_tiles
from riichi.scoring.scorer import score_value, score_values_by_reds
from riichi.scoring.validate import check_copies, check_situation, check_tiles
from riichi.tiles import KIND_OF, Tile, Wind

__all__ = ["WinValues", "clear_score_memo", "han_points", "ura_distribution"]

#: The most extra han ura dora add in the expectation.
_URA_CAP: Final = 12
#: Han from which a hand is a counted yakuman (unless the rules cap it at sanbaiman).
_KAZOE_HAN: Final = 13
_LIMIT_HAN: Final = 5
#: The most situations whose scores are kept, and the most wins kept for each (about 100 bytes a win).
_MEMO_SITUATIONS: Final = 8
_MEMO_WINS: Final = 100_000
#: The most won hands holding a five whose values by red fives are kept while one answer is searched (see
#: WinValues._scored_by_reds; a few hundred bytes each: a wide 3-shanten answer meets some 10,000 complete hands).
_MEMO_BY_REDS: Final = 20_000

#: Every tile by its value (the 34 kinds, then the red fives of man, pin and sou).
_TILES: Final = tuple(Tile)
#: What the search needs of a score: points, han, fu, counted yakuman (None: no yaku).
_Scored = tuple[int, int, int, int] | None


class _SituationMemo:
    """The scores of the wins met in one situation (seat and round wind, dora indicators, kita, melds, rules):
    the same complete hands come back from call to call (the discards of one position, the positions of one
    hand of a game), and a score depends on nothing else."""

    __slots__ = ("rules", "scores")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules  # held, so that the id in the key names this rule set while the memo lives
        self.scores: dict[bytes, _Scored] = {}


_MEMO: Final[dict[tuple[Wind, Wind, tuple[Tile, ...], int, tuple[Meld, ...], int], _SituationMemo]] = {}


def clear_score_memo() -> None:
    """Forget every score kept between calls (a benchmark times answers from nothing this way)."""
    _MEMO.clear()


def _situation_memo(seat_wind: Wind, round_wind: Wind, dora: tuple[Tile, ...], kita: int,  # noqa: PLR0913
                    melds: tuple[Meld, ...], rules: RuleSet) -> _SituationMemo:
    key = (seat_wind, round_wind, dora, kita, melds, id(rules))
    found = _MEMO.get(key)
    if found is None or found.rules is not rules:
        if len(_MEMO) >= _MEMO_SITUATIONS:
            _MEMO.clear()
        found = _SituationMemo(rules)
        _MEMO[key] = found
    return found


def han_points(han: int, fu: int, rules: RuleSet, *, dealer: bool, tsumo: bool) -> int:
    """What a hand of ``han`` and ``fu`` (no yakuman) is worth under ``rules``, without honba and sticks: the
    scorer's prices (kiriage, counted yakuman or sanbaiman, the yakuman cap).

    >>> han_points(3, 30, TENHOU, dealer=False, tsumo=True), han_points(13, 30, TENHOU, dealer=True, tsumo=False)
    (4000, 48000)
    """
    scoring = rules.scoring
    if han >= _KAZOE_HAN and scoring.kazoe is not Kazoe.SANBAIMAN:
        total = han // _KAZOE_HAN if scoring.kazoe is Kazoe.MULTIPLE else 1
        if scoring.max_yakuman is not None:
            total = min(total, scoring.max_yakuman)
        base = 8000 * total
    elif han >= _LIMIT_HAN:
        base = limit_base(min(han, 12))[0]
    else:
        base = base_points(han, fu, kiriage=scoring.kiriage)[0]
    return hand_value(base, dealer=dealer, tsumo=tsumo)


def ura_distribution(held: list[int], unseen: list[int], draws: int, dora_kinds: tuple[int, ...]) -> list[float]:
    """``P(extra = u)`` for u = 0, 1, ...: ``draws`` indicators drawn without replacement from ``unseen`` (per
    kind), each adding the copies ``held`` of the kind it indicates (``dora_kinds[indicator]``).

    One indicator among four 1m and four 2m unseen, holding three 2m: extra 3 with probability 1/2.

    >>> unseen = [0] * 34
    >>> unseen[0] = unseen[1] = 4
    >>> held = [0] * 34
    >>> held[1] = 3
    >>> ura_distribution(held, unseen, 1, tuple(range(1, 35)))
    [0.5, 0.0, 0.0, 0.5, 0.0]
    >>> ura_distribution(held, unseen, 2, tuple(range(1, 35)))  # 2 of 8: no 1m 6/28, one 16/28, both 6/28
    [0.21428571428571427, 0.0, 0.0, 0.5714285714285714, 0.0, 0.0, 0.21428571428571427]
    """
    if draws == 1:  # the common case, directly: each kind's unseen copies, by the han it would add
        chances = [0.0] * 5
        total = 0
        for kind in range(len(unseen)):
            n = unseen[kind]
            if n > 0:
                total += n
                chances[held[dora_kinds[kind]]] += n
        return [c / total for c in chances] if total else [1.0]
    # ways[j][u]: the ways to choose j indicators among the kinds seen so far that add u han.
    ways: list[list[int]] = [[1]] + [[] for _ in range(draws)]
    total = 0
    for kind in range(len(unseen)):
        n = unseen[kind]
        if n <= 0:
            continue
        total += n
        gain = held[dora_kinds[kind]]
        new: list[list[int]] = [list(row) for row in ways]
        for j in range(draws + 1):
            row = ways[j]
            choose = 1
            for c in range(1, min(n, draws - j) + 1):
                choose = choose * (n - c + 1) // c
                target = new[j + c]
                for u in range(len(row)):
                    if row[u]:
                        at = u + c * gain
                        while len(target) <= at:
                            target.append(0)
                        target[at] += row[u] * choose
        ways = new
    all_ways = _choose(total, draws)
    if all_ways == 0:
        return [1.0]
    return [n / all_ways for n in ways[draws]]


def _choose(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    out = 1
    for i in range(1, k + 1):
        out = out * (n - i + 1) // i
    return out


class WinValues:
    """Scores the wins of one player's hands in one situation (the search keeps each one's value)."""

    __slots__ = ("_contexts", "_dealer", "_dora", "_kita", "_meld_counts", "_melds", "_memo", "_round_wind",
                 "_rules", "_seat_wind", "_unseen", "_ura", "_values_by_reds")

    def __init__(self, hand: Hand, *, seat_wind: Wind, round_wind: Wind, dora: tuple[Tile, ...],
                 unseen: list[int], rules: RuleSet = TENHOU, kita: int = 0) -> None:
        """``unseen``: each kind's copies not in ``hand`` (melds included) nor visible; a completed hand's
        unseen tiles are these less the tiles it gained since (the ura indicators come from them)."""
        base = [0] * 34
        for t in hand.tiles:
            base[KIND_OF[t]] += 1
        # copies neither in the hand nor visible, with the hand's own given back: the pool a completed hand
        # takes its tiles from
        self._unseen = [u + b for u, b in zip(unseen, base, strict=True)]
        self._seat_wind = seat_wind
        self._round_wind = round_wind
        self._dora = dora
        self._rules = rules
        self._kita = kita
        self._dealer = seat_wind is Wind.EAST
        self._melds = hand.melds
        self._meld_counts = _kinds_of_melds(hand.melds)
        self._ura: dict[bytes, list[float]] = {}
        self._memo = _situation_memo(seat_wind, round_wind, dora, kita, hand.melds, rules)
        # the contexts of the search's wins, each kept once its first hand has been checked (see _scored)
        self._contexts: dict[int, WinContext] = {}
        # the values of the wins holding a five for each number of red fives, kept without them (see _scored_by_reds)
        self._values_by_reds: dict[bytes, tuple[_Scored, ...]] = {}

    def tsumo(self, hand: Hand, win: Tile, *, riichi: bool) -> float | None:
        """The expected points of winning ``hand`` (14 tiles, ``win`` among them) by tsumo; None without yaku."""
        return self.win(hand, win, riichi=riichi)

    def win(self, hand: Hand, win: Tile, *, riichi: bool, ippatsu: bool = False, double: bool = False,  # noqa: PLR0913
            tsumo: bool = True, last_tile: bool = False) -> float | None:
        """The expected points of winning ``hand`` on ``win`` by tsumo or (``tsumo`` false) by ron, in riichi
        (``double``: a double riichi) with or without ippatsu, and (``last_tile``) on the live wall's last tile
        (haitei by tsumo, houtei by ron); None without yaku. The points are the hand's value, honba and sticks
        aside.

        The scorer scores the hand once for each way of winning (riichi or not, tsumo or ron); ippatsu, a
        double riichi and haitei or houtei are one han more each on that score (priced as the scorer prices han
        and fu). A hand with no yaku but haitei or houtei is scored by the scorer with that flag. The hand is
        checked as :func:`riichi.scoring.scorer.score` checks it."""
        counts = [0] * 34
        reds = [0, 0, 0]
        count_tiles(hand.concealed, counts, reds)
        return self._value(counts, reds, hand.melds, win, bytes(counts), riichi=riichi, ippatsu=ippatsu,
                           double=double, tsumo=tsumo, last_tile=last_tile, search=False)

    def win_counts(self, counts: list[int], reds: list[int], win: int, *, riichi: bool,  # noqa: PLR0913
                   ippatsu: bool = False, double: bool = False, tsumo: bool = True, last_tile: bool = False,
                   counts_key: bytes = b"") -> float | None:
        """:meth:`win` for the search's own hand: ``counts[k]`` concealed tiles of each kind k, ``reds`` of the
        fives red per suit, with the situation's melds, won on the tile of value ``win`` (a :class:`Tile`, or
        its value: the kind, or 34 + the suit for a red five); ``counts_key``: ``bytes(counts)`` where the
        caller has it.

        The search makes its hands from the situation's tiles, so most of what :meth:`win` checks of a hand
        cannot change from one to the next: the situation is checked with the first hand won in each way
        (winning tile, riichi, tsumo, last tile), and each hand's copies of each tile with the indicators
        (:func:`~riichi.scoring.validate.check_copies`)."""
        return self._value(counts, reds, self._melds, win, counts_key or bytes(counts), riichi=riichi,
                           ippatsu=ippatsu, double=double, tsumo=tsumo, last_tile=last_tile, search=True)

    def _value(self, counts: list[int], reds: list[int], melds: tuple[Meld, ...], win: int,  # noqa: PLR0913
               counts_key: bytes, *, riichi: bool, ippatsu: bool, double: bool, tsumo: bool, last_tile: bool,
               search: bool) -> float | None:
        """:meth:`win` of the concealed ``counts`` (``counts_key``: as bytes) and ``reds`` with ``melds``."""
        found = self._scored(counts, reds, melds, win, counts_key, riichi=riichi, tsumo=tsumo, search=search)
        bonus = (1 if ippatsu else 0) + (1 if double else 0)
        if found is None and last_tile:  # the last tile is the hand's only yaku (the scorer counts it)
            found = self._scored(counts, reds, melds, win, counts_key, riichi=riichi, tsumo=tsumo, search=search,
                                 last_tile=True)
        elif last_tile:
            bonus += 1
        if found is None:
            return None
        points, han, fu, yakuman_total = found
        if yakuman_total:
            return float(points)
        if not riichi or not self._dora or not self._rules.scoring.ura_dora:
            if not bonus:
                return float(points)
            return float(han_points(han + bonus, fu, self._rules, dealer=self._dealer, tsumo=tsumo))
        chances = self._ura_chances(counts, melds, counts_key)
        value = 0.0
        for extra, p in enumerate(chances):
            if p:
                value += p * han_points(han + bonus + min(extra, _URA_CAP), fu, self._rules,
                                        dealer=self._dealer, tsumo=tsumo)
        return value

    def _ura_chances(self, counts: list[int], melds: tuple[Meld, ...], counts_key: bytes) -> list[float]:
        """:func:`ura_distribution` for the completed hand of concealed ``counts`` (``counts_key``: as bytes) and
        ``melds``, worked out once for each count of its kinds (the same tiles won on another wait, or with a red
        five for a plain one, draw the same ura)."""
        # with the situation's own melds the concealed counts tell the held ones; a hand with other melds (a
        # caller's of win()) is kept under its held counts, marked apart
        own = melds is self._melds or melds == self._melds
        key = counts_key if own else b"+" + bytes(self._held(counts, melds))
        found = self._ura.get(key)
        if found is None:
            held = self._held(counts, melds)
            unseen = self._unseen[:]
            for kind in range(34):
                unseen[kind] -= held[kind]
            found = ura_distribution(held, unseen, len(self._dora), self._rules.tiles.dora_kinds)
            self._ura[key] = found
        return found

    def _held(self, counts: list[int], melds: tuple[Meld, ...]) -> list[int]:
        """Each kind's copies in the hand of concealed ``counts`` and ``melds``."""
        in_melds = self._meld_counts if melds is self._melds or melds == self._melds else _kinds_of_melds(melds)
        held = counts[:]
        for kind in range(34):
            held[kind] += in_melds[kind]
        return held

    def _scored(self, counts: list[int], reds: list[int], melds: tuple[Meld, ...], win: int,  # noqa: PLR0913
                counts_key: bytes, *, riichi: bool, tsumo: bool, search: bool, last_tile: bool = False) -> _Scored:
        """The scorer's points, han, fu and counted yakuman for the hand won on ``win`` (``last_tile``: with
        haitei or houtei), each win of the situation scored once (in this call or an earlier one); None without
        yaku. The hand is checked as the scorer checks it, the search's (``search``) as :meth:`win_counts`
        says."""
        scores = self._memo.scores
        key = b""
        own = melds is self._melds or melds == self._melds
        if own:
            key = counts_key + bytes((reds[0], reds[1], reds[2], win, riichi, tsumo, last_tile))
            if key in scores:
                return scores[key]
        way = 8 * win + 4 * riichi + 2 * tsumo + last_tile
        ctx = self._contexts.get(way) if search and own else None
        if ctx is not None:
            facts = HandFacts(counts, reds, melds, ctx, self._rules, counts_key)
            check_copies(facts)  # the rest was checked with the first hand won this way
        else:
            ctx = WinContext(_TILES[win], tsumo=tsumo, seat_wind=self._seat_wind, round_wind=self._round_wind,
                             riichi=riichi, dora=self._dora, kita=self._kita, haitei=last_tile and tsumo,
                             houtei=last_tile and not tsumo)
            facts = HandFacts(counts, reds, melds, ctx, self._rules, counts_key)
            hand = Hand.from_counts(counts, reds, melds)
            check_tiles(hand, facts)
            check_situation(hand, facts)
            if search and own:
                self._contexts[way] = ctx
        found = self._scored_by_reds(facts) if key else score_value(facts)
        if key:
            if len(scores) >= _MEMO_WINS:
                scores.clear()
            scores[key] = found
        return found

    def _scored_by_reds(self, facts: HandFacts) -> _Scored:
        """The scorer's value of the hand of ``facts`` (the situation's melds, its concealed counts as bytes in
        ``facts.concealed_key``). A hand holding a five, where the rules play red fives, is read once for all
        its red fives (:func:`~riichi.scoring.scorer.score_values_by_reds`): red fives, the winning tile's among
        them, count only as aka dora, so its values by number of red fives are kept, for this answer, under the
        concealed counts, the winning kind and the way of winning (its context's), and the same hand met with
        other red fives, or won on the red five for a plain one, is looked up."""
        counts = facts.concealed_counts
        if not self._rules.scoring.aka or not (counts[4] or counts[13] or counts[22]):
            return score_value(facts)
        by_reds = self._values_by_reds
        ctx = facts.ctx
        key = facts.concealed_key + bytes((facts.win_kind, ctx.riichi, ctx.tsumo, ctx.haitei or ctx.houtei))
        found = by_reds.get(key)
        if found is None:
            found = score_values_by_reds(facts)
            if len(by_reds) >= _MEMO_BY_REDS:
                by_reds.clear()
            by_reds[key] = found
        reds = facts.concealed_reds
        return found[reds[0] + reds[1] + reds[2]]


def _kinds_of_melds(melds: tuple[Meld, ...]) -> list[int]:
    """The copies of each kind in ``melds``."""
    counts = [0] * 34
    for m in melds:
        for t in m.tiles:
            counts[KIND_OF[t]] += 1
    return counts
