"""The state graph of the expected-value search and its dynamic program over the turns.

A *draw state* is a 13-tile hand (concealed counts next to its melds, the red fives it holds, whether it is
in riichi); a *discard state* is the same with 14 tiles. From a draw state each useful draw (a kind that
lowers the shanten; for a tenpai hand, a winning tile that gives a yaku) leads, with the weight of its
unseen copies, to a discard state or to a win; every other draw is thrown back. From a discard state each
allowed discard (one that keeps the shanten) leads to a draw state. The graph is built once, breadth
first, each state keyed by its counts; then the turns run backwards from the last, every state at once
(docs/analysis.md, "Expected values", gives the recurrence):

    X[t] = X[t+1] + sum_e w_e (x_e - X[t+1]) / (S - t)

for the tenpai probability T, the win probability W and the expected score E of each draw state, with
``x_e`` the win's (1, 1, points) or the discard state's values at t + 1; a discard state takes the best of
its discards at t, each of T, W and E on its own.

The search stops with :class:`~riichi.errors.TooComplexError` once it holds more states than its budget
allows or has run longer than its time budget.
"""

from __future__ import annotations

import time
from typing import Final

from riichi.analysis.ev_value import WinValues
from riichi.errors import InconsistentSituationError, TooComplexError
from riichi.hand import Hand, Meld
from riichi.shapes.shanten import shanten, shanten_after_discards, shanten_after_draws
from riichi.tiles import Tile

__all__ = ["Graph", "SearchLimits", "TurnValues"]

#: The kinds of the fives (5m, 5p, 5s): each is drawn and discarded as a red or a plain one.
_FIVES: Final = (4, 13, 22)
#: How many states the search makes between two looks at the clock.
_CLOCK_EVERY: Final = 256

#: Per-turn tenpai probability, win probability and expected points of one state (index = turn).
TurnValues = tuple[list[float], list[float], list[float]]


class SearchLimits:
    """The search's budget: most states, and most seconds (None: no limit of that kind)."""

    __slots__ = ("max_seconds", "max_states")

    def __init__(self, max_states: int | None, max_seconds: float | None) -> None:
        self.max_states = max_states
        self.max_seconds = max_seconds


def _five_index(kind: int) -> int:
    return 0 if kind == _FIVES[0] else 1 if kind == _FIVES[1] else 2 if kind == _FIVES[2] else -1


