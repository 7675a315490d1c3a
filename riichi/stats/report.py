"""The report a person reads: the summary numbers as text (what ``riichi stats`` prints) and as a
self-contained HTML page, ``DIR/report.html`` (inline CSS and SVG plots: the page makes no request).

Every number comes from the project's views (:mod:`riichi.stats.db`), so the page, the printed summary and a
query of the views agree.
"""

from __future__ import annotations

import html
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import duckdb

__all__ = ["SummaryLine", "summary_lines", "write_report"]

_COLOURS: Final = ("#2a7f7f", "#d9822b", "#7a5195", "#c0392b", "#4a90d9")
#: The top yaku and players the page shows.
_TOP: Final = 20


@dataclass(frozen=True, slots=True)
class SummaryLine:
    """One line of the summary: a label and its value as text."""

    label: str
    value: str


def _rate(value: object) -> str:
    return "-" if value is None else f"{float(value):.3f}"  # type: ignore[arg-type]


def _count(value: object) -> str:
    return "-" if value is None else f"{round(float(value)):,}"  # type: ignore[arg-type]


def summary_lines(con: duckdb.DuckDBPyConnection) -> list[SummaryLine]:
    """The main numbers of the tables (the ``summary`` view) as labelled text."""
    row = con.execute("SELECT games, partial_games, hands, win_rate, deal_in_rate, riichi_rate, call_rate, "
                      "draw_rate, wins, average_win, failures FROM summary").fetchone()
    assert row is not None
    games, partial, hands, win, deal_in, riichi, call, draw, wins, average, failures = row
    return [
        SummaryLine("games", _count(games) + (f" (and {partial:,} stopped early)" if partial else "")),
        SummaryLine("hands", _count(hands)),
        SummaryLine("win rate", _rate(win)),
        SummaryLine("deal-in rate", _rate(deal_in)),
        SummaryLine("riichi rate", _rate(riichi)),
        SummaryLine("call rate", _rate(call)),
        SummaryLine("draw rate", _rate(draw)),
        SummaryLine("wins", _count(wins)),
        SummaryLine("average win", _count(average)),
        SummaryLine("records not replayed to their end", _count(failures)),
    ]


# --- plots --------------------------------------------------------------------------------------------------

def _bars(title: str, categories: list[str], series: list[tuple[str, list[float]]], *, percent: bool = True,
          width: int = 720, height: int = 260) -> str:
    """Grouped vertical bars: one group a category, one bar a series; a legend when there are several."""
    left, right, top, bottom = 48, 12, 30, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    peak = max((v for _, values in series for v in values), default=0) or 1
    step = _nice_step(peak)
    ceiling = step * -(-peak // step)
    out = [_svg_open(title, width, height)]
    tick = 0.0
    while tick <= ceiling + 1e-9:
        y = top + plot_h - plot_h * tick / ceiling
        label = f"{tick:.0%}" if percent else f"{tick:,.0f}"
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>'
                   f'<text x="{left - 6}" y="{y + 4:.1f}" class="axis" text-anchor="end">{label}</text>')
        tick += step
    group = plot_w / max(len(categories), 1)
    bar = group * 0.8 / max(len(series), 1)
    for i, category in enumerate(categories):
        x0 = left + i * group + group * 0.1
        for j, (name, values) in enumerate(series):
            value = values[i]
            h = plot_h * value / ceiling
            shown = f"{value:.1%}" if percent else f"{value:,.0f}"
            out.append(f'<rect x="{x0 + j * bar:.1f}" y="{top + plot_h - h:.1f}" width="{max(bar - 1, 1):.1f}" '
                       f'height="{h:.1f}" fill="{_COLOURS[j % len(_COLOURS)]}">'
                       f'<title>{html.escape(category)} {html.escape(name)}: {shown}</title></rect>')
        out.append(f'<text x="{x0 + group * 0.4:.1f}" y="{height - bottom + 16}" class="axis" '
                   f'text-anchor="middle">{html.escape(category)}</text>')
    if len(series) > 1:
        x = left
        for j, (name, _) in enumerate(series):
            out.append(f'<rect x="{x}" y="8" width="12" height="12" fill="{_COLOURS[j % len(_COLOURS)]}"/>'
                       f'<text x="{x + 16}" y="18" class="legend">{html.escape(name)}</text>')
            x += 24 + 8 * len(name)
    out.append("</svg>")
    return "".join(out)


def _hbars(title: str, labels: list[str], values: list[float], *, width: int = 720) -> str:
    """Horizontal bars with their value (shares as percentages), one a label."""
    row, left, right = 20, 150, 60
    height = row * len(labels) + 10
    peak = max(values, default=0) or 1
    out = [_svg_open(title, width, height)]
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        y = 5 + i * row
        w = (width - left - right) * value / peak
        out.append(f'<text x="{left - 6}" y="{y + 14}" class="axis" text-anchor="end">{html.escape(label)}</text>'
                   f'<rect x="{left}" y="{y + 3}" width="{w:.1f}" height="{row - 6}" fill="{_COLOURS[0]}"/>'
                   f'<text x="{left + w + 4:.1f}" y="{y + 14}" class="axis">{value:.1%}</text>')
    out.append("</svg>")
    return "".join(out)


def _svg_open(title: str, width: int, height: int) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{html.escape(title)}"><title>{html.escape(title)}</title>')


def _nice_step(peak: float) -> float:
    """A round step for about four to eight grid lines up to ``peak``."""
    step = 10.0 ** (len(str(int(peak))) - 1) if peak >= 1 else 0.01
    while peak / step > 8:
        step *= 2
    while peak / step < 4 and step > 0.01:
        step /= 2
    return step


