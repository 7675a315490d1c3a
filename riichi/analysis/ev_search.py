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
from riichi.errors import TooComplexError
from riichi.hand import Hand, Meld
from riichi.shapes.shanten import shanten, shanten_after_discards, shanten_after_draws

__all__ = ["DOUBLE", "IPPATSU", "RIICHI", "DiscardState", "DrawState", "Graph", "SearchLimits", "State", "TableRules",
           "TurnValues"]

#: The kinds of the fives (5m, 5p, 5s): each is drawn and discarded as a red or a plain one.
_FIVES: Final = (4, 13, 22)
#: How many states the search makes between two looks at the clock.
_CLOCK_EVERY: Final = 256

#: Per-turn tenpai probability, win probability and expected points of one state (index = turn).
TurnValues = tuple[list[float], list[float], list[float]]


#: The flags of a state's key: in riichi, ippatsu still possible, the riichi a double riichi.
RIICHI: Final = 1
IPPATSU: Final = 2
DOUBLE: Final = 4


class TableRules:
    """What the ``table`` model adds to the single-player search (None in the peer model): ``players`` seats,
    each other seat's discard a chance of ron (``ron``; not while furiten: a wait among ``furiten`` kinds or the
    tile let go into tenpai); draws as shares of the tiles unseen (``uniform``) rather than of S - t; riichi or
    dama as a choice (``riichi_choice``), riichi costing ``riichi_cost`` unless won; ippatsu; ``bonus``
    points (honba and sticks on the table) added to every win; and the end of the wall (``haitei``)."""

    __slots__ = ("after_last", "bonus", "furiten", "haitei", "ippatsu", "others_win", "players", "riichi_choice",
                 "riichi_cost", "riichi_until", "ron", "ron_factor", "uniform")

    def __init__(self, *, players: int, ron: bool, uniform: bool, riichi_choice: bool,  # noqa: PLR0913
                 riichi_cost: float, ippatsu: bool, furiten: list[bool], bonus: float, ron_factor: float,
                 others_win: list[float], haitei: bool = False, after_last: int = -1,
                 riichi_until: int = 1 << 30) -> None:
        """``ron_factor`` scales the chance that another seat lets a wait go (1: as often as a random unseen
        tile); ``others_win[t]`` is the chance that the hand ends by another seat's win before the player's
        draw of turn t (the last entry for later turns). With ``haitei`` the last turn ends the live wall:
        ``after_last`` other seats (0 to players - 1) still draw and discard after the player's last draw, the
        last of them the houtei; with none, the player's last draw is the haitei. Without it (or with
        ``after_last`` -1) every other seat discards once more after the player's last draw, none of it the
        wall's last tile. A riichi may be declared by turn ``riichi_until`` only, where it is a choice (the
        rules' fewest tiles left for one)."""
        self.riichi_until = riichi_until
        self.haitei = haitei and after_last >= 0
        self.after_last = after_last if self.haitei else players - 1
        self.ron_factor = ron_factor
        self.others_win = others_win
        self.players = players
        self.ron = ron
        self.uniform = uniform
        self.riichi_choice = riichi_choice
        self.riichi_cost = riichi_cost
        self.ippatsu = ippatsu
        self.furiten = furiten
        self.bonus = bonus


class SearchLimits:
    """The search's budget: most states, and most seconds (None: no limit of that kind)."""

    __slots__ = ("max_seconds", "max_states")

    def __init__(self, max_states: int | None, max_seconds: float | None) -> None:
        self.max_states = max_states
        self.max_seconds = max_seconds


#: Each kind's suit if it is a five (0, 1, 2 for 5m, 5p, 5s), else -1.
_FIVE_INDEX: Final = tuple(_FIVES.index(kind) if kind in _FIVES else -1 for kind in range(34))


def _five_index(kind: int) -> int:
    return _FIVE_INDEX[kind]


#: The bits below a key's digits (:func:`_part`).
_MIX_BITS: Final = 28


