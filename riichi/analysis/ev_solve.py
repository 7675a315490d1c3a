"""The dynamic program of the expected-value search: every state's values, from the last turn back to the first.

For a draw state at turn t (a 13-tile hand that has just let a tile go) with draws e of weight w_e:

    Y[t] = F[t+1] + sum_e w_e (x_e - F[t+1]) / D

where F is the state it stays in when the draw does not help (itself; in the table model the same hand
without ippatsu once the go-around is over), x_e the win's (1, 1, points) or the 14-tile hand's values at
t + 1, and D the tiles drawn from: S - t in the peer model, the state's unseen tiles in the table model
(never fewer than the draws that count, so that no chance passes 1). A tenpai state's T is 1. In the table
model the other seats let a tile go first: with r the chance that one of them is a wait the hand may win by
ron, and h the chance that another seat wins before the next draw, X[t] = r (1, 1, ron points) + (1 - r)
(h (tenpai now, 0, 0) + (1 - h) Y[t]); in the peer model X = Y. A discard state takes the best of
its discards at t, each of T, W and E on its own, a riichi's cost taken from E.

At the last turn a draw state's X is (tenpai now, r, r ron points), no draw following. Where the table model
knows the wall's end (``TableRules.haitei``), only the ``after_last`` seats that still draw let a tile go
then, the last of them the houtei (its wins scored with houtei, a hand with no other yaku won too); with none
of them, the player's own last draw (from the turn before) is the haitei, its wins scored so; and a riichi
(where it is a choice) is declared by turn ``riichi_until`` only, the wall then too short for one.
"""

from __future__ import annotations

from typing import TypeVar

from riichi.analysis.ev_search import DiscardState, DrawState, Graph, State, TurnValues
from riichi.errors import InconsistentSituationError

__all__ = ["solve"]

_S = TypeVar("_S", bound=State)


def _read(choice: DiscardState) -> State:
    """The state whose values stand for discard state ``choice``: itself, or the draw state it is the alias of."""
    alias = choice.alias
    return choice if alias is None else alias


