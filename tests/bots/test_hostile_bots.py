"""Bot processes that try to exhaust the table (issue 35): what a bot writes, however much, holds bounded memory
in the table, is read in time, and a bot's processes end with it. The bots are tests/bots/misbehaving.py's modes.
"""

from __future__ import annotations

import json
import sys
import time
from collections import deque
from pathlib import Path

import pytest

from riichi.bots import process
from riichi.bots.process import MjaiProcessPlayer
from riichi.bots.protocol import BotFault, FaultKind

HERE = Path(__file__).parent


def _bot(mode: str, *extra: str, timeout: float = 2.0) -> MjaiProcessPlayer:
    bot = MjaiProcessPlayer([sys.executable, str(HERE / "misbehaving.py"), mode, "0", *extra], 0, timeout=timeout)
    bot._start()  # noqa: SLF001 - the process alone, without a game
    return bot


def _line() -> list[str]:
    return [json.dumps({"type": "start_game", "names": ["a", "b", "c", "d"], "id": 0})]


def test_a_bot_that_floods_its_output_and_never_reads_is_ended_at_a_bounded_size() -> None:
    # The line sent is larger than a pipe holds, so the table writes while it reads the bot's output: a bot
    # that never reads and writes without end grew that output held unread to 1.3 GB in the 2 s wait. Beyond
    # an answer line and a chunk it is ended, a fault saying why.
    bot = _bot("floods")
    try:
        started = time.monotonic()
        with pytest.raises(BotFault) as fault:
            bot._exchange([json.dumps({"type": "none", "padding": "x" * 1_000_000})], 2.0)  # noqa: SLF001
        assert fault.value.kind is FaultKind.BAD_JSON
        assert "bytes of output the table did not ask for" in str(fault.value)
        assert time.monotonic() - started < 2.0  # noqa: PLR2004 - ended before the wait ran out
        assert bot._proc is None  # noqa: SLF001
        assert len(bot._read) == 0  # noqa: SLF001
    finally:
        bot.close()


def test_a_megabyte_of_standard_error_a_move_is_read_in_time_and_kept_short() -> None:
    # Read a byte at a time, a megabyte of standard error before each answer made the bot late at each move (the
    # reading thread held the interpreter); its unended last line grew without bound. Read a chunk at a time,
    # every answer comes in time, and what is kept is the last 20 lines of at most 1,000 characters.
    bot = _bot("stderr")
    try:
        for _ in range(5):
            assert json.loads(bot._exchange(_line(), 2.0)) == {"type": "none"}  # noqa: SLF001
        time.sleep(0.2)
        kept = list(bot._stderr)  # noqa: SLF001
        assert 0 < len(kept) <= 20  # noqa: PLR2004
        assert all(len(line) <= 1003 for line in kept)  # noqa: PLR2004 - 1,000 and "..."
    finally:
        bot.close()


def test_a_long_unended_line_of_standard_error_keeps_its_start() -> None:
    import io  # noqa: PLC0415

    kept: deque[str] = deque(maxlen=20)
    process._keep_stderr(io.BytesIO(b"a" * 5_000_000 + b"\nshort\n" + b"b" * 3_000_000), kept)  # noqa: SLF001
    assert list(kept) == ["a" * 1000 + "...", "short", "b" * 1000 + "..."]


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"  # a zombie has ended (init waits for it)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table under /proc")
def test_a_bot_that_forks_and_ends_is_known_gone_and_its_child_ends_with_it(tmp_path: Path) -> None:
    # The bot starts a process that holds its output open and sleeps, answers one line and ends. Its output
    # never ended, so the table waited out the whole timeout at each line (each game's start: 12 s), and the
    # child ran on after the game. Now the bot's end is seen at once, and closing it ends its child.
    pid_file = tmp_path / "child"
    bot = _bot("forks", str(pid_file), timeout=10.0)
    try:
        assert json.loads(bot._exchange(_line(), 10.0)) == {"type": "none"}  # noqa: SLF001
        child = int(pid_file.read_text())
        assert _running(child)
        started = time.monotonic()
        with pytest.raises(BotFault) as fault:
            bot._exchange(_line(), 10.0)  # noqa: SLF001
        assert fault.value.kind is FaultKind.EXITED
        assert time.monotonic() - started < 2.0  # noqa: PLR2004
    finally:
        bot.close()
    deadline = time.monotonic() + 5
    while _running(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(child)
