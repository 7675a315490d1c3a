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

    def solve(self, watched: list[int]) -> list[TurnValues]:
        """Every state's values from the last turn back to the first; the per-turn values of the ``watched``
        draw states (the others are kept for one turn only)."""
        last, first = self.last, self.first
        n_draw, n_discard = len(self.draw_keys), len(self.discard_keys)
        # The transitions flattened: draw state i's draws are edges start[i] .. start[i + 1] - 1.
        start = [0] * (n_draw + 1)
        target: list[int] = []
        weight: list[float] = []
        win_weight = [0.0] * n_draw  # the wins of a state: their weight, and their points weighted
        win_points = [0.0] * n_draw
        totals = [0.0] * n_draw
        for i in range(n_draw):
            for w, points in self.draw_wins[i]:
                win_weight[i] += w
                win_points[i] += w * points
            for w, to in self.draw_moves[i]:
                target.append(to)
                weight.append(w)
            start[i + 1] = len(target)
            totals[i] = win_weight[i] + sum([w for w, _ in self.draw_moves[i]])
        kids_start = [0] * (n_discard + 1)
        kids: list[int] = []
        for j in range(n_discard):
            kids += self.discard_moves[j]
            kids_start[j + 1] = len(kids)
        tenpai = self.draw_tenpai
        # values at the turn being worked out (draw states) and at the one after it (both)
        dt = [1.0 if tenpai[i] else 0.0 for i in range(n_draw)]
        dw = [0.0] * n_draw
        de = [0.0] * n_draw
        xt = [0.0] * n_discard
        xw = [0.0] * n_discard
        xe = [0.0] * n_discard
        self._best_of_discards(dt, dw, de, xt, xw, xe, kids_start, kids)
        size = last + 1
        out: list[TurnValues] = [([0.0] * size, [0.0] * size, [0.0] * size) for _ in watched]
        for k, node in enumerate(watched):
            out[k][0][last] = dt[node]
        tegawari = self.tegawari
        for t in range(last - 1, first - 1, -1):
            left = self.pool - t
            nt = [0.0] * n_draw
            nw = [0.0] * n_draw
            ne = [0.0] * n_draw
            for i in range(n_draw):
                tn, wn, en = dt[i], dw[i], de[i]
                ww = win_weight[i]
                gain_t = ww * (1.0 - tn)
                gain_w = ww * (1.0 - wn)
                gain_e = win_points[i] - ww * en
                total = totals[i]
                if tegawari:
                    total = ww
                for e in range(start[i], start[i + 1]):
                    to = target[e]
                    w = weight[e]
                    gt = xt[to] - tn
                    gw = xw[to] - wn
                    ge = xe[to] - en
                    if tegawari:
                        if gt == 0.0 and gw == 0.0 and ge == 0.0:
                            continue  # a draw kept by tegawari that changes nothing is no event
                        total += w
                    gain_t += w * gt
                    gain_w += w * gw
                    gain_e += w * ge
                share = float(left)
                if total > left:
                    if not tegawari:
                        self._beyond_the_wall(i, t, left, total)
                    share = total  # more draws worth keeping than tiles left: the chances are shares of them
                nt[i] = 1.0 if tenpai[i] else tn + gain_t / share
                nw[i] = wn + gain_w / share
                ne[i] = en + gain_e / share
            dt, dw, de = nt, nw, ne
            self._best_of_discards(dt, dw, de, xt, xw, xe, kids_start, kids)
            for k, node in enumerate(watched):
                tv, wv, ev = out[k]
                tv[t] = dt[node]
                wv[t] = dw[node]
                ev[t] = de[node]
        return out

    @staticmethod
    def _best_of_discards(dt: list[float], dw: list[float], de: list[float], xt: list[float],  # noqa: PLR0913
                          xw: list[float], xe: list[float], kids_start: list[int], kids: list[int]) -> None:
        """Each discard state's values: the best of the draw states its discards lead to, each value on its own."""
        for j in range(len(xt)):
            bt = bw = be = 0.0
            for e in range(kids_start[j], kids_start[j + 1]):
                child = kids[e]
                x = dt[child]
                if x > bt:
                    bt = x
                x = dw[child]
                if x > bw:
                    bw = x
                x = de[child]
                if x > be:
                    be = x
            xt[j] = bt
            xw[j] = bw
            xe[j] = be

    def _beyond_the_wall(self, node: int, t: int, left: int, total: float) -> None:
        key = self.draw_keys[node]
        hand = self.hand_of(list(key[:34]), list(key[34:37]))
        raise InconsistentSituationError(
            f"turn {t} leaves {left} tiles to draw from (S = {self.pool}), fewer than the {total:g} copies that "
            f"would help {hand}: the turns run beyond the wall")