def _part(place: int) -> int:
    """What one more of the key's digit ``place`` adds to a state's key.

    A state's key is one number, a hexadecimal digit for each of what tells it apart: the count of each kind k
    of its hand at place k, the red fives of each suit s at place 34 + s, its flags at 37 and the kind let go +
    1 at 38 (the top digit, up to 35), each place 16 ** place times 2 ** ``_MIX_BITS``. Below the digits, each
    thing counted also adds its place's fixed pseudo-random number of 20 bits (:func:`_mix`): Python hashes an
    int as the number itself (modulo 2 ** 61 - 1) and a dictionary goes first by the low bits of the hash,
    which the digits alone would fill with the few counts of the first kinds, piling a search's states up on a
    thousand slots. What a state counts, at most 67 (14 tiles, 12 red fives, 7 of the flags, 34 for the tile let
    go), keeps that sum below 2 ** ``_MIX_BITS``: the digits above it tell the states apart.

    A draw or a discard adds or takes one part, so the key of the state a move leads to is one addition to its
    own, not 39 bytes spliced together and then hashed; the hand's counts are spliced as bytes only for a
    state met for the first time."""
    return (1 << _MIX_BITS + 4 * place) + (_mix(place) >> 44)


def _mix(n: int) -> int:
    """The 64-bit output of SplitMix64 for seed ``n`` (G. Steele, D. Lea, C. Flood, "Fast splittable
    pseudorandom number generators", OOPSLA 2014): numbers with no linear relation between them, so that a sum
    of a few of them spreads over the low bits."""
    mask = (1 << 64) - 1
    z = (n + 1) * 0x9E3779B97F4A7C15 & mask
    z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9 & mask
    z = (z ^ z >> 27) * 0x94D049BB133111EB & mask
    return z ^ z >> 31


#: One more of each kind, one more red five of each suit, each of the flags (0 to 7) and each kind let go + 1
#: (0 to 34), as parts of a key.
_KIND_KEY: Final = tuple(_part(kind) for kind in range(34))
_RED_KEY: Final = tuple(_part(34 + suit) for suit in range(3))
_FLAG_KEY: Final = tuple(flags * _part(37) for flags in range(8))
_LET_GO_KEY: Final = tuple(let_go * _part(38) for let_go in range(35))


def _key(hand: bytes, reds: bytes, flags: int, let_go: int) -> int:
    """The key of the state of the counts ``hand``, the red fives per suit ``reds``, ``flags`` and ``let_go``
    (the kind let go + 1, or 0), made part by part (the search's moves add to their states' keys instead)."""
    key = _FLAG_KEY[flags] + _LET_GO_KEY[let_go]
    for suit in range(3):
        key += reds[suit] * _RED_KEY[suit]
    for kind in range(34):
        key += hand[kind] * _KIND_KEY[kind]
    return key


#: The three red-five counts of a state (one byte a suit), with one more or one less red five of a suit: the red
#: counts a state holds are 0 to 4, so every such change is worked out once here.
_REDS: Final = tuple(bytes((a, b, c)) for a in range(5) for b in range(5) for c in range(5))


#: What one red five of each suit adds to the index of a state's red-five counts in ``_REDS``.
_RED_PLACE: Final = (25, 5, 1)

#: One byte of each value, to splice into a hand's counts.
_BYTES: Final = tuple(bytes((n,)) for n in range(256))


def _changed(hand: bytes, kind: int, step: int) -> bytes:
    """The counts ``hand`` (bytes) with ``step`` (+1 or -1) more of ``kind``: the bytes around it as they are, no
    list or bytearray made of the whole."""
    return hand[:kind] + _BYTES[hand[kind] + step] + hand[kind + 1:]


def _red_bytes(reds: list[int]) -> bytes:
    """The red-five counts ``reds`` (one a suit) as three bytes, the table's own object."""
    return _REDS[reds[0] * 25 + reds[1] * 5 + reds[2]]


def _reds_changed(reds: bytes, suit: int, step: int) -> bytes:
    """``reds`` (a state's three red-five counts) with ``step`` more red fives of ``suit``."""
    return _REDS[reds[0] * 25 + reds[1] * 5 + reds[2] + step * _RED_PLACE[suit]]


