"""Which format a record is in, from its content, and reading any of them.

>>> detect_format(b'<mjloggm ver="2.3"><GO type="169"/>')
'mjlog'
>>> detect_format(b'{"type":"start_game","names":["a","b","c","d"]}\\n')
'mjai'
>>> detect_format(b'{"title":["",""],"name":["a","b","c","d"],"rule":{"aka":1},"log":[]}')
'tenhou6'
>>> detect_format(b'{"head":{"uuid":"250913-638affa1"},"data":{"type":"Buffer","data":[]}}')
'soul'

>>> detect_format(b'{"code":0,"data":{"handRecord":[{"handEventRecord":[]}]}}')
'riichicity'

Records of other games' formats that are not read are recognised and named, so that the refusal says
what the record is:

>>> print(read_record(b'{"publicObservation":{},"privateObservations":[]}').errors[0])
a mjx game state (mjxproto JSON) record: recognised, but not a format this version reads (it reads Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON lines, Mahjong Soul and Riichi City records)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from riichi.errors import RiichiError
from riichi.formats import strict_json
from riichi.formats.gzipped import GzipError, is_gzip, ungzip
from riichi.formats.mjai import read_mjai
from riichi.formats.mjlog import looks_like_mjlog, read_mjlog_bytes
from riichi.formats.record import GameRecord, RecordNote, unreadable
from riichi.formats.riichicity import looks_like_riichicity, read_riichicity
from riichi.formats.soul import looks_like_soul, read_soul
from riichi.formats.tenhou6 import read_tenhou6

__all__ = ["FORMATS", "SUFFIXES", "detect_format", "foreign_format", "read_record", "refusal"]

#: The record formats, by the names the command line uses.
FORMATS: Final = ("mjlog", "tenhou6", "mjai", "soul", "riichicity")
#: The file suffix of each format a record is written in (``riichi play --save``, ``riichi replay --write``).
#: mjai is ``.mjson``, as the logs of the protocol's own server and its test records are named (gimite/mjai,
#: ``lib/mjai/file_converter.rb``, ``test/kuikae.mjson``); a folder's ``.jsonl`` files are read as well.
SUFFIXES: Final = {"mjlog": ".xml", "tenhou6": ".json", "mjai": ".mjson"}

#: Formats recognised but not read, each by keys only it writes (among the first 64 KiB): its name.
#: mjx's own game state (``publicObservation`` beside ``privateObservations``, its protobuf as JSON);
#: Majiang's (kobalab, 電脳麻将) game record (``qijia``, the first dealer, with ``log`` of ``qipai``...).
_FOREIGN: Final = (
    ((b'"publicObservation"', b'"privateObservations"'), "mjx game state (mjxproto JSON)"),
    ((b'"qijia"', b'"qipai"'), "Majiang (kobalab, 電脳麻将)"),
)
#: UTF-8's byte order mark, which some editors put before the text they save (no format read here has one).
_BOM: Final = b"\xef\xbb\xbf"
_BOM_FORGIVEN: Final = "the record starts with a byte order mark (EF BB BF, as some editors save UTF-8): passed over"
#: The longest server answer holding no game that is read to say what it says.
_ANSWER_MAX: Final = 4096
_READS: Final = ("it reads Tenhou mjlog XML, tenhou.net/6 JSON, mjai JSON lines, Mahjong Soul and Riichi City "
                 "records")


def foreign_format(data: bytes) -> str | None:
    """The name of a record format this version recognises but does not read (mjx's game state, ...), or None."""
    head = data.lstrip()[:65536]
    if not head.startswith((b"{", b"[")):
        return None
    for keys, name in _FOREIGN:
        if all(key in head for key in keys):
            return name
    return None


def detect_format(data: bytes) -> str | None:
    """``mjlog``, ``tenhou6``, ``mjai``, ``soul`` (Mahjong Soul's own record) or ``riichicity`` (Riichi City's)
    from the first bytes of a record (gzip undone); None when it is none of them."""
    if is_gzip(data):
        try:
            data = ungzip(data)
        except GzipError:
            return "mjlog"  # a damaged gzip stream: the mjlog reader names the damage
    data = data.removeprefix(_BOM)  # the format of what follows it (read_record refuses it or passes over it)
    if looks_like_mjlog(data):
        return "mjlog"
    if looks_like_soul(data):
        return "soul"
    if looks_like_riichicity(data):
        return "riichicity"
    if foreign_format(data) is not None:
        return None
    head = data.lstrip()[:65536]
    if head.startswith((b"//", b"/*")) and b'"log"' in head:  # tenhou.net/6 as some projects keep it: commented
        return "tenhou6"
    if head.startswith(b"{"):
        first = head.split(b"\n", 1)[0]
        try:  # strictly: nesting is bounded before the (recursive) decoder runs
            obj = strict_json.loads(first)
        except RiichiError:
            obj = None
        if isinstance(obj, dict) and "type" in obj:
            return "mjai"
        if obj is None or isinstance(obj, dict) and "log" in obj:
            return "tenhou6"
    return None


def read_record(data: bytes, fmt: str = "auto", *, name: str = "", strict: bool = True) -> GameRecord:
    """Read a record of the given format (``auto``: detected). ``name`` (a file name) may hold a Tenhou
    log id, whose date the rules need. ``strict=False`` reads records as other tools write them, and notes
    what it forgave (:class:`~riichi.formats.record.RecordNote`), a byte order mark before the record among them."""
    try:
        data = ungzip(data)  # once: the readers below take the plain record as well
    except GzipError:
        pass  # the damage is named by the format's reader below
    if data.startswith(_BOM):
        if strict:
            return unreadable("the record starts with a byte order mark (EF BB BF, as some editors save UTF-8), "
                              "which no record format read here has: remove it, or read the record leniently")
        record = read_record(data[len(_BOM):], fmt, name=name, strict=False)
        return replace(record, notes=(RecordNote(_BOM_FORGIVEN), *record.notes))
    if fmt == "auto":
        found = detect_format(data)
        if found is None:
            return unreadable(refusal(data))
        fmt = found
    if fmt == "mjlog":
        return read_mjlog_bytes(data, log_id=name)
    try:
        data = ungzip(data)
    except GzipError as exc:
        return unreadable(exc.message)
    if fmt == "soul":
        return read_soul(data)
    if fmt == "riichicity":
        return read_riichicity(data, strict=strict)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as not_utf8:  # named apart from exc above: compiled, one name keeps one type
        return unreadable(f"not UTF-8 text at byte {not_utf8.start}")
    if fmt == "mjai":
        return read_mjai(text, strict=strict)
    if fmt == "tenhou6":
        return read_tenhou6(text, log_id=name, strict=strict)
    raise ValueError(f"unknown record format {fmt!r} (formats: auto, {', '.join(FORMATS)})")


def refusal(data: bytes) -> str:
    """Why a record that is none of the formats read is refused: the format it is when it is one this
    version recognises, else that it is no game record."""
    try:
        data = ungzip(data)
    except GzipError:
        pass
    if not data.strip():
        return "the record is empty (or only blank space)"
    foreign = foreign_format(data)
    if foreign is not None:
        return f"a {foreign} record: recognised, but not a format this version reads ({_READS})"
    answer = _error_answer(data)
    if answer is not None:
        return answer
    return ("not a game record (neither mjlog XML, tenhou.net/6 JSON, mjai JSON lines, a Mahjong Soul nor a Riichi "
            "City record)")


def _error_answer(data: bytes) -> str | None:
    """What a server's answer that holds no game says (``{"code": 1004, "message": "...", "data": null}``, as a
    record API answers a record it does not give, saved in place of the record), or None when it is none."""
    if len(data) > _ANSWER_MAX or not data.lstrip().startswith(b"{"):
        return None
    try:
        obj = strict_json.loads(data)
    except RiichiError:
        return None
    if not isinstance(obj, dict) or "code" not in obj or isinstance(obj.get("data"), (dict, list)):
        return None
    code, said = obj.get("code"), obj.get("message", obj.get("msg"))
    message = f", message {str(said)[:200]!r}" if isinstance(said, str) and said else ""
    return f"a server's answer (code {str(code)[:40]}{message}) that holds no game: not a game record"
