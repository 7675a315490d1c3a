"""Coverage-guided fuzzing of the readers of outside text, with atheris (libFuzzer for Python).

    python -m fuzz.run notation --seconds 600
    python -m fuzz.run case --seconds 600
    python -m fuzz.run mjlog --seconds 600     # a target for each record reader: mjlog, tenhou6, mjai, soul,
                                               # riichicity
    python -m fuzz.run stats --seconds 600     # a corpus file through riichi stats's rows
    python -m fuzz.run all --seconds 600       # each target in turn
    python -m fuzz.run all --build installed   # the installed package: the compiled build

Each target is seeded with the real data in tests/data (the hands and cases of real Tenhou wins,
the benchmark hands, the Tenhou game logs and the same games converted to each record format) and
with the hostile inputs the project has met (:data:`HOSTILE`), runs for a bounded time in its own
process, and checks a contract on every input, not only the absence of a traceback:

* ``notation``: :func:`riichi.notation.parse_tiles`, :meth:`riichi.hand.Hand.parse` and
  :meth:`riichi.hand.Meld.parse` either give a value or raise a
  :class:`~riichi.errors.RiichiError`; tiles read are written back and read again unchanged.
* ``case``: :func:`riichi.formats.interchange.score_line_json` never raises, and writes one line of
  RFC 8259 JSON in valid UTF-8 that is a result or an error object with a documented code.
* one target for each record format of :data:`riichi.formats.detect.FORMATS` (``mjlog``, ``tenhou6``,
  ``mjai``, and a reader added there later gets one too), and ``records`` for the format detected:
  :func:`~riichi.formats.detect.read_record` gives a record whatever the bytes, its problems listed in
  ``record.errors``, and the record replays through the engine without an exception, every object
  written as strict JSON.
* ``riichicity``: :func:`riichi.formats.riichicity.read_riichicity`, strict and lenient, on Riichi City's
  records gives a record whatever the bytes, and its replay gives kyoku, game_end or error objects written as
  strict JSON, never an exception. Seeded with the real game of tests/data/riichicity cut to each of its hands
  (a whole game is larger than libFuzzer's inputs), then to its first hands.
* ``bot``: :class:`riichi.bots.client.MjaiClient` (what ``riichi bot`` runs) on the lines an mjai table
  sends, one a line of the input, read as ``riichi bot`` reads its input (a line too long given up, here
  over 4,096 characters): every answer is one line of strict JSON, an mjai action object, no line raises,
  and the problems kept stay within the client's bounds. Seeded with the lines one seat is sent in whole self-play games, east-only, four and three
  players.
* ``stats``: the bytes as a record file of a corpus through ``riichi stats``'s own steps (the file read as
  :func:`riichi.replay.sources.read_file` reads it, its content key, :func:`riichi.stats.rows.record_rows`):
  never an exception, a status of the ``records`` table, and every row of every table exactly the columns of
  :data:`riichi.stats.schema.TABLES`, each value of its column's type (an ``INTEGER`` within 32 bits, text in
  valid UTF-8, no NaN): a value DuckDB cannot write would stop the whole run at the next part. Seeded with the
  records of every format, whole and gzipped (needs the ``stats`` extra).
* ``soul``: :func:`riichi.formats.soul.read_soul` on Mahjong Soul's protobuf bytes (the ``soul`` extra)
  gives a record whatever the bytes, and the replay of what it read gives kyoku, game_end or error
  objects, never an exception. Seeded with the real games of tests/data/soul, whole and cut to each hand.
* ``soul_actions``: the lists of records and actions inside those bytes (``GameDetailRecords``), walked field
  by field by the reader: read as the server wraps them they give a record, never an exception, and the
  reader's lists are protobuf's own (the same version, records and actions, each action's event the same),
  or the reader refuses bytes protobuf refuses too (or a field of the wrong wire type, which protobuf skips).

libFuzzer's ``-timeout`` (10 s) makes an input that takes too long a crash as well: a reader whose time
grows faster than its input is found so.

``--build source`` (the default) fuzzes the sources of this checkout, instrumented for coverage;
``--build installed`` fuzzes the package as installed (``pip install .``: the compiled build where a C
compiler was there), run from outside the checkout so that its sources cannot shadow it. atheris cannot
instrument compiled modules (machine code): there the inputs are mutated from the seeds without coverage
guidance, which still reaches what differs between the builds (native integers, exception handling). The
first line of each run names the build fuzzed.

A crash leaves the input in ``fuzz/crashes/<target>/`` (libFuzzer's ``crash-<sha1>`` file):
every crash found becomes a test. atheris needs the ``fuzz`` extra (``pip install -e '.[fuzz]'``; the ``soul`` and
``stats`` targets their own extras too).
"""

