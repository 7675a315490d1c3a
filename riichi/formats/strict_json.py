"""Strict JSON text in and out (RFC 8259), for every JSON interface of the project.

The standard :mod:`json` module reads more than JSON: ``NaN`` and ``Infinity``, numbers too large
for a double (``1e999`` becomes infinity), lone UTF-16 surrogates (``"\\ud800"``, which no UTF-8
text can carry), duplicate keys (the last one wins silently), and nesting as deep as the stack
allows. :func:`loads` refuses each of these with a :class:`~riichi.errors.InvalidJSONError`
that says what was wrong and where; :func:`dumps` writes RFC 8259 JSON only (no NaN, valid UTF-8).

>>> loads('{"id": 7, "hand": "123m"}')
{'id': 7, 'hand': '123m'}
>>> loads('{"id": NaN}')
Traceback (most recent call last):
  ...
riichi.errors.InvalidJSONError: NaN is not a JSON number
>>> loads('{"a": 1, "a": 2}')
Traceback (most recent call last):
  ...
riichi.errors.InvalidJSONError: the key "a" appears twice in one object
>>> dumps({"id": "東", "ok": True})
'{"id": "東", "ok": true}'

The limits (:data:`MAX_TEXT`, :data:`MAX_DEPTH`, :data:`MAX_DIGITS`) are far above anything a
win case, an analysis request or a game record needs, and low enough that no text can make a
reader spend more than a moment on it.
"""

from __future__ import annotations

import json
import math
from typing import Final, NoReturn

from riichi.errors import InvalidJSONError

__all__ = ["MAX_DEPTH", "MAX_DIGITS", "MAX_TEXT", "check_value", "dumps", "loads"]

#: Longest JSON text read, in bytes of UTF-8 (one batch line, one request body).
MAX_TEXT: Final = 1 << 20
#: Deepest nesting of arrays and objects read (a win case needs 3: case, melds, meld).
MAX_DEPTH: Final = 32
#: Most digits in one number (an integer of more digits is refused before Python converts it).
MAX_DIGITS: Final = 100
_LARGEST: Final = 10**MAX_DIGITS


def loads(text: str | bytes, *, max_text: int = MAX_TEXT) -> object:
    """The value of one JSON text; raises :class:`~riichi.errors.InvalidJSONError` on anything not RFC 8259.
    ``max_text``: the longest text read (a whole game record may be longer than :data:`MAX_TEXT`)."""
    if isinstance(text, bytes):
        if len(text) > max_text:
            raise InvalidJSONError(f"the text is {len(text):,} bytes long; at most {max_text:,} are read")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as not_utf8:  # named apart from e below: compiled, one name keeps one type
            raise InvalidJSONError(f"the text is not valid UTF-8: byte 0x{not_utf8.object[not_utf8.start]:02x} "
                                   f"at position {not_utf8.start}") from None
    else:
        if len(text) > max_text:
            raise InvalidJSONError(f"the text is {len(text):,} characters long; at most {max_text:,} are read")
        _check_characters(text)
    if not text.strip():
        raise InvalidJSONError("the text is empty; send one JSON value")
    if text.count("[") + text.count("{") > MAX_DEPTH:  # deep nesting is possible: bound it before reading
        _check_nesting(text)
    try:
        if text.startswith("\ufeff"):  # as json.loads refuses a byte order mark (the decoder alone would not say why)
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        value = _DECODER.decode(text)
    except json.JSONDecodeError as e:
        end = len(text.rstrip())
        if e.pos < end:
            raise InvalidJSONError(f"not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}") from None
        # the text stops inside its value: point just past its last character (where the value should go on),
        # not past the line break after it
        line = text.count("\n", 0, end) + 1
        column = end - text.rfind("\n", 0, end)
        raise InvalidJSONError(f"not valid JSON at line {line}, column {column}: {e.msg}; the text ends there "
                               "before its value does") from None
    if "\\u" in text or "\\U" in text:  # an escape can spell a lone surrogate
        check_value(value)
    return value


def dumps(value: object) -> str:
    """One line of RFC 8259 JSON text (``", "`` and ``": "`` between items, non-ASCII written as is).

    Raises :class:`~riichi.errors.InvalidJSONError` for a value JSON cannot carry (NaN, a lone surrogate).
    """
    try:
        text = _ENCODER.encode(value)
    except (ValueError, TypeError, RecursionError) as e:  # a value that holds itself nests without end
        raise InvalidJSONError(f"the value cannot be written as JSON: {e}") from None
    _check_characters(text)
    return text


def check_value(value: object, depth: int = 0) -> None:
    """Raise :class:`~riichi.errors.InvalidJSONError` unless ``value`` can be written as strict JSON.

    >>> check_value({"id": [1, "a", None, 2.5]})
    >>> check_value({"id": float("nan")})
    Traceback (most recent call last):
      ...
    riichi.errors.InvalidJSONError: nan is not a JSON number
    """
    if depth > MAX_DEPTH:
        raise InvalidJSONError(f"the value is nested more than {MAX_DEPTH} levels deep")
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int):
        if abs(value) >= _LARGEST:
            raise InvalidJSONError(f"a number of more than {MAX_DIGITS} digits is not read")
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidJSONError(f"{value} is not a JSON number")
    elif isinstance(value, str):
        _check_characters(value)
    elif isinstance(value, (list, tuple)):
        for item in value:
            check_value(item, depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise InvalidJSONError(f"the key {key!r} is not a string")
            _check_characters(key)
            check_value(item, depth + 1)
    else:
        raise InvalidJSONError(f"a {type(value).__name__} is not a JSON value")


def _check_characters(text: str) -> None:
    """Refuse text with a lone surrogate (no UTF-8 text holds one)."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as e:
            raise InvalidJSONError(f"the text holds a lone surrogate U+{ord(text[e.start]):04X} "
                                   f"at position {e.start}, which is not a character") from None


def _check_nesting(text: str) -> None:
    """Refuse arrays and objects nested deeper than :data:`MAX_DEPTH` (brackets inside strings ignored)."""
    depth = 0
    in_string = escaped = False
    for position, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise InvalidJSONError(f"arrays and objects are nested more than {MAX_DEPTH} levels deep "
                                       f"(at position {position})")
        elif ch in "]}":
            depth -= 1


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise InvalidJSONError(f"the key {dumps(key) if key.isprintable() else repr(key)} appears "
                                       f"twice in one object")
            seen.add(key)
    return value


def _constant(name: str) -> NoReturn:
    raise InvalidJSONError(f"{name} is not a JSON number")


def _digits(text: str) -> None:
    if len(text) > MAX_DIGITS:
        raise InvalidJSONError(f"a number of {len(text):,} characters is longer than the {MAX_DIGITS} read")


def _int(text: str) -> int:
    _digits(text)
    return int(text)


def _float(text: str) -> float:
    _digits(text)
    value = float(text)
    if not math.isfinite(value):
        raise InvalidJSONError(f"the number {text} is too large for a double")
    return value


#: The one encoder :func:`dumps` writes with, and the one decoder :func:`loads` reads with (``json.dumps`` and
#: ``json.loads`` with these options would make a new one for every value and every text). The encoder does not
#: keep the containers it is inside to find one that holds itself (a dict look-up per list and object, a tenth
#: of the time of writing a result): such a value is refused when it nests too deep.
_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, allow_nan=False, check_circular=False)
_DECODER: Final = json.JSONDecoder(object_pairs_hook=_object, parse_constant=_constant, parse_float=_float,
                                   parse_int=_int)
