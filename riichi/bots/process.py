"""A bot process speaking mjai on its stdin and stdout, seated as a player (python-chess's ``chess.engine``
drives UCI engines the same way: one protocol object, a time limit on every answer, a clean error when
the process dies).

The player is told every event of the game through :meth:`MjaiProcessPlayer.observe` (the table's
listener) and sends them, hidden tiles as ``?``, in one line at its seat's next decision; ``start_game``
(with the seat as ``id``) and ``end_game`` go in lines of their own, as mjai.app sends them, and their
answers are read and ignored. A move the bot does not make in time, or makes badly, is replaced by the
seat's safe move (:attr:`~riichi.game.engine.Decision.default`: pass, else discard the drawn tile) and
recorded in :attr:`MjaiProcessPlayer.faults`; the game goes on. A late answer is read and dropped when it
comes (each line sent has exactly one line answered), so the bot is back in step at its next move.

A game asks several hundred moves a hanchan, so the way there is kept short: each event is written as
JSON once for all the seats that see it alike (:func:`~riichi.bots.protocol.seat_text`), a line is one
write, and the answer is read by the table's own thread waiting on the bot's output (``select``), with no
thread or queue between (one thread only keeps the bot's standard error).

What a bot can make the table hold is bounded: its output not yet read at most :data:`_UNREAD` bytes (a bot
writing more than the table asks for, or a line longer than any answer, is ended: a fault), its standard
error the last :data:`_STDERR_LINES` lines of at most :data:`_STDERR_LINE` characters each (read a chunk at a
time, not a byte at a time). The bot runs in a process group of its own: its end (:meth:`~MjaiProcessPlayer.
close`) ends whatever processes it started too, and a bot whose own process has ended is known to have ended
even when a process it started still holds its output open.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import threading
import time
from collections import deque
from typing import IO, NoReturn

from riichi.bots.protocol import BotFault, Fault, FaultKind, fault_of, find_action, message_text, seat_text
from riichi.game.engine import Decision
from riichi.game.events import Deal, Event, GameEnd, GameStart
from riichi.game.legal import Action
from riichi.game.players import SeatView

__all__ = ["MjaiProcessPlayer"]

#: How long a bot may take to answer ``start_game`` (mjai.app allows ten seconds there, for loading a model).
STARTUP_SECONDS = 10.0
#: The last lines of the bot's standard error kept, to say why it failed.
_STDERR_LINES = 20
#: The longest line of the bot's standard error kept, in characters (the rest of a longer line is dropped).
_STDERR_LINE = 1000
#: The most read from the bot at once, and the longest answer line taken (an action is a short line).
_CHUNK = 1 << 16
_LONGEST_ANSWER = 1 << 20
#: The most of the bot's output held unread: an answer line and a chunk read after it. A bot writing more
#: while the table writes to it (answers nobody asked for) is ended.
_UNREAD = _LONGEST_ANSWER + _CHUNK
#: How often a wait for the bot's output looks whether its process has ended (a process it started may
#: hold its output open, so that the end of the output never comes).
_EXIT_CHECK = 0.1
_END_KYOKU = '{"type":"end_kyoku"}'
_END_GAME = '{"type":"end_game"}'


class MjaiProcessPlayer:
    """A seat played by ``command`` (an argument list; ``{seat}`` in an argument is replaced by the seat),
    which answers each line within ``timeout`` seconds."""

    def __init__(self, command: list[str], seat: int, *, timeout: float = 2.0) -> None:
        self.command = [arg.replace("{seat}", str(seat)) for arg in command]
        self.seat = seat
        self.timeout = timeout
        self.faults: list[Fault] = []
        self._pending: list[str] = []  # the messages since the bot's last answer, as JSON texts
        self._hand_open = False
        self._proc: subprocess.Popen[bytes] | None = None
        self._read = bytearray()  # what the bot has written and the table not yet read
        self._stderr: deque[str] = deque(maxlen=_STDERR_LINES)
        self._owed = 0  # lines sent whose answers did not come in time (dropped when they come)
        self._exited = False

    # -- the process -----------------------------------------------------------------------------------

    def _start(self) -> None:
        self.close()
        try:
            proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,  # noqa: S603 - the user's
                                    stderr=subprocess.PIPE, bufsize=0, start_new_session=True)
        except OSError as exc:
            self._proc, self._exited = None, True
            self._stderr.append(f"cannot start {self.command[0]!r}: {exc.strerror or exc}")
            return
        self._proc, self._exited, self._owed = proc, False, 0
        self._read = bytearray()
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        os.set_blocking(proc.stdin.fileno(), False)  # a bot that stops reading must not stop the table
        threading.Thread(target=_keep_stderr, args=(proc.stderr, self._stderr), daemon=True).start()

    def close(self) -> None:
        """End the bot's process (its standard input closed, then stopped if it lingers) and every process it
        started (its process group)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            assert proc.stdin is not None
            proc.stdin.close()
        except OSError:
            pass
        deadline = time.monotonic() + 1.0
        while _exit_status(proc) is None and time.monotonic() < deadline:
            time.sleep(0.01)
        if _exit_status(proc) is None:
            proc.kill()
        # The bot's process is ended but not yet waited for: the group's id is still its own, so the signal
        # reaches only the processes it started (those still running after it).
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:  # no process left in the group
            pass
        proc.wait()

    def _exchange(self, texts: list[str], timeout: float) -> str:
        """Send one line (the JSON array of ``texts``, each one message), return the answer line;
        :class:`BotFault` when the process is gone or late."""
        proc = self._proc
        if proc is None or self._exited:
            raise BotFault(FaultKind.EXITED, self._why_gone())
        deadline = time.monotonic() + timeout
        self._send(proc, f"[{','.join(texts)}]\n".encode(), deadline)
        while True:
            line = self._next_line(proc, deadline)
            if line is None:
                self._owed += 1
                raise BotFault(FaultKind.LATE, f"no answer within {timeout:g} s")
            if self._owed:
                self._owed -= 1  # the late answer to an earlier line
                continue
            return line

    def _next_line(self, proc: subprocess.Popen[bytes], deadline: float) -> str | None:
        """The bot's next answer line, read by ``deadline`` (None when it did not come in time)."""
        while True:
            end = self._read.find(b"\n")
            if end >= 0:
                line = bytes(self._read[:end])
                del self._read[:end + 1]
                return line.decode("utf-8", errors="replace")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            assert proc.stdout is not None
            readable, _, _ = select.select([proc.stdout.fileno()], [], [], min(remaining, _EXIT_CHECK))
            if readable:
                self._take_output(proc)
            elif _exit_status(proc) is not None:  # ended, its output held open by a process it started
                self._exited = True
                raise BotFault(FaultKind.EXITED, self._why_gone())

    def _take_output(self, proc: subprocess.Popen[bytes]) -> None:
        """Read what the bot has written (it is readable); :class:`BotFault` when its output has ended, or
        holds a line longer than any answer."""
        assert proc.stdout is not None
        chunk = os.read(proc.stdout.fileno(), _CHUNK)
        if not chunk:
            self._exited = True
            raise BotFault(FaultKind.EXITED, self._why_gone())
        self._read += chunk
        if len(self._read) > _LONGEST_ANSWER and b"\n" not in self._read:
            self._end_for(f"an answer longer than {_LONGEST_ANSWER:,} bytes (its process was ended)")
        if len(self._read) > _UNREAD:
            self._end_for(f"more than {_UNREAD:,} bytes of output the table did not ask for (its process was ended)")

    def _end_for(self, why: str) -> NoReturn:
        """End the bot's process for writing what no answer is: :class:`BotFault` saying ``why``."""
        self._read.clear()
        self._exited = True
        self.close()
        raise BotFault(FaultKind.BAD_JSON, why)

    def _send(self, proc: subprocess.Popen[bytes], data: bytes, deadline: float) -> None:
        """Write ``data`` to the bot's input by ``deadline``, reading its output meanwhile (a bot writing
        while the table writes must not wait for it); a bot that does not read it in time has half a line in
        its input, so its process is ended (a fault now, and its later moves until the next game)."""
        assert proc.stdin is not None and proc.stdout is not None
        fd, out = proc.stdin.fileno(), proc.stdout.fileno()
        view = memoryview(data)
        try:
            view = view[os.write(fd, view):]  # a line fits in the pipe at once, but for a huge one
        except BlockingIOError:
            pass
        except OSError:
            self._exited = True
            raise BotFault(FaultKind.EXITED, self._why_gone()) from None
        while view:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self._exited = True
                self.close()
                raise BotFault(FaultKind.LATE, "the bot did not read its input in time (its process was ended)")
            readable, writable, _ = select.select([out], [fd], [], remaining)
            if readable:
                self._take_output(proc)
            if not writable:
                continue
            try:
                view = view[os.write(fd, view):]
            except BlockingIOError:
                continue
            except OSError:
                self._exited = True
                raise BotFault(FaultKind.EXITED, self._why_gone()) from None

    def _why_gone(self) -> str:
        proc = self._proc
        status = _exit_status(proc) if proc is not None else None
        said = f": {self._stderr[-1]}" if self._stderr else ""
        return f"the bot's process is gone (exit status {status}){said}"

    # -- the player ------------------------------------------------------------------------------------

    def observe(self, event: Event) -> None:
        """Take in one event of the game (the table's listener)."""
        if isinstance(event, GameStart):
            if self._proc is None or self._exited or _exit_status(self._proc) is not None:
                self._start()
            self._pending = []
            self._hand_open = False
            start = message_text({"type": "start_game", "names": list(event.names), "id": self.seat})
            self._quietly([start], STARTUP_SECONDS + self.timeout)
            return
        if isinstance(event, Deal) and self._hand_open:
            self._pending.append(_END_KYOKU)
        if isinstance(event, GameEnd):
            if self._hand_open:
                self._pending.append(_END_KYOKU)
            self._quietly(self._take_pending(), self.timeout)
            self._quietly([_END_GAME], self.timeout)
            self._hand_open = False
            return
        self._pending.append(seat_text(event, self.seat))
        if isinstance(event, Deal):
            self._hand_open = True  # its end_kyoku goes before the next deal or the game's end

    def _take_pending(self) -> list[str]:
        pending, self._pending = self._pending, []
        return pending

    def _quietly(self, messages: list[str], timeout: float) -> None:
        """Send a line whose answer does not matter (a late one is dropped when it comes)."""
        if not messages:
            return
        try:
            self._exchange(messages, timeout)
        except BotFault:
            pass

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:
        """Ask the bot; its fault makes the safe move."""
        answer = ""
        try:
            answer = self._exchange(self._take_pending(), self.timeout)
            return find_action(answer, actions)
        except BotFault as fault:
            self.faults.append(fault_of(fault, self.seat, answer, view))
            return Decision(self.seat, actions, view).default


