"""A stop inside the club server's writes, for the tests that kill the server there (tests/club/test_crash.py); not
for use.

The server reads :data:`STOP_VARIABLE` from its environment once, when it starts (``riichi club serve``,
:func:`riichi.club.app.create_app`); no request can set it. With ``POINT:PATH``, every write to a game that reaches
``POINT`` writes the game's id to the file ``PATH`` and waits there to be killed (for :data:`STOP_SECONDS`; then the
write gives up and its transaction rolls back), so that a test kills the server at that point and no other.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Final

from riichi.errors import ClubError

__all__ = ["STOP_POINTS", "STOP_SECONDS", "STOP_VARIABLE", "StopInWrite", "stop_from_environment"]

#: The environment variable of the stop: ``POINT:PATH``, a point of :data:`STOP_POINTS`.
STOP_VARIABLE: Final = "RIICHI_CLUB_TEST_STOP_IN_WRITE"
#: Where a write to a game stops: ``written``, the game's row updated (hands, result and version) but the audit
#: entry not yet written nor the transaction committed; ``committed``, the transaction committed but the phone not
#: yet answered.
STOP_POINTS: Final = ("written", "committed")
#: How long a stopped write waits to be killed before it gives up.
STOP_SECONDS: Final = 60.0


@dataclass(frozen=True, slots=True)
class StopInWrite:
    """The stop: at ``point``, a write writes the game's id to ``marker`` and waits to be killed."""

    point: str
    marker: str

    @staticmethod
    def parse(text: str) -> StopInWrite:
        point, sep, marker = text.partition(":")
        if point not in STOP_POINTS or not sep or not marker:
            raise ClubError(f"{STOP_VARIABLE}: POINT:PATH with POINT one of {', '.join(STOP_POINTS)}, not {text!r}",
                            code="invalid_input", status=500)
        return StopInWrite(point, marker)

    def reach(self, point: str, game_id: int) -> None:
        """A write to ``game_id`` at ``point``: nothing, unless it is the stop's point."""
        if point != self.point:
            return
        # written whole, then renamed into place: a test that sees the file never reads it half written
        partial = f"{self.marker}.partial"
        with open(partial, "w", encoding="utf-8") as out:
            out.write(f"{game_id}\n")
        os.replace(partial, self.marker)
        deadline = time.monotonic() + STOP_SECONDS
        while time.monotonic() < deadline:
            time.sleep(0.05)
        raise ClubError(f"a write stopped at {point!r} for a test was not killed", code="stopped", status=500)


def stop_from_environment() -> StopInWrite | None:
    """The stop of :data:`STOP_VARIABLE`, if this process was started with it (never in use)."""
    text = os.environ.get(STOP_VARIABLE)
    return None if text is None else StopInWrite.parse(text)
