"""How analysis results show themselves in a notebook: the tables the web page shows, tiles drawn.

:func:`~riichi.analysis.discard_table` returns a :class:`DiscardTable` and
:func:`~riichi.analysis.wait_values` a :class:`WaitValues`: tuples like any other (index them, slice
them, compare them with tuples), which a notebook draws as a table (``_repr_html_``) and ``repr`` names
in one short line. :class:`~riichi.analysis.Ukeire` draws itself with :func:`ukeire_html`.

This module is not compiled (the two classes subclass ``tuple``), as the SVG pictures are not.

>>> from riichi.analysis import discard_table
>>> discard_table("1234m456p789s1155z")
<DiscardTable: 12 discards, best 1m (tenpai, 4 tiles help)>
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from riichi import svg
from riichi.scoring.result import Score
from riichi.shapes.shanten import shanten_in_words

if TYPE_CHECKING:
    from riichi.analysis import DiscardChoice, Ukeire, WaitValue
    from riichi.analysis.ev import EvResult

__all__ = ["DiscardTable", "WaitValues", "ev_html", "ukeire_html"]

#: The tables' look: compact, one line a row, the numbers to the right.
_STYLE = "border-collapse:collapse"
_CELL = "padding:2px 8px;text-align:left;vertical-align:middle"


def _table(caption: str, head: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> str:
    header = "".join(f"<th style='{_CELL}'>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td style='{_CELL}'>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return (f"<table style='{_STYLE}'><caption style='text-align:left'><b>{html.escape(caption)}</b></caption>"
            f"<tr>{header}</tr>{body}</table>")


def ukeire_html(ukeire: Ukeire, *, total: bool = True) -> str:
    """The tiles that help, each drawn with the copies still unseen under it, and (``total``) their sum."""
    cells = "".join(f"<span style='display:inline-block;text-align:center;margin-right:4px'>{svg.tile(t)}"
                    f"<br><small>{n}</small></span>" for t, n in ukeire.tiles)
    return f"<div>{cells}" + (f"<div><small>{ukeire.total} tiles</small></div>" if total else "") + "</div>"


def _value(result: Score | Exception) -> str:
    if isinstance(result, Score):
        return f"{result.points:,} <small>({html.escape(result.value.strip())})</small>"
    reason = str(result).splitlines()[0]
    return f"<i>{html.escape(reason)}</i>"


class DiscardTable(tuple["DiscardChoice", ...]):
    """Every discard of a 14-tile hand, best first (a tuple of :class:`~riichi.analysis.DiscardChoice`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        if not self:
            return "<DiscardTable: no discards>"
        best = self[0]
        return (f"<DiscardTable: {len(self)} discards, best {best.tile} ({shanten_in_words(best.shanten)}, "
                f"{best.ukeire.total} tiles help)>")

    def _repr_html_(self) -> str:
        rows = [(str(svg.tile(c.tile)) + (" kita" if c.kita else ""), shanten_in_words(c.shanten),
                 ukeire_html(c.ukeire, total=False), str(c.ukeire.total)) for c in self]
        return _table("Discards, best first", ("discard", "then", "tiles that help (left)", "total"), rows)


class WaitValues(tuple["WaitValue", ...]):
    """Each wait of a tenpai hand with its value by ron and by tsumo (a tuple of
    :class:`~riichi.analysis.WaitValue`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        waits = " ".join(str(v.wait.tile) for v in self)
        return f"<WaitValues: {len(self)} waits {waits}>" if self else "<WaitValues: not tenpai>"

    def _repr_html_(self) -> str:
        rows = [(str(svg.tile(v.wait.tile)), html.escape(", ".join(s.value for s in v.wait.shapes)),
                 str(v.wait.remaining), _value(v.ron), _value(v.tsumo)) for v in self]
        return _table("Waits", ("wait", "shape", "left", "ron", "tsumo"), rows)


#: The colours of the plot's lines, best discard first.
_LINES = ("#c0392b", "#2471a3", "#229954")


def ev_html(result: EvResult) -> str:
    """The expected values as the calculator page shows them: each discard's tenpai and win chances and
    expected score at the first turn, and the win chance turn by turn for the three best (an SVG plot)."""
    placed = any(d.placement for d in result.discards)  # with the scores at the table: the placement value too
    rows = [(str(svg.tile(d.tile)) + (" kita" if d.kita else "") if d.tile is not None else "(as it is)",
             f"{100 * d.tenpai[0]:.1f}", f"{100 * d.win[0]:.1f}", f"{d.value[0]:,.0f}",
             *((f"{d.placement[0]:+.2f}",) if placed else ())) for d in result.discards]
    caption = f"Expected values ({result.model.value} model, turn {result.first_turn} of {result.last_turn})"
    head = ("discard", "tenpai %", "win %", "value", *(("placement",) if placed else ()))
    return _table(caption, head, rows) + _win_plot(result)


def _win_plot(result: EvResult) -> str:
    best = result.discards[:3]
    if not best:
        return ""
    w, h, pad = 360, 150, 28
    n = len(best[0].win)
    top = max(0.05, *(x for d in best for x in d.win))

    def x(i: int) -> float:
        return pad + (i * (w - 2 * pad) / (n - 1) if n > 1 else 0)

    def y(v: float) -> float:
        return h - pad + 10 - v / top * (h - pad - 10)

    parts = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {w} {h}' width='{w}' height='{h}'>",
             f"<line x1='{pad}' y1='{y(0):.1f}' x2='{w - pad}' y2='{y(0):.1f}' stroke='#888'/>",
             f"<line x1='{pad}' y1='{y(0):.1f}' x2='{pad}' y2='{y(top):.1f}' stroke='#888'/>",
             f"<text x='{pad - 4}' y='{y(top) + 4:.1f}' font-size='9' text-anchor='end'>{round(100 * top)}%</text>"]
    for i in range(0, n, max(1, -(-n // 6))):
        parts.append(f"<text x='{x(i):.1f}' y='{h - 4}' font-size='9' text-anchor='middle'>"
                     f"t{result.first_turn + i}</text>")
    for k, d in enumerate(best):
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(d.win))
        name = html.escape(str(d.tile) if d.tile is not None else "hand")
        parts.append(f"<polyline points='{points}' fill='none' stroke='{_LINES[k]}' stroke-width='2'/>")
        parts.append(f"<line x1='{w - 70}' y1='{12 + 12 * k}' x2='{w - 56}' y2='{12 + 12 * k}' stroke='{_LINES[k]}' "
                     f"stroke-width='2'/><text x='{w - 52}' y='{15 + 12 * k}' font-size='9'>discard {name}</text>")
    parts.append("</svg>")
    return "".join(parts)