from __future__ import annotations

import argparse
import atexit
import gzip
import importlib.util
import itertools
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
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


#: The hostile inputs met so far (issue 24 and the first hardening round), seeding every target: patterns that
#: backtracked, nesting that recursed, numbers beyond a machine word, numbers that are not numbers.
HOSTILE: tuple[bytes, ...] = (
    b'<mjloggm ver="2.3"><GO type="169" ' + b"a" * 48_000 + b"/>",
    gzip.compress(b'<mjloggm ver="2.3"><GO type="169" ' + b"a" * 48_000 + b"/>"),
    b'<mjloggm ver="2.3"><GO type="169"/>' + b"<" * 20_000 + b">",
    b'<mjloggm ver="2.3"><GO type="169"/><T4611686018427387904/>',
    b'<mjloggm ver="2.3"><GO type="4611686018427387904"/><INIT seed="0,0,0,3,3,4611686018427387904" '
    b'ten="250,250,250,250" oya="0" hai0="0" hai1="" hai2="" hai3=""/>',
    b'<mjloggm ver="2.3"><GO type="169"/><AGARI who="0" fromWho="0" machi="4611686018427387904"/>',
    b'<mjloggm ver="2.3"><GO type="169"/><RYUUKYOKU owari="250,nan,250,inf,250,0,250,0"/>',
    b'{"log": ' + b"[" * 1000 + b"]" * 1000 + b"}",
    b'{"log": [[[0, 4611686018427387904, 0], [25000, 25000, 25000, 25000], [11], []]]}',
    b'{"type":"end_game","scores":[1,2,3,4],"points":[[1],0,0,0]}',
    b'{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":4611686018427387904,"oya":0,"dora_marker":"1m"}',
    b'{"hand": "' + b"1" * 20_000 + b'", "win": "1m"}',
    b"[" * 5000, b"\x1f\x8b", b"\xed\xa0\x80", b'{"id": NaN}', b'{"id": 1e999}',
)


def _log_texts() -> Iterator[bytes]:
    for path in sorted((DATA / "games" / "logs").glob("*.xml")):
        yield path.read_bytes()


def _record_texts(fmt: str) -> Iterator[bytes]:
    """Real games in ``fmt``: the Tenhou logs as they are, and converted by this package to the other formats."""
    from riichi.formats.detect import read_record
    from riichi.replay.convert import write_record

    if fmt == "tenhou6":
        yield from (path.read_bytes() for path in sorted((DATA / "games" / "tenhou6").glob("*.json")))
    for data in _log_texts():
        if fmt == "mjlog":
            yield data
            continue
        try:
            yield write_record(read_record(data, "mjlog"), fmt).encode("utf-8")
        except ValueError:
            continue


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


def _soul_details() -> Iterator[bytes]:
    """The GameDetailRecords' bytes of the real Soul games' seeds (whole, and cut to their first hands), and
    lists of empty actions and records."""
    from riichi.formats.soul_proto import _CLASSES

    wrapper = _CLASSES["Wrapper"]
    for raw in _soul_bytes():
        outer = wrapper()
        outer.ParseFromString(raw)
        yield outer.data
    yield b"\x1a\x00" * 2000
    yield b"\x0a\x00" * 2000


