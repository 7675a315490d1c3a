"""The kita of the expected-value search (three-player rules with nukidora): a North set aside, then a
replacement drawn at once.

Setting the North aside leaves the 13 other tiles (a draw state of its own, with one more North among the
dora and among the seen tiles); the replacement comes from the same tiles as any draw but within the same
turn, so the kita's value at turn t is

    V[t] = F[t] + sum_e w_e (x_e[t] - F[t]) / D

where F is the 13 tiles' draw state, e each replacement that helps (weight its unseen copies), x_e the win or
the 14-tile hand's values at the same turn t, and D the tiles drawn from at t (as for any draw of the model).
"""

from __future__ import annotations

from riichi.analysis.ev_search import Graph, TurnValues
from riichi.analysis.ev_solve import best_of, solve

__all__ = ["kita_values"]


def kita_values(graph: Graph, node: int, stays: list[tuple[int, float]]) -> TurnValues:
    """The per-turn values of setting the North aside into the draw state ``node`` of ``graph`` (built with the
    North set aside: one more kita in its win values, one more North seen), the replacement drawn at once from
    ``node``'s draws; a replacement that does not help is let go into the best of ``stays`` (draw states with
    what choosing each costs: riichi or dama, as for any discard)."""
    graph.build()
    moves = graph.moves_of(node)
    wins = graph.wins_of(node)
    targets = [to for _, to in moves]
    stay_nodes = [n for n, _ in stays]
    solved = solve(graph, stay_nodes + [node], targets)
    table = graph.table
    riichi_until = table.riichi_until if table is not None and table.riichi_choice else None
    base = best_of(solved[:len(stays)], [c for _, c in stays], riichi_until)
    solved = solved[len(stays):]
    size = len(base[0])
    tv, wv, ev = [0.0] * size, [0.0] * size, [0.0] * size
    tenpai = graph.draws[node].tenpai
    uniform = graph.table is not None and graph.table.uniform
    for t in range(graph.first, graph.last + 1):
        ft, fw, fe = base[0][t], base[1][t], base[2][t]
        gain_t = gain_w = gain_e = 0.0
        total = 0.0
        for w, points in wins:
            total += w
            gain_t += w * (1.0 - ft)
            gain_w += w * (1.0 - fw)
            gain_e += w * (points - fe)
        for (w, _), (xt, xw, xe) in zip(moves, solved[1:], strict=True):
            gt, gw, ge = xt[t] - ft, xw[t] - fw, xe[t] - fe
            if gt == 0.0 and gw == 0.0 and ge == 0.0:
                continue  # a replacement that changes nothing (tegawari's thrown back)
            total += w
            gain_t += w * gt
            gain_w += w * gw
            gain_e += w * ge
        share = float(graph.draws[node].unseen) if uniform else float(graph.pool - t)
        share = max(share, total, 1.0)
        tv[t] = 1.0 if tenpai else ft + gain_t / share
        wv[t] = fw + gain_w / share
        ev[t] = fe + gain_e / share
    return (tv, wv, ev)
