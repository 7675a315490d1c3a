"""Tiles, hands and melds drawn as SVG by the library itself.

Every picture is made of simple vector shapes: circles for pin, sticks for
sou, a numeral over 萬 for man, and the wind or dragon character for honours.
Red fives are drawn in red on a tinted face. Nothing is fetched: the result is
a self-contained SVG document.

The functions are pure and return an :class:`SvgString`, a ``str`` that
notebooks display as a picture (it has ``_repr_svg_``):

>>> from riichi.tiles import Tile
>>> svg = tile(Tile.parse("0p"))
>>> svg.startswith("<svg") and 'class="tile red-five"' in svg
True
>>> 'rotate(-90)' in hand("123m pon:777z@W", seat="E")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from riichi.hand import Hand, Meld, MeldType
from riichi.notation import parse_tiles
from riichi.tiles import Tile, Wind

__all__ = ["SvgString", "hand", "meld", "sprite", "tile", "tiles"]

#: Width and height of an upright tile, in SVG user units.
WIDTH: Final = 30
HEIGHT: Final = 40
#: Space between tiles, and between the groups of a hand.
_GAP: Final = 1.5
_GROUP_GAP: Final = 8.0

_INK: Final = "#1d1d1b"
_RED: Final = "#c8202a"
_GREEN: Final = "#16703a"
_BLUE: Final = "#1f4e9c"
_FACE: Final = "#fbf8ef"
_RED_FACE: Final = "#fde9e4"
_EDGE: Final = "#9a8a66"
_BACK: Final = "#d4891e"
_BACK_INNER: Final = "#e9a94a"
_CJK_FONT: Final = ("'Noto Serif CJK JP','Noto Sans CJK JP','Hiragino Mincho ProN','Yu Mincho',"
                    "'MS Mincho','Droid Sans Fallback',serif")
_NUMERALS: Final = "一二三四五六七八九"
_HONOURS: Final = {27: ("東", "E"), 28: ("南", "S"), 29: ("西", "W"), 30: ("北", "N")}


class SvgString(str):
    """An SVG document as text; Jupyter and IPython render it as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


# -- faces: the drawing inside one upright tile (0,0)-(30,40) ----------------


def _circle(cx: float, cy: float, r: float, colour: str) -> str:
    """One pin: a coloured ring around a dot."""
    return (f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{colour}"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.62:.2f}" fill="{_FACE}"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.3:.2f}" fill="{colour}"/>')


# (x, y, colour) of each circle for 2p..9p, and the radius.
_PIN_LAYOUT: Final[dict[int, tuple[float, tuple[tuple[float, float, str], ...]]]] = {
    2: (6.5, ((15, 11, _GREEN), (15, 29, _BLUE))),
    3: (5.5, ((8, 9, _BLUE), (15, 20, _RED), (22, 31, _GREEN))),
    4: (5.5, ((9, 12, _BLUE), (21, 12, _GREEN), (9, 28, _GREEN), (21, 28, _BLUE))),
    5: (5.0, ((8.5, 9, _BLUE), (21.5, 9, _GREEN), (15, 20, _RED), (8.5, 31, _GREEN), (21.5, 31, _BLUE))),
    6: (4.6, ((9, 8, _GREEN), (21, 8, _GREEN), (9, 21, _RED), (21, 21, _RED), (9, 32, _RED), (21, 32, _RED))),
    7: (4.0, ((7, 6, _GREEN), (15, 9.5, _GREEN), (23, 13, _GREEN),
              (9.5, 23, _RED), (20.5, 23, _RED), (9.5, 33, _RED), (20.5, 33, _RED))),
    8: (4.0, tuple((x, y, _BLUE) for y in (6.5, 15.5, 24.5, 33.5) for x in (9.5, 20.5))),
    9: (4.1, tuple((x, y, _RED if y == 20 else (_BLUE if y < 20 else _GREEN))
                   for y in (8.5, 20, 31.5) for x in (6.8, 15, 23.2))),
}


def _pin(number: int, *, red: bool) -> str:
    if number == 1:
        return (f'<circle cx="15" cy="20" r="11" fill="{_RED if red else _GREEN}"/>'
                f'<circle cx="15" cy="20" r="8" fill="{_FACE}"/>'
                f'<circle cx="15" cy="20" r="6" fill="{_BLUE}"/>'
                f'<circle cx="15" cy="20" r="2.5" fill="{_FACE}"/>')
    radius, layout = _PIN_LAYOUT[number]
    return "".join(_circle(x, y, radius, _RED if red else colour) for x, y, colour in layout)


