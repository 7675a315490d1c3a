"""The mjai protocol at a table, as mjai.app runs it: each line sent to a bot is a JSON array of the events
since its last answer, each line it answers is one action (``{"type":"none"}`` to pass).

A seat sees only what it may see: the other seats' starting hands and draws are sent as ``?``. An answer
is matched against the seat's legal actions; anything else is a :class:`BotFault`.

>>> from riichi.game.events import Draw
>>> seat_message(Draw.parse("draw 2 5m"), seat=0)
{'type': 'tsumo', 'actor': 2, 'pai': '?'}
>>> from riichi.game.legal import Pass
>>> find_action('{"type":"none"}', (Pass(1),))
Pass(seat=1)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from riichi.errors import BotFault, FaultKind
from riichi.formats import strict_json
from riichi.formats.mjai import mjai_event, tile_from_mjai
from riichi.frozen import Frozen
from riichi.game.events import (
    Ankan,
    Chi,
    Deal,
    Discard,
    Draw,
    Event,
    Kita,
    Minkan,
    Pon,
    Riichi,
    Ryuukyoku,
    Shouminkan,
    Win,
)
from riichi.game.legal import Action, Pass

if TYPE_CHECKING:
    from riichi.game.players import SeatView

__all__ = ["HIDDEN", "BotFault", "Fault", "FaultKind", "action_message", "fault_of", "find_action", "message_text",
           "seat_message", "seat_text"]

#: What a seat is shown for a tile it may not see.
HIDDEN = "?"
#: How many legal actions a fault names, and how much of an answer it quotes.
_SHOWN = 8
_LONGEST = 200
#: The action each mjai answer type names (an answer is one of a seat's choices, never an engine's event).
_ANSWERED_BY: dict[str, type[Action]] = {
    "none": Pass, "dahai": Discard, "hora": Win, "reach": Riichi, "chi": Chi, "pon": Pon, "daiminkan": Minkan,
    "kakan": Shouminkan, "ankan": Ankan, "nukidora": Kita, "ryukyoku": Ryuukyoku,
}


@dataclass(frozen=True, slots=True)
class Fault(Frozen):
    """One move of a bot replaced by the safe default: the seat, the kind, why the answer was refused
    (``detail``; for an illegal answer the table's rule first) and the answer itself ("" when none came)."""

    seat: int
    kind: FaultKind
    detail: str
    answer: str = ""

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "kind": self.kind.value, "detail": self.detail, "answer": self.answer}


def fault_of(fault: BotFault, seat: int, answer: str, view: SeatView | None = None) -> Fault:
    """The :class:`Fault` of ``seat``'s refused ``answer`` ("" when none came); given the seat's ``view``, an
    illegal answer's reason starts with the table's own rule (``discard 1 5m: the riichi discard must leave
    the hand tenpai``) when the answer names a move the table knows."""
    detail = str(fault)
    if fault.kind is FaultKind.ILLEGAL and view is not None:
        event = _answered_event(answer, seat)
        why = view.refusal(event) if event is not None else ""
        if why:
            detail = f"{why}; {detail}"
    return Fault(seat, fault.kind, detail, _short(answer))


def _answered_event(answer: str, seat: int) -> Event | None:
    """The engine's event an mjai answer names, as ``seat``'s move (None when it names none)."""
    try:
        message = strict_json.loads(answer)
        if not isinstance(message, dict):
            return None
        kind = message.get("type")
        if kind == "dahai":
            return Discard(seat, tile_from_mjai(message.get("pai")), tsumogiri=message.get("tsumogiri") is True)
        if kind == "reach":
            return Riichi(seat)
        consumed = message.get("consumed")
        own = tuple(tile_from_mjai(t) for t in consumed) if isinstance(consumed, list) else ()
        if kind == "ankan":
            return Ankan(seat, own)
        if kind == "kakan":
            return Shouminkan(seat, tile_from_mjai(message.get("pai")))
        target = message.get("target")
        if kind in ("chi", "pon", "daiminkan") and type(target) is int:
            call = {"chi": Chi, "pon": Pon, "daiminkan": Minkan}[str(kind)]
            return call(seat, tile_from_mjai(message.get("pai")), target, own)
    except ValueError:  # not JSON, a tile that is none, or an event its own checks refuse
        return None
    return None