class Graph:
    """The states reachable from one position, their transitions, then their values turn by turn."""

    def __init__(self, *, melds: tuple[Meld, ...], fixed: list[int], fixed_reds: list[int],  # noqa: PLR0913
                 red_total: list[int], copies: tuple[int, ...], values: WinValues, first: int, last: int,
                 pool: int, limits: SearchLimits, origin: list[int], tegawari: bool = False,
                 shanten_down: bool = False, extra: int = 1) -> None:
        """``fixed``: each kind's copies in the melds and visible (they never change); ``fixed_reds``: the
        red fives of each suit among them; ``red_total``: each suit's red fives in the set; ``pool``: the
        tiles the draws come from at turn 0 (S); ``origin``: the concealed counts of the position asked about.

        ``tegawari`` keeps a draw that does not lower the shanten (for a better shape or value), and
        ``shanten_down`` lets a discard raise the shanten by one; each only while the tiles kept since the
        position plus the shanten stay below the position's shanten plus ``extra`` (which bounds the graph).
        """
        self.melds = melds
        self.n_melds = len(melds)
        self.closed = not any(m.is_open for m in melds)
        self.fixed = fixed
        self.fixed_reds = fixed_reds
        self.red_total = red_total
        self.copies = copies
        self.values = values
        self.first = first
        self.last = last
        self.pool = pool
        self.limits = limits
        self.origin = origin
        self.tegawari = tegawari
        self.shanten_down = shanten_down
        self.extra = extra
        self.origin_shanten = 99  # set by the caller once the graph can work it out (set_origin_shanten)
        self.started = time.monotonic()
        self.draw_ids: dict[bytes, int] = {}
        self.discard_ids: dict[bytes, int] = {}
        self.draw_keys: list[bytes] = []
        self.discard_keys: list[bytes] = []
        #: Per draw state: whether it is tenpai, its wins (weight, points) and its draws (weight, discard id).
        self.draw_tenpai: list[bool] = []
        self.draw_wins: list[list[tuple[float, float]]] = []
        self.draw_moves: list[list[tuple[float, int]]] = []
        #: Per discard state: the draw states its allowed discards lead to.
        self.discard_moves: list[list[int]] = []
        self.draw_values: list[TurnValues] = []
        self.discard_values: list[TurnValues] = []
        #: Shanten of every hand met (the same hands come back from many states), and each win's points.
        self._shanten: dict[bytes, int] = {}
        self._wins: dict[bytes, float | None] = {}

    def distance(self, counts: list[int]) -> int:
        """Tiles of ``counts`` not in the position asked about (the draws kept since)."""
        origin = self.origin
        return sum([counts[k] - origin[k] for k in range(34) if counts[k] > origin[k]])

    def shanten_of(self, counts: list[int]) -> int:
        """The shanten of concealed ``counts`` next to the melds, each hand worked out once."""
        key = bytes(counts)
        found = self._shanten.get(key)
        if found is None:
            found = shanten(key, n_melds=self.n_melds)
            self._shanten[key] = found
        return found

    # -- building ---------------------------------------------------------------------------------------

    def draw_state(self, counts: list[int], reds: list[int], *, riichi: bool) -> int:
        """The id of the draw state of 13 concealed ``counts`` (with ``reds`` per suit), made if new."""
        key = bytes(counts) + bytes(reds) + (b"\x01" if riichi else b"\x00")
        found = self.draw_ids.get(key)
        if found is not None:
            return found
        self._count()
        node = len(self.draw_keys)
        self.draw_ids[key] = node
        self.draw_keys.append(key)
        self.draw_tenpai.append(False)
        self.draw_wins.append([])
        self.draw_moves.append([])
        return node

    def _discard_state(self, counts: list[int], reds: list[int], *, riichi: bool) -> int:
        key = bytes(counts) + bytes(reds) + (b"\x01" if riichi else b"\x00")
        found = self.discard_ids.get(key)
        if found is not None:
            return found
        self._count()
        node = len(self.discard_keys)
        self.discard_ids[key] = node
        self.discard_keys.append(key)
        self.discard_moves.append([])
        return node

    def _count(self) -> None:
        states = len(self.draw_keys) + len(self.discard_keys)
        limit = self.limits.max_states
        if limit is not None and states >= limit:
            raise TooComplexError(f"the search needs more than its budget of {limit:,} states")
        seconds = self.limits.max_seconds
        if seconds is not None and states % _CLOCK_EVERY == 0 and time.monotonic() - self.started > seconds:
            raise TooComplexError(f"the search ran past its budget of {seconds:g} s ({states:,} states so far)")

    def build(self) -> None:
        """Expand every state made so far and every state they reach (breadth first)."""
        done_draw = done_discard = 0
        while done_draw < len(self.draw_keys) or done_discard < len(self.discard_keys):
            while done_draw < len(self.draw_keys):
                self._expand_draw(done_draw)
                done_draw += 1
            while done_discard < len(self.discard_keys):
                self._expand_discard(done_discard)
                done_discard += 1

    def _unseen(self, counts: list[int], kind: int) -> int:
        return self.copies[kind] - counts[kind] - self.fixed[kind]

    def _expand_draw(self, node: int) -> None:
        key = self.draw_keys[node]
        counts = list(key[:34])
        reds = list(key[34:37])
        riichi = key[37] == 1
        now = self.shanten_of(counts)
        self.draw_tenpai[node] = now <= 0
        wins = self.draw_wins[node]
        moves = self.draw_moves[node]
        keep_any = (self.tegawari and not riichi
                    and self.distance(counts) + now < self.origin_shanten + self.extra)
        after = shanten_after_draws(counts, n_melds=self.n_melds)
        for kind in range(34):
            unseen = self._unseen(counts, kind)
            if unseen <= 0:
                continue
            useful = after[kind] < now
            if not useful and not keep_any:
                continue
            counts[kind] += 1
            if not useful and keep_any:  # tegawari: the 14 tiles choose what to let go, the draw itself included
                self._add_kept(counts, reds, kind, unseen, riichi=riichi, moves=moves)
            elif useful:
                suit = _five_index(kind)
                red = 0
                if suit >= 0:
                    red = max(0, min(unseen, self.red_total[suit] - reds[suit] - self.fixed_reds[suit]))
                if unseen - red > 0:
                    self._add_draw(counts, reds, kind, unseen - red, -1, riichi=riichi, tenpai=now == 0,
                                   wins=wins, moves=moves)
                if red > 0:
                    reds[suit] += 1
                    self._add_draw(counts, reds, kind, red, suit, riichi=riichi, tenpai=now == 0,
                                   wins=wins, moves=moves)
                    reds[suit] -= 1
            counts[kind] -= 1

    def _add_kept(self, counts: list[int], reds: list[int], kind: int, unseen: int, *, riichi: bool,
                  moves: list[tuple[float, int]]) -> None:
        suit = _five_index(kind)
        red = 0
        if suit >= 0:
            red = max(0, min(unseen, self.red_total[suit] - reds[suit] - self.fixed_reds[suit]))
        if unseen - red > 0:
            moves.append((float(unseen - red), self._discard_state(counts, reds, riichi=riichi)))
        if red > 0:
            reds[suit] += 1
            moves.append((float(red), self._discard_state(counts, reds, riichi=riichi)))
            reds[suit] -= 1

    def _add_draw(self, counts: list[int], reds: list[int], kind: int, weight: int, red_suit: int, *,  # noqa: PLR0913
                  riichi: bool, tenpai: bool, wins: list[tuple[float, float]], moves: list[tuple[float, int]]
                  ) -> None:
        if tenpai:
            key = bytes(counts) + bytes(reds) + bytes((kind, red_suit + 1, riichi))
            if key in self._wins:
                points = self._wins[key]
            else:
                win = Tile.from_kind(kind, red=red_suit >= 0)
                points = self.values.tsumo(self.hand_of(counts, reds), win, riichi=riichi)
                self._wins[key] = points
            if points is not None:  # a winning tile without a yaku is thrown back like any other
                wins.append((float(weight), points))
        else:
            moves.append((float(weight), self._discard_state(counts, reds, riichi=riichi)))

    def _expand_discard(self, node: int) -> None:
        key = self.discard_keys[node]
        counts = list(key[:34])
        reds = list(key[34:37])
        riichi = key[37] == 1
        now = self.shanten_of(counts)
        if now < 0:
            return  # complete: no discard keeps it so
        moves = self.discard_moves[node]
        down = self.shanten_down and self.distance(counts) + now < self.origin_shanten + self.extra
        shanten_after = shanten_after_discards(counts, n_melds=self.n_melds)
        for kind in range(34):
            if not counts[kind]:
                continue
            after = shanten_after[kind]
            if after != now and not (down and after == now + 1):
                continue
            counts[kind] -= 1
            if after == now or (down and after == now + 1):
                declare = riichi or (self.closed and after == 0)
                suit = _five_index(kind)
                if suit < 0 or counts[kind] + 1 > reds[suit]:  # a plain one to let go
                    moves.append(self.draw_state(counts, reds, riichi=declare))
                if suit >= 0 and reds[suit] > 0:
                    reds[suit] -= 1
                    moves.append(self.draw_state(counts, reds, riichi=declare))
                    reds[suit] += 1
            counts[kind] += 1

    def hand_of(self, counts: list[int], reds: list[int]) -> Hand:
        """The hand of concealed ``counts`` holding ``reds`` red fives per suit, with the melds."""
        tiles = []
        for kind in range(34):
            n = counts[kind]
            if not n:
                continue
            suit = _five_index(kind)
            red = reds[suit] if suit >= 0 else 0
            if red:
                tiles += [Tile.from_kind(kind, red=True)] * red
            tiles += [Tile.from_kind(kind)] * (n - red)
        return Hand(tiles, self.melds)

    # -- the dynamic program ----------------------------------------------------------------------------

    def solve(self) -> None:
        """Every state's values from the last turn back to the first."""
        size = self.last + 1
        self.draw_values = [([0.0] * size, [0.0] * size, [0.0] * size) for _ in self.draw_keys]
        self.discard_values = [([0.0] * size, [0.0] * size, [0.0] * size) for _ in self.discard_keys]
        last = self.last
        for node, tenpai in enumerate(self.draw_tenpai):
            if tenpai:
                self.draw_values[node][0][last] = 1.0
        self._discards_at(last)
        for t in range(last - 1, self.first - 1, -1):
            left = self.pool - t
            for node in range(len(self.draw_keys)):
                self._draw_at(node, t, left)
            self._discards_at(t)

    def _draw_at(self, node: int, t: int, left: int) -> None:  # noqa: C901
        tv, wv, ev = self.draw_values[node]
        tn, wn, en = tv[t + 1], wv[t + 1], ev[t + 1]
        dt = dw = de = 0.0
        total = 0.0
        for weight, points in self.draw_wins[node]:
            total += weight
            dt += weight * (1.0 - tn)
            dw += weight * (1.0 - wn)
            de += weight * (points - en)
        for weight, target in self.draw_moves[node]:
            tx, wx, ex = self.discard_values[target]
            gt, gw, ge = tx[t + 1] - tn, wx[t + 1] - wn, ex[t + 1] - en
            if gt != 0.0 or gw != 0.0 or ge != 0.0 or not self.tegawari:
                # (a draw kept by tegawari only where it changes something: thrown back, it is no event)
                total += weight
                dt += weight * gt
                dw += weight * gw
                de += weight * ge
        if total > left and self.tegawari:
            left = int(total)  # more draws worth keeping than tiles left: the chances are shares of them
        elif total > left:
            raise InconsistentSituationError(
                f"turn {t} leaves {left} tiles to draw from (S = {self.pool}), fewer than the {total:g} copies "
                f"that would help {self.hand_of(list(self.draw_keys[node][:34]), list(self.draw_keys[node][34:37]))}"
                f": the turns run beyond the wall")
        tv[t] = 1.0 if self.draw_tenpai[node] else tn + dt / left
        wv[t] = wn + dw / left
        ev[t] = en + de / left

    def _discards_at(self, t: int) -> None:
        for node, moves in enumerate(self.discard_moves):
            tv, wv, ev = self.discard_values[node]
            bt = bw = be = 0.0
            for target in moves:
                tx, wx, ex = self.draw_values[target]
                x = tx[t]
                if x > bt:
                    bt = x
                x = wx[t]
                if x > bw:
                    bw = x
                x = ex[t]
                if x > be:
                    be = x
            tv[t] = bt
            wv[t] = bw
            ev[t] = be