def _stick(cx: float, cy: float, colour: str, *, length: float = 11, angle: float = 0) -> str:
    """One bamboo stick: a rounded bar with a band across its middle."""
    rotate = f' transform="rotate({angle} {cx} {cy})"' if angle else ""
    top = cy - length / 2
    return (f'<g{rotate}><rect x="{cx - 2.1:.2f}" y="{top:.2f}" width="4.2" height="{length}" rx="2" '
            f'fill="{colour}"/><line x1="{cx - 2.1:.2f}" y1="{cy}" x2="{cx + 2.1:.2f}" y2="{cy}" '
            f'stroke="{_FACE}" stroke-width="0.9"/></g>')


# (x, y, colour, angle) of each stick for 2s..9s, and the stick length.
_SOU_LAYOUT: Final[dict[int, tuple[float, tuple[tuple[float, float, str, float], ...]]]] = {
    2: (12, ((15, 11, _GREEN, 0), (15, 29, _GREEN, 0))),
    3: (12, ((15, 11, _GREEN, 0), (9, 29, _GREEN, 0), (21, 29, _GREEN, 0))),
    4: (12, ((9, 11, _GREEN, 0), (21, 11, _GREEN, 0), (9, 29, _GREEN, 0), (21, 29, _GREEN, 0))),
    5: (11, ((8, 10, _GREEN, 0), (22, 10, _GREEN, 0), (15, 20, _RED, 0), (8, 30, _GREEN, 0), (22, 30, _GREEN, 0))),
    6: (12, tuple((x, y, _GREEN, 0) for y in (11, 29) for x in (7.5, 15, 22.5))),
    7: (9.5, ((15, 7.5, _RED, 0), *((x, y, _GREEN, 0) for y in (20, 32) for x in (7.5, 15, 22.5)))),
    8: (11, ((5.5, 11, _GREEN, 18), (11.5, 11, _GREEN, -18), (18.5, 11, _GREEN, 18), (24.5, 11, _GREEN, -18),
             (5.5, 29, _GREEN, -18), (11.5, 29, _GREEN, 18), (18.5, 29, _GREEN, -18), (24.5, 29, _GREEN, 18))),
    9: (9.5, tuple((x, y, _RED if x == 15 else _GREEN, 0) for y in (8, 20, 32) for x in (7.5, 15, 22.5))),
}


def _sou(number: int, *, red: bool) -> str:
    if number == 1:
        # A small bird standing on a stick: the usual picture of 1s.
        return (f'<path d="M8 24 Q4 14 12 10 Q16 18 13 25 Z" fill="{_GREEN}"/>'
                f'<ellipse cx="16" cy="24" rx="7" ry="5.5" fill="{_GREEN}"/>'
                f'<circle cx="21" cy="15" r="3.6" fill="{_RED}"/>'
                f'<path d="M24 14 L28 15.5 L24 17 Z" fill="{_INK}"/>'
                f'<circle cx="22" cy="14.4" r="0.9" fill="{_FACE}"/>'
                f'<path d="M19 18 L18 20" stroke="{_RED}" stroke-width="2"/>'
                f'<path d="M13 29 L12 34 M18 29 L19 34" stroke="{_INK}" stroke-width="1.2"/>'
                f'<rect x="6" y="33.5" width="18" height="2" rx="1" fill="{_BLUE}"/>')
    length, layout = _SOU_LAYOUT[number]
    return "".join(_stick(x, y, _RED if red else colour, length=length, angle=angle)
                   for x, y, colour, angle in layout)


def _text(x: float, y: float, text: str, size: float, colour: str, *, weight: str = "bold") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-family="{_CJK_FONT}" font-weight="{weight}" '
            f'fill="{colour}" text-anchor="middle">{text}</text>')


def _man(number: int, *, red: bool) -> str:
    return (_text(15, 17, _NUMERALS[number - 1], 15, _RED if red else _INK)
            + _text(15, 36, "萬", 16, _RED))


def _honour(kind: int) -> str:
    if kind in _HONOURS:
        character, letter = _HONOURS[kind]
        return (_text(15, 28, character, 21, _INK)
                + f'<text x="4" y="9" font-size="7" font-family="sans-serif" fill="{_BLUE}">{letter}</text>')
    if kind == 31:  # haku: an empty blue frame
        return (f'<rect x="6.5" y="8" width="17" height="24" rx="1.5" fill="none" stroke="{_BLUE}" '
                f'stroke-width="2.2"/><rect x="9.5" y="11" width="11" height="18" fill="none" '
                f'stroke="{_BLUE}" stroke-width="0.8"/>')
    if kind == 32:
        return _text(15, 28, "發", 21, _GREEN)
    return _text(15, 28, "中", 22, _RED)