def _riichicity_texts() -> Iterator[bytes]:
    """The real Riichi City game, each hand alone (the game's settings kept, the game end kept on the last), then
    its first two and three hands: records of a few tens of kilobytes."""
    for path in sorted((DATA / "riichicity").glob("*.json")):
        game = json.loads(path.read_text(encoding="utf-8"))
        hands = game["handRecord"]
        pieces = [hands[i:i + 1] for i in range(len(hands))] + [hands[:2], hands[:3]]
        for piece in pieces:
            yield json.dumps({**game, "handRecord": piece}, ensure_ascii=False).encode("utf-8")


def _bot_sessions() -> Iterator[bytes]:
    """The lines one seat of a self-play game is sent at an mjai table (one line a decision, the events since
    the last, as mjai.app sends them), a game a seed: east-only games under Tenhou's rules, four and three
    players, each seat in turn."""
    from riichi.bots.protocol import seat_message
    from riichi.game.engine import play_game
    from riichi.game.events import Event, GameEnd, GameStart
    from riichi.game.legal import Action
    from riichi.game.players import EfficientPlayer, Player, SeatView
    from riichi.rules import resolve_rules

    class Seat:
        def __init__(self, seat: int) -> None:
            self.inner, self.seat = EfficientPlayer(seed=seat), seat
            self.lines: list[str] = []
            self.pending: list[dict[str, object]] = []

        def observe(self, event: Event) -> None:
            if isinstance(event, GameStart):
                self.lines.append(json.dumps([{"type": "start_game", "names": list(event.names), "id": self.seat}]))
            elif isinstance(event, GameEnd):
                self.lines.append(json.dumps([*self.pending, {"type": "end_kyoku"}, {"type": "end_game"}]))
            else:
                self.pending.append(seat_message(event, self.seat))

        def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:
            self.lines.append(json.dumps(self.pending))
            self.pending = []
            return self.inner.choose(view, actions)

    for game in itertools.count():
        rules = resolve_rules("tenhou-sanma" if game % 3 == 2 else "tenhou", length="east_only")
        seat = game % rules.players
        watched = Seat(seat)
        players: list[Player] = [watched if s == seat else EfficientPlayer(seed=s) for s in range(rules.players)]
        play_game(players, rules, seed=game, listener=watched.observe)
        yield "\n".join(watched.lines).encode("utf-8")


def _seed(corpus: Path, texts: Iterator[bytes], limit: int) -> None:
    """Write up to ``limit`` distinct seed inputs into the corpus folder, and the hostile inputs."""
    seen: set[bytes] = set()
    for text in itertools.chain(itertools.islice(texts, limit), HOSTILE):
        if text not in seen:
            seen.add(text)
            (corpus / f"seed-{len(seen):05d}").write_bytes(text)


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


def _record_target(fmt: str) -> Callable[[bytes], None]:
    from riichi.formats import strict_json
    from riichi.formats.detect import read_record
    from riichi.formats.record import GameRecord, RecordError
    from riichi.replay.run import replay_game

    def one(data: bytes) -> None:
        # The readers are lenient: what cannot be read is a RecordError inside the record, never an exception;
        # the engine refuses what it cannot play with an error object, never an exception.
        record = read_record(data, fmt)
        if not isinstance(record, GameRecord) or not all(isinstance(e, RecordError) for e in record.errors):
            _fail("not a record with its list of errors")
        for obj in replay_game(record, file="fuzz"):
            strict_json.dumps(obj)

    return one


def _record_formats() -> tuple[str, ...]:
    """The record formats fuzzed by the generic target: every reader of format detection (Soul's protobuf and
    Riichi City's records have targets of their own, with seeds of their own: no writer makes them)."""
    from riichi.formats.detect import FORMATS

    return tuple(fmt for fmt in FORMATS if fmt not in ("soul", "riichicity"))


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


