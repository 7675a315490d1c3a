"""The errors riichi raises and its callers catch leave nothing behind: after an error is gone, what it
pointed at (the text read, the refused event, the bot's fault kind) is referenced no more than before.

A server reads hostile text all day and the engine tries and refuses calls in every game: an error that kept
its attributes alive would grow the process without bound. Compiled with mypyc 1.19, an exception class
that keeps attributes never frees them (mypy issue 21716); this runs against the build under test (CI: the
compiled one), where each class below leaked one reference to each of its attributes per error before they
were kept out of compiled modules.
"""

from __future__ import annotations

import gc
import gzip
import sys
import tracemalloc
from collections.abc import Callable

import pytest

from riichi.bots.protocol import FaultKind, find_action
from riichi.errors import BotFault, IllegalActionError, NotationError, RiichiError
from riichi.formats.gzipped import GzipError, ungzip
from riichi.game.legal import Pass
from riichi.hand import Hand, Meld
from riichi.notation import parse_tiles

TIMES = 200


def _references_after(held: object, raise_one: Callable[[], object]) -> int:
    """How many more references ``held`` has after ``raise_one`` raised and the caller caught TIMES errors."""
    gc.collect()
    before = sys.getrefcount(held)
    for _ in range(TIMES):
        with pytest.raises((RiichiError, GzipError)):
            raise_one()
    gc.collect()
    return sys.getrefcount(held) - before


@pytest.mark.parametrize("read", [parse_tiles, Hand.parse, Meld.parse])
def test_a_mistyped_hand_read_many_times_keeps_no_reference_to_its_text(read: Callable[[str], object]) -> None:
    # "12x" is no notation: each reader raises a NotationError that names the text and points at the "x".
    text = "".join(["12", "x"])  # made at run time: a text of its own, not a shared constant
    with pytest.raises(NotationError) as error:
        read(text)
    assert error.value.source == text and error.value.span is not None
    error = None  # type: ignore[assignment]  # the last error let go before the count
    assert _references_after(text, lambda: read(text)) == 0


def test_a_refused_event_is_let_go_with_its_error() -> None:
    event = object()
    rule = "".join(["kui", "kae"])

    def refuse() -> None:
        raise IllegalActionError("the called tile's kind may not be discarded now", event=event, rule=rule)

    assert _references_after(event, refuse) == 0
    assert _references_after(rule, refuse) == 0


def test_a_bot_fault_is_let_go_with_its_kind() -> None:
    # An answer that is not JSON is a BAD_JSON fault, as a bot writing garbage gives at every move.
    assert _references_after(FaultKind.BAD_JSON, lambda: find_action("not json", (Pass(0),))) == 0
    with pytest.raises(BotFault) as fault:
        find_action("not json", (Pass(0),))
    assert fault.value.kind is FaultKind.BAD_JSON


def test_a_damaged_gzip_stream_is_let_go_with_its_error() -> None:
    # The gzip reader's error keeps a message it makes itself: what is measured is the memory still held.
    damaged = gzip.compress(b"<mjloggm ver='2.3'>" * 100)[:-12]  # cut short: no trailer

    def read() -> None:
        ungzip(damaged)

    with pytest.raises(GzipError) as error:
        read()
    assert error.value.too_large is False and "truncated" in error.value.message
    error = None  # type: ignore[assignment]  # the last error let go before the count
    gc.collect()
    tracemalloc.start()
    try:
        _references_after(None, read)
        held = tracemalloc.get_traced_memory()[0]
        _references_after(None, read)  # as many errors again
        grown = tracemalloc.get_traced_memory()[0] - held
    finally:
        tracemalloc.stop()
    assert grown < 8 * 1024, f"{TIMES} errors more kept {grown:,} bytes"
