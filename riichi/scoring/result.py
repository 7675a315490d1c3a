"""What a winning hand is worth: :class:`Score`, with its payments, and how it explains itself.

``str(score)`` is the one-screen explanation ``riichi score`` prints; in a
notebook a score shows itself as a small table (``_repr_html_``).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from riichi.frozen import Frozen
from riichi.hand import WIN_MARK, Meld
from riichi.notation import parse_tiles
from riichi.scoring.fu import FuItem
from riichi.scoring.limits import Limit
from riichi.scoring.settlement import Payment
from riichi.shapes.wait_shape import WaitShape
from riichi.tiles import Tile, Wind
from riichi.yaku import Yaku

__all__ = ["Delta", "Score"]


@dataclass(init=False, slots=True, unsafe_hash=True)
class Delta(Frozen):
    """One seat's change of score, riichi sticks included."""

    seat: Final[Wind]
    points: Final[int]

    def __init__(self, seat: Wind, points: int) -> None:
        self.seat = seat
        self.points = points


@dataclass(init=False, slots=True, unsafe_hash=True)
class Score(Frozen):
    """What a winning hand is worth and who pays it."""

    #: Total han, dora included (0 for a yakuman hand).
    han: Final[int]
    #: Fu after rounding (seven pairs 25); 0 for a yakuman hand.
    fu: Final[int]
    #: Each yaku with its han, in table order; dora entries last (``DORA``, ``AKA_DORA``, ``URA_DORA``, han =
    #: their count).
    yaku: Final[tuple[tuple[Yaku, int], ...]]
    #: Each yakuman of the hand with the multiple the rules give it alone, whatever the cap.
    yakuman: Final[tuple[tuple[Yaku, int], ...]]
    #: The yakuman multiple paid (1 for a counted 13-han hand), 0 otherwise.
    yakuman_total: Final[int]
    limit: Final[Limit | None]
    #: The hand's value without honba and sticks.
    points: Final[int]
    #: What each paying seat pays, honba and liability included.
    payments: Final[tuple[Payment, ...]]
    #: Every seat's change, sticks included (empty on a ron with no discarder given).
    deltas: Final[tuple[Delta, ...]]
    fu_details: Final[tuple[FuItem, ...]]
    #: The paid reading as MPSZ groups: concealed sets, melds, then the pair.
    decomposition: Final[tuple[str, ...]]
    #: The winner's seat, and whether the hand was won by tsumo.
    winner: Final[Wind]
    tsumo: Final[bool]
    #: How the winning tile completed the paid reading (None for thirteen unrelated tiles).
    wait_shape: Final[WaitShape | None]
    #: Seat that paid as liable (pao), if any.
    liable: Final[Wind | None]
    #: The winning tile and the melds in the order they were called: the reading is written back as a hand
    #: with them (None and () for a nagashi mangan, which has no hand).
    win: Final[Tile | None]
    melds: Final[tuple[Meld, ...]]
    #: The paid reading's fu counted as for a hand below yakuman: ``fu`` below yakuman; a yakuman hand's
    #: too, which is paid no fu but has one in Tenhou's records (``ten``): seven pairs 25, thirteen orphans 0.
    reading_fu: Final[int]

    def __init__(self, han: int, fu: int, yaku: tuple[tuple[Yaku, int], ...],  # noqa: PLR0913 - the fields
                 yakuman: tuple[tuple[Yaku, int], ...], yakuman_total: int, limit: Limit | None, points: int,
                 payments: tuple[Payment, ...], deltas: tuple[Delta, ...], fu_details: tuple[FuItem, ...],
                 decomposition: tuple[str, ...], winner: Wind = Wind.EAST, tsumo: bool = False,  # noqa: FBT001, FBT002
                 wait_shape: WaitShape | None = None, liable: Wind | None = None, win: Tile | None = None,
                 melds: tuple[Meld, ...] = (), reading_fu: int | None = None) -> None:
        self.han = han
        self.fu = fu
        self.yaku = yaku
        self.yakuman = yakuman
        self.yakuman_total = yakuman_total
        self.limit = limit
        self.points = points
        self.payments = payments
        self.deltas = deltas
        self.fu_details = fu_details
        self.decomposition = decomposition
        self.winner = winner
        self.tsumo = tsumo
        self.wait_shape = wait_shape
        self.liable = liable
        self.win = win
        self.melds = melds
        self.reading_fu = fu if reading_fu is None else reading_fu  # None: as ``fu`` (a hand below yakuman)

    def lines(self) -> list[tuple[str, str, str]]:
        """The yaku (or yakuman) as (name, value, English gloss) rows."""
        if self.yakuman:
            return [(y.value, f"{n}x yakuman", y.english) for y, n in self.yakuman]
        return [(y.value, f"{n} han", y.english) for y, n in self.yaku]

    @property
    def is_nagashi(self) -> bool:
        """A nagashi mangan: paid at a draw like a mangan tsumo, with no hand."""
        return any(y is Yaku.NAGASHI_MANGAN for y, _ in self.yaku)

    @property
    def value(self) -> str:
        """``'2 han 40 fu'``, ``'6 han 30 fu  haneman'``, ``'2x yakuman'``, ``'mangan'`` (a nagashi mangan)."""
        if self.yakuman:
            return f"{self.yakuman_total}x yakuman"
        if not self.fu_details and self.limit is not None:
            return self.limit.value
        return f"{self.han} han {self.fu} fu" + (f"  {self.limit.value}" if self.limit else "")

    @property
    def headline(self) -> str:
        """``'2 han 40 fu: 2700 points'``, ``'2x yakuman: 64000 points'``."""
        return f"{self.value}: {self.points} points"

    @property
    def reading(self) -> str:
        """The paid reading as hand notation that reads back: the concealed groups, the one with the winning
        tile last, the melds as they were called, and the winning tile marked ``win:TILE``
        (:meth:`Hand.parse_with_win <riichi.hand.Hand.parse_with_win>`; the command line, the batch, the API
        and the page take the line as it is); ``''`` for a nagashi mangan, which has no hand."""
        groups = self._concealed_groups()
        tail = [f"{WIN_MARK}{self.win}"] if self.win is not None else []
        return " ".join([*groups, *(str(m) for m in self.melds), *tail])

    def _concealed_groups(self) -> list[str]:
        """The reading's groups that are not melds, a group ending with the winning tile moved last."""
        groups = list(self.decomposition)
        for m in self.melds:  # the groups the melds made are written as the melds
            tiles = sorted(m.tiles)
            found = next((g for g in groups if sorted(parse_tiles(g)) == tiles), None)
            if found is not None:
                groups.remove(found)
        last = next((g for g in reversed(groups) if self.win is not None and g.endswith(str(self.win))), None)
        if last is not None:
            groups.remove(last)
            groups.append(last)
        return groups

    def __repr__(self) -> str:
        """Short, and it names the hand: ``<Score 2 han 40 fu 2700 points: menzen_tsumo 1, dora 1; 234m 456p
        678s 444z 33z win:3z>`` (a result, so it does not read back; ``str`` gives the whole breakdown)."""
        if self.yakuman:
            named = ", ".join(y.value if n == 1 else f"{y.value} x{n}" for y, n in self.yakuman)
        else:
            named = ", ".join(f"{y.value} {n}" for y, n in self.yaku)
        reading = f"; {self.reading}" if self.decomposition else ""
        return f"<Score {self.value.replace('  ', ' ')} {self.points} points: {named}{reading}>"

    def __str__(self) -> str:
        return self.explain()

    def explain(self, mark: Callable[[str, str], str] | None = None) -> str:
        """The one-screen breakdown ``riichi score`` prints (``str(score)``): the yaku, the fu, the value, the
        payments and the reading. ``mark(text, style)`` may decorate parts of it (the command line colours
        them on a terminal); the styles are ``heading``, ``gloss`` and ``points``."""
        def m(text: str, style: str) -> str:
            return text if mark is None else mark(text, style)

        rows = self.lines()
        width = max(len(name) for name, _, _ in rows)
        value_width = max(len(value) for _, value, _ in rows)
        out = [m("Yaku", "heading")]
        for name, value, gloss in rows:
            shown = m(gloss, "gloss") if gloss and gloss != name.replace("_", " ") else ""
            out.append(f"  {name:<{width}}  {value:<{value_width}}  {shown}".rstrip())
        if not self.yakuman and self.fu_details:  # a nagashi mangan has no hand, so no fu
            out.append(m("Fu", "heading"))
            fw = max(len(item.reason) for item in self.fu_details)
            for item in self.fu_details:
                out.append(f"  {item.reason:<{fw}}  {item.fu:>2}")
            total = sum(item.fu for item in self.fu_details)
            out.append(f"  {'= ' + str(total):>{fw + 4}} -> {self.fu} fu")
        out.append(m("Value", "heading"))
        out.append(f"  {self.value}: {m(str(self.points), 'points')} points")
        how = "nagashi mangan, paid as a tsumo" if self.is_nagashi else "tsumo" if self.tsumo else "ron"
        out.append(m(f"Payments ({how}, winner {self.winner})", "heading"))
        if not self.payments:
            out.append("  (give the discarder to see who pays)")
        for p in self.payments:
            out.append(f"  {p.payer} pays {p.amount}" + (self._liable_for() if p.payer is self.liable else ""))
        if self.deltas:
            out.append("  changes: " + "  ".join(f"{d.seat} {d.points:+d}" for d in self.deltas))
        if self.decomposition:
            out.append(m("Reading", "heading") + "  " + self.reading)
        return "\n".join(out)

    def _liable_for(self) -> str:
        """``' as liable for daisangen (fed the third dragon)'``: why the liable seat pays."""
        fed = next((y for y, _ in self.yakuman if y in _FED), None)
        if fed is None:  # the replacement tile of an open kan (pao where the rules have it)
            return " as liable for the rinshan win (fed the open kan's tile)"
        return f" as liable for {fed.value} ({_FED[fed]})"

    def _repr_html_(self) -> str:
        """Notebooks show the yaku, the value and the payments as a table, and the reading drawn in tiles."""
        from riichi import svg  # noqa: PLC0415 - pictures only when a notebook asks

        rows = "".join(f"<tr><td>{html.escape(name)}</td><td>{html.escape(value)}</td>"
                       f"<td><i>{html.escape(gloss)}</i></td></tr>" for name, value, gloss in self.lines())
        pays = ", ".join(f"{p.payer} pays {p.amount}" for p in self.payments)
        groups = self._concealed_groups()
        pictures = [svg.tiles(group) for group in groups] + [svg.meld(m, seat=self.winner) for m in self.melds]
        drawn = "".join(f'<span style="margin-right:6px">{p}</span>' for p in pictures)
        return (f"<table><caption><b>{html.escape(self.headline)}</b></caption>{rows}"
                f"<tr><td colspan='3'>{html.escape(pays)}</td></tr>"
                f"<tr><td colspan='3' title='{html.escape(self.reading)}'>{drawn}</td></tr></table>")


#: The yakuman whose feeder can be liable (pao), and what the feeder did.
_FED: Final = {Yaku.DAISANGEN: "fed the third dragon", Yaku.DAISUUSHII: "fed the fourth wind",
               Yaku.SUUKANTSU: "fed the fourth kan"}
