"""Pictures of a hand in play: one screen of text for a terminal, HTML with SVG tiles for a notebook.

The text shows the round, the wall count, the dora indicators, then a line per seat: its wind, score,
riichi, concealed tiles and melds, and its river (``*`` after a tsumogiri discard, ``r`` after the
riichi tile, ``^`` after a tile taken by a call).
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from riichi.hand import Hand
from riichi.notation import format_tiles
from riichi.svg import hand as hand_svg
from riichi.svg import tiles as tiles_svg

if TYPE_CHECKING:
    from riichi.game.round import Round

__all__ = ["round_html", "round_text"]


def _header(r: Round) -> str:
    dora = format_tiles(r.dora, sort=False)
    return (f"{r.round_wind}{r.deal.round_number}  dealer {r.dealer}  honba {r.honba}  sticks {r.sticks}  "
            f"live wall {r.live_tiles_left}  dora indicators {dora}  {r.phase.value} (seat {r.turn})")


def _hand_text(r: Round, seat: int) -> str:
    return str(Hand(tuple(r.hands[seat]), tuple(r.melds[seat])))


def round_text(r: Round) -> str:
    """The position in a dozen lines of text."""
    lines = [_header(r)]
    for seat in range(r.players):
        marks = (" riichi" if r.riichi[seat] else "") + (f" kita {r.kita[seat]}" if r.kita[seat] else "")
        lines.append(f"{seat} {r.seat_wind(seat)} {r.scores[seat]:>6}{marks}  {_hand_text(r, seat)}")
        river = " ".join(str(d) for d in r.rivers[seat])
        lines.append(f"         river {river or '-'}")
    for w in r.wins:
        lines.append(f"win: {w.event}  {w.score.han} han {w.score.fu} fu {w.score.points}")
    if r.ended is not None:
        lines.append(f"drawn hand: {r.ended.value}")
    return "\n".join(lines)


def round_html(r: Round) -> str:
    """The position as an HTML table, tiles drawn as SVG (riichi.svg)."""
    rows = []
    for seat in range(r.players):
        hand = Hand(tuple(r.hands[seat]), tuple(r.melds[seat]))
        river = [d.tile for d in r.rivers[seat]]
        rows.append(f"<tr><td>{seat} {r.seat_wind(seat)}<br>{r.scores[seat]}{' riichi' if r.riichi[seat] else ''}"
                    f"</td><td>{hand_svg(hand, seat=r.seat_wind(seat))}<br>{tiles_svg(river) if river else ''}"
                    f"</td></tr>")
    return (f"<div><p>{html.escape(_header(r))}</p><p>dora indicators {tiles_svg(r.dora)}</p>"
            f"<table>{''.join(rows)}</table></div>")
