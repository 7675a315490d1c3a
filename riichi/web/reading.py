"""The calculator's reading of hand notation (``POST /api/hand``): the library's reader, answered as the page
holds a hand.

The page keeps no reader of its own: what is typed in its notation box, and the ``hand`` of a link, come
here. The words are read by :func:`riichi.hand.read_hand_words` (as the command line reads them); this
module adds only what a hand at a table of ``players`` seen from ``seat_wind`` needs across words:

* the winning tile is the one marked ``win:TILE``, else the last concealed tile written (the command
  line's rule); a marked one must be one of the concealed tiles, as written (a red five is not its
  plain five);
* a meld's ``@SEAT`` is also said relative to the player (``left``, ``across``, ``right``); a meld
  called from the player's own seat, or from North at a three-player table, is refused.

Any whitespace separates words (a tab or an ideographic space reads as a space, so that the offsets of an
error still point into the text as sent). Notation the reader refuses is an error object that names the
word at fault and where it is.
"""

from __future__ import annotations

from typing import Final

from riichi.errors import InvalidCaseError, NotationError
from riichi.formats import strict_json
from riichi.hand import WIN_MARK, Meld, read_hand_words
from riichi.tiles import Wind

__all__ = ["MAX_HAND_TEXT", "read_hand_request"]

#: The longest hand text read (four added kans, each with its seat, a pair and a win mark: 86 characters).
MAX_HAND_TEXT: Final = 200
_FIELDS: Final = frozenset({"id", "hand", "seat_wind", "players"})
#: A seat's place relative to the player, by how many seats further in turn order it sits, at 4 and 3 players.
_RELATIVE: Final = {4: {1: "right", 2: "across", 3: "left"}, 3: {1: "right", 2: "left"}}


def read_hand_request(body: dict[str, object]) -> dict[str, object]:
    """The answer to a ``POST /api/hand`` body: ``{"id", "ok": true, "reading"}``, where ``reading`` is the
    hand read or the notation's error object. Raises :class:`~riichi.errors.InvalidCaseError` for a request
    that is not one (an unknown field, a value of the wrong type)."""
    for key in body:
        if key not in _FIELDS:
            raise InvalidCaseError(f"unknown field {strict_json.dumps(key)} in the hand request (its fields are "
                                   f"hand, seat_wind, players and id)")
    text = body.get("hand")
    if text is None:
        raise InvalidCaseError("the hand request has no hand: give the hand in notation, e.g. \"234m406p11z\"")
    if not isinstance(text, str):
        raise InvalidCaseError("hand must be a string: the hand in notation, e.g. \"234m406p11z pon:777z@W\"")
    if len(text) > MAX_HAND_TEXT:
        raise InvalidCaseError(f"hand is longer than {MAX_HAND_TEXT} characters")
    seat = _seat(body.get("seat_wind"))
    players = _players(body.get("players"))
    if players == 3 and seat is Wind.NORTH:
        raise InvalidCaseError("seat_wind is N, but a three-player table has the seats E, S and W only")
    spaced = "".join(" " if c.isspace() else c for c in text)
    try:
        reading = _read(spaced, seat, players)
    except NotationError as e:
        reading = {"ok": False, "error": _notation_error(e, spaced)}
    return {"id": body.get("id"), "ok": True, "reading": reading}


def _seat(value: object) -> Wind:
    if value is None:
        return Wind.EAST
    if value not in ("E", "S", "W", "N"):
        raise InvalidCaseError("seat_wind must be one of \"E\", \"S\", \"W\", \"N\"")
    assert isinstance(value, str)
    return Wind.parse(value)


def _players(value: object) -> int:
    if value is None:
        return 4
    if isinstance(value, bool) or value not in (3, 4):
        raise InvalidCaseError("players must be 3 or 4")
    assert isinstance(value, int)
    return value


def _read(text: str, seat: Wind, players: int) -> dict[str, object]:
    concealed, melds, marked = read_hand_words(text)
    words = _words(text)
    if marked is not None and marked not in concealed:
        raise NotationError(f"the winning tile {marked} is not one of the concealed tiles", text, words[-1])
    win = marked if marked is not None else concealed[-1] if concealed else None
    # the reader has read every word: the melds are the words with a colon but the win mark, in order
    meld_words = [(a, b) for a, b in words if ":" in text[a:b] and not text.startswith(WIN_MARK, a)]
    return {
        "ok": True,
        "tiles": [str(t) for t in concealed],
        "melds": [_meld(m, text, word, seat, players) for m, word in zip(melds, meld_words, strict=True)],
        "win": None if win is None else str(win),
        "win_marked": marked is not None,
    }


def _words(text: str) -> list[tuple[int, int]]:
    """Where each word of the text is, ``(start, end)``: the words the reader reads, split at spaces."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for word in text.split(" "):
        if word:
            spans.append((pos, pos + len(word)))
        pos += len(word) + 1
    return spans


def _meld(m: Meld, text: str, word: tuple[int, int], seat: Wind, players: int) -> dict[str, object]:
    relative = None
    if m.from_seat is not None:
        span = (text.rindex("@", *word) + 1, word[1])  # the seat written after @
        if m.from_seat is seat:
            raise NotationError(f"{m}: a meld cannot be called from the player's own seat ({seat})", text, span)
        relative = _RELATIVE[players].get((m.from_seat - seat) % players) if m.from_seat < players else None
        if relative is None:
            raise NotationError(f"{m}: a three-player table has no seat {m.from_seat} (its seats are E, S and W)",
                                text, span)
    return {"type": m.type.value, "tiles": [str(t) for t in m.tiles],
            "from": None if m.from_seat is None else str(m.from_seat), "relative": relative}


def _notation_error(e: NotationError, text: str) -> dict[str, object]:
    """The error object of notation the reader refused: the library's message, the word at fault, and the
    span ``[start, end)`` of the part at fault in the text as sent."""
    error: dict[str, object] = {"code": e.code, "message": e.message, "word": None, "span": None}
    if e.span is not None:
        start, end = next(((a, b) for a, b in _words(text) if a <= e.span[0] < b), e.span)
        error["word"] = text[start:end]
        error["span"] = list(e.span)
    return error