def solve(graph: Graph, watched: list[int],  # noqa: C901, PLR0912, PLR0915 - one loop, by hand
          watched_discards: list[int] | None = None) -> list[TurnValues]:
    """Every state's values from the last turn back to the first; the per-turn values of the ``watched`` draw
    states, then of the ``watched_discards`` discard states (the others are kept for one turn only)."""
    also = watched_discards or []
    last, first = graph.last, graph.first
    table = graph.table
    tegawari = graph.tegawari
    uniform = table is not None and table.uniform
    # The states are the graph's own objects, each holding its values at one turn; the draw states' also what
    # the turns read of them (their wins' weight and points, the weight of their kept draws, ...), summed once
    # here from the graph's flat lists.
    draws = graph.draws
    # A discard state with a single choice, free, is its draw state's alias (about two fifths of them in a wide
    # search): the draws leading to it read the draw state's values, and it is never worked out on its own.
    # A discard state's choices are kids[k] (paid[k]: costing the riichi stick) for k in its start .. end - 1.
    kids = graph.kids
    paid = graph.kid_paid
    riichi_cost = graph.cost(True)  # what a choice that is paid costs (one that is not costs nothing)
    sticks_free = riichi_cost == 0.0
    solved: list[DiscardState] = []
    for choice in graph.discards:
        choice.t = choice.w = choice.e = 0.0
        e = choice.start
        end = choice.end
        choice.free = sticks_free or not any(paid[k] for k in range(e, end))
        if end == e + 1 and choice.free:
            choice.alias = kids[e]
        else:
            choice.alias = None
            solved.append(choice)
    # The kept draws: a draw state's are edges start .. end - 1, each of weight weight[e] (copies) into state
    # moves[e] (a discard state, or the draw state it is the alias of); their weights summed in that order are
    # the state's total where every kept draw counts (no tegawari). Its wins are win_w[k], win_p[k] (weight,
    # points) for k in its win_start .. win_end - 1: their weights summed, and their points weighted summed, in
    # that order.
    # the weights as bytes (each a kind's unseen copies, at most the set's four): reading a byte, turn after
    # turn, makes and checks no object, where a list's int is an object to fetch, check and unbox each time
    weight = bytes(graph.edge_weight)
    moves: list[State] = [_read(choice) for choice in graph.moves]
    win_w = graph.win_w
    win_p = graph.win_p
    for node in draws:
        moved = 0.0
        for e in range(node.start, node.end):
            moved += float(weight[e])
        won = 0.0
        won_points = 0.0
        for k in range(node.win_start, node.win_end):
            w = win_w[k]
            won += w
            won_points += w * win_p[k]
        node.win_weight = won
        node.win_points = won_points
        node.total = won + moved
        node.share = float(node.unseen)
        node.ron_chance = 0.0
        node.ron_points = 0.0
    others = 0 if table is None or not table.ron else table.players - 1
    if others:
        for i, (w, points) in graph.draw_ron.items():
            node = draws[i]
            if w > 0.0 and node.unseen > 0:
                node.ron_chance = 1.0 - (1.0 - table.ron_factor * w / node.unseen) ** others  # type: ignore[union-attr]
                node.ron_points = points / w
    # the draw of the last turn: the wall's last tile (haitei) where no other seat draws after it
    haitei_draw = table is not None and table.haitei and table.after_last == 0
    for node in draws:
        if haitei_draw:
            last_win = graph.draw_last.get(node.index)
            if last_win is not None:
                node.last_weight, node.last_points = last_win
            else:
                node.last_weight, node.last_points = 0.0, 0.0
            node.last_total = node.total - node.win_weight + node.last_weight
        else:
            node.last_weight, node.last_points, node.last_total = node.win_weight, node.win_points, node.total
    # values at the last turn
    for node in draws:
        node.t = 1.0 if node.tenpai else 0.0
        node.w = node.e = 0.0
    if table is not None and table.haitei:
        _after_the_last_draw(graph, draws)
    else:
        for node in draws:
            r = node.ron_chance
            if r > 0.0:
                node.w = r
                node.e = r * node.ron_points
    # A state whose hand holds d tiles beyond the position's is reached no sooner than d draws after the first
    # turn, and its values before then are read only by states not reached then either (each state reads states
    # holding at most one tile more, at the turn after): they are not worked out. The kita's replacement is
    # drawn within the turn: its discard states are read at the same turn, one tile sooner. The states are
    # grouped by that distance, each group in the graph's order.
    draw_groups = _by_reach(draws)
    discard_groups = _by_reach(solved)
    early = 1 if also else 0
    # a riichi needs tiles left in the wall (the rules' minimum): none at the last turns
    riichi_until = table.riichi_until if table is not None and table.riichi_choice else last
    _best_of_discards(discard_groups, kids, paid, riichi_cost, riichi=last <= riichi_until, horizon=last)
    turns = last + 1
    out: list[TurnValues] = [([0.0] * turns, [0.0] * turns, [0.0] * turns) for _ in range(len(watched) + len(also))]
    watched_states: list[State] = [draws[i] for i in watched] + [_read(graph.discards[j]) for j in also]
    _record(out, watched_states, last)
    hazard = table.others_win if table is not None else []
    for t in range(last - 1, first - 1, -1):
        horizon = t - first + early
        left = graph.pool - t
        share_left = float(left)
        ends = hazard[min(t + 1, len(hazard) - 1)] if hazard else 0.0
        at_last = t == last - 1
        reached = min(horizon + 1, len(draw_groups))
        for d in range(reached):
            for node in draw_groups[d]:
                fb = node.fallback
                if fb is None:
                    tn, wn, en = node.t, node.w, node.e
                else:
                    tn, wn, en = fb.t, fb.w, fb.e
                if at_last:
                    ww, points, total = node.last_weight, node.last_points, node.last_total
                else:
                    ww, points, total = node.win_weight, node.win_points, node.total
                gain_t = ww * (1.0 - tn)
                gain_w = ww * (1.0 - wn)
                gain_e = points - ww * en
                if tegawari:
                    total = ww
                    for e in range(node.start, node.end):
                        to = moves[e]
                        gt = to.t - tn
                        gw = to.w - wn
                        ge = to.e - en
                        if gt == 0.0 and gw == 0.0 and ge == 0.0:
                            continue  # a draw kept by tegawari that changes nothing is no event
                        w = float(weight[e])
                        total += w
                        gain_t += w * gt
                        gain_w += w * gw
                        gain_e += w * ge
                else:
                    for e in range(node.start, node.end):
                        to = moves[e]
                        w = float(weight[e])
                        gain_t += w * (to.t - tn)
                        gain_w += w * (to.w - wn)
                        gain_e += w * (to.e - en)
                share = node.share if uniform else share_left
                if total > share:
                    if not tegawari and not uniform:
                        _beyond_the_wall(graph, draws, horizon, t, left, at_last=at_last)
                    share = total  # more draws worth keeping than tiles left: the chances are shares of them
                yt = 1.0 if node.tenpai else tn + gain_t / share
                yw = wn + gain_w / share
                ye = en + gain_e / share
                if ends > 0.0:  # another seat wins first: the hand stays as it is, unwon
                    yt = ends * (1.0 if node.tenpai else 0.0) + (1.0 - ends) * yt
                    yw *= 1.0 - ends
                    ye *= 1.0 - ends
                r = node.ron_chance
                if r > 0.0:
                    yw = r + (1.0 - r) * yw
                    ye = r * node.ron_points + (1.0 - r) * ye
                node.nt = yt
                node.nw = yw
                node.ne = ye
        for d in range(reached):  # every draw state has read the turn after's values: this turn's replace them
            for node in draw_groups[d]:
                node.t = node.nt
                node.w = node.nw
                node.e = node.ne
        _best_of_discards(discard_groups, kids, paid, riichi_cost, riichi=t <= riichi_until, horizon=horizon)
        _record(out, watched_states, t)
    return out


