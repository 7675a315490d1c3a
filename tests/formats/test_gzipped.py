"""Records saved with gzip, as Tenhou saves ``.mjlog`` files: every reader undoes gzip once and within a
limit, so a small hostile file (a "gzip bomb") gives a precise error instead of gigabytes of memory."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from riichi.cli import main
from riichi.formats.detect import detect_format, read_record
from riichi.formats.gzipped import GzipError, ungzip

GAME = Path(__file__).parent.parent / "data" / "games" / "logs" / "2010091009gm-00a9-0000-83af2648.xml"


def test_a_gzip_record_reads_as_the_plain_one() -> None:
    plain = GAME.read_bytes()
    packed = gzip.compress(plain)
    assert detect_format(packed) == "mjlog"
    assert read_record(packed, name=GAME.name) == read_record(plain, name=GAME.name)


@pytest.mark.parametrize(("data", "message"), [
    (b"\x1f\x8b\x08junk", "the gzip stream is damaged"),
    (gzip.compress(b"<mjloggm ver='2.3'>")[:-8], "the gzip stream is truncated"),
    (gzip.compress(gzip.compress(b"<mjloggm ver='2.3'>")), "the record is gzip twice over"),
])
def test_a_bad_stream_is_named(data: bytes, message: str) -> None:
    with pytest.raises(GzipError, match=message):
        ungzip(data)
    for fmt in ("auto", "mjlog", "mjai", "tenhou6"):
        record = read_record(data, fmt)
        assert record.hands == () and message in record.errors[0].message


def test_a_gzip_bomb_is_refused_by_its_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bomb = gzip.compress(b"<mjloggm ver='2.3'>" + b" " * (100 << 20))  # 100 MiB of spaces: 100 KB of gzip
    assert len(bomb) < 200_000
    with pytest.raises(GzipError) as refused:
        ungzip(bomb)
    assert refused.value.too_large
    path = tmp_path / "bomb.mjlog"
    path.write_bytes(bomb)
    assert main(["replay", "--jsonl", str(path)]) == 1
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out[0]["type"] == "error" and "once unpacked" in out[0]["error"]["message"]
