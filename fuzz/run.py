"""Coverage-guided fuzzing of the readers of outside text, with atheris (libFuzzer for Python).

    python -m fuzz.run notation --seconds 600
    python -m fuzz.run case --seconds 600
    python -m fuzz.run logs --seconds 600
    python -m fuzz.run soul --seconds 600
    python -m fuzz.run all --seconds 600       # each target in turn

Each target is seeded with the real data in tests/data (the hands and cases of real Tenhou wins,
the benchmark hands, the Tenhou game logs), runs for a bounded time in its own process, and
checks a contract on every input, not only the absence of a traceback:

* ``notation``: :func:`riichi.notation.parse_tiles`, :meth:`riichi.hand.Hand.parse` and
  :meth:`riichi.hand.Meld.parse` either give a value or raise a
  :class:`~riichi.errors.RiichiError`; tiles read are written back and read again unchanged.
* ``case``: :func:`riichi.formats.interchange.score_line_json` never raises, and writes one line of
  RFC 8259 JSON in valid UTF-8 that is a result or an error object with a documented code.
* ``logs``: :func:`riichi.formats.mjlog.read_mjlog_bytes` (Tenhou mjlog XML, plain or gzip) gives a
  record whatever the bytes, its problems listed in ``record.errors``.
* ``soul``: :func:`riichi.formats.soul.read_soul` on Mahjong Soul's protobuf bytes (the ``soul`` extra)
  gives a record whatever the bytes, and the replay of what it read gives kyoku, game_end or error
  objects, never an exception. Seeded with the real games of tests/data/soul, whole and cut to each hand.

A crash leaves the input in ``fuzz/crashes/<target>/`` (libFuzzer's ``crash-<sha1>`` file):
every crash found becomes a test. atheris needs the ``fuzz`` extra (``pip install -e '.[fuzz]'``).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
CRASHES = Path(__file__).resolve().parent / "crashes"
#: The documented error codes of the interchange format, and the one the batch adds for its own faults.
CODES = frozenset({"invalid_json", "invalid_case", "invalid_notation", "impossible_tiles", "wrong_tile_count",
                   "not_winning", "no_yaku", "inconsistent_situation", "unknown_rules"})


# -- the seeds ---------------------------------------------------------------------------------------

def _case_lines() -> Iterator[bytes]:
    for row in (DATA / "tenhou" / "wins.jsonl").read_text(encoding="utf-8").splitlines():
        yield json.dumps(json.loads(row)["case"], ensure_ascii=False).encode("utf-8")
    yield from (line.encode("utf-8") for line in (DATA / "bench" / "hands-2000.jsonl").read_text().splitlines())


def _notation_texts() -> Iterator[bytes]:
    for line in _case_lines():
        case = json.loads(line)
        for key in ("hand", "win", "dora", "ura"):
            if isinstance(case.get(key), str):
                yield case[key].encode("utf-8")
        for meld in case.get("melds") or []:
            yield f"{meld['type']}:{meld['tiles']}{'@' + meld['from'] if meld.get('from') else ''}".encode()


def _log_texts() -> Iterator[bytes]:
    for path in sorted((DATA / "games" / "logs").glob("*.xml")):
        yield path.read_bytes()


def _soul_bytes() -> Iterator[bytes]:
    """The real Soul games' bytes, whole, then each cut after its first hands (re-packed, so that every seed
    is a well-formed record of a few hands, short enough for libFuzzer's input size)."""
    import base64

    from riichi.formats.soul_proto import _CLASSES

    for path in sorted((DATA / "soul").glob("*.json")):
        saved = json.loads(path.read_text(encoding="utf-8"))
        data = saved["data"]
        raw = base64.b64decode(data) if isinstance(data, str) else bytes(data["data"])
        wrapper, details = _CLASSES["Wrapper"], _CLASSES["GameDetailRecords"]
        outer = wrapper()
        outer.ParseFromString(raw)
        inner = details()
        inner.ParseFromString(outer.data)
        actions = list(inner.actions)
        starts = [i for i, a in enumerate(actions) if a.type == 1 and b"RecordNewRound" in a.result[:40]]
        for end in (*starts[1:4], len(actions)):
            cut = details(version=inner.version, actions=actions[:end])
            yield wrapper(name=outer.name, data=cut.SerializeToString()).SerializeToString()


def _seed(corpus: Path, texts: Iterator[bytes], limit: int) -> None:
    """Write up to ``limit`` distinct seed inputs into the corpus folder."""
    seen: set[bytes] = set()
    for text in texts:
        if text not in seen:
            seen.add(text)
            (corpus / f"seed-{len(seen):05d}").write_bytes(text)
            if len(seen) >= limit:
                return


# -- the targets (run inside the fuzzing process) --------------------------------------------------------

def _fail(message: str) -> NoReturn:
    raise AssertionError(message)


def _notation_target() -> Callable[[bytes], None]:
    from collections import Counter

    from riichi.errors import RiichiError
    from riichi.hand import Hand, Meld
    from riichi.notation import format_tiles, parse_tiles

    def one(data: bytes) -> None:
        text = data.decode("utf-8", errors="replace")
        try:
            tiles = parse_tiles(text)
        except RiichiError:
            pass
        else:
            again = parse_tiles(format_tiles(tiles))
            if Counter(map(str, again)) != Counter(map(str, tiles)):
                _fail(f"{text!r}: written back as {format_tiles(tiles)!r}, read again as other tiles")
        for read in (Hand.parse, Meld.parse):
            try:
                read(text)
            except RiichiError:
                pass

    return one