def _by_reach(states: list[_S]) -> list[list[_S]]:
    """``states`` grouped by their reach (the tiles their hands hold beyond the position's; none below 0), each
    group in the order of the list."""
    groups: list[list[_S]] = []
    for state in states:
        d = max(state.reach, 0)
        while len(groups) <= d:
            groups.append([])
        groups[d].append(state)
    return groups


def _after_the_last_draw(graph: Graph, draws: list[DrawState]) -> None:
    """The draw states' win chance and expected points after the player's last draw, where the wall's end is
    modelled: the other seats that still draw each let a tile go, the last of them the houtei (none: the hand
    is over)."""
    table = graph.table
    assert table is not None
    discards = table.after_last
    if not table.ron or discards == 0:
        return
    factor = table.ron_factor
    for node in draws:
        unseen = node.unseen
        if unseen <= 0:
            continue
        w = points = w_last = points_last = 0.0
        ron = graph.draw_ron.get(node.index)
        if ron is not None:
            w, points = ron
        last = graph.draw_last.get(node.index)
        if last is not None:
            w_last, points_last = last
        c = 1.0 - (1.0 - factor * w / unseen) ** (discards - 1) if w > 0.0 else 0.0
        value = c * points / w if w > 0.0 else 0.0
        if w_last > 0.0:  # the houtei: whatever the other discards did not win
            q = factor * w_last / unseen
            c_last = (1.0 - c) * q
            c += c_last
            value += c_last * points_last / w_last
        node.w = c
        node.e = value


def _record(out: list[TurnValues], states: list[State], t: int) -> None:
    for k, state in enumerate(states):
        tv, wv, ev = out[k]
        tv[t] = state.t
        wv[t] = state.w
        ev[t] = state.e


def _best_of_discards(groups: list[list[DiscardState]], kids: list[DrawState],  # noqa: PLR0913
                      paid: list[bool], riichi_cost: float, *, riichi: bool, horizon: int) -> None:
    """The values of the discard states worked out on their own whose reach (their index in ``groups``) is within
    the ``horizon``: the best of the draw states their choices lead to (``kids``), each value on its own (the
    ``riichi_cost`` taken from the expected score of a choice that is ``paid``); not ``riichi``: none of the
    riichi declarations (the choices that cost), too few tiles being left for one (each has its dama beside
    it)."""
    for d in range(min(horizon + 1, len(groups))):
        for state in groups[d]:
            first = True
            bt = bw = be = 0.0
            free = state.free  # every choice free: no cost to read (x - 0.0 is x, to the bit)
            for k in range(state.start, state.end):
                cost = riichi_cost if not free and paid[k] else 0.0
                if not riichi and cost > 0.0:
                    continue
                child = kids[k]
                x = child.t
                if x > bt:
                    bt = x
                x = child.w
                if x > bw:
                    bw = x
                x = child.e - cost
                if first or x > be:
                    be = x
                    first = False
            state.t = bt
            state.w = bw
            state.e = be


def best_of(values: list[TurnValues], costs: list[float], riichi_until: int | None = None) -> TurnValues:
    """The best of several draw states' per-turn values (the choices of one discard), each value on its own;
    after turn ``riichi_until`` (None: none) only the choices that cost nothing (dama, not a riichi), where
    there is one."""
    size = len(values[0][0])
    tv = [0.0] * size
    wv = [0.0] * size
    ev = [0.0] * size
    every = list(range(len(values)))
    free = [k for k in every if costs[k] <= 0.0]
    for t in range(size):
        chosen = free if riichi_until is not None and t > riichi_until and free else every
        tv[t] = max([values[k][0][t] for k in chosen])
        wv[t] = max([values[k][1][t] for k in chosen])
        ev[t] = max([values[k][2][t] - costs[k] for k in chosen])
    return (tv, wv, ev)


def _beyond_the_wall(graph: Graph, draws: list[DrawState], horizon: int, t: int, left: int, *,
                     at_last: bool) -> None:
    """Raise for the first draw state (in the graph's order) reached by turn ``t`` whose draws worth keeping
    outnumber the ``left`` tiles (every kept draw counting: no tegawari)."""
    for node in draws:
        total = node.last_total if at_last else node.total
        if node.reach <= horizon and total > float(left):
            hand = graph.hand_of(list(node.hand), list(node.reds))
            raise InconsistentSituationError(
                f"turn {t} leaves {left} tiles to draw from (S = {graph.pool}), fewer than the {total:g} copies "
                f"that would help {hand}: the turns run beyond the wall")
