"""Which format a record is in, from its content, and reading any of them.

>>> detect_format(b'<mjloggm ver="2.3"><GO type="169"/>')
'mjlog'
>>> detect_format(b'{"type":"start_game","names":["a","b","c","d"]}\\n')
'mjai'
>>> detect_format(b'{"title":["",""],"name":["a","b","c","d"],"rule":{"aka":1},"log":[]}')
'tenhou6'
>>> detect_format(b'{"head":{"uuid":"250913-638affa1"},"data":{"type":"Buffer","data":[]}}')
'soul'
"""

from __future__ import annotations

from typing import Final

from riichi.errors import RiichiError
from riichi.formats import strict_json
from riichi.formats.gzipped import GzipError, is_gzip, ungzip
from riichi.formats.mjai import read_mjai
from riichi.formats.mjlog import looks_like_mjlog, read_mjlog_bytes
from riichi.formats.record import ErrorCode, GameRecord, RecordError, RecordRules
from riichi.formats.soul import looks_like_soul, read_soul
from riichi.formats.tenhou6 import read_tenhou6

__all__ = ["FORMATS", "detect_format", "read_record"]

#: The record formats, by the names the command line uses.
FORMATS: Final = ("mjlog", "tenhou6", "mjai", "soul")


def detect_format(data: bytes) -> str | None:
    """``mjlog``, ``tenhou6``, ``mjai`` or ``soul`` (Mahjong Soul's own record) from the first bytes of a
    record (gzip undone); None when it is none of them."""
    if is_gzip(data):
        try:
            data = ungzip(data)
        except GzipError:
            return "mjlog"  # a damaged gzip stream: the mjlog reader names the damage
    if looks_like_mjlog(data):
        return "mjlog"
    if looks_like_soul(data):
        return "soul"
    head = data.lstrip()[:65536]
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


def read_record(data: bytes, fmt: str = "auto", *, name: str = "") -> GameRecord:
    """Read a record of the given format (``auto``: detected). ``name`` (a file name) may hold a Tenhou
    log id, whose date the rules need."""
    if fmt == "auto":
        found = detect_format(data)
        if found is None:
            return _unreadable("not a game record (neither mjlog XML, tenhou.net/6 JSON, mjai JSON lines nor a "
                               "Mahjong Soul record)")
        fmt = found
    if fmt == "mjlog":
        return read_mjlog_bytes(data, log_id=name)
    try:
        data = ungzip(data)
    except GzipError as exc:
        return _unreadable(exc.message)
    if fmt == "soul":
        return read_soul(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as not_utf8:  # named apart from exc above: compiled, one name keeps one type
        return _unreadable(f"not UTF-8 text at byte {not_utf8.start}")
    if fmt == "mjai":
        return read_mjai(text)
    if fmt == "tenhou6":
        return read_tenhou6(text, log_id=name)
    raise ValueError(f"unknown record format {fmt!r} (formats: auto, {', '.join(FORMATS)})")


def _unreadable(message: str) -> GameRecord:
    return GameRecord(RecordRules(), ("", "", "", ""), None, (), None,
                      (RecordError(ErrorCode.INVALID_LOG, message),))