def _face(t: Tile) -> str:
    suit, number = t.suit, t.number
    if suit == "m":
        return _man(number, red=t.is_red)
    if suit == "p":
        return _pin(number, red=t.is_red)
    if suit == "s":
        return _sou(number, red=t.is_red)
    return _honour(t.kind)


def _body(t: Tile | None) -> str:
    """One upright tile at the origin; ``None`` draws its back."""
    if t is None:
        return (f'<g class="tile back"><rect x="0.5" y="0.5" width="{WIDTH - 1}" height="{HEIGHT - 1}" rx="3.5" '
                f'fill="{_BACK}" stroke="{_EDGE}"/><rect x="3.5" y="3.5" width="{WIDTH - 7}" '
                f'height="{HEIGHT - 7}" rx="2.5" fill="{_BACK_INNER}"/></g>')
    css = "tile red-five" if t.is_red else "tile"
    face = _RED_FACE if t.is_red else _FACE
    return (f'<g class="{css}" data-tile="{t}"><title>{t}</title>'
            f'<rect x="0.5" y="0.5" width="{WIDTH - 1}" height="{HEIGHT - 1}" rx="3.5" fill="{face}" '
            f'stroke="{_EDGE}"/><rect x="1.5" y="{HEIGHT - 4}" width="{WIDTH - 3}" height="2.5" rx="1" '
            f'fill="#e6dcc3"/>{_face(t)}</g>')


# -- placing tiles ------------------------------------------------------------


def _placed(t: Tile | None, x: float, y: float, *, sideways: bool = False) -> str:
    """A tile with its top-left corner at (x, y); a sideways one is turned a quarter to the left."""
    if not sideways:
        return f'<g transform="translate({x:g} {y:g})">{_body(t)}</g>'
    # Rotating -90 degrees about the origin sends (0, WIDTH) to (WIDTH, 0): shift down by WIDTH.
    return f'<g transform="translate({x:g} {y + WIDTH:g}) rotate(-90)">{_body(t)}</g>'


def _document(content: str, width: float, height: float, *, label: str) -> SvgString:
    return SvgString(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
        f'width="{width:g}" height="{height:g}" role="img" aria-label="{label}">{content}</svg>')


def _as_tiles(value: Iterable[Tile] | str) -> tuple[Tile, ...]:
    return parse_tiles(value) if isinstance(value, str) else tuple(value)


def tile(t: Tile | str, *, back: bool = False, sideways: bool = False) -> SvgString:
    """One tile (its back with ``back=True``; turned on its side with ``sideways=True``)."""
    one = Tile.parse(t) if isinstance(t, str) else t
    w, h = (HEIGHT, WIDTH) if sideways else (WIDTH, HEIGHT)
    return _document(_placed(None if back else one, 0, 0, sideways=sideways), w, h, label=str(one))


def tiles(ts: Iterable[Tile] | str) -> SvgString:
    """A row of tiles in the given order (MPSZ text or tiles)."""
    row = _as_tiles(ts)
    parts = [_placed(t, i * (WIDTH + _GAP), 0) for i, t in enumerate(row)]
    width = max(len(row) * (WIDTH + _GAP) - _GAP, 0)
    return _document("".join(parts), width, HEIGHT, label=" ".join(str(t) for t in row))


# -- melds ---------------------------------------------------------------------


def _called_position(m: Meld, seat: Wind, size: int, players: int = 4) -> int:
    """Which tile of the meld lies sideways: it points at the seat it was called from.

    From the left (kamicha) the first tile, from across (toimen) the middle one
    (the second of a kan), from the right (shimocha) the last one; ``size``
    is the number of tiles in the row (a shouminkan shows three). With three
    players (East, South, West) the left of East is West, and nobody sits across.
    """
    if m.from_seat is None or m.from_seat == (seat + players - 1) % players:
        return 0
    if m.from_seat == (seat + 1) % players:
        return size - 1
    return 1


