"""Mahjong Soul's game records as protobuf bytes, decoded with the standard ``protobuf`` library.

This module needs the ``soul`` extra (``pip install 'riichi[soul]'``) and is not compiled: it imports
``google.protobuf``. :mod:`riichi.formats.soul` imports it only when a record holds protobuf bytes.

The server's bytes are a ``Wrapper`` {1 ``name``, 2 ``data``} naming ``.lq.GameDetailRecords``, whose
events are wrappers too: field 1 ``records`` (older records, each a wrapped event) or field 3
``actions`` (``GameAction`` {1 ``passed``, 2 ``type``, 3 ``result``}; type 1 carries a wrapped
event). The message descriptions below are this project's own, built at run time with
:mod:`google.protobuf.descriptor_pb2`, and name only the fields the replay reads: the field numbers
and names are the public facts of Mahjong Soul's ``liqi.proto`` as published by public tools
(latorc/MahjongCopilot ``liqi_proto/liqi.proto``; EndlessCheng/mahjong-helper
``platform/majsoul/proto/lq/liqi.proto``), checked against the decoded events that the client's own
saved records carry beside their bytes (the tests compare both, event by event).

``GameDetailRecords`` itself is walked field by field in its wire format (as protobuf's encoding
documentation lays it out: a key varint, then a varint, fixed bytes or a length and bytes), each record and
action counted as it comes: a record holding more than :data:`MAX_EVENTS` is refused at the first one
beyond, the rest of its bytes unread, in time linear in what was read. (Parsed whole, a few megabytes of
empty actions took seconds and hundreds of megabytes before their count could be looked at.)

A decoded event is ``(name, fields)``: the message's name without its package (``RecordDealTile``) and
a dict of every described field, absent ones at their protobuf default (messages: ``None``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import DecodeError, Message

__all__ = ["EVENT_NAMES", "SoulBytesError", "decode_records"]

_F = descriptor_pb2.FieldDescriptorProto
_STRING, _BYTES, _BOOL = _F.TYPE_STRING, _F.TYPE_BYTES, _F.TYPE_BOOL
_UINT, _INT, _MESSAGE = _F.TYPE_UINT32, _F.TYPE_INT32, _F.TYPE_MESSAGE
_ONE, _MANY = _F.LABEL_OPTIONAL, _F.LABEL_REPEATED

#: Each message: (field name, number, type, repeated, message type name).
_Field = tuple[str, int, int, bool, str]
_MESSAGES: Final[dict[str, tuple[_Field, ...]]] = {
    "Wrapper": (("name", 1, _STRING, False, ""), ("data", 2, _BYTES, False, "")),
    "GameDetailRecords": (("records", 1, _BYTES, True, ""), ("version", 2, _UINT, False, ""),
                          ("actions", 3, _MESSAGE, True, "GameAction")),
    "GameAction": (("passed", 1, _UINT, False, ""), ("type", 2, _UINT, False, ""), ("result", 3, _BYTES, False, "")),
    "LiQiSuccess": (("seat", 1, _UINT, False, ""), ("score", 2, _INT, False, ""), ("liqibang", 3, _UINT, False, ""),
                    ("failed", 4, _BOOL, False, "")),
    "FanInfo": (("name", 1, _STRING, False, ""), ("val", 2, _UINT, False, ""), ("id", 3, _UINT, False, "")),
    "RecordNewRound": (
        ("chang", 1, _UINT, False, ""), ("ju", 2, _UINT, False, ""), ("ben", 3, _UINT, False, ""),
        ("dora", 4, _STRING, False, ""), ("scores", 5, _INT, True, ""), ("liqibang", 6, _UINT, False, ""),
        ("tiles0", 7, _STRING, True, ""), ("tiles1", 8, _STRING, True, ""), ("tiles2", 9, _STRING, True, ""),
        ("tiles3", 10, _STRING, True, ""), ("md5", 13, _STRING, False, ""), ("paishan", 14, _STRING, False, ""),
        ("left_tile_count", 15, _UINT, False, ""), ("doras", 16, _STRING, True, "")),
    "RecordDealTile": (
        ("seat", 1, _UINT, False, ""), ("tile", 2, _STRING, False, ""), ("left_tile_count", 3, _UINT, False, ""),
        ("liqi", 5, _MESSAGE, False, "LiQiSuccess"), ("doras", 6, _STRING, True, "")),
    "RecordDiscardTile": (
        ("seat", 1, _UINT, False, ""), ("tile", 2, _STRING, False, ""), ("is_liqi", 3, _BOOL, False, ""),
        ("moqie", 5, _BOOL, False, ""), ("doras", 8, _STRING, True, ""), ("is_wliqi", 9, _BOOL, False, "")),
    "RecordChiPengGang": (
        ("seat", 1, _UINT, False, ""), ("type", 2, _UINT, False, ""), ("tiles", 3, _STRING, True, ""),
        ("froms", 4, _UINT, True, ""), ("liqi", 5, _MESSAGE, False, "LiQiSuccess")),
    "RecordAnGangAddGang": (
        ("seat", 1, _UINT, False, ""), ("type", 2, _UINT, False, ""), ("tiles", 3, _STRING, False, ""),
        ("doras", 6, _STRING, True, "")),
    "RecordBaBei": (("seat", 1, _UINT, False, ""), ("doras", 6, _STRING, True, ""), ("moqie", 8, _BOOL, False, "")),
    "HuleInfo": (
        ("hand", 1, _STRING, True, ""), ("ming", 2, _STRING, True, ""), ("hu_tile", 3, _STRING, False, ""),
        ("seat", 4, _UINT, False, ""), ("zimo", 5, _BOOL, False, ""), ("qinjia", 6, _BOOL, False, ""),
        ("liqi", 7, _BOOL, False, ""), ("doras", 8, _STRING, True, ""), ("li_doras", 9, _STRING, True, ""),
        ("yiman", 10, _BOOL, False, ""), ("count", 11, _UINT, False, ""), ("fans", 12, _MESSAGE, True, "FanInfo"),
        ("fu", 13, _UINT, False, ""), ("point_rong", 15, _UINT, False, ""), ("point_zimo_qin", 16, _UINT, False, ""),
        ("point_zimo_xian", 17, _UINT, False, ""), ("title_id", 18, _UINT, False, ""),
        ("point_sum", 19, _UINT, False, ""), ("dadian", 20, _UINT, False, ""), ("baopai", 21, _UINT, False, "")),
    "RecordHule": (
        ("hules", 1, _MESSAGE, True, "HuleInfo"), ("old_scores", 2, _INT, True, ""),
        ("delta_scores", 3, _INT, True, ""), ("scores", 5, _INT, True, ""), ("baopai", 9, _INT, False, "")),
    "NoTilePlayerInfo": (("tingpai", 3, _BOOL, False, ""), ("hand", 4, _STRING, True, "")),
    "NoTileScoreInfo": (("seat", 1, _UINT, False, ""), ("old_scores", 2, _INT, True, ""),
                        ("delta_scores", 3, _INT, True, ""), ("score", 7, _UINT, False, "")),
    "RecordNoTile": (
        ("liujumanguan", 1, _BOOL, False, ""), ("players", 2, _MESSAGE, True, "NoTilePlayerInfo"),
        ("scores", 3, _MESSAGE, True, "NoTileScoreInfo"), ("gameend", 4, _BOOL, False, "")),
    "RecordLiuJu": (("type", 1, _UINT, False, ""), ("seat", 3, _UINT, False, ""), ("tiles", 4, _STRING, True, ""),
                    ("liqi", 5, _MESSAGE, False, "LiQiSuccess")),
}

#: The events a four- or three-player game record holds, by their wrapped names.
EVENT_NAMES: Final = ("RecordNewRound", "RecordDealTile", "RecordDiscardTile", "RecordChiPengGang",
                      "RecordAnGangAddGang", "RecordBaBei", "RecordHule", "RecordNoTile", "RecordLiuJu")
#: A GameAction of this type carries a wrapped event in ``result``; the others are the players' inputs.
_RECORD_ACTION: Final = 1
#: Most events one record may hold (a long game has a few thousand).
MAX_EVENTS: Final = 100_000
#: Protobuf's wire types: a varint, fixed 8 and 4 bytes, and length-delimited bytes (groups, 3 and 4, are refused).
_WIRE_VARINT, _WIRE_BYTES = 0, 2
_WIRE_FIXED: Final = {1: 8, 5: 4}
#: The largest field number protobuf allows (2^29 - 1).
_LARGEST_FIELD: Final = (1 << 29) - 1
#: The wire type of each field of ``GameDetailRecords`` (records, version, actions) and of ``GameAction``.
_DETAIL_FIELDS: Final = {1: _WIRE_BYTES, 2: _WIRE_VARINT, 3: _WIRE_BYTES}
_ACTION_FIELDS: Final = {1: _WIRE_VARINT, 2: _WIRE_VARINT, 3: _WIRE_BYTES}


class SoulBytesError(ValueError):
    """The bytes are not a Mahjong Soul game record, or are damaged: the message says where."""


def _build() -> dict[str, type[Message]]:
    proto = descriptor_pb2.FileDescriptorProto(name="riichi_soul_records.proto", package="riichi_soul",
                                               syntax="proto3")
    for name, fields in _MESSAGES.items():
        message = proto.message_type.add(name=name)
        for field_name, number, kind, repeated, type_name in fields:
            field = message.field.add(name=field_name, number=number, type=kind, label=_MANY if repeated else _ONE)
            if type_name:
                field.type_name = f".riichi_soul.{type_name}"
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)  # type: ignore[no-untyped-call]
    found = pool.FindMessageTypeByName  # untyped in the stubs
    return {name: message_factory.GetMessageClass(found(f"riichi_soul.{name}"))  # type: ignore[no-untyped-call]
            for name in _MESSAGES}


_CLASSES: Final = _build()


def _as_dict(message: Message) -> dict[str, object]:
    out: dict[str, object] = {}
    for name, _, kind, repeated, _type_name in _MESSAGES[message.DESCRIPTOR.name]:
        value = getattr(message, name)
        if kind == _MESSAGE:
            if repeated:
                out[name] = [_as_dict(m) for m in value]
            else:
                out[name] = _as_dict(value) if message.HasField(name) else None
        else:
            out[name] = list(value) if repeated else value
    return out


def _parse(name: str, data: bytes, where: str) -> Message:
    message = _CLASSES[name]()
    try:
        message.ParseFromString(data)
    except (DecodeError, RuntimeError, ValueError) as exc:  # RuntimeError: upb's recursion limit
        raise SoulBytesError(f"{where}: damaged protobuf bytes (cut short or changed): its {name} does not "
                             f"parse ({exc})") from None
    return message


def _event(data: bytes, where: str, wanted: Callable[[str], bool]) -> tuple[str, dict[str, object]]:
    wrapper = _parse("Wrapper", data, where)
    name = str(getattr(wrapper, "name", ""))
    short = name.removeprefix(".lq.")
    if not wanted(short):
        raise SoulBytesError(f"{where}: {name!r} is not an event of a game record this library reads "
                             f"({', '.join(EVENT_NAMES)})")
    return short, _as_dict(_parse(short, getattr(wrapper, "data", b""), where))


def _varint(data: bytes, pos: int, where: str) -> tuple[int, int]:
    """The varint at ``pos`` and the position after it."""
    value = shift = 0
    for i in range(pos, min(pos + 10, len(data))):
        byte = data[i]
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, i + 1
        shift += 7
    raise SoulBytesError(f"{where}: damaged protobuf bytes (cut short or changed): a number at byte {pos} "
                         f"does not end")


def _fields(data: bytes, where: str) -> Iterator[tuple[int, int, int | bytes]]:
    """Each field of a message's bytes in the order written: ``(number, wire type, value)``, the value a
    number (varint and fixed-width fields) or bytes (length-delimited ones). One pass, each byte read once:
    the caller counts the fields as they come and can stop before reading the rest."""
    pos, end = 0, len(data)
    while pos < end:
        at = pos
        key, pos = _varint(data, pos, where)
        number, wire = key >> 3, key & 7
        value: int | bytes
        if not 0 < number <= _LARGEST_FIELD:
            raise SoulBytesError(f"{where}: damaged protobuf bytes (cut short or changed): field number {number} at "
                                 f"byte {at}")
        if wire == _WIRE_VARINT:
            value, pos = _varint(data, pos, where)
        elif wire in _WIRE_FIXED:
            size = _WIRE_FIXED[wire]
            if pos + size > end:
                raise SoulBytesError(f"{where}: damaged protobuf bytes (cut short or changed): field {number} at "
                                     f"byte {at} runs past the end")
            value, pos = int.from_bytes(data[pos:pos + size], "little"), pos + size
        elif wire == _WIRE_BYTES:
            size, pos = _varint(data, pos, where)
            if size > end - pos:
                raise SoulBytesError(f"{where}: damaged protobuf bytes (cut short or changed): field {number} at "
                                     f"byte {at} claims {size:,} bytes; {end - pos:,} follow")
            value, pos = data[pos:pos + size], pos + size
        else:
            raise SoulBytesError(f"{where}: damaged protobuf bytes (cut short or changed): field {number} at byte "
                                 f"{at} has wire type {wire}, which no field of a game record has")
        yield number, wire, value


def _listed(data: bytes) -> tuple[int, list[bytes], list[bytes]]:
    """The version, records and actions of a ``GameDetailRecords``' bytes, refusing more than
    :data:`MAX_EVENTS` of them as soon as one more is met (the rest of the bytes unread)."""
    version = 0
    records: list[bytes] = []
    actions: list[bytes] = []
    for number, wire, value in _fields(data, "the record"):
        if number not in _DETAIL_FIELDS:
            continue  # a field this reader does not describe (protobuf skips it too)
        if wire != _DETAIL_FIELDS[number]:
            raise SoulBytesError(f"the record: damaged protobuf bytes (cut short or changed): its GameDetailRecords' "
                                 f"field {number} has wire type {wire}")
        if isinstance(value, int):
            version = value & 0xFFFFFFFF  # a uint32, as protobuf reads it
            continue
        (records if number == 1 else actions).append(value)
        if len(records) + len(actions) > MAX_EVENTS:
            raise SoulBytesError(f"the record holds more than {MAX_EVENTS:,} events; at most {MAX_EVENTS:,} are read")
    return version, records, actions


def _action(data: bytes, where: str) -> bytes | None:
    """The wrapped event a ``GameAction``'s bytes carry (``result`` of type 1), None for a player's input."""
    kind, result = 0, b""
    for number, wire, value in _fields(data, where):
        if number in _ACTION_FIELDS and wire != _ACTION_FIELDS[number]:
            raise SoulBytesError(f"{where}: damaged protobuf bytes (cut short or changed): its GameAction's field "
                                 f"{number} has wire type {wire}")
        if number == 2 and isinstance(value, int):
            kind = value & 0xFFFFFFFF
        elif number == 3 and isinstance(value, bytes):
            result = value
    return result if kind == _RECORD_ACTION else None


def decode_records(data: bytes) -> tuple[int, list[tuple[str, dict[str, object]]]]:
    """The version and the events of a record's bytes (a wrapped ``GameDetailRecords``, or the bare message).

    The record's lists of events are read field by field, counted as they come: a record over
    :data:`MAX_EVENTS` is refused at the first event beyond it, in time linear in the bytes read.

    >>> decode_records(b"")
    Traceback (most recent call last):
      ...
    riichi.formats.soul_proto.SoulBytesError: the bytes are empty: a Mahjong Soul record holds its events
    """
    if not data:
        raise SoulBytesError("the bytes are empty: a Mahjong Soul record holds its events")
    outer = _parse("Wrapper", data, "the record")
    name = str(getattr(outer, "name", ""))
    if name != ".lq.GameDetailRecords":
        raise SoulBytesError(f"the record's bytes name {name[:60]!r}, not '.lq.GameDetailRecords'")
    version, records, actions = _listed(bytes(getattr(outer, "data", b"")))
    events: list[tuple[str, dict[str, object]]] = []
    wanted = EVENT_NAMES.__contains__
    for i, raw in enumerate(records):
        events.append(_event(raw, f"record {i}", wanted))
    for i, action in enumerate(actions):
        result = _action(action, f"action {i}")
        if result is not None:
            events.append(_event(result, f"action {i}", wanted))
    return version, events