class State:
    """A state of the graph: its ``index`` among the graph's states of its kind, its ``key`` (one number) and
    what it is made of (the concealed counts ``hand``, the red fives per suit ``reds``, the ``flags`` and the
    kind let go + 1, ``let_go``), the tiles its hand holds beyond the position's (``reach``: it is reached no
    sooner than that many draws after the first turn) and its hand's ``shanten`` (given by the draw or discard
    that made it), where its transitions are among the graph's (``start`` .. ``end`` - 1, once expanded), and
    its values at one turn, overwritten turn after turn by the dynamic program
    (:func:`riichi.analysis.ev_solve.solve`): the tenpai chance ``t``, the win chance ``w`` and the expected
    points ``e``.

    The states are the graph's nodes themselves, made once each as the search meets them, with what the turns
    read of them as fields of their own (compiled, plain machine numbers and doubles in the object): no table
    beside them of boxed numbers, one entry a state, for the garbage collector to walk, and no second set of
    objects made all at once for the dynamic program, setting off its full passes over the whole graph."""

    __slots__ = ("e", "end", "flags", "hand", "index", "key", "let_go", "reach", "reds", "shanten", "start", "t",
                 "w")

    def __init__(self, index: int, key: int, hand: bytes, reds: bytes, flags: int,  # noqa: PLR0913
                 let_go: int, reach: int, shanten: int) -> None:
        self.index = index
        self.key = key
        self.hand = hand
        self.reds = reds
        self.flags = flags
        self.let_go = let_go
        self.reach = reach
        self.shanten = shanten
        self.start = 0
        self.end = 0
        self.t = 0.0
        self.w = 0.0
        self.e = 0.0


class DrawState(State):
    """A draw state (13 tiles): whether it is ``tenpai``, its ``unseen`` tiles, its wins (``win_start`` ..
    ``win_end`` - 1 among the graph's) beside its kept draws (the transitions), and the state it stays in when
    nothing happens where that is not itself (``fallback``: the same hand without ippatsu). The dynamic program
    fills in the rest: its wins' weight and points weighted and the weight of its wins and draws (then the same
    on the wall's last tile, for the draw of the last turn), its unseen tiles as a float, the chance that
    another seat lets a wait go and that win's points, and the values it works out at a turn (``nt``, ``nw``,
    ``ne``), kept until every draw state has read the turn after's."""

    __slots__ = ("fallback", "last_points", "last_total", "last_weight", "ne", "nt", "nw", "ron_chance",
                 "ron_points", "share", "tenpai", "total", "unseen", "win_end", "win_points", "win_start",
                 "win_weight")

    def __init__(self, index: int, key: int, hand: bytes, reds: bytes, flags: int,  # noqa: PLR0913
                 let_go: int, reach: int, shanten: int) -> None:
        super().__init__(index, key, hand, reds, flags, let_go, reach, shanten)
        self.tenpai = shanten <= 0
        self.unseen = 0
        self.win_start = 0
        self.win_end = 0
        self.fallback: DrawState | None = None
        self.win_weight = 0.0
        self.win_points = 0.0
        self.total = 0.0
        self.last_weight = 0.0
        self.last_points = 0.0
        self.last_total = 0.0
        self.share = 0.0
        self.ron_chance = 0.0
        self.ron_points = 0.0
        self.nt = 0.0
        self.nw = 0.0
        self.ne = 0.0


class DiscardState(State):
    """A discard state (14 tiles), its choices among the graph's (``start`` .. ``end`` - 1). The dynamic
    program marks it ``free`` where no choice costs (no riichi's stick to take from E), and where it has a
    single choice, free, makes it that draw state's alias (``alias``): it is read in its place and never
    worked out on its own."""

    __slots__ = ("alias", "free")

    def __init__(self, index: int, key: int, hand: bytes, reds: bytes, flags: int,  # noqa: PLR0913
                 let_go: int, reach: int, shanten: int) -> None:
        super().__init__(index, key, hand, reds, flags, let_go, reach, shanten)
        self.free = True
        self.alias: DrawState | None = None



