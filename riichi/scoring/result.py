"""What a winning hand is worth: :class:`Score`, with its payments, and how it explains itself.

``str(score)`` is the one-screen explanation ``riichi score`` prints; in a
notebook a score shows itself as a small table (``_repr_html_``).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from riichi.scoring.fu import FuItem
from riichi.scoring.limits import Limit
from riichi.scoring.settlement import Payment
from riichi.shapes.wait_shape import WaitShape
from riichi.tiles import Wind
from riichi.yaku import Yaku

__all__ = ["Delta", "Score"]


@dataclass(frozen=True, slots=True)
class Delta:
    """One seat's change of score, riichi sticks included."""

    seat: Wind
    points: int


@dataclass(frozen=True, slots=True)
class Score:
    """What a winning hand is worth and who pays it."""

    #: Total han, dora included (0 for a yakuman hand).
    han: int
    #: Fu after rounding (seven pairs 25); 0 for a yakuman hand.
    fu: int
    #: Each yaku with its han, in table order; dora entries last (``DORA``, ``AKA_DORA``, ``URA_DORA``, han =
    #: their count).
    yaku: tuple[tuple[Yaku, int], ...]
    #: Each yakuman of the hand with the multiple the rules give it alone, whatever the cap.
    yakuman: tuple[tuple[Yaku, int], ...]
    #: The yakuman multiple paid (1 for a counted 13-han hand), 0 otherwise.
    yakuman_total: int
    limit: Limit | None
    #: The hand's value without honba and sticks.
    points: int
    #: What each paying seat pays, honba and liability included.
    payments: tuple[Payment, ...]
    #: Every seat's change, sticks included (empty on a ron with no discarder given).
    deltas: tuple[Delta, ...]
    fu_details: tuple[FuItem, ...]
    #: The paid reading as MPSZ groups: concealed sets, melds, then the pair.
    decomposition: tuple[str, ...]
    #: The winner's seat, and whether the hand was won by tsumo.
    winner: Wind = Wind.EAST
    tsumo: bool = False
    #: How the winning tile completed the paid reading (None for thirteen unrelated tiles).
    wait_shape: WaitShape | None = None
    #: Seat that paid as liable (pao), if any.
    liable: Wind | None = None

    def lines(self) -> list[tuple[str, str, str]]:
        """The yaku (or yakuman) as (name, value, English gloss) rows."""
        if self.yakuman:
            return [(y.value, f"{n}x yakuman", y.english) for y, n in self.yakuman]
        return [(y.value, f"{n} han", y.english) for y, n in self.yaku]

    @property
    def headline(self) -> str:
        """``'2 han 40 fu: 2700 points'``, ``'2x yakuman: 64000 points'``."""
        if self.yakuman:
            head = f"{self.yakuman_total}x yakuman"
        else:
            head = f"{self.han} han {self.fu} fu" + (f"  {self.limit.value}" if self.limit else "")
        return f"{head}: {self.points} points"

    def __str__(self) -> str:
        rows = self.lines()
        width = max(len(name) for name, _, _ in rows)
        value_width = max(len(value) for _, value, _ in rows)
        out = ["Yaku"]
        for name, value, gloss in rows:
            gloss = gloss if gloss != name.replace("_", " ") else ""
            out.append(f"  {name:<{width}}  {value:<{value_width}}  {gloss}".rstrip())
        if not self.yakuman:
            out.append("Fu")
            fw = max((len(item.reason) for item in self.fu_details), default=4)
            for item in self.fu_details:
                out.append(f"  {item.reason:<{fw}}  {item.fu:>2}")
            total = sum(item.fu for item in self.fu_details)
            out.append(f"  {'= ' + str(total):>{fw + 4}} -> {self.fu} fu")
        out.append("Value")
        out.append(f"  {self.headline}")
        out.append(f"Payments ({'tsumo' if self.tsumo else 'ron'}, winner {self.winner})")
        if not self.payments:
            out.append("  (give the discarder to see who pays)")
        out += [f"  {p.payer} pays {p.amount}" for p in self.payments]
        if self.deltas:
            out.append("  changes: " + "  ".join(f"{d.seat} {d.points:+d}" for d in self.deltas))
        if self.liable is not None:
            out.append(f"  liable (pao): {self.liable}")
        out.append("Reading  " + " ".join(self.decomposition))
        return "\n".join(out)

    def _repr_html_(self) -> str:
        """Notebooks show the yaku, the value and the payments as a table."""
        rows = "".join(f"<tr><td>{html.escape(name)}</td><td>{html.escape(value)}</td>"
                       f"<td><i>{html.escape(gloss)}</i></td></tr>" for name, value, gloss in self.lines())
        pays = ", ".join(f"{p.payer} pays {p.amount}" for p in self.payments)
        return (f"<table><caption><b>{html.escape(self.headline)}</b></caption>{rows}"
                f"<tr><td colspan='3'>{html.escape(pays)}</td></tr>"
                f"<tr><td colspan='3'><code>{html.escape(' '.join(self.decomposition))}</code></td></tr></table>")