def _soul_actions_target() -> Callable[[bytes], None]:
    from google.protobuf.message import DecodeError

    from riichi.formats.record import GameRecord
    from riichi.formats.soul import WRAPPED_RECORDS, read_soul
    from riichi.formats.soul_proto import _CLASSES, SoulBytesError, _action, _listed

    details, action_class = _CLASSES["GameDetailRecords"], _CLASSES["GameAction"]

    def one(data: bytes) -> None:
        # The input is a GameDetailRecords' bytes (its lists of records and actions), read as the server wraps
        # them; the reader walks them field by field, and must read what protobuf itself reads, or refuse.
        record = read_soul(WRAPPED_RECORDS + _length(len(data)) + data)
        if not isinstance(record, GameRecord) or not all(e.message for e in record.errors):
            _fail("not a record with its errors named")
        try:  # the lists, then each action's fields (protobuf reads the actions inside the list at once)
            ours: tuple[int, list[bytes], list[bytes]] | SoulBytesError = _listed(data)
            for action in ours[2]:
                _action(action, "fuzz")
        except SoulBytesError as refused:
            ours = refused
        theirs = details()
        try:
            theirs.ParseFromString(data)
        except (DecodeError, RuntimeError, ValueError):
            if not isinstance(ours, SoulBytesError):
                _fail("protobuf refuses the bytes, the reader reads them")
            return
        if isinstance(ours, SoulBytesError):  # stricter than protobuf only on a field of the wrong wire type
            if "wire type" not in str(ours):
                _fail(f"the reader refuses what protobuf reads: {ours}")
            return
        version, records, actions = ours
        if version != theirs.version or records != list(theirs.records) or len(actions) != len(theirs.actions):
            _fail("the reader's lists differ from protobuf's")
        for mine, parsed in zip(actions, theirs.actions, strict=True):
            if action_class.FromString(mine) != parsed:
                _fail("an action differs from protobuf's")
            if _action(mine, "fuzz") != (parsed.result if parsed.type == 1 else None):
                _fail("an action's event differs from protobuf's")

    return one


def _riichicity_target() -> Callable[[bytes], None]:
    from riichi.formats import strict_json
    from riichi.formats.record import GameRecord
    from riichi.formats.riichicity import read_riichicity
    from riichi.replay.run import replay_game

    kinds = {"kyoku", "game_end", "error"}

    def one(data: bytes) -> None:
        for strict in (True, False):
            record = read_riichicity(data, strict=strict)  # never raises: what it could not read is in record.errors
            if not isinstance(record, GameRecord) or not all(e.message for e in record.errors):
                _fail("not a record with its errors named")
            for obj in replay_game(record, file="fuzz"):
                if obj["type"] not in kinds:
                    _fail(f"an object of type {obj['type']!r}")
                strict_json.dumps(obj)

    return one


def _length(n: int) -> bytes:
    """A protobuf varint: the length of the wrapped data, after its field key (field 2, length-delimited)."""
    out = bytearray(b"\x12")
    while n > 0x7F:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    return bytes([*out, n])


def _bot_target() -> Callable[[bytes], None]:
    import io

    from riichi.bots.client import MAX_PROBLEM_TEXT, MAX_PROBLEMS, MjaiClient
    from riichi.cli.bot import _lines
    from riichi.game.players import EfficientPlayer
    from riichi.rules import TENHOU

    def constant(name: str) -> NoReturn:
        _fail(f"{name} written: not RFC 8259 JSON")

    def one(data: bytes) -> None:
        # The lines as riichi bot reads them from its input (a line over the longest read is given as None,
        # here 4,096 characters so that the fuzzer reaches it).
        text = data.decode("utf-8", errors="replace")
        client = MjaiClient(EfficientPlayer(seed=0), TENHOU)
        lines = list(_lines(io.StringIO(text), 4096))
        if len(lines) != text.count("\n") + (not text.endswith("\n")) - (not text) or any(
                line is not None and len(line) > 4097 for line in lines):  # noqa: PLR2004 - the limit, and "\n"
            _fail("the lines read are not the input's, each at most the longest read")
        for line in lines:
            answer = client.answer(line) if line is not None else '{"type":"none"}'  # never an exception
            if "\n" in answer:
                _fail(f"an answer of more than one line: {answer[:200]!r}")
            action = json.loads(answer, parse_constant=constant)
            if not isinstance(action, dict) or not isinstance(action.get("type"), str):
                _fail(f"not an mjai action: {answer[:200]}")
        if len(client.problems) > MAX_PROBLEMS or any(len(p) > MAX_PROBLEM_TEXT for p in client.problems):
            _fail("more problems kept, or longer, than the client keeps")

    return one


