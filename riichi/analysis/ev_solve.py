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
    # The transitions (flat): draw state i's draws are edges start[i] .. start[i + 1] - 1.
    start = graph.draw_start
    target = graph.edge_target
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
    xt = [0.0] * n_discard
    xw = [0.0] * n_discard
    xe = [0.0] * n_discard
    # a riichi needs tiles left in the wall (the rules' minimum): none at the last turns
    riichi_until = table.riichi_until if table is not None and table.riichi_choice else last
    _best_of_discards(dt, dw, de, xt, xw, xe, kids_start, kids, costs, riichi=last <= riichi_until)
    size = last + 1
    out: list[TurnValues] = [([0.0] * size, [0.0] * size, [0.0] * size) for _ in range(len(watched) + len(also))]
    _record(out, watched, also, last, dt, dw, de, xt, xw, xe)
    hazard = table.others_win if table is not None else []
    # two sets of lists, the turn after and the turn being worked out, swapped each turn
    nt = [0.0] * n_draw
    nw = [0.0] * n_draw
    ne = [0.0] * n_draw
    for t in range(last - 1, first - 1, -1):
        left = graph.pool - t
        ends = hazard[min(t + 1, len(hazard) - 1)] if hazard else 0.0
        win_weight, win_points, totals = ((last_weight, last_points, last_totals) if t == last - 1
                                          else (graph.win_weight, graph.win_points, all_totals))
        for i in range(n_draw):
            fb = fallback[i]
            tn, wn, en = dt[fb], dw[fb], de[fb]
            ww = win_weight[i]
            gain_t = ww * (1.0 - tn)
            gain_w = ww * (1.0 - wn)
            gain_e = win_points[i] - ww * en
            if tegawari:
                total = ww
                for e in range(start[i], start[i + 1]):
                    to = target[e]
                    gt = xt[to] - tn
                    gw = xw[to] - wn
                    ge = xe[to] - en
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
                    gain_t += w * (xt[to] - tn)
                    gain_w += w * (xw[to] - wn)
                    gain_e += w * (xe[to] - en)
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
        dt, dw, de, nt, nw, ne = nt, nw, ne, dt, dw, de
        _best_of_discards(dt, dw, de, xt, xw, xe, kids_start, kids, costs, riichi=t <= riichi_until)
        _record(out, watched, also, t, dt, dw, de, xt, xw, xe)
    return out


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


def _record(out: list[TurnValues], watched: list[int], also: list[int], t: int,  # noqa: PLR0913
            dt: list[float], dw: list[float], de: list[float], xt: list[float], xw: list[float],
            xe: list[float]) -> None:
    for k, node in enumerate(watched):
        tv, wv, ev = out[k]
        tv[t] = dt[node]
        wv[t] = dw[node]
        ev[t] = de[node]
    for k, node in enumerate(also):
        tv, wv, ev = out[len(watched) + k]
        tv[t] = xt[node]
        wv[t] = xw[node]
        ev[t] = xe[node]


def _best_of_discards(dt: list[float], dw: list[float], de: list[float], xt: list[float],  # noqa: PLR0913
                      xw: list[float], xe: list[float], kids_start: list[int], kids: list[int],
                      costs: list[float], *, riichi: bool = True) -> None:
    """Each discard state's values: the best of the draw states its discards lead to, each value on its own
    (what a choice costs taken from its expected score); not ``riichi``: none of the riichi declarations (the
    choices that cost), too few tiles being left for one (each has its dama beside it)."""
    for j in range(len(xt)):
        first = True
        bt = bw = be = 0.0
        for e in range(kids_start[j], kids_start[j + 1]):
            if not riichi and costs[e] > 0.0:
                continue
            child = kids[e]
            x = dt[child]
            if x > bt:
                bt = x
            x = dw[child]
            if x > bw:
                bw = x
            x = de[child] - costs[e]
            if first or x > be:
                be = x
                first = False
        xt[j] = bt
        xw[j] = bw
        xe[j] = be


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