class Graph:
    """The states reachable from one position, their transitions, then their values turn by turn."""

    def __init__(self, *, melds: tuple[Meld, ...], fixed: list[int], fixed_reds: list[int],  # noqa: PLR0913
                 red_total: list[int], copies: tuple[int, ...], values: WinValues, first: int, last: int,
                 pool: int, limits: SearchLimits, origin: list[int], tegawari: bool = False,
                 shanten_down: bool = False, extra: int = 1, table: TableRules | None = None) -> None:
        """``fixed``: each kind's copies in the melds and visible (they never change); ``fixed_reds``: the
        red fives of each suit among them; ``red_total``: each suit's red fives in the set; ``pool``: the
        tiles the draws come from at turn 0 (S); ``origin``: the concealed counts of the position asked about.

        ``tegawari`` keeps a draw that does not lower the shanten (for a better shape or value), and
        ``shanten_down`` lets a discard raise the shanten by one; each only while the tiles kept since the
        position plus the shanten stay below the position's shanten plus ``extra`` (which bounds the graph).
        """
        if max(copies) > 4:  # noqa: PLR2004 - a count is one hexadecimal digit of a state's key (_part)
            raise ValueError(f"the search keys each kind's count by one hexadecimal digit, at most 4: "
                             f"{max(copies)} copies of a kind do not fit")
        self.melds = melds
        self.n_melds = len(melds)
        self.closed = not any(m.is_open for m in melds)
        self.fixed = fixed
        self.fixed_reds = fixed_reds
        self.red_total = red_total
        self.copies = copies
        #: Each kind's copies the concealed hand may hold or draw (the set's less the fixed ones).
        self.avail = [copies[k] - fixed[k] for k in range(34)]
        self.values = values
        self.first = first
        self.last = last
        self.pool = pool
        self.limits = limits
        self.origin = origin
        self.tegawari = tegawari
        self.shanten_down = shanten_down
        self.extra = extra
        self.table = table
        self.origin_shanten = 99  # set by the caller once the graph can work it out (set_origin_shanten)
        self.started = time.monotonic()
        #: The states, each kind by its index, and the index of each key.
        self.draws: list[DrawState] = []
        self.discards: list[DiscardState] = []
        self.draw_ids: dict[int, int] = {}
        self.discard_ids: dict[int, int] = {}
        self._draws_done = 0
        self._discards_done = 0
        #: The transitions, flat (no object per transition): a draw state's wins are ``win_w[k], win_p[k]``
        #: (weight, points) for k in its ``win_start .. win_end - 1``, and its kept draws ``edge_weight[e],
        #: moves[e]`` (unseen copies, the discard state) for e in its ``start .. end - 1``; a discard state's
        #: choices are ``kids[e], kid_paid[e]`` (the draw state, whether choosing it costs the table's riichi
        #: stick) for e in its ``start .. end - 1``. A state's transitions are all made while it is expanded,
        #: states one after the other. The weights are whole copies and the costs flags, kept as small ints
        #: and bools: Python keeps one object of each, where a float would be an object of its own for every
        #: transition (made, followed by nothing, freed at the end).
        self.win_w: list[float] = []
        self.win_p: list[float] = []
        self.edge_weight: list[int] = []
        self.moves: list[DiscardState] = []
        self.kids: list[DrawState] = []
        self.kid_paid: list[bool] = []
        #: Per tenpai draw state, by its index (the table model): the weight of the waits that may be won by ron
        #: and their points weighted; and (with the wall's end) the weight and points weighted of its wins on
        #: the wall's last tile, by haitei where the player draws it, else by houtei on the last discard.
        self.draw_ron: dict[int, tuple[float, float]] = {}
        self.draw_last: dict[int, tuple[float, float]] = {}
        #: What a hand's states share, their red fives and flags aside, worked out once a hand: the draws of a
        #: 13-tile hand that lower its shanten, and (for the states where tegawari keeps any) all its draws, and the
        #: allowed discards of a 14-tile hand, each as ``bytes`` of (kind, shanten after it + 1) pairs in the order
        #: of the kinds. Bytes are no object for the garbage collector (tuples of tuples, or tuples of the 34
        #: shanten, would each be counted and followed, and would bring on its full passes over the whole graph),
        #: and a state reads only its hand's moves, not the 34 kinds. A tenpai hand's shanten after each draw is
        #: kept too, for its waits.
        self._lowering: dict[bytes, bytes] = {}
        self._every: dict[bytes, bytes] = {}
        self._allowed: dict[bytes, bytes] = {}
        self._after: dict[bytes, tuple[int, ...]] = {}
        #: Each win's points.
        self._wins: dict[bytes, float | None] = {}

    def distance(self, counts: list[int]) -> int:
        """Tiles of ``counts`` not in the position asked about (the draws kept since)."""
        origin = self.origin
        return sum([counts[k] - origin[k] for k in range(34) if counts[k] > origin[k]])

    # -- building ---------------------------------------------------------------------------------------

    def draw_state(self, counts: list[int], reds: list[int], flags: int, let_go: int = 0) -> int:
        """The id of the draw state of 13 concealed ``counts`` (with ``reds`` per suit; ``flags`` of
        :data:`RIICHI`, :data:`IPPATSU` and :data:`DOUBLE`; ``let_go`` the kind + 1 of the tile let go into
        tenpai, for furiten), made if new."""
        hand = bytes(counts)
        red_bytes = _red_bytes(reds)
        return self._draw_state(_key(hand, red_bytes, flags, let_go), hand, 0, 0, red_bytes, flags, let_go,
                                self.distance(counts), shanten(counts, n_melds=self.n_melds)).index

    def _draw_state(self, key: int, parent: bytes, kind: int, step: int, reds: bytes, flags: int,  # noqa: PLR0913
                    let_go: int, reach: int, now: int) -> DrawState:
        """The draw state of ``key``: 13 concealed counts, those of ``parent`` with ``step`` more of ``kind``
        (spliced only if the state is new; ``parent`` itself with ``step`` 0), the red fives per suit ``reds``,
        the ``flags`` and the kind let go + 1 (``let_go``, or 0); ``reach`` the tiles it holds beyond the
        position's, ``now`` its shanten; made if new."""
        found = self.draw_ids.get(key)
        if found is not None:
            return self.draws[found]
        self._count()
        node = len(self.draws)
        self.draw_ids[key] = node
        hand = parent if step == 0 else _changed(parent, kind, step)
        state = DrawState(node, key, hand, reds, flags, let_go, reach, now)
        self.draws.append(state)
        return state

    def _discard_state(self, key: int, parent: bytes, kind: int, reds: bytes, flags: int,  # noqa: PLR0913
                       reach: int, now: int) -> DiscardState:
        """The discard state of ``key``: 14 concealed counts, those of ``parent`` with one more ``kind``
        (spliced only if the state is new), the red fives per suit ``reds``, the ``flags`` and nothing let go;
        ``reach`` the tiles it holds beyond the position's, ``now`` its shanten; made if new."""
        found = self.discard_ids.get(key)
        if found is not None:
            return self.discards[found]
        self._count()
        node = len(self.discards)
        self.discard_ids[key] = node
        state = DiscardState(node, key, _changed(parent, kind, 1), reds, flags, 0, reach, now)
        self.discards.append(state)
        return state

    def _count(self) -> None:
        states = len(self.draws) + len(self.discards)
        limit = self.limits.max_states
        if limit is not None and states >= limit:
            raise TooComplexError(f"the search needs more than its budget of {limit:,} states")
        seconds = self.limits.max_seconds
        if seconds is not None and states % _CLOCK_EVERY == 0 and time.monotonic() - self.started > seconds:
            raise TooComplexError(f"the search ran past its budget of {seconds:g} s ({states:,} states so far)")

    def build(self) -> None:
        """Expand every state made so far and every state they reach (breadth first)."""
        draws = self.draws
        discards = self.discards
        while self._draws_done < len(draws) or self._discards_done < len(discards):
            while self._draws_done < len(draws):
                state = draws[self._draws_done]
                state.start = len(self.moves)
                state.win_start = len(self.win_w)
                self._expand_draw(state)
                state.end = len(self.moves)
                state.win_end = len(self.win_w)
                self._draws_done += 1
            while self._discards_done < len(discards):
                choice = discards[self._discards_done]
                choice.start = len(self.kids)
                self._expand_discard(choice)
                choice.end = len(self.kids)
                self._discards_done += 1

    def wins_of(self, node: int) -> list[tuple[float, float]]:
        """The wins of draw state ``node`` (once built): (weight, points) each."""
        state = self.draws[node]
        return [(self.win_w[k], self.win_p[k]) for k in range(state.win_start, state.win_end)]

    def moves_of(self, node: int) -> list[tuple[float, int]]:
        """The draws of draw state ``node`` that are kept (once built): (weight, discard state) each."""
        state = self.draws[node]
        return [(float(self.edge_weight[e]), self.moves[e].index) for e in range(state.start, state.end)]

    def _unseen(self, counts: list[int], kind: int) -> int:
        return self.avail[kind] - counts[kind]

    def after_draws(self, key: bytes) -> tuple[int, ...]:
        """The shanten of the 13 counts ``key`` (bytes) after each draw, each hand worked out once (a tenpai
        hand's waits ask for it)."""
        found = self._after.get(key)
        if found is None:
            found = tuple(shanten_after_draws(key, n_melds=self.n_melds))
            self._after[key] = found
        return found

    def _draws_of(self, hand: bytes, now: int, *, every: bool) -> bytes:
        """The draws of the 13-tile ``hand`` (of shanten ``now``) that lower its shanten, or (``every``) all its
        draws (tegawari keeps those that do not help too): (kind, shanten after it + 1) pairs, each kind with a
        copy unseen, in the order of the kinds, worked out once a hand."""
        known = self._every if every else self._lowering
        found = known.get(hand)
        if found is None:
            # a tenpai hand's shanten after each draw is kept: its waits (``_ron``) read it again
            after = list(self.after_draws(hand)) if now == 0 else shanten_after_draws(hand, n_melds=self.n_melds)
            avail = self.avail
            pairs: list[int] = []
            for kind in range(34):
                if avail[kind] > hand[kind] and (every or after[kind] < now):
                    pairs.append(kind)
                    pairs.append(after[kind] + 1)
            found = bytes(pairs)
            known[hand] = found
        return found

    def _unseen_total(self, hand: bytes) -> int:
        """All the unseen tiles the 13-tile ``hand`` may draw."""
        avail = self.avail
        total = 0
        for kind in range(34):
            if avail[kind] > hand[kind]:
                total += avail[kind] - hand[kind]
        return total

    def _expand_draw(self, state: DrawState) -> None:  # noqa: C901, PLR0912 - one loop over the kinds, by hand
        """Each draw of draw state ``state``, in the order of the kinds: a win, a discard state it leads to, or
        (a draw that does not lower the shanten, unless tegawari keeps it) thrown back."""
        node = state.index
        hand_key = state.hand
        red_bytes = state.reds
        flags = state.flags
        let_go = state.let_go
        reach = state.reach
        now = state.shanten
        # the counts and red fives as lists, changed in place for each win: only a tenpai hand has wins
        counts = list(hand_key) if now == 0 else []
        reds = list(red_bytes) if now == 0 else []
        table = self.table
        if table is not None:
            state.unseen = self._unseen_total(hand_key)
            if flags & IPPATSU:  # one go-around only: nothing won, the same hand without it
                state.fallback = self._draw_state(state.key - _FLAG_KEY[IPPATSU], hand_key, 0, 0, red_bytes,
                                                  flags & ~IPPATSU, let_go, reach, now)
            if now == 0 and table.ron:
                self.draw_ron[node] = self._ron(counts, reds, flags, let_go)
            if now == 0 and table.haitei and (table.ron or table.after_last == 0):
                self.draw_last[node] = self._ron(counts, reds, flags, let_go, tsumo=table.after_last == 0,
                                                 last_tile=True)
        # tegawari: the 14 tiles choose what to let go, the draw itself included
        keep_any = self.tegawari and reach + now < self.origin_shanten + self.extra and flags & RIICHI == 0
        kept_flags = flags & ~IPPATSU  # the discard states' flags: ippatsu lasts one draw
        base = state.key  # the discard states' key but for the tile drawn: without ippatsu, nothing let go
        if kept_flags != flags:
            base -= _FLAG_KEY[IPPATSU]
        if let_go:
            base -= _LET_GO_KEY[let_go]
        avail = self.avail
        origin = self.origin
        red_total = self.red_total
        fixed_reds = self.fixed_reds
        moves = self._draws_of(hand_key, now, every=keep_any)
        for i in range(0, len(moves), 2):
            kind = moves[i]
            child_shanten = moves[i + 1] - 1
            useful = child_shanten < now
            unseen = avail[kind] - hand_key[kind]
            suit = _five_index(kind)
            red = 0
            if suit >= 0:
                red = max(0, min(unseen, red_total[suit] - red_bytes[suit] - fixed_reds[suit]))
            if useful and now == 0:  # a win; a winning tile without a yaku is thrown back like any other
                counts[kind] += 1
                won = _changed(hand_key, kind, 1)
                if unseen - red > 0:
                    self._add_win(counts, won, reds, kind, unseen - red, -1, flags)
                if red > 0:
                    reds[suit] += 1
                    self._add_win(counts, won, reds, kind, red, suit, flags)
                    reds[suit] -= 1
                counts[kind] -= 1
                continue
            child_reach = reach + (1 if hand_key[kind] >= origin[kind] else 0)
            child_key = base + _KIND_KEY[kind]
            if unseen - red > 0:
                self._add_edge(unseen - red, self._discard_state(child_key, hand_key, kind, red_bytes, kept_flags,
                                                                 child_reach, child_shanten))
            if red > 0:
                self._add_edge(red, self._discard_state(child_key + _RED_KEY[suit], hand_key, kind,
                                                        _reds_changed(red_bytes, suit, 1), kept_flags, child_reach,
                                                        child_shanten))

    def _add_edge(self, weight: int, target: DiscardState) -> None:
        self.edge_weight.append(weight)
        self.moves.append(target)

    def _add_win(self, counts: list[int], concealed: bytes, reds: list[int], kind: int, weight: int,  # noqa: PLR0913
                 red_suit: int, flags: int) -> None:
        points = self._win_points(counts, concealed, reds, kind, red_suit, flags, tsumo=True)
        if points is not None:
            self.win_w.append(float(weight))
            self.win_p.append(points)

    def _win_points(self, counts: list[int], concealed: bytes, reds: list[int], kind: int,  # noqa: PLR0913
                    red_suit: int, flags: int, *, tsumo: bool, last_tile: bool = False) -> float | None:
        """The points of winning the 14 ``counts`` (``concealed``: the same as bytes) on ``kind`` (a red five
        where ``red_suit`` >= 0; on the wall's last tile where ``last_tile``), each win scored once; in the table
        model with the honba and sticks, and in riichi the player's own stick back."""
        key = concealed + bytes((reds[0], reds[1], reds[2], kind, red_suit + 1, flags, tsumo, last_tile))
        if key in self._wins:
            return self._wins[key]
        win = kind if red_suit < 0 else 34 + red_suit  # the tile's value: a red five's is 34 + its suit
        points = self.values.win_counts(counts, reds, win, riichi=flags & RIICHI != 0,
                                        ippatsu=flags & IPPATSU != 0, double=flags & DOUBLE != 0, tsumo=tsumo,
                                        last_tile=last_tile, counts_key=concealed)
        table = self.table
        if points is not None and table is not None:
            points += table.bonus + (table.riichi_cost if flags & RIICHI else 0.0)
        self._wins[key] = points
        return points

    def _ron(self, counts: list[int], reds: list[int], flags: int, let_go: int, *,  # noqa: PLR0913
             tsumo: bool = False, last_tile: bool = False) -> tuple[float, float]:
        """The waits of a tenpai hand that another seat's discard would win (none while furiten): their weight,
        and their points weighted; ``last_tile``: the wall's last discard (houtei) or, with ``tsumo``, the
        wall's last tile drawn (haitei, whatever the furiten)."""
        table = self.table
        assert table is not None
        held = bytes(counts)
        waits = [k for k, after in enumerate(self.after_draws(held)) if after < 0]
        if not tsumo and any(table.furiten[k] or let_go == k + 1 for k in waits):
            return (0.0, 0.0)
        weight = points = 0.0
        for kind in waits:
            unseen = self._unseen(counts, kind)
            if unseen <= 0:
                continue
            suit = _five_index(kind)
            red = 0
            if suit >= 0:
                red = max(0, min(unseen, self.red_total[suit] - reds[suit] - self.fixed_reds[suit]))
            counts[kind] += 1
            won = _changed(held, kind, 1)
            for w, red_suit in ((unseen - red, -1), (red, suit)):
                if w <= 0:
                    continue
                if red_suit >= 0:
                    reds[red_suit] += 1
                value = self._win_points(counts, won, reds, kind, red_suit, flags, tsumo=tsumo,
                                         last_tile=last_tile)
                if red_suit >= 0:
                    reds[red_suit] -= 1
                if value is not None:
                    weight += w
                    points += w * value
            counts[kind] -= 1
        return (weight, points)

    def _discards_of(self, hand: bytes, distance: int, now: int) -> bytes:
        """The allowed discards of the 14-tile ``hand`` (``distance`` tiles beyond the position's, of shanten
        ``now``, not complete): those that keep the shanten, and with shanten-down (while the graph's bound
        allows) those that raise it by one, as (kind, shanten after it + 1) pairs in the order of the kinds,
        worked out once a hand."""
        found = self._allowed.get(hand)
        if found is None:
            after = shanten_after_discards(hand, n_melds=self.n_melds)
            down = self.shanten_down and distance + now < self.origin_shanten + self.extra
            pairs: list[int] = []
            for kind in range(34):
                if hand[kind] and (after[kind] == now or (down and after[kind] == now + 1)):
                    pairs.append(kind)
                    pairs.append(after[kind] + 1)
            found = bytes(pairs)
            self._allowed[hand] = found
        return found

    def _expand_discard(self, state: DiscardState) -> None:
        """Each allowed discard of discard state ``state`` (one that keeps the shanten, or with shanten-down
        raises it by one), in the order of the kinds, a plain five before a red one: the draw states it may
        choose. A complete hand has none."""
        hand = state.hand
        red_bytes = state.reds
        flags = state.flags
        key = state.key
        distance = state.reach
        now = state.shanten
        if now < 0:
            return
        origin = self.origin
        allowed = self._discards_of(hand, distance, now)
        for i in range(0, len(allowed), 2):
            kind = allowed[i]
            left = allowed[i + 1] - 1
            child_key = key - _KIND_KEY[kind]
            reach = distance - (1 if hand[kind] > origin[kind] else 0)
            suit = _five_index(kind)
            if suit < 0 or hand[kind] > red_bytes[suit]:  # a plain one to let go
                self._choose(child_key, hand, -1, red_bytes, flags, kind, left, double=False, reach=reach,
                             targets=self.kids, paid=self.kid_paid)
            if suit >= 0 and red_bytes[suit] > 0:
                self._choose(child_key - _RED_KEY[suit], hand, -1, _reds_changed(red_bytes, suit, -1), flags,
                             kind, left, double=False, reach=reach, targets=self.kids, paid=self.kid_paid)

    def after_discard(self, counts: list[int], reds: list[int], flags: int, kind: int, after: int,
                      *, double: bool = False) -> list[tuple[int, float]]:
        """The draw states a discard of ``kind`` leading to 13 ``counts`` of shanten ``after`` may choose, each
        with its cost: a closed hand reaching tenpai declares riichi (in the peer model at once and free; in the
        table model at a cost, or stays dama where that is a choice; ``double`` a double riichi)."""
        targets: list[DrawState] = []
        paid: list[bool] = []
        hand = bytes(counts)
        red_bytes = _red_bytes(reds)
        self._choose(_key(hand, red_bytes, flags, 0), hand, 0, red_bytes, flags, kind, after, double=double,
                     reach=self.distance(counts), targets=targets, paid=paid)
        return [(target.index, self.cost(pays)) for target, pays in zip(targets, paid, strict=True)]

    def cost(self, paid: bool) -> float:
        """What a choice costs: the table's riichi stick where it is ``paid``, else nothing."""
        table = self.table
        return table.riichi_cost if paid and table is not None else 0.0

    def _choose(self, key: int, parent: bytes, step: int, reds: bytes, flags: int, kind: int,  # noqa: PLR0913
                after: int, *, double: bool, reach: int, targets: list[DrawState], paid: list[bool]) -> None:
        """Add to ``targets`` the draw states a discard of ``kind`` may choose, and to ``paid`` whether choosing
        each costs the riichi stick: ``key`` is that of the 13 counts it leaves (``parent``'s with ``step`` more
        of ``kind``), with the red fives ``reds``, the ``flags`` and nothing let go."""
        table = self.table
        if flags & RIICHI or not (self.closed and after == 0):
            let_go = kind + 1 if table is not None and after == 0 else 0  # furiten if it is a wait
            targets.append(self._draw_state(key + _LET_GO_KEY[let_go] if let_go else key, parent, kind, step, reds,
                                            flags, let_go, reach, after))
            paid.append(False)
            return
        if flags:  # the choices below set flags of their own (without riichi none is set: never met here)
            key -= _FLAG_KEY[flags]
        if table is None:
            targets.append(self._draw_state(key + _FLAG_KEY[RIICHI], parent, kind, step, reds, RIICHI, 0, reach,
                                            after))
            paid.append(False)
            return
        declared = RIICHI | (IPPATSU if table.ippatsu else 0) | (DOUBLE if double else 0)
        dama = key + _LET_GO_KEY[kind + 1]
        targets.append(self._draw_state(dama + _FLAG_KEY[declared], parent, kind, step, reds, declared, kind + 1,
                                        reach, after))
        paid.append(True)
        if table.riichi_choice:
            targets.append(self._draw_state(dama, parent, kind, step, reds, 0, kind + 1, reach, after))
            paid.append(False)

    def hand_of(self, counts: list[int], reds: list[int]) -> Hand:
        """The hand of concealed ``counts`` holding ``reds`` red fives per suit, with the melds."""
        return Hand.from_counts(counts, reds, self.melds)
