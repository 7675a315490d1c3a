"""A recorded seat reviewed by a built-in player for the replay page (``POST /api/review``): at each of the
seat's decisions, what the record shows it did and what the player would have done, and the agreement rate.

The review is :func:`riichi.bots.review.review_game` itself (the same as ``riichi review``). Only the built-in
players (:data:`riichi.bots.spec.PLAYERS`) review on the server: never a Python class or a process named by
the request. The record is read as ``POST /api/replay`` reads it, within the same limits
(:data:`riichi.web.replay.MAX_UNPACKED`, :data:`~riichi.web.replay.MAX_EVENTS` and
:data:`~riichi.web.replay.TIME_BUDGET` seconds of reading, replaying and asking the player); beyond any of
them the request is refused with a :class:`riichi.web.replay.Refused` naming the limit.
"""

from __future__ import annotations

import time

from riichi.bots.review import review_game
from riichi.bots.spec import PLAYERS
from riichi.game.events import Event
from riichi.rules import RuleSet
from riichi.web import replay as web_replay
from riichi.web.replay import Refused, read_upload

__all__ = ["review_record"]


class _Limit(Exception):
    """Raised from the review's observer to stop it at a limit."""

    def __init__(self, refused: Refused) -> None:
        super().__init__(refused.message)
        self.refused = refused


class _Budget:
    """Counts the events the review replays and stops it beyond :data:`MAX_EVENTS` or past the deadline."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.events = 0

    def __call__(self, _event: Event) -> None:
        self.events += 1
        limit = web_replay.MAX_EVENTS
        if self.events > limit:
            raise _Limit(Refused(413, "request_too_large", f"the record has more than {limit} events"))
        if time.monotonic() > self.deadline:
            raise _Limit(Refused(413, "request_too_large",
                                 f"reviewing the record takes longer than {web_replay.TIME_BUDGET:g} s"))


def review_record(data: bytes, seat: int, player: str, fmt: str = "auto", *, name: str = "",
                  rules: RuleSet | None = None, seed: int = 0) -> dict[str, object]:
    """The review of ``seat`` of a record (raw bytes, plain or gzip, in ``fmt`` or detected) by the built-in
    ``player`` (seeded with ``seed``), replayed under ``rules`` (None: the record's own); raises
    :class:`Refused` for an unknown player, a seat the game does not have, a record that cannot be read, or
    beyond the limits."""
    budget = _Budget(time.monotonic() + web_replay.TIME_BUDGET)
    if player not in PLAYERS:
        raise Refused(422, "invalid_player", f"unknown player {player!r}: one of {', '.join(PLAYERS)}")
    record, found = read_upload(data, fmt, name)
    if not record.hands:
        first = record.errors[0] if record.errors else "the record has no hand"
        raise Refused(422, "invalid_log", str(first))
    seats = (rules or record.ruleset()).players
    if not 0 <= seat < seats:
        raise Refused(422, "invalid_seat", f"seat {seat} is not a seat of this game (0..{seats - 1})")
    try:
        review = review_game(record, seat, PLAYERS[player](seed), rules=rules, observe=budget)
    except _Limit as stop:
        raise stop.refused from None
    return {"ok": True, "format": found, "player": player, "names": list(record.names),
            "choices": [c.to_json() for c in review.choices], **review.to_json()}
