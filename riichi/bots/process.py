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
"""

from __future__ import annotations

import json
import os
import queue
import select
import subprocess
import threading
import time
from collections import deque
from typing import IO

from riichi.bots.protocol import BotFault, Fault, FaultKind, find_action, seat_message
from riichi.game.engine import Decision
from riichi.game.events import Deal, Event, GameEnd, GameStart
from riichi.game.legal import Action
from riichi.game.players import SeatView

__all__ = ["MjaiProcessPlayer"]

#: How long a bot may take to answer ``start_game`` (mjai.app allows ten seconds there, for loading a model).
STARTUP_SECONDS = 10.0
#: The last lines of the bot's standard error kept, to say why it failed.
_STDERR_LINES = 20


class MjaiProcessPlayer:
    """A seat played by ``command`` (an argument list; ``{seat}`` in an argument is replaced by the seat),
    which answers each line within ``timeout`` seconds."""

    def __init__(self, command: list[str], seat: int, *, timeout: float = 2.0) -> None:
        self.command = [arg.replace("{seat}", str(seat)) for arg in command]
        self.seat = seat
        self.timeout = timeout
        self.faults: list[Fault] = []
        self._pending: list[dict[str, object]] = []
        self._hand_open = False
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=_STDERR_LINES)
        self._owed = 0  # lines sent whose answers did not come in time (dropped when they come)
        self._exited = False

    # -- the process -----------------------------------------------------------------------------------

    def _start(self) -> None:
        self.close()
        try:
            proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,  # noqa: S603 - the user's
                                    stderr=subprocess.PIPE)
        except OSError as exc:
            self._proc, self._exited = None, True
            self._stderr.append(f"cannot start {self.command[0]!r}: {exc.strerror or exc}")
            return
        self._proc, self._exited, self._owed = proc, False, 0
        self._lines = queue.Queue()
        assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
        os.set_blocking(proc.stdin.fileno(), False)  # a bot that stops reading must not stop the table
        threading.Thread(target=_read_lines, args=(proc.stdout, self._lines), daemon=True).start()
        threading.Thread(target=_keep_stderr, args=(proc.stderr, self._stderr), daemon=True).start()

    def close(self) -> None:
        """End the bot's process (its standard input closed, then stopped if it lingers)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            assert proc.stdin is not None
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def _exchange(self, messages: list[dict[str, object]], timeout: float) -> str:
        """Send one line, return the answer line; :class:`BotFault` when the process is gone or late."""
        proc = self._proc
        if proc is None or self._exited:
            raise BotFault(FaultKind.EXITED, self._why_gone())
        deadline = time.monotonic() + timeout
        sent = json.dumps(messages, ensure_ascii=False, separators=(",", ":")) + "\n"
        self._send(proc, sent.encode("utf-8"), deadline)
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self._owed += 1
                raise BotFault(FaultKind.LATE, f"no answer within {timeout:g} s") from None
            if line is None:
                self._exited = True
                raise BotFault(FaultKind.EXITED, self._why_gone())
            if self._owed:
                self._owed -= 1  # the late answer to an earlier line
                continue
            return line

    def _send(self, proc: subprocess.Popen[bytes], data: bytes, deadline: float) -> None:
        """Write ``data`` to the bot's input by ``deadline``; a bot that does not read it in time has half a
        line in its input, so its process is ended (a fault now, and its later moves until the next game)."""
        assert proc.stdin is not None
        fd = proc.stdin.fileno()
        view = memoryview(data)
        while view:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self._exited = True
                self.close()
                raise BotFault(FaultKind.LATE, "the bot did not read its input in time (its process was ended)")
            _, writable, _ = select.select([], [fd], [], remaining)
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
        status = proc.poll() if proc is not None else None
        said = f": {self._stderr[-1]}" if self._stderr else ""
        return f"the bot's process is gone (exit status {status}){said}"

    # -- the player ------------------------------------------------------------------------------------

    def observe(self, event: Event) -> None:
        """Take in one event of the game (the table's listener)."""
        if isinstance(event, GameStart):
            if self._proc is None or self._exited or self._proc.poll() is not None:
                self._start()
            self._pending = []
            self._hand_open = False
            start = {"type": "start_game", "names": list(event.names), "id": self.seat}
            self._quietly([start], STARTUP_SECONDS + self.timeout)
            return
        if isinstance(event, Deal) and self._hand_open:
            self._pending.append({"type": "end_kyoku"})
        if isinstance(event, GameEnd):
            if self._hand_open:
                self._pending.append({"type": "end_kyoku"})
            self._quietly(self._take_pending(), self.timeout)
            self._quietly([{"type": "end_game"}], self.timeout)
            self._hand_open = False
            return
        self._pending.append(seat_message(event, self.seat))
        if isinstance(event, Deal):
            self._hand_open = True  # its end_kyoku goes before the next deal or the game's end

    def _take_pending(self) -> list[dict[str, object]]:
        pending, self._pending = self._pending, []
        return pending

    def _quietly(self, messages: list[dict[str, object]], timeout: float) -> None:
        """Send a line whose answer does not matter (a late one is dropped when it comes)."""
        if not messages:
            return
        try:
            self._exchange(messages, timeout)
        except BotFault:
            pass

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:
        """Ask the bot; its fault makes the safe move."""
        try:
            answer = self._exchange(self._take_pending(), self.timeout)
            return find_action(answer, actions)
        except BotFault as fault:
            self.faults.append(Fault(self.seat, fault.kind, str(fault)))
            return Decision(self.seat, actions, view).default


def _read_lines(stream: IO[bytes], lines: queue.Queue[str | None]) -> None:
    for line in stream:
        lines.put(line.decode("utf-8", errors="replace"))
    lines.put(None)


def _keep_stderr(stream: IO[bytes], kept: deque[str]) -> None:
    for line in stream:
        kept.append(line.decode("utf-8", errors="replace").rstrip("\n"))
