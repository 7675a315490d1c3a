"""Text columns on a terminal: a string's width in terminal cells, and padding by that width.

Player names in real records are often Japanese or Chinese: each of those characters takes two cells of a
terminal (Unicode's East Asian Width "W" and "F"), so padding by ``len`` would misalign every column after a
name.
"""

from __future__ import annotations

import unicodedata

__all__ = ["cell_width", "pad", "visible"]

#: Format characters a terminal shows as they are (the joiner of emoji sequences); the others are escaped.
_SHOWN_FORMATS = frozenset("\u200d")


def cell_width(text: str) -> int:
    """The cells ``text`` takes on a terminal: two for each wide or fullwidth character, none for a combining
    mark, one for the rest.

    >>> cell_width("ASAPIN"), cell_width("すずめクレイジー"), cell_width("Ａ1")
    (6, 16, 3)
    """
    cells = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        cells += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return cells


def pad(text: str, width: int, *, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` cells, on the left (``right=True``: aligned right) or the
    right.

    >>> pad("東", 4) + "|", pad("7", 3, right=True)
    ('東  |', '  7')
    """
    fill = " " * max(0, width - cell_width(text))
    return fill + text if right else text + fill


def visible(text: str) -> str:
    r"""``text`` with every character that would steer a terminal rather than show (control characters such as
    ESC, line and paragraph separators, bidirectional and other format characters) written as its Python
    escape, so that text from a record (a player's name) cannot move the cursor, recolour or reorder the
    screen.

    >>> visible("ASAPIN"), visible("\x1b[2Jname"), visible("a\u202eb")
    ('ASAPIN', '\\x1b[2Jname', 'a\\u202eb')
    """
    if text.isprintable():
        return text
    return "".join(_escaped(ch) for ch in text)


def _escaped(ch: str) -> str:
    kind = unicodedata.category(ch)
    if kind in ("Cc", "Cs", "Zl", "Zp") or (kind == "Cf" and ch not in _SHOWN_FORMATS):
        code = ord(ch)
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
    return ch
