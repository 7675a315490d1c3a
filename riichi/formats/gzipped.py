"""Records saved with gzip (Tenhou's ``.mjlog`` files are): undone once, within a size limit.

A few kilobytes of gzip can unpack to gigabytes, so every reader of records undoes gzip here, never with
an unbounded ``gzip.decompress``. A stream inside another is refused rather than undone again: no record
format is saved that way.

>>> import gzip
>>> ungzip(gzip.compress(b"<mjloggm ver='2.3'>"))
b"<mjloggm ver='2.3'>"
>>> ungzip(b"plain text")
b'plain text'
>>> ungzip(gzip.compress(bytes(2048)), limit=1024)
Traceback (most recent call last):
...
riichi.formats.gzipped.GzipError: the record is larger than 1024 bytes once unpacked
"""

from __future__ import annotations

import zlib
from typing import Final

__all__ = ["MAX_UNPACKED", "GzipError", "is_gzip", "ungzip"]

#: Largest record the readers unpack, in bytes: the longest of 175 real Tenhou hanchan is about 100 KB
#: as XML, so this leaves room for records hundreds of times longer.
MAX_UNPACKED: Final = 64 * 1024 * 1024

_MAGIC: Final = b"\x1f\x8b"


class GzipError(ValueError):
    """A gzip stream that is damaged, cut short, too large once unpacked, or gzip twice over."""

    def __init__(self, message: str, *, too_large: bool = False) -> None:
        super().__init__(message)
        self.message = message
        #: Whether the stream was refused for its unpacked size (the rest are damaged streams).
        self.too_large = too_large


def is_gzip(data: bytes) -> bool:
    """Whether ``data`` starts as a gzip stream does."""
    return data[:2] == _MAGIC


def ungzip(data: bytes, *, limit: int = MAX_UNPACKED) -> bytes:
    """``data`` with gzip undone when it is gzip (else as it is), at most ``limit`` bytes once unpacked.

    Raises :class:`GzipError` naming what is wrong: a damaged or truncated stream, more than ``limit``
    bytes, or a gzip stream inside the gzip stream."""
    if not is_gzip(data):
        return data
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        out = inflater.decompress(data, limit + 1)
    except zlib.error as exc:
        raise GzipError(f"the gzip stream is damaged ({exc})") from None
    if len(out) > limit:
        raise GzipError(f"the record is larger than {limit} bytes once unpacked", too_large=True)
    if not inflater.eof:
        raise GzipError("the gzip stream is truncated")
    if is_gzip(out):
        raise GzipError("the record is gzip twice over; save it gzip once, or plain")
    return out
