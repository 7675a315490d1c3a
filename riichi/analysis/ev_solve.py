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

from riichi.analysis.ev_search import Graph, TurnValues
from riichi.errors import InconsistentSituationError

__all__ = ["solve"]


def solve(graph: Graph, watched: list[int],  # noqa: C901, PLR0912, PLR0915 - one loop, by hand
          watched_discards: list[int] | None = None) -> list[TurnValues]:
    """Every state's values from the last turn back to the first; the per-turn values of the ``watched`` draw
    states, then of the ``watched_discards`` discard states (the others are kept for one turn only)."""
    also = watched_discards or []
    last, first = graph.last, graph.first
    n_draw, n_discard = len(graph.draw_keys), len(graph.discard_keys)
    table = graph.table
    tegawari = graph.tegawari
    # The values of one turn sit in one list, the draw states first, then the discard states (draw state i at
    # i, discard state j at n_draw + j); a discard state with a single choice, free, is its draw state's alias
    # (about two fifths of them in a wide search): its draws read the draw state's values, and it is never
    # worked out on its own.
    slot = _discard_slots(graph, n_draw)
    solved_discards = [j for j in range(n_discard) if slot[j] == n_draw + j]
    # A state whose hand holds d tiles beyond the position's is reached no sooner than d draws after the first
    # turn, and its values before then are read only by states not reached then either (each state reads states
    # holding at most one tile more, at the turn after): they are not worked out. The kita's replacement is
    # drawn within the turn: its discard states are read at the same turn, one tile sooner.
    draw_reach = graph.draw_reach
    discard_reach = graph.discard_reach
    early = 1 if also else 0
    # The transitions (flat): draw state i's draws are edges start[i] .. start[i + 1] - 1, each into the slot of
    # its discard state.
    start = graph.draw_start
    target = [slot[j] for j in graph.edge_target]
    weight = graph.edge_weight
    win_weight = graph.win_weight  # the wins of a state: their weight, and their points weighted
    win_points = graph.win_points
    totals = [0.0] * n_draw
    for i in range(n_draw):
        moved = 0.0
        for e in range(start[i], start[i + 1]):
            moved += weight[e]
        totals[i] = win_weight[i] + moved
    all_totals = totals
    kids_start = graph.discard_start
    kids = graph.kid_target
    costs = graph.kid_cost
    tenpai = graph.draw_tenpai
    fallback = graph.draw_fallback
    others = 0 if table is None or not table.ron else table.players - 1
    uniform = table is not None and table.uniform
    unseen = graph.draw_unseen
    ron_chance = [0.0] * n_draw
    ron_points = [0.0] * n_draw
    if others:
        for i in range(n_draw):
            w, points = graph.draw_ron[i]
            if w > 0.0 and unseen[i] > 0:
                ron_chance[i] = 1.0 - (1.0 - table.ron_factor * w / unseen[i]) ** others  # type: ignore[union-attr]
                ron_points[i] = points / w
    # values at the turn being worked out (draw states) and at the one after it
    dt = [1.0 if tenpai[i] else 0.0 for i in range(n_draw)]
    dw = [0.0] * n_draw
    de = [0.0] * n_draw
    if table is not None and table.haitei:
        _after_the_last_draw(graph, dw, de)
    else:
        for i in range(n_draw):
            r = ron_chance[i]
            if r > 0.0:
                dw[i] = r
                de[i] = r * ron_points[i]
    # the draw of the last turn: the wall's last tile (haitei) where no other seat draws after it
    haitei_draw = table is not None and table.haitei and table.after_last == 0
    last_weight = [w for w, _ in graph.draw_last] if haitei_draw else win_weight
    last_points = [p for _, p in graph.draw_last] if haitei_draw else win_points
    last_totals = [totals[i] - win_weight[i] + last_weight[i] for i in range(n_draw)] if haitei_draw else totals
    # the values at the turn after (v*) and at the turn being worked out (n*), swapped each turn
    size = n_draw + n_discard
    vt = dt + [0.0] * n_discard
    vw = dw + [0.0] * n_discard
    ve = de + [0.0] * n_discard
    # a riichi needs tiles left in the wall (the rules' minimum): none at the last turns
    riichi_until = table.riichi_until if table is not None and table.riichi_choice else last
    _best_of_discards(vt, vw, ve, n_draw, solved_discards, kids_start, kids, costs, riichi=last <= riichi_until,
                      reach=discard_reach, horizon=last)
    turns = last + 1
    out: list[TurnValues] = [([0.0] * turns, [0.0] * turns, [0.0] * turns) for _ in range(len(watched) + len(also))]
    watched_slots = watched + [slot[j] for j in also]
    _record(out, watched_slots, last, vt, vw, ve)
    hazard = table.others_win if table is not None else []
    nt = [0.0] * size
    nw = [0.0] * size
    ne = [0.0] * size
    for t in range(last - 1, first - 1, -1):
        horizon = t - first + early
        left = graph.pool - t
        ends = hazard[min(t + 1, len(hazard) - 1)] if hazard else 0.0
        win_weight, win_points, totals = ((last_weight, last_points, last_totals) if t == last - 1
                                          else (graph.win_weight, graph.win_points, all_totals))
        for i in range(n_draw):
            if draw_reach[i] > horizon:
                continue  # not reached by turn t
            fb = fallback[i]
            tn, wn, en = vt[fb], vw[fb], ve[fb]
            ww = win_weight[i]
            gain_t = ww * (1.0 - tn)
            gain_w = ww * (1.0 - wn)
            gain_e = win_points[i] - ww * en
            if tegawari:
                total = ww
                for e in range(start[i], start[i + 1]):
                    to = target[e]
                    gt = vt[to] - tn
                    gw = vw[to] - wn
                    ge = ve[to] - en
                    if gt == 0.0 and gw == 0.0 and ge == 0.0:
                        continue  # a draw kept by tegawari that changes nothing is no event
                    w = weight[e]
                    total += w
                    gain_t += w * gt
                    gain_w += w * gw
                    gain_e += w * ge
            else:
                total = totals[i]
                for e in range(start[i], start[i + 1]):
                    to = target[e]
                    w = weight[e]
                    gain_t += w * (vt[to] - tn)
                    gain_w += w * (vw[to] - wn)
                    gain_e += w * (ve[to] - en)
            share = float(unseen[i]) if uniform else float(left)
            if total > share:
                if not tegawari and not uniform:
                    _beyond_the_wall(graph, i, t, left, total)
                share = total  # more draws worth keeping than tiles left: the chances are shares of them
            yt = 1.0 if tenpai[i] else tn + gain_t / share
            yw = wn + gain_w / share
            ye = en + gain_e / share
            if ends > 0.0:  # another seat wins first: the hand stays as it is, unwon
                yt = ends * (1.0 if tenpai[i] else 0.0) + (1.0 - ends) * yt
                yw *= 1.0 - ends
                ye *= 1.0 - ends
            r = ron_chance[i]
            if r > 0.0:
                yw = r + (1.0 - r) * yw
                ye = r * ron_points[i] + (1.0 - r) * ye
            nt[i] = yt
            nw[i] = yw
            ne[i] = ye
        vt, vw, ve, nt, nw, ne = nt, nw, ne, vt, vw, ve
        _best_of_discards(vt, vw, ve, n_draw, solved_discards, kids_start, kids, costs, riichi=t <= riichi_until,
                          reach=discard_reach, horizon=horizon)
        _record(out, watched_slots, t, vt, vw, ve)
    return out