def seat_message(event: Event, seat: int) -> dict[str, object]:
    """The mjai message ``seat`` is sent for ``event``: the others' starting hands and draws hidden."""
    line = mjai_event(event)
    if isinstance(event, Deal):
        line["tehais"] = [[HIDDEN] * len(hand) if s != seat else line_hand
                          for s, (hand, line_hand) in enumerate(zip(event.hands, _hands(line), strict=True))]
    elif isinstance(event, Draw) and event.seat != seat:
        line["pai"] = HIDDEN
    return line


_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def message_text(message: dict[str, object]) -> str:
    """An mjai message as compact JSON text (one encoder for every message: a game writes thousands)."""
    return _ENCODER.encode(message)


class _LastEvent:
    """The last event encoded and its JSON texts by the seat they were made for (-1: every seat that sees the
    event as all do), kept as one pair so that tables in several threads never mix two events' texts."""

    __slots__ = ("entry",)

    def __init__(self) -> None:
        self.entry: tuple[Event | None, dict[int, str]] = (None, {})


_LAST = _LastEvent()


def seat_text(event: Event, seat: int) -> str:
    """:func:`seat_message` as compact JSON text. A table's listener tells every seat the same event one
    after another, so the text is made once for all the seats that see the event alike (only a deal and a
    seat's own draw differ)."""
    last, texts = _LAST.entry
    if last is not event:
        texts = {}
        _LAST.entry = (event, texts)
    own = isinstance(event, Deal) or (isinstance(event, Draw) and event.seat == seat)
    key = seat if own else -1
    text = texts.get(key)
    if text is None:
        text = message_text(seat_message(event, seat))
        texts[key] = text
    return text


def _hands(line: dict[str, object]) -> list[object]:
    hands = line["tehais"]
    assert isinstance(hands, list)
    return hands


def action_message(action: Action) -> dict[str, object]:
    """An action as the mjai answer that plays it."""
    if isinstance(action, Pass):
        return {"type": "none"}
    return mjai_event(action)


def _key(message: dict[str, object], *, tsumogiri: bool) -> tuple[object, ...]:
    """What identifies an action among a seat's legal ones: its type, tile and the tiles it uses."""
    consumed = message.get("consumed")
    used = tuple(sorted(str(t) for t in consumed)) if isinstance(consumed, list) else ()
    kind = message.get("type")
    pai = None if kind == "hora" else message.get("pai")
    return (kind, pai, used, message.get("tsumogiri") is True if tsumogiri else None)


def find_action(answer: str, actions: tuple[Action, ...]) -> Action:
    """The legal action an mjai answer names; :class:`BotFault` when it is no JSON object with a type, or
    names no legal action. A discard's ``tsumogiri`` flag decides between the drawn tile and a copy of it
    in the hand; when no listed discard has the flag given, the other one is played."""
    try:
        message = strict_json.loads(answer)
    except ValueError as exc:
        raise BotFault(FaultKind.BAD_JSON, f"not JSON: {str(exc).splitlines()[0]}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise BotFault(FaultKind.BAD_JSON, f"not an mjai action (an object with a type): {_short(answer)}")
    candidates = _candidates(message, actions)
    for exact in (True, False):
        wanted = _key(message, tsumogiri=exact)
        for action in candidates:
            if _key(action_message(action), tsumogiri=exact) == wanted:
                return action
        if message.get("type") != "dahai":
            break
    listed = ", ".join(json.dumps(action_message(a), separators=(",", ":")) for a in actions[:_SHOWN])
    more = ", ..." if len(actions) > _SHOWN else ""
    raise BotFault(FaultKind.ILLEGAL, f"{_short(answer)} is not legal now (legal: {listed}{more})")


def _candidates(message: dict[str, object], actions: tuple[Action, ...]) -> list[Action]:
    """The actions an answer may name: those of its type, and for a discard those of its tile (a quick sort
    before each is written as a message and compared)."""
    kind = _ANSWERED_BY.get(str(message["type"]))
    if kind is None:
        return []
    if kind is Discard:
        try:
            tile = tile_from_mjai(message.get("pai"))
        except ValueError:
            return []
        return [a for a in actions if isinstance(a, Discard) and a.tile == tile]
    return [a for a in actions if isinstance(a, kind)]


def _short(text: str) -> str:
    text = text.strip()
    return text if len(text) <= _LONGEST else text[:_LONGEST] + "..."

