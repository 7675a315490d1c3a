"""Expected values: for each discard, the chance of tenpai, the chance of winning and the expected score, turn by
turn, by an exact dynamic program over the hand's exchanges (docs/analysis.md, "Expected values").

The ``peer`` model is the single-player, tsumo-only model of the published calculators, defined exactly in the
project's expected-value contract: each turn the player draws one of the unseen tiles, keeps it if it lowers the
shanten and otherwise throws it back; a closed hand that reaches tenpai declares riichi; every win is scored by
:func:`riichi.scoring.scorer.score`. A tenpai hand one draw from the end wins exactly when it draws a wait:

>>> r = expected_values("234678m34599p67s1z", seat_wind="S", dora="4m", visible="4m",
...                     options=EvOptions(model=EvModel.PEER, first_turn=17))
>>> best = r.discards[0]
>>> str(best.tile), best.win[0] == 8 / 104, round(best.value[0], 4)
('1z', True, 310.2114)

:func:`expected_values` returns an :class:`EvResult`: the discards best first (by expected score at the
first turn), each a :class:`DiscardEv` with its per-turn tuples ``tenpai``, ``win`` and ``value``
(index 0 is ``first_turn``). A search larger than its budget (``EvOptions.max_states``, ``max_seconds``)
raises :class:`~riichi.errors.TooComplexError`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

from riichi.analysis.ev_kita import kita_values
from riichi.analysis.ev_search import RIICHI, Graph, SearchLimits, TableRules, TurnValues
from riichi.analysis.ev_solve import best_of, solve
from riichi.analysis.ev_value import WinValues
from riichi.errors import ImpossibleTilesError, InconsistentSituationError, InvalidCaseError
from riichi.frozen import Frozen
from riichi.hand import Hand
from riichi.notation import parse_tiles
from riichi.rules import TENHOU, RuleSet, resolve_rules
from riichi.shapes.shanten import hand_counts, shanten
from riichi.tiles import KIND_OF, Tile, Wind, kind_name

__all__ = ["DEFAULT_MODEL", "OTHERS_WIN", "PEER_LAST_TURN", "DiscardEv", "EvModel", "EvOptions", "EvResult",
           "expected_values", "seat_last_turn"]

#: The suit index of a red five's kind (5m, 5p, 5s).
_RED_SUIT: Final = {4: 0, 13: 1, 22: 2}
_NORTH: Final = Tile.parse("4z")
#: The chance that a four-player hand still running ends by another seat's win before a seat's draw of turn
#: 0, 1, 2, ... 18 (the last for later turns): in the repository's 175 Tenhou games (1,810 hands, 7,206 seat
#: hands), the seats whose hand another seat won at that turn over the seats still drawing then.
OTHERS_WIN: Final[tuple[float, ...]] = (0.0, 0.0008, 0.0017, 0.0038, 0.0094, 0.0216, 0.0339, 0.0464, 0.0684,
                                        0.0868, 0.0971, 0.1025, 0.1161, 0.1352, 0.1326, 0.1246, 0.1443, 0.1239,
                                        0.0853)
#: A riichi's deposit, and what each honba adds from each paying seat.
_RIICHI_COST: Final = 1000.0
_HONBA: Final = 100
#: The dead wall's tiles: the live wall is the rest of the set less the 13 tiles dealt to each seat.
_DEAD_WALL: Final = 14
#: The peer model's last turn unless one is asked for (EV.md's default).
PEER_LAST_TURN: Final = 18
#: The default budget: the states a 3-shanten hand needs with room to spare, a few hundred MB at most.
DEFAULT_MAX_STATES: Final = 400_000


class EvModel(enum.Enum):
    """Which model the values are computed under."""

    #: The single-player, tsumo-only model of the published calculators, exactly as the contract defines it.
    PEER = "peer"
    #: The project's own model of a seat at a real table (docs/analysis.md): ron on the other seats' discards
    #: (furiten kept), draws as shares of the unseen tiles for as many turns as the wall leaves, riichi or dama
    #: as a choice at a cost, ippatsu and double riichi, haitei and houtei at the wall's end, honba and sticks.
    TABLE = "table"


#: The model the command line, the JSON and :class:`EvOptions` use unless told otherwise.
DEFAULT_MODEL: Final = EvModel.TABLE


@dataclass(frozen=True, slots=True)
class EvOptions(Frozen):
    """How the values are computed: the model, the turns, the draw pool and the budget.

    ``pool`` is the S of the recurrence (the tiles the draws come from at turn 0); by default the tiles of
    the set neither in the hand nor visible. ``max_states`` and ``max_seconds`` bound the search (None: no
    bound of that kind); past either it raises :class:`~riichi.errors.TooComplexError`. ``tegawari`` and
    ``shanten_down`` widen the search as the published calculators' options do, each only while the tiles
    kept since the position plus the shanten stay below the position's shanten plus one.
    """

    model: EvModel = DEFAULT_MODEL
    first_turn: int = 1
    #: None: 18 in the peer model (as the contract has it); in the table model the seat's last draw of the
    #: rules' whole wall played without calls (:func:`seat_last_turn`), or the live wall's if it is known.
    last_turn: int | None = None
    pool: int | None = None
    max_states: int | None = DEFAULT_MAX_STATES
    max_seconds: float | None = None
    #: Keep a draw that does not lower the shanten, letting another tile go (手変わり); off in the contract's
    #: peer model.
    tegawari: bool = False
    #: Let a discard raise the shanten by one (向聴戻し); off in the contract's peer model.
    shanten_down: bool = False
    #: The table model's switches (each on by default; the peer model has none of them): ron on the other
    #: seats' discards, riichi or dama as a choice (else riichi at once, at its cost), ippatsu, and draws as
    #: shares of the unseen tiles (else of S - t, as in the peer model).
    ron: bool = True
    riichi_choice: bool = True
    ippatsu: bool = True
    uniform_draws: bool = True
    #: The chance that another seat lets a wait go, against a random unseen tile (other players see danger and
    #: fold; 0.5 is a round number: fitted on half the repository's games the factor is 0.40, not clearly better
    #: than 0.5 on the other half: scripts/ev_calibration.py --fit-ron-factor, docs/analysis.md).
    ron_factor: float = 0.5
    #: The hand may end by another seat's win, turn by turn as often as in the repository's Tenhou games.
    others_win: bool = True
    #: The last turn ends the live wall: a tsumo on its last tile is haitei, a ron on its last discard houtei
    #: (one han more each, and a yaku for a hand that has none), and after the player's last draw only the
    #: seats that still draw let a tile go (docs/analysis.md, "The table model").
    haitei: bool = True


@dataclass(frozen=True, slots=True)
class DiscardEv(Frozen):
    """One discard (``tile`` None: the 13-tile hand as it is; ``kita``: the North set aside) with, for each turn
    from the first, the probability of tenpai by the last turn, of winning by the last turn, and the expected
    points of the win (0 without one); and, where the scores at the table are known, its placement value."""

    tile: Tile | None
    shanten: int
    tenpai: tuple[float, ...]
    win: tuple[float, ...]
    value: tuple[float, ...]
    kita: bool = False
    #: Turn by turn, the player's expected final points (thousands, uma and oka in) over the hand's outcomes,
    #: where the scores at the table are known (:func:`riichi.game.placement.with_placement`); else empty.
    placement: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class EvResult(Frozen):
    """The values of every discard the model considers, best first (expected score at the first turn, then the
    win and tenpai probabilities; with the placement value, by it: :func:`riichi.game.placement.with_placement`);
    ``unseen`` is the pool S the draws came from."""

    model: EvModel
    first_turn: int
    last_turn: int
    unseen: int
    discards: tuple[DiscardEv, ...]

    @property
    def best(self) -> DiscardEv | None:
        """The first discard, or None when the model considers none (a complete hand)."""
        return self.discards[0] if self.discards else None

    def _repr_html_(self) -> str:
        """Notebooks show the table of the calculator page and the win chance turn by turn."""
        from riichi.analysis.views import ev_html  # noqa: PLC0415 - pictures only when a notebook asks

        return ev_html(self)

    def find(self, tile: Tile | str, *, kita: bool = False) -> DiscardEv:
        """The entry of discarding ``tile`` (a red five is its own entry); KeyError if the model has none."""
        if isinstance(tile, str):
            tile = Tile.parse(tile)
        for d in self.discards:
            if d.tile is tile and d.kita == kita:
                return d
        raise KeyError(f"no entry for discarding {tile}: the model does not consider it")


def _tiles(value: Iterable[Tile] | str) -> tuple[Tile, ...]:
    return parse_tiles(value) if isinstance(value, str) else tuple(value)


def _wind(value: Wind | str) -> Wind:
    return Wind.parse(value) if isinstance(value, str) else value


def expected_values(hand: Hand | str, *, visible: Iterable[Tile] | str = (),  # noqa: PLR0913, C901, PLR0912, PLR0915
                    dora: Iterable[Tile] | str = (), seat_wind: Wind | str = Wind.EAST,
                    round_wind: Wind | str = Wind.EAST, riichi: bool = False, kita: int = 0,
                    rules: RuleSet | str = TENHOU, options: EvOptions | None = None, honba: int = 0,
                    riichi_sticks: int = 0, tiles_left: int | None = None,
                    discards: Iterable[Tile] | str = ()) -> EvResult:
    """The values of each discard of a 14-tile hand, or of a 13-tile hand as it is.

    ``visible`` lists the tiles seen outside the hand (the dora indicators too: they are counted only where
    listed); ``dora`` the indicators the wins are scored with; ``riichi`` a hand already in riichi; ``kita``
    the Norths already set aside (three-player rules). The table model also reads ``honba`` and
    ``riichi_sticks`` (added to every win), ``tiles_left`` (the live wall now: the player draws one tile in
    each round of the seats, so the last turn is ``first_turn + tiles_left // players``, and ``tiles_left %
    players`` other seats still draw after it, the last tile a haitei or houtei) and ``discards`` (the
    player's own: a wait among them is furiten). Without ``tiles_left`` the last turn is ``last_turn``, the
    seat's last draw of the rules' whole wall played without calls (``seat_wind`` says who draws the last
    tile).
    """
    opts = options if options is not None else EvOptions()
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    rule_set = resolve_rules(rules) if isinstance(rules, str) else rules
    seen_tiles = _tiles(visible) + (_NORTH,) * kita
    indicators = _tiles(dora)
    counts = hand_counts(hand)
    size = len(hand.concealed) + 3 * len(hand.melds)
    tile_set = rule_set.tiles
    copies = tile_set.copies
    fixed = [0] * 34
    fixed_reds = [0, 0, 0]
    held = [0] * 34
    for t in hand.tiles:
        held[KIND_OF[t]] += 1
    for t in seen_tiles + tuple(x for m in hand.melds for x in m.tiles):
        fixed[KIND_OF[t]] += 1
        if t.is_red:
            fixed_reds[_RED_SUIT[t.kind]] += 1
    for t in seen_tiles:  # the melds are already in held
        held[KIND_OF[t]] += 1
    for kind in range(34):
        if held[kind] > copies[kind]:
            where = "the hand and the visible tiles have" if held[kind] - fixed[kind] < held[kind] else "the hand has"
            raise ImpossibleTilesError(f"{where} {held[kind]} copies of {kind_name(kind)}; the set under "
                                       f"{rule_set.name} has {copies[kind]}")
    red_total = [0, 0, 0]
    for red in tile_set.reds:
        red_total[_RED_SUIT[red.kind]] += 1
    reds = [0, 0, 0]
    for t in hand.concealed:
        if t.is_red:
            reds[_RED_SUIT[t.kind]] += 1
    for suit in range(3):
        seen_red = reds[suit] + fixed_reds[suit]
        if seen_red > red_total[suit]:
            raise ImpossibleTilesError(f"{seen_red} red fives of {'mps'[suit]} are seen; the set under "
                                       f"{rule_set.name} has {red_total[suit]}")
    unseen = [copies[k] - held[k] for k in range(34)]
    pool = sum(unseen) if opts.pool is None else opts.pool
    table_model = opts.model is EvModel.TABLE
    if table_model and tiles_left is not None:
        if not 0 <= tiles_left <= tile_set.size:
            raise InvalidCaseError(f"tiles_left is the live wall's tiles, 0 to {tile_set.size}, not {tiles_left}")
        last = opts.first_turn + tiles_left // rule_set.players
    elif opts.last_turn is not None:
        last = opts.last_turn
    else:
        last = seat_last_turn(rule_set, _wind(seat_wind)) if table_model else PEER_LAST_TURN
    opts = replace(opts, last_turn=last)
    _check_turns(opts, last, size, pool)
    values = WinValues(hand, seat_wind=_wind(seat_wind), round_wind=_wind(round_wind), dora=indicators,
                       unseen=unseen, rules=rule_set, kita=kita)
    table = None
    furiten = [False] * 34
    bonus = float(honba * _HONBA * (rule_set.players - 1) + _RIICHI_COST * riichi_sticks)
    if table_model:
        for t in _tiles(discards):
            furiten[t.kind] = True
        after_last = _after_last(rule_set, _wind(seat_wind), tiles_left)
        table = _table_rules(rule_set, opts, last, furiten, bonus, after_last)
    riichi_until = table.riichi_until if table is not None and table.riichi_choice else None
    limits = SearchLimits(opts.max_states, opts.max_seconds)

    def make_graph(values: WinValues, fixed: list[int], table: TableRules | None) -> Graph:
        return Graph(melds=hand.melds, fixed=fixed, fixed_reds=fixed_reds, red_total=red_total, copies=copies,
                     values=values, first=opts.first_turn, last=last, pool=pool, limits=limits,
                     origin=list(counts), tegawari=opts.tegawari, shanten_down=opts.shanten_down, table=table)

    graph = make_graph(values, fixed, table)
    closed = hand.is_closed
    n_melds = len(hand.melds)
    graph.origin_shanten = shanten(counts, n_melds=n_melds)
    now = shanten(counts, n_melds=n_melds)
    entries: list[tuple[Tile | None, int, list[tuple[int, float]]]] = []  # (discard, shanten after it, choices)
    start = RIICHI if riichi else 0
    if size == 13:  # noqa: PLR2004
        if table is None and closed and now == 0:
            start = RIICHI  # in the peer model a closed tenpai hand is in riichi
        entries.append((None, now, [(graph.draw_state(counts, reds, start), 0.0)]))
    else:
        # a double riichi: the first discard of a closed hand without a call (nobody's, the model assumes)
        double = table is not None and opts.first_turn == 1 and not hand.melds
        for tile in sorted(set(hand.concealed), key=lambda t: (t.kind, t.is_red)):  # red and plain fives apart
            counts[tile.kind] -= 1
            after = shanten(counts, n_melds=n_melds)
            if after == now or (opts.shanten_down and after == now + 1):
                if tile.is_red:
                    reds[_RED_SUIT[tile.kind]] -= 1
                entries.append((tile, after, graph.after_discard(counts, reds, start, tile.kind, after,
                                                                 double=double)))
                if tile.is_red:
                    reds[_RED_SUIT[tile.kind]] += 1
            counts[tile.kind] += 1
    graph.build()
    watched = [node for _, _, choices in entries for node, _ in choices]
    solved = dict(zip(watched, solve(graph, watched), strict=True))
    rows = [_row(tile, after, best_of([solved[node] for node, _ in choices], [cost for _, cost in choices],
                                      riichi_until), opts.first_turn, last)
            for tile, after, choices in entries]
    if size == 14 and rule_set.scoring.nukidora and counts[_NORTH.kind]:  # noqa: PLR2004 - set a North aside
        counts[_NORTH.kind] -= 1
        after = shanten(counts, n_melds=n_melds)
        if after == now or (opts.shanten_down and after == now + 1):
            aside = list(fixed)
            aside[_NORTH.kind] += 1
            unseen_after = list(unseen)
            unseen_after[_NORTH.kind] -= 1  # the North set aside is seen, not unseen, when the ura are drawn
            kita_table = table
            if table is not None and table.haitei and table.after_last > 0:
                # the dead wall takes the live wall's last tile for the replacement: one seat fewer draws
                # after the player's last draw (with none, the player's last draw would go: not followed)
                kita_table = _table_rules(rule_set, opts, last, furiten, bonus, table.after_last - 1)
            kita_graph = make_graph(WinValues(hand, seat_wind=_wind(seat_wind), round_wind=_wind(round_wind),
                                              dora=indicators, unseen=unseen_after, rules=rule_set, kita=kita + 1),
                                    aside, kita_table)
            kita_graph.origin_shanten = graph.origin_shanten
            # the replacement is drawn by the 13 tiles as they are (in the peer model a closed tenpai hand is
            # in riichi already); one that does not help is let go as any discard is (riichi or dama)
            drawing = RIICHI if table is None and closed and after == 0 else start
            node = kita_graph.draw_state(counts, reds, drawing)
            stays = kita_graph.after_discard(counts, reds, start, _NORTH.kind, after)
            found = _row(_NORTH, after, kita_values(kita_graph, node, stays), opts.first_turn, last)
            rows.append(DiscardEv(found.tile, found.shanten, found.tenpai, found.win, found.value, kita=True))
        counts[_NORTH.kind] += 1
    rows.sort(key=lambda d: (-d.value[0], -d.win[0], -d.tenpai[0], 99 if d.tile is None else d.tile.kind,
                             d.tile is not None and not d.tile.is_red, not d.kita))
    return EvResult(opts.model, opts.first_turn, last, pool, tuple(rows))


def seat_last_turn(rules: RuleSet, seat: Wind) -> int:
    """The seat's draws in a hand that plays the rules' whole live wall without calls or kans, East drawing
    first: with four players 70 draws, 18 each for East and South and 17 for West and North; with three
    players 55, 19 for East and 18 for South and West.

    >>> from riichi.rules import TENHOU_SANMA
    >>> [seat_last_turn(TENHOU, w) for w in Wind], [seat_last_turn(TENHOU_SANMA, w) for w in Wind][:3]
    ([18, 18, 17, 17], [19, 18, 18])
    """
    players = rules.players
    return (_live_draws(rules) - int(seat) + players - 1) // players


def _live_draws(rules: RuleSet) -> int:
    """The draws of the rules' whole live wall: the set less the dead wall and the deal."""
    return rules.tiles.size - _DEAD_WALL - 13 * rules.players


def _after_last(rules: RuleSet, seat: Wind, tiles_left: int | None) -> int:
    """How many other seats still draw after the player's last draw: the live wall ``tiles_left`` now (right
    after the player's draw) less the player's draws left, one in each round of the seats; without it, as a
    hand without calls plays the rules' whole wall (70 draws with four players, East's first): East draws its
    last tile with one draw left after it, South the last tile, West with three left, North with two; with
    three players (55 draws), East the last tile, South with two left, West with one.

    >>> from riichi.rules import TENHOU_SANMA
    >>> [_after_last(TENHOU, w, None) for w in Wind], [_after_last(TENHOU_SANMA, w, None) for w in Wind][:3]
    ([1, 0, 3, 2], [0, 2, 1])
    >>> _after_last(TENHOU, Wind.EAST, 9), _after_last(TENHOU, Wind.EAST, 8)
    (1, 0)
    """
    players = rules.players
    if tiles_left is not None:
        return tiles_left % players
    return (_live_draws(rules) - int(seat) - 1) % players


def _table_rules(rules: RuleSet, opts: EvOptions, last: int, furiten: list[bool], bonus: float,  # noqa: PLR0913
                 after_last: int) -> TableRules:
    """The table model's rules of the search to turn ``last``, ``after_last`` other seats drawing after the
    player's last draw."""
    until = _riichi_until(rules, last, after_last) if opts.haitei else last
    return TableRules(players=rules.players, ron=opts.ron, uniform=opts.uniform_draws,
                      riichi_choice=opts.riichi_choice, riichi_cost=_RIICHI_COST, ippatsu=opts.ippatsu,
                      furiten=furiten, bonus=bonus, ron_factor=opts.ron_factor,
                      others_win=list(OTHERS_WIN) if opts.others_win else [], haitei=opts.haitei,
                      after_last=after_last, riichi_until=until)


def _riichi_until(rules: RuleSet, last: int, after_last: int) -> int:
    """The last turn a riichi may be declared: right after the player's draw of turn t the live wall holds
    ``after_last + players * (last - t)`` tiles, at least the rules' fewest for a riichi.

    >>> _riichi_until(TENHOU, 18, 0), _riichi_until(TENHOU, 18, 3), _riichi_until(resolve_rules("mleague"), 18, 0)
    (17, 17, 18)
    """
    fewest = rules.game.riichi_min_wall_tiles
    if fewest is None or after_last >= fewest:
        return last
    players = rules.players
    return last - (fewest - after_last + players - 1) // players


def _row(tile: Tile | None, after: int, values: TurnValues, first: int, last: int) -> DiscardEv:
    tv, wv, ev = values
    return DiscardEv(tile, after, tuple(tv[first:last + 1]), tuple(wv[first:last + 1]), tuple(ev[first:last + 1]))


def _check_turns(opts: EvOptions, last: int, size: int, pool: int) -> None:
    first = opts.first_turn
    if not isinstance(opts.model, EvModel):
        raise InvalidCaseError(f"unknown expected-value model {opts.model!r}")
    if first < (1 if size == 14 else 0) or last < first:  # noqa: PLR2004
        raise InvalidCaseError(f"the turns run from first_turn to last_turn, first_turn at least "
                               f"{1 if size == 14 else 0} (a 14-tile hand has drawn), not {first} to {last}")  # noqa: PLR2004
    if pool < 1 or last >= pool:
        raise InconsistentSituationError(f"last_turn {last} is beyond the wall: the draws come from {pool} unseen "
                                         f"tiles, so turn {pool - 1} is the last there can be")
    for name, budget in (("max_states", opts.max_states), ("max_seconds", opts.max_seconds)):
        if budget is not None and budget <= 0:
            raise InvalidCaseError(f"the budget {name} is above 0 (or None: no bound), not {budget}")
