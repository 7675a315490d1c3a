"""Exceptions raised by :mod:`riichi`.

Every error is a :class:`RiichiError`, which is a :class:`ValueError`: each one
is a problem with the input, never with the library. Each class carries the
``code`` of the batch interchange format, so a result can name the problem
precisely (``riichi score --jsonl`` writes it as ``error.code``).

This module stays Python in the compiled build (pyproject.toml's mypyc
exclusions), and so does every other exception class that keeps attributes
(``error.span``, ``error.event``, ``fault.kind``): mypyc 1.19 gives a compiled
exception class an attribute dictionary that its instances never free (mypy
issue 21716), so every such error raised and caught, a mistyped hand sent to
the web calculator or an illegal call tried by the engine, would keep a few
hundred bytes for the rest of the process.
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Iterable
from typing import ClassVar

__all__ = [
    "BotFault",
    "ClubError",
    "FaultKind",
    "GameOverError",
    "IllegalActionError",
    "ImpossibleHandError",
    "ImpossibleTilesError",
    "InconsistentSituationError",
    "InvalidCaseError",
    "InvalidJSONError",
    "NoYakuError",
    "NotWinningError",
    "NotationError",
    "RiichiError",
    "SheetError",
    "TooComplexError",
    "TournamentError",
    "UnknownRulesError",
    "WrongTileCountError",
    "did_you_mean",
]


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'kiriage'?)`` when one of ``choices`` is close to the unknown ``word``, else ``''``.

    >>> did_you_mean("kiriag", ["kuitan", "kiriage"])
    " (did you mean 'kiriage'?)"
    """
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


class RiichiError(ValueError):
    """Root of every error this library raises."""

    code: ClassVar[str] = "invalid_case"


class NotationError(RiichiError):
    """Text that is not valid MPSZ notation.

    Keeps the ``source`` text and the ``span`` (start, end) of the offending
    part; ``str()`` shows a caret under it:

    >>> print(NotationError("unexpected character 'x'", "123m4x", (5, 6)))
    unexpected character 'x'
      123m4x
           ^
    """

    code: ClassVar[str] = "invalid_notation"

    def __init__(self, message: str, source: str = "", span: tuple[int, int] | None = None) -> None:
        self.message = message
        self.source = source
        self.span = span
        super().__init__(self._render())

    def _render(self) -> str:
        if self.span is None or not self.source:
            return self.message
        start, end = self.span
        width = max(1, end - start)
        return f"{self.message}\n  {self.source}\n  {' ' * start}{'^' * width}"


class InvalidCaseError(RiichiError):
    """A field of a win case has the wrong type or an unknown value."""

    code: ClassVar[str] = "invalid_case"


class TournamentError(RiichiError):
    """A tournament's input that cannot be used: a seating that cannot be made or read, a game or a result of
    the standings or ratings that is not one (the message names the game or player and the field)."""

    code: ClassVar[str] = "invalid_tournament"


class ClubError(RiichiError):
    """A club-server request refused (:mod:`riichi.club`): ``code`` names why (``not_found``, ``forbidden``,
    ``conflict``, ``too_many_attempts``, ``invalid_input``, or a score sheet's own code), ``status`` is its HTTP
    status, ``state`` the current value a stale write is shown (a game's, on ``conflict``), else None."""

    code: ClassVar[str] = "invalid_input"

    def __init__(self, message: str, *, code: str = "invalid_input", status: int = 400,
                 state: dict[str, object] | None = None) -> None:
        self.kind = code
        self.status = status
        self.state = state
        super().__init__(message)


class InvalidJSONError(RiichiError):
    """Text that is not strict JSON (RFC 8259): NaN, a lone surrogate, a duplicate key, bad UTF-8, ..."""

    code: ClassVar[str] = "invalid_json"


class ImpossibleTilesError(RiichiError):
    """More copies of a tile than the set holds, or more red fives than the rules have."""

    code: ClassVar[str] = "impossible_tiles"


class WrongTileCountError(RiichiError):
    """The hand and melds do not add up to a hand of 14 tiles (kans counting 3)."""

    code: ClassVar[str] = "wrong_tile_count"


class NotWinningError(RiichiError):
    """The tiles are not a complete hand (four sets and a pair, seven pairs, thirteen orphans)."""

    code: ClassVar[str] = "not_winning"


class NoYakuError(RiichiError):
    """A complete hand without a single yaku (dora do not count) cannot win."""

    code: ClassVar[str] = "no_yaku"


class InconsistentSituationError(RiichiError):
    """Situation flags that cannot all be true, such as ippatsu without riichi."""

    code: ClassVar[str] = "inconsistent_situation"


class TooComplexError(RiichiError):
    """A question the analysis cannot answer within its budget (states or time); the message names the limit."""

    code: ClassVar[str] = "too_complex"


class UnknownRulesError(RiichiError):
    """A rule-set preset or override that does not exist."""

    code: ClassVar[str] = "unknown_rules"


class IllegalActionError(RiichiError):
    """A game event the rules do not allow at this moment; the message names the event and the rule.

    ``event`` is the refused event (or ``None``) and ``rule`` a short name of the rule it breaks
    (``"furiten"``, ``"kuikae"``, ``"fifth_kan"``...).
    """

    code: ClassVar[str] = "illegal_action"

    def __init__(self, message: str, *, event: object = None, rule: str = "") -> None:
        self.event = event
        self.rule = rule
        super().__init__(f"{event}: {message}" if event is not None else message)


class FaultKind(enum.Enum):
    """What went wrong with a bot's answer (kept here, beside :class:`BotFault`, so that this module, which
    every other imports, imports none of riichi's)."""

    BAD_JSON = "bad_json"  #: the answer is not one JSON object with a ``type``
    ILLEGAL = "illegal"  #: the answer is no legal action now
    LATE = "late"  #: no answer within the time allowed
    EXITED = "exited"  #: the bot's process is gone

    def __repr__(self) -> str:
        return f"FaultKind.{self.name}"


class BotFault(RiichiError):
    """A bot's answer that cannot be played; ``kind`` (a :class:`FaultKind`) says why."""

    def __init__(self, kind: FaultKind, message: str) -> None:
        self.kind = kind
        super().__init__(message)


class SheetError(RiichiError):
    """A score sheet that cannot be scored (:mod:`riichi.sheet`). ``hand`` is the 0-based index of the first hand
    that cannot be (``None`` when the problem is the game's: its rules, its names, its final scores), ``field`` the
    field at fault as the sheet writes it (``"wins[0].fu"``, ``"riichi"``), or ``None``."""

    code: ClassVar[str] = "invalid_input"

    def __init__(self, message: str, *, hand: int | None = None, field: str | None = None) -> None:
        self.hand = hand
        self.field = field
        super().__init__(message)


class ImpossibleHandError(SheetError):
    """A hand written on a score sheet that cannot happen under the sheet's rules (1 han 20 fu on a ron, a winner
    who is the discarder, a riichi the rules forbid, ...)."""

    code: ClassVar[str] = "impossible_hand"


class GameOverError(SheetError):
    """A hand written on a score sheet after the game has ended."""

    code: ClassVar[str] = "game_over"