_INT32: tuple[int, int] = (-(2**31), 2**31 - 1)


def _type_problem(value: object, kind: str) -> str | None:
    """Why ``value`` is not a value of the DuckDB column type ``kind`` as the stats tables write it, else None."""
    if value is None:
        return None
    if kind.endswith("[]"):
        if not isinstance(value, list):
            return f"{value!r} is not a list"
        return next((p for p in (_type_problem(v, kind[:-2]) for v in value) if p), None)
    if kind.startswith("STRUCT("):
        fields = [part.strip().split(" ", 1) for part in kind[len("STRUCT("):-1].split(",")]
        if not isinstance(value, dict) or set(value) != {name for name, _ in fields}:
            return f"{value!r} does not have the fields {[name for name, _ in fields]}"
        return next((p for p in (_type_problem(value[name], sub) for name, sub in fields) if p), None)
    if kind == "VARCHAR":
        if not isinstance(value, str):
            return f"{value!r} is not text"
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return f"{value!r} is not valid UTF-8"
        return None
    if kind == "BOOLEAN":
        return None if isinstance(value, bool) else f"{value!r} is not a boolean"
    if kind == "INTEGER":
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{value!r} is not an integer"
        return None if _INT32[0] <= value <= _INT32[1] else f"{value} does not fit a 32-bit INTEGER"
    if kind == "DOUBLE":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
        return None if ok else f"{value!r} is not a finite number"
    return f"no check for the type {kind}"


def _stats_texts() -> Iterator[bytes]:
    """Records of every format, each whole and gzipped (a corpus holds both)."""
    for data in itertools.chain.from_iterable(zip(*(_record_texts(fmt) for fmt in _record_formats()))):
        yield data
        yield gzip.compress(data, mtime=0)


def _stats_target() -> Callable[[bytes], None]:
    from riichi.stats.build import _replay_task, _Tally, _tasks
    from riichi.stats.schema import RECORDS, TABLES

    statuses = {"complete", "partial", "failed"}
    folder = Path(tempfile.mkdtemp(prefix="riichi-fuzz-stats-"))
    atexit.register(shutil.rmtree, folder, True)
    path = folder / "record.xml"

    def one(data: bytes) -> None:
        path.write_bytes(data)
        tasks = list(_tasks(iter([str(path)]), set(), _Tally()))  # read as riichi stats reads a corpus file
        if len(tasks) != 1 or len(tasks[0]) != 1:
            _fail(f"the file gave {tasks!r}, not one record to replay")
        (rows,) = _replay_task("auto", None, True, tasks[0])
        if rows.status not in statuses or [r["status"] for r in rows.tables.get(RECORDS, [])] != [rows.status]:
            _fail(f"status {rows.status!r} with records rows {rows.tables.get(RECORDS)!r}")
        for table, table_rows in rows.tables.items():
            if table not in TABLES:
                _fail(f"rows of a table that is not in the schema: {table}")
            columns = TABLES[table]
            for row in table_rows:
                if set(row) != {name for name, _ in columns}:
                    _fail(f"a row of {table} with the columns {sorted(row)}, not {[n for n, _ in columns]}")
                for name, kind in columns:
                    problem = _type_problem(row[name], kind)
                    if problem:
                        _fail(f"{table}.{name}: {problem}")
            json.dumps(table_rows, ensure_ascii=False, allow_nan=False)

    return one