def _meld_parts(m: Meld, seat: Wind, x0: float, top: float, players: int = 4) -> tuple[str, float]:
    """SVG of one meld starting at x0 with upright tiles standing on ``top + HEIGHT``; and its width."""
    parts: list[str] = []
    x = x0
    base = top + HEIGHT  # the line every tile stands on
    if m.type is MeldType.ANKAN:
        for i, t in enumerate(m.tiles):
            parts.append(_placed(None if i in (0, 3) else t, x, top))
            x += WIDTH + _GAP
        return "".join(parts), x - _GAP - x0
    shown = list(m.tiles)
    # The fourth tile of a shouminkan lies on top of the called one.
    added = shown.pop() if m.type is MeldType.SHOUMINKAN else None
    called = _called_position(m, seat, len(shown), players)
    for i, t in enumerate(shown):
        if i == called:
            parts.append(_placed(t, x, base - WIDTH, sideways=True))
            if added is not None:
                parts.append(_placed(added, x, base - 2 * WIDTH - _GAP, sideways=True))
            x += HEIGHT + _GAP
        else:
            parts.append(_placed(t, x, top))
            x += WIDTH + _GAP
    return "".join(parts), x - _GAP - x0


def _meld_height(m: Meld) -> float:
    return 2 * WIDTH + _GAP if m.type is MeldType.SHOUMINKAN else HEIGHT


def meld(m: Meld | str, *, seat: Wind | str = Wind.EAST, players: int = 4) -> SvgString:
    """One meld as it lies on the table of the player in ``seat``, at a table of ``players`` (4 or 3).

    The claimed tile is turned sideways towards the seat it came from; a
    concealed kan shows two backs at its ends; the added tile of a
    shouminkan lies on top of the called one.
    """
    one = Meld.parse(m) if isinstance(m, str) else m
    own = Wind.parse(seat) if isinstance(seat, str) else seat
    top = _meld_height(one) - HEIGHT
    content, width = _meld_parts(one, own, 0, top, _players(players))
    return _document(content, width, top + HEIGHT, label=str(one))


def hand(h: Hand | str, *, win: Tile | str | None = None, seat: Wind | str = Wind.EAST,
         players: int = 4) -> SvgString:
    """A hand: concealed tiles, then the winning tile set apart, then the melds.

    ``seat`` is the owner's seat wind, which decides which way called tiles
    are turned (at a table of ``players``, 4 or 3). ``win`` must be one of the concealed tiles.
    """
    players = _players(players)
    one = Hand.parse(h) if isinstance(h, str) else h
    own = Wind.parse(seat) if isinstance(seat, str) else seat
    concealed = list(one.concealed)
    winning = Tile.parse(win) if isinstance(win, str) else win
    if winning is not None:
        if winning not in concealed:
            raise ValueError(f"the winning tile {winning} is not among the concealed tiles")
        # Take the last copy out so a red five is kept apart only when it is the winning tile.
        concealed.reverse()
        concealed.remove(winning)
        concealed.reverse()
    top = max((_meld_height(m) for m in one.melds), default=HEIGHT) - HEIGHT
    parts = [_placed(t, i * (WIDTH + _GAP), top) for i, t in enumerate(concealed)]
    x = max(len(concealed) * (WIDTH + _GAP) - _GAP, 0)
    if winning is not None:
        x += _GROUP_GAP if x else 0
        parts.append(f'<g class="win">{_placed(winning, x, top)}</g>')
        x += WIDTH
    for m in one.melds:
        x += _GROUP_GAP if x else 0
        content, width = _meld_parts(m, own, x, top, players)
        parts.append(f'<g class="meld {m.type.value}">{content}</g>')
        x += width
    return _document("".join(parts), x, top + HEIGHT, label=str(one))


def _players(players: object) -> int:
    if players not in (3, 4):
        raise ValueError(f"a table has 3 or 4 players, not {players!r}")
    return players  # type: ignore[return-value] # 3 or 4, checked


def sprite() -> SvgString:
    """Every tile and the back as ``<symbol>`` elements (ids ``tile-1m`` .. ``tile-0s``, ``tile-back``).

    A web page inlines this once and draws tiles with ``<use href="#tile-5p"/>`` (its stylesheet
    takes the ``tile-sprite`` element out of the flow: ``.tile-sprite { position: absolute }``).
    """
    symbols = [f'<symbol id="tile-{t}" viewBox="0 0 {WIDTH} {HEIGHT}">{_body(t)}</symbol>' for t in Tile]
    symbols.append(f'<symbol id="tile-back" viewBox="0 0 {WIDTH} {HEIGHT}">{_body(None)}</symbol>')
    return SvgString('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" class="tile-sprite">'
                     f'<defs>{"".join(symbols)}</defs></svg>')