def _discard_slots(graph: Graph, n_draw: int) -> list[int]:
    """Where each discard state's values sit in a turn's list: its own slot (n_draw + j), or, for a state with a
    single free choice, the slot of the draw state it leads to."""
    kids_start = graph.discard_start
    kids = graph.kid_target
    costs = graph.kid_cost
    slot = [0] * len(graph.discard_keys)
    for j in range(len(slot)):
        e = kids_start[j]
        if kids_start[j + 1] == e + 1 and costs[e] == 0.0:
            slot[j] = kids[e]
        else:
            slot[j] = n_draw + j
    return slot


def _after_the_last_draw(graph: Graph, dw: list[float], de: list[float]) -> None:
    """The draw states' win chance and expected points after the player's last draw, where the wall's end is
    modelled: the other seats that still draw each let a tile go, the last of them the houtei (none: the hand
    is over)."""
    table = graph.table
    assert table is not None
    discards = table.after_last
    if not table.ron or discards == 0:
        return
    unseen = graph.draw_unseen
    factor = table.ron_factor
    for i in range(len(dw)):
        if unseen[i] <= 0:
            continue
        w, points = graph.draw_ron[i]
        c = 1.0 - (1.0 - factor * w / unseen[i]) ** (discards - 1) if w > 0.0 else 0.0
        value = c * points / w if w > 0.0 else 0.0
        w_last, points_last = graph.draw_last[i]
        if w_last > 0.0:  # the houtei: whatever the other discards did not win
            q = factor * w_last / unseen[i]
            c_last = (1.0 - c) * q
            c += c_last
            value += c_last * points_last / w_last
        dw[i] = c
        de[i] = value


def _record(out: list[TurnValues], slots: list[int], t: int, vt: list[float], vw: list[float],
            ve: list[float]) -> None:
    for k, at in enumerate(slots):
        tv, wv, ev = out[k]
        tv[t] = vt[at]
        wv[t] = vw[at]
        ev[t] = ve[at]


def _best_of_discards(vt: list[float], vw: list[float], ve: list[float], n_draw: int,  # noqa: PLR0913
                      discards: list[int], kids_start: list[int], kids: list[int], costs: list[float], *,
                      riichi: bool, reach: list[int], horizon: int) -> None:
    """The values of the ``discards`` (in their slots after the ``n_draw`` draw states) whose ``reach`` is within
    the ``horizon``: the best of the draw states their discards lead to, each value on its own (what a choice
    costs taken from its expected score); not ``riichi``: none of the riichi declarations (the choices that
    cost), too few tiles being left for one (each has its dama beside it)."""
    for j in discards:
        if reach[j] > horizon:
            continue
        first = True
        bt = bw = be = 0.0
        for e in range(kids_start[j], kids_start[j + 1]):
            if not riichi and costs[e] > 0.0:
                continue
            child = kids[e]
            x = vt[child]
            if x > bt:
                bt = x
            x = vw[child]
            if x > bw:
                bw = x
            x = ve[child] - costs[e]
            if first or x > be:
                be = x
                first = False
        at = n_draw + j
        vt[at] = bt
        vw[at] = bw
        ve[at] = be


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


def _beyond_the_wall(graph: Graph, node: int, t: int, left: int, total: float) -> None:
    key = graph.draw_keys[node]
    hand = graph.hand_of(list(key[:34]), list(key[34:37]))
    raise InconsistentSituationError(
        f"turn {t} leaves {left} tiles to draw from (S = {graph.pool}), fewer than the {total:g} copies that "
        f"would help {hand}: the turns run beyond the wall")