Target = tuple[Callable[[], Callable[[bytes], None]], Callable[[], Iterator[bytes]], int]
TARGETS: dict[str, Target] = {
    "notation": (_notation_target, _notation_texts, 4000),
    "case": (_case_target, _case_lines, 4000),
    **{fmt: (partial(_record_target, fmt), partial(_record_texts, fmt), 50) for fmt in _record_formats()},
    "records": (partial(_record_target, "auto"),
                lambda: itertools.chain.from_iterable(zip(*(_record_texts(fmt) for fmt in _record_formats()))), 150),
    "soul": (_soul_target, _soul_bytes, 20),
    "soul_actions": (_soul_actions_target, _soul_details, 20),
    "riichicity": (_riichicity_target, _riichicity_texts, 20),
    "bot": (_bot_target, _bot_sessions, 30),
    "stats": (_stats_target, _stats_texts, 60),
}


#: The module each target needs beyond the core, and its extra.
_NEEDS: dict[str, tuple[str, str]] = {"soul": ("google.protobuf", "soul"), "soul_actions": ("google.protobuf", "soul"),
                                      "stats": ("duckdb", "stats")}


def _available(name: str) -> bool:
    """Whether the target can run here (Soul's reader needs protobuf, the ``soul`` extra; the statistics'
    rows the ``stats`` extra)."""
    if name not in _NEEDS:
        return True
    try:
        return importlib.util.find_spec(_NEEDS[name][0]) is not None
    except ModuleNotFoundError:
        return False


def _fuzz_here(name: str, libfuzzer_args: list[str]) -> None:
    """Run one target in this process (called in the child process)."""
    import atheris  # the fuzz extra

    from riichi.build import describe

    spec = importlib.util.find_spec("riichi")
    where = Path(spec.origin).parent if spec is not None and spec.origin else "?"
    print(f"fuzzing {name} on {describe()} from {where}", file=sys.stderr, flush=True)
    with atheris.instrument_imports(include=["riichi"]):
        one = TARGETS[name][0]()
    atheris.Setup([sys.argv[0], *libfuzzer_args], one)
    atheris.Fuzz()


def run(name: str, seconds: int, *, keep_corpus: Path | None = None, build: str = "source") -> int:
    """Fuzz one target for ``seconds`` on the sources or the installed ``build``; prints the build fuzzed and
    libFuzzer's summary line; the child's exit status."""
    crashes = CRASHES / name
    crashes.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"riichi-fuzz-{name}-") as scratch:
        corpus = keep_corpus or Path(scratch) / "corpus"
        corpus.mkdir(parents=True, exist_ok=True)
        _seed(corpus, TARGETS[name][1](), TARGETS[name][2])
        args = [f"-max_total_time={seconds}", f"-artifact_prefix={crashes}/", "-print_final_stats=1",
                "-timeout=10", "-rss_limit_mb=2048", "-max_len=65536", str(corpus)]
        started = time.monotonic()
        if build == "source":  # the checkout's sources, first on the path
            env, cwd = {**os.environ, "PYTHONPATH": str(ROOT)}, ROOT
        else:  # the installed package: run from elsewhere, the checkout off the path (this script by its file)
            env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
            cwd = Path(scratch)
        done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", name, *args], cwd=cwd,
                              env=env, capture_output=True, text=True, check=False)
        elapsed = time.monotonic() - started
    print(next((line for line in done.stderr.splitlines() if line.startswith("fuzzing ")), f"fuzzing {name}"))
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
    parser.add_argument("--build", choices=("source", "installed"), default="source",
                        help="fuzz this checkout's sources (default) or the installed package (the compiled build)")
    args = parser.parse_args(words)
    names = list(TARGETS) if args.target == "all" else [args.target]
    worst = 0
    for name in names:
        if not _available(name):
            module, extra = _NEEDS[name]
            print(f"{name}: skipped (it needs an extra that is not installed: {module}, the {extra} extra)")
            continue
        worst = max(worst, run(name, args.seconds, build=args.build))
    return worst


if __name__ == "__main__":
    raise SystemExit(main())