# --- the page -----------------------------------------------------------------------------------------------

_CSS: Final = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2a2a; margin: 0;
       background: #f6f7f5; }
main { max-width: 780px; margin: 0 auto; padding: 24px 16px 48px; }
h1 { font-size: 24px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 28px 0 8px; }
p.meta { color: #5a6868; margin: 0 0 16px; }
section { background: #fff; border: 1px solid #dde3e0; border-radius: 8px; padding: 12px 16px; margin: 12px 0; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid #eef1ef; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
svg { width: 100%; height: auto; display: block; }
svg .grid { stroke: #e3e8e6; } svg .axis { font-size: 11px; fill: #4a5858; }
svg .legend { font-size: 12px; fill: #1d2a2a; }
"""


def _table(headers: list[str], rows: list[list[str]], numeric: set[int]) -> str:
    head = "".join(f'<th{" class=n" if i in numeric else ""}>{html.escape(h)}</th>' for i, h in enumerate(headers))
    body = "".join("<tr>" + "".join(f'<td{" class=n" if i in numeric else ""}>{html.escape(c)}</td>'
                                    for i, c in enumerate(row)) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def write_report(con: duckdb.DuckDBPyConnection, path: Path, *, title: str = "riichi stats") -> None:
    """Write the report page to ``path`` (whole or not at all: a temporary file renamed into place)."""
    lines = summary_lines(con)
    parts = [f"<h1>{html.escape(title)}</h1>",
             "<p class=meta>Every number is the engine's own, from the replay of each record.</p>",
             "<h2>Summary</h2><section>",
             _table(["", ""], [[line.label, line.value] for line in lines], {1}), "</section>"]

    rounds = con.execute("SELECT round, win_rate, deal_in_rate, riichi_rate, call_rate, draw_rate "
                         "FROM rates_by_round").fetchall()
    if rounds:
        parts += ["<h2>Rates by round</h2><section>", _bars(
            "Rates by round", [r[0] for r in rounds],
            [(name, [float(r[i] or 0) for r in rounds]) for i, name in
             enumerate(("win", "deal-in", "riichi", "call", "draw"), 1)]), "</section>"]
    seats = con.execute("SELECT seat, win_rate, deal_in_rate, riichi_rate, call_rate FROM rates_by_seat").fetchall()
    if seats:
        parts += ["<h2>Rates by seat (seat 0 deals first)</h2><section>", _bars(
            "Rates by seat", [f"seat {r[0]}" for r in seats],
            [(name, [float(r[i]) for r in seats]) for i, name in enumerate(("win", "deal-in", "riichi", "call"), 1)]),
            "</section>"]
    bands = con.execute("SELECT least(points // 1000, 24) AS band, count(*) FROM wins GROUP BY band "
                        "ORDER BY band").fetchall()
    if bands:
        counts = dict(bands)
        labels = [f"{b}k" if b < 24 else "24k+" for b in range(25)]
        parts += ["<h2>Points of a win (without honba and sticks), by thousand</h2><section>", _bars(
            "Wins by points", labels, [("wins", [float(counts.get(b, 0)) for b in range(25)])], percent=False),
            "</section>"]
    yaku = con.execute(f"SELECT name, share FROM yaku_frequency LIMIT {_TOP}").fetchall()
    if yaku:
        parts += [f"<h2>Yaku frequency (share of wins, top {len(yaku)})</h2><section>",
                  _hbars("Yaku frequency", [r[0] for r in yaku], [float(r[1]) for r in yaku]), "</section>"]
    places = con.execute("SELECT seat, place, share FROM placements_by_seat").fetchall()
    if places:
        seat_list = sorted({r[0] for r in places})
        place_list = sorted({r[1] for r in places})
        share = {(r[0], r[1]): float(r[2]) for r in places}
        parts += ["<h2>Placements by seat</h2><section>", _bars(
            "Placements by seat", [f"seat {s}" for s in seat_list],
            [(f"place {p}", [share.get((s, p), 0.0) for s in seat_list]) for p in place_list]), "</section>"]
    players = con.execute(f"SELECT name, games, hands, win_rate, deal_in_rate, riichi_rate, call_rate, average_win, "
                          f"average_place, average_points FROM player_stats WHERE games > 0 LIMIT {_TOP}").fetchall()
    if players:
        rows = [[str(p[0]), f"{p[1]:,}", f"{p[2]:,}", _rate(p[3]), _rate(p[4]), _rate(p[5]), _rate(p[6]),
                 _count(p[7]), "-" if p[8] is None else f"{p[8]:.2f}", "-" if p[9] is None else f"{p[9]:+.1f}"]
                for p in players]
        parts += [f"<h2>Players (the {len(players)} with the most games)</h2><section>",
                  _table(["name", "games", "hands", "win", "deal-in", "riichi", "call", "avg win", "avg place",
                          "avg points"], rows, set(range(1, 10))), "</section>"]
    page = ("<!doctype html><html lang=en><head><meta charset=utf-8>"
            "<meta name=viewport content='width=device-width, initial-scale=1'>"
            f"<title>{html.escape(title)}</title><style>{_CSS}</style></head><body><main>"
            + "".join(parts) + "</main></body></html>\n")
    # a new file of a name no one chose before (never through a link planted in the folder), renamed over the
    # page: a link named report.html is replaced, its target left alone
    fd, partial = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(page)
        os.replace(partial, path)
    except BaseException:
        os.unlink(partial)
        raise