def _case_target() -> Callable[[bytes], None]:
    from riichi.formats.interchange import score_line_json

    def constant(name: str) -> NoReturn:
        _fail(f"{name} written: not RFC 8259 JSON")

    def one(data: bytes) -> None:
        text = score_line_json(data)
        text.encode("utf-8")  # a lone surrogate would raise here
        if "\n" in text:
            _fail("a result of more than one line")
        result = json.loads(text, parse_constant=constant)
        if not isinstance(result, dict) or not isinstance(result.get("ok"), bool):
            _fail(f"not a result object: {text[:200]}")
        if not result["ok"] and result["error"]["code"] not in CODES:
            _fail(f"undocumented error: {text[:300]}")

    return one


def _logs_target() -> Callable[[bytes], None]:
    from riichi.errors import RiichiError
    from riichi.formats.mjlog import read_mjlog_bytes

    def one(data: bytes) -> None:
        # The reader is lenient: a bad tag is a RecordError inside the record, never an exception.
        try:
            record = read_mjlog_bytes(data)
        except RiichiError:
            return
        if not isinstance(record.errors, (list, tuple)):
            _fail("a record without its list of errors")

    return one


def _soul_target() -> Callable[[bytes], None]:
    from riichi.formats.record import GameRecord
    from riichi.formats.soul import read_soul
    from riichi.replay.run import replay_game

    kinds = {"kyoku", "game_end", "error"}

    def one(data: bytes) -> None:
        record = read_soul(data)  # never raises: what it could not read is in record.errors
        if not isinstance(record, GameRecord) or not all(e.message for e in record.errors):
            _fail("not a record with its errors named")
        for obj in replay_game(record, file="fuzz"):
            if obj["type"] not in kinds:
                _fail(f"an object of type {obj['type']!r}")

    return one


TARGETS: dict[str, tuple[Callable[[], Callable[[bytes], None]], Callable[[], Iterator[bytes]], int]] = {
    "notation": (_notation_target, _notation_texts, 4000),
    "case": (_case_target, _case_lines, 4000),
    "logs": (_logs_target, _log_texts, 200),
    "soul": (_soul_target, _soul_bytes, 20),
}


def _available(name: str) -> bool:
    if name == "soul":  # the protobuf reader needs the soul extra
        return importlib.util.find_spec("google.protobuf") is not None
    return name != "logs" or importlib.util.find_spec("riichi.formats.mjlog") is not None


def _fuzz_here(name: str, libfuzzer_args: list[str]) -> None:
    """Run one target in this process (called in the child process)."""
    import atheris  # the fuzz extra

    with atheris.instrument_imports(include=["riichi"]):
        one = TARGETS[name][0]()
    atheris.Setup([sys.argv[0], *libfuzzer_args], one)
    atheris.Fuzz()


def run(name: str, seconds: int, *, keep_corpus: Path | None = None) -> int:
    """Fuzz one target for ``seconds``; prints libFuzzer's summary line; the child's exit status."""
    crashes = CRASHES / name
    crashes.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"riichi-fuzz-{name}-") as scratch:
        corpus = keep_corpus or Path(scratch) / "corpus"
        corpus.mkdir(parents=True, exist_ok=True)
        _seed(corpus, TARGETS[name][1](), TARGETS[name][2])
        args = [f"-max_total_time={seconds}", f"-artifact_prefix={crashes}/", "-print_final_stats=1",
                "-timeout=20", "-rss_limit_mb=2048", "-max_len=65536", str(corpus)]
        started = time.monotonic()
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        done = subprocess.run([sys.executable, "-m", "fuzz.run", "--child", name, *args], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=False)
        elapsed = time.monotonic() - started
    stats = [line for line in done.stderr.splitlines() if line.startswith(("stat::", "#", "==", "INFO: -max"))]
    runs = next((line.split(":")[-1].strip() for line in stats if line.startswith("stat::number_of_executed_units")),
                "?")
    status = "no crash" if done.returncode == 0 else f"CRASH (exit {done.returncode}), inputs in {crashes}"
    print(f"{name}: {elapsed:.0f} s, {runs} executions, {status}")
    if done.returncode != 0:
        print("\n".join(done.stderr.splitlines()[-60:]))
    elif not any(crashes.iterdir()):
        shutil.rmtree(crashes)
    return done.returncode


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    if words and words[0] == "--child":
        _fuzz_here(words[1], words[2:])
        return 0
    parser = argparse.ArgumentParser(prog="python -m fuzz.run", description=__doc__.split("\n\n")[0])
    parser.add_argument("target", choices=[*TARGETS, "all"])
    parser.add_argument("--seconds", type=int, default=600, help="time for each target (default 600)")
    args = parser.parse_args(words)
    names = list(TARGETS) if args.target == "all" else [args.target]
    worst = 0
    for name in names:
        if not _available(name):
            print(f"{name}: skipped ({'protobuf is not installed: the soul extra' if name == 'soul' else 'no game-log reader in this version'})")
            continue
        worst = max(worst, run(name, args.seconds))
    return worst


if __name__ == "__main__":
    raise SystemExit(main())
