"""Hand analysis: tile efficiency and what each wait is worth.

For 13 tiles, the tiles that lower the shanten (ukeire) and how many copies
of each are still unseen; for 14 tiles, every discard with its resulting
shanten and ukeire, best first. Copies count as seen when they are in the
hand (all fourteen tiles, melds included) or among the ``visible`` tiles
the caller lists (discards, dora indicators, other players' melds).

>>> [(str(t), n) for t, n in ukeire("1234m456p789s11z5z").tiles]
[('1m', 3), ('2m', 3), ('3m', 3), ('4m', 3), ('5m', 4), ('6m', 4), ('1z', 2), ('5z', 3)]
>>> [(str(d.tile), d.shanten, d.ukeire.total) for d in discard_table("1234m456p789s1155z")][:2]
[('1m', 0, 4), ('4m', 0, 4)]

Under three-player rules (``rules`` a rule set with three players) the tiles
2m to 8m are out of the game: they never help and are never waited on, and
where a North may be set aside (``nukidora``) the discard table lists the kita
beside the discards:

>>> ukeire("11199m1199p1199s").total, ukeire("11199m1199p1199s", rules="tenhou-sanma").total
(112, 84)
>>> [(str(d.tile), d.kita, d.shanten) for d in discard_table("123456p789s11z22s4z", rules="tenhou-sanma")][:2]
[('4z', True, 0), ('4z', False, 0)]

(Seven pairs one tile away takes any new kind: without 2m to 8m, 7 kinds x 4 copies fewer.)

The value of each wait is the :class:`~riichi.scoring.result.Score` of
winning on it (:func:`wait_values`), so it never disagrees with ``riichi
score``. The JSON request behind ``riichi analyze`` and the web app's ``POST
/api/analyze`` is read and written by :mod:`riichi.formats.analysis`
(docs/analysis.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, overload

from riichi.frozen import Frozen
from riichi.errors import NotationError, NoYakuError, RiichiError
from riichi.analysis.views import DiscardTable, WaitValues
from riichi.hand import Hand
from riichi.rules import TENHOU, RuleSet, TileSet, resolve_rules
from riichi.scoring.context import RON_ONLY_FLAGS, TSUMO_ONLY_FLAGS, WinContext
from riichi.scoring.result import Score
from riichi.scoring.scorer import score
from riichi.shapes.declarations import distinct_discards
from riichi.shapes.shanten import hand_counts, shanten
from riichi.shapes.waits import Wait, candidate_kinds, find_waits, hand_and_visible_counts
from riichi.tiles import Tile

__all__ = [
    "DiscardChoice",
    "DiscardTable",
    "Ukeire",
    "WaitValue",
    "WaitValues",
    "discard_table",
    "improving_kinds",
    "ukeire",
    "wait_values",
]


@dataclass(frozen=True, slots=True)
class Ukeire(Frozen):
    """The tiles that lower the shanten, each with the copies still unseen."""

    tiles: tuple[tuple[Tile, int], ...] = ()

    @property
    def total(self) -> int:
        """Copies that would help, all tiles together."""
        return sum(n for _, n in self.tiles)

    def _repr_html_(self) -> str:
        """Notebooks draw the tiles that help, each with the copies left."""
        from riichi.analysis.views import ukeire_html  # noqa: PLC0415 - pictures only when a notebook asks

        return ukeire_html(self)


@dataclass(frozen=True, slots=True)
class DiscardChoice(Frozen):
    """One discard from a 14-tile hand: the shanten left and the tiles that would then help.

    With ``kita`` the North is set aside instead of discarded (three-player rules): the same tiles are left, a
    han of dora is gained and a replacement is drawn.
    """

    tile: Tile
    shanten: int
    ukeire: Ukeire
    kita: bool = False


def improving_kinds(counts: list[int], *, n_melds: int = 0, tiles: TileSet | None = None) -> list[int]:
    """Kinds whose draw lowers the shanten of 3n+1 concealed ``counts`` (the waits when tenpai); only kinds of
    ``tiles`` (the tiles in play, :attr:`riichi.rules.RuleSet.tiles`) when given."""
    now = shanten(counts, n_melds=n_melds)
    found = []
    for kind in candidate_kinds(counts, n_melds=n_melds):
        if tiles is not None and not tiles.copies[kind]:
            continue
        counts[kind] += 1
        if shanten(counts, n_melds=n_melds) < now:
            found.append(kind)
        counts[kind] -= 1
    return found


def _unseen(seen: list[int], kinds: Iterable[int], tiles: TileSet) -> Ukeire:
    return Ukeire(tuple((Tile(k), max(0, tiles.copies[k] - seen[k])) for k in kinds))


def _seen(hand: Hand, visible: Iterable[Tile] | str) -> list[int]:
    own, other = hand_and_visible_counts(hand, visible)
    return [a + b for a, b in zip(own, other, strict=True)]


def _rules(rules: RuleSet | str) -> RuleSet:
    return resolve_rules(rules) if isinstance(rules, str) else rules


def ukeire(hand: Hand | str, *, visible: Iterable[Tile] | str = (), rules: RuleSet | str = TENHOU) -> Ukeire:
    """The tiles that lower the shanten of a 13-tile hand (melds count three each), among the tiles in play
    under ``rules`` (a rule set or a preset's name; three players have no 2m to 8m)."""
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    tiles = _rules(rules).tiles
    counts = hand_counts(hand, sizes=(13,))
    return _unseen(_seen(hand, visible), improving_kinds(counts, n_melds=len(hand.melds), tiles=tiles), tiles)


def discard_table(hand: Hand | str, *, visible: Iterable[Tile] | str = (),
                  rules: RuleSet | str = TENHOU) -> DiscardTable:
    """Every discard of a 14-tile hand, best first: lowest shanten, then most ukeire, then tile order; where
    ``rules`` let a North be set aside (``nukidora``) and the hand holds one, the kita too, just before the
    discard of a North (the same tiles are left, and it gains a han and a draw)."""
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    rule_set = _rules(rules)
    tiles = rule_set.tiles
    counts = hand_counts(hand, sizes=(14,))
    seen = _seen(hand, visible)
    melds = len(hand.melds)
    rows = []
    for tile in distinct_discards(hand.concealed):
        counts[tile.kind] -= 1
        choice = DiscardChoice(tile, shanten(counts, n_melds=melds),
                               _unseen(seen, improving_kinds(counts, n_melds=melds, tiles=tiles), tiles))
        counts[tile.kind] += 1
        if rule_set.scoring.nukidora and tile is _NORTH:
            rows.append(DiscardChoice(tile, choice.shanten, choice.ukeire, kita=True))
        rows.append(choice)
    rows.sort(key=lambda r: (r.shanten, -r.ukeire.total, r.tile.kind, not r.kita))
    return DiscardTable(rows)


#: The tile set aside as kita.
_NORTH: Final = Tile.parse("4z")


# -- value of each wait -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class WaitValue(Frozen):
    """A wait with what winning on it is worth by ron and by tsumo: the :class:`~riichi.scoring.result.Score`,
    or the error that says why it cannot be won that way (no yaku, a situation that cannot hold)."""

    wait: Wait
    ron: Score | RiichiError
    tsumo: Score | RiichiError

    @property
    def ron_points(self) -> int | None:
        return self.ron.points if isinstance(self.ron, Score) else None

    @property
    def tsumo_points(self) -> int | None:
        return self.tsumo.points if isinstance(self.tsumo, Score) else None

    @property
    def has_yaku_on_ron(self) -> bool:
        return not isinstance(self.ron, NoYakuError)

    @property
    def has_yaku_on_tsumo(self) -> bool:
        return not isinstance(self.tsumo, NoYakuError)


@overload
def wait_values(hand: Hand | str, situation: WinContext | None = None, *, rules: RuleSet | str = TENHOU,
                visible: Iterable[Tile] | str = ()) -> WaitValues: ...
@overload
def wait_values(hand: Hand | str, situation: str, *, rules: RuleSet | str = TENHOU,
                visible: Iterable[Tile] | str = ()) -> WaitValues: ...
def wait_values(hand: Hand | str, situation: object = None, *, rules: RuleSet | str = TENHOU,
                visible: Iterable[Tile] | str = ()) -> WaitValues:
    """Score a win on every wait of a 13-tile tenpai hand, by ron and by tsumo.

    ``situation`` gives the winds, dora, riichi and the other flags, as a :class:`WinContext` or its notation
    with or without a winning tile (``"riichi seat_wind=S dora=1m"``): each wait is its own winning tile. A
    flag that belongs to one way of winning only (haitei, houtei, the discarder, ...) is kept for that one.
    ``rules`` is a rule set or a preset's name. The dealer's 123m 22p 456p 789s 11z waits on 2p (menzen tsumo only: no yaku by ron) and on East
    (double East: 2 han 40 fu by ron, 3 han 30 fu by tsumo):

    >>> [(str(v.wait.tile), v.ron_points, v.tsumo_points) for v in wait_values("123m22456p789s11z")]
    [('2p', None, 1500), ('1z', 3900, 6000)]

    The situation is checked here, naming a wrong type, which is why the implementation takes any object (the
    typed forms are the two overloads above; compiled, a typed parameter would be refused by mypyc's own check
    first, naming neither the parameter nor the notation).
    """
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    if isinstance(rules, str):
        rules = resolve_rules(rules)
    base = _situation(situation)
    not_tsumo = dict.fromkeys(TSUMO_ONLY_FLAGS, False)
    not_ron = dict.fromkeys(RON_ONLY_FLAGS, False)
    tiles = rules.tiles
    out = []
    for wait in find_waits(hand, visible=visible):
        if not tiles.in_play(wait.tile):
            continue  # no copy in the game (three players: 2m to 8m)
        won = Hand((*hand.concealed, wait.tile), hand.melds)
        ron = base.replace(win=wait.tile, tsumo=False, **not_tsumo)
        tsumo = base.replace(win=wait.tile, tsumo=True, discarder=None, **not_ron)
        out.append(WaitValue(wait, _score_or_error(won, ron, rules), _score_or_error(won, tsumo, rules)))
    return WaitValues(out)


def _situation(situation: object) -> WinContext:
    if situation is None:
        return WinContext(Tile.M1)
    if isinstance(situation, WinContext):
        return situation
    if not isinstance(situation, str):
        raise TypeError(f"the situation is a WinContext or its notation (e.g. 'riichi seat_wind=S'), not the "
                        f"{type(situation).__name__} {situation!r}")
    first = situation.split(" ", 1)[0]
    try:
        Tile.parse(first)
    except NotationError:  # no winning tile written: each wait is its own
        return WinContext.parse(f"{Tile.M1} {situation}")
    return WinContext.parse(situation)


def _score_or_error(hand: Hand, ctx: WinContext, rules: RuleSet) -> Score | RiichiError:
    try:
        return score(hand, ctx, rules)
    except RiichiError as e:
        return e
