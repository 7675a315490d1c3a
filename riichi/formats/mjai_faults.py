"""Bot faults in an mjai record: this library's ``faults`` field, on the line of the event they came before.

A game played by bots (``riichi play --seat N=mjai:...``) keeps each answer the table refused where it
happened: on the line of the event the table played next (the faulting seat's safe move in its place, or the
next event when that move was a pass), a list of ``{"actor", "kind", "answer", "reason"}``; faults after the
last hand go on ``end_game``. ``kind`` is ``bad_json``, ``illegal``, ``late`` or ``exited``; ``answer`` the
bot's answer as it wrote it ("" when none came); ``reason`` why the table refused it:

    {"type":"dahai","actor":1,"pai":"3s","tsumogiri":true,"faults":[{"actor":1,"kind":"illegal",
     "answer":"{\\"type\\":\\"dahai\\",\\"actor\\":1,\\"pai\\":\\"5m\\",\\"tsumogiri\\":false}",
     "reason":"discard 1 5m: the riichi discard must leave the hand tenpai"}]}

A field an mjai reader does not know is left alone (the mjai package, Mortal's libriichi and riichienv read
such records as they read any); :func:`~riichi.formats.mjai.read_mjai` reads it back into
:attr:`~riichi.formats.record.GameRecord.faults`.

>>> entries = fault_entries([RecordFault(0, 5, 1, FaultKind.LATE, "", "no answer within 2 s")])
>>> entries
[{'actor': 1, 'kind': 'late', 'answer': '', 'reason': 'no answer within 2 s'}]
>>> read_faults(entries, hand=0, event=5) == [RecordFault(0, 5, 1, FaultKind.LATE, "", "no answer within 2 s")]
True
"""

from __future__ import annotations

from collections.abc import Iterable

from riichi.errors import FaultKind
from riichi.formats.record import RecordFault

__all__ = ["fault_entries", "read_faults"]

#: The fault kinds by their names in a record.
_KINDS = {kind.value: kind for kind in FaultKind}
#: Longest answer or reason read back (a writer shortens what a bot answered).
_LONGEST_TEXT = 4096


def fault_entries(faults: Iterable[RecordFault]) -> list[dict[str, object]]:
    """The ``faults`` field of one line."""
    return [{"actor": f.seat, "kind": f.kind.value, "answer": f.answer, "reason": f.reason} for f in faults]


def _text(entry: dict[str, object], key: str, where: str) -> str:
    value = entry.get(key, "")
    if not isinstance(value, str) or len(value) > _LONGEST_TEXT:
        raise ValueError(f"{where}.{key} must be text of at most {_LONGEST_TEXT} characters, not {str(value)[:40]!r}")
    return value


def read_faults(value: object, *, hand: int, event: int, players: int = 4) -> list[RecordFault]:
    """The faults a line's ``faults`` field states, placed before event ``event`` of hand ``hand``;
    :class:`ValueError` naming the first malformed entry."""
    if not isinstance(value, list):
        raise ValueError(f"faults must be a list of faults, not {str(value)[:40]!r}")
    out: list[RecordFault] = []
    for i, entry in enumerate(value):
        where = f"faults[{i}]"
        if not isinstance(entry, dict):
            raise ValueError(f"{where} must be an object with actor, kind, answer and reason")
        seat = entry.get("actor")
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"{where}.actor must be a seat 0..{players - 1}, not {seat!r}")
        kind = _KINDS.get(str(entry.get("kind")))
        if kind is None:
            raise ValueError(f"{where}.kind must be one of {', '.join(_KINDS)}, not {entry.get('kind')!r}")
        out.append(RecordFault(hand, event, seat, kind, _text(entry, "answer", where), _text(entry, "reason", where)))
    return out