def _exit_status(proc: subprocess.Popen[bytes]) -> int | None:
    """The process's exit status once it has ended (minus the signal that ended it), None while it runs. The
    process is not waited for: until :meth:`MjaiProcessPlayer.close` waits for it, its id (and its group's)
    stays its own."""
    if proc.returncode is not None:
        return proc.returncode
    try:
        info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:  # already waited for
        return proc.poll()
    if info is None:
        return None
    return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status


def _keep_stderr(stream: IO[bytes], kept: deque[str]) -> None:
    """Keep the last lines of the bot's standard error (``stream``, unbuffered: each read takes what is there,
    up to a chunk), a line longer than :data:`_STDERR_LINE` characters its start only."""
    line = bytearray()
    while True:
        try:
            chunk = stream.read(_CHUNK)
        except (OSError, ValueError):  # closed
            break
        if not chunk:
            break
        *ended, rest = chunk.split(b"\n")
        for piece in ended:
            line += piece[:max(0, 4 * _STDERR_LINE - len(line))]  # four bytes a character at most
            kept.append(_stderr_text(line))
            line.clear()
        line += rest[:max(0, 4 * _STDERR_LINE - len(line))]
    if line:
        kept.append(_stderr_text(line))


def _stderr_text(line: bytearray) -> str:
    text = line.decode("utf-8", errors="replace").rstrip("\r")
    return text if len(text) <= _STDERR_LINE else text[:_STDERR_LINE] + "..."
