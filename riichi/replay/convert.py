"""Writing records in any format, with the engine's results where a record states none.

A record read from one format keeps the results it states (so a converted
record compares with the engine exactly as the original does); a hand that
states none (a self-play game, a record with its results removed) gets the
engine's own, replayed from its events.
"""

from __future__ import annotations

from dataclasses import replace

from riichi.formats.mjai import write_mjai
from riichi.formats.mjlog_writer import write_mjlog
from riichi.formats.record import GameRecord, StatedDraw, StatedGameEnd, StatedHand, StatedWin
from riichi.formats.tenhou6 import write_tenhou6
from riichi.game.events import DrawKind
from riichi.replay.run import replay_game
from riichi.rules import RuleSet
from riichi.yaku import Yaku

__all__ = ["stated_from_kyoku", "with_engine_results", "write_record"]


def stated_from_kyoku(kyoku: dict[str, object]) -> StatedHand:
    """The engine's values of a hand (a ``kyoku`` object) as the results a record states."""
    wins = []
    for w in kyoku["wins"]:  # type: ignore[attr-defined]
        yakuman = tuple(Yaku(y["name"]) for y in w["yakuman"])
        wins.append(StatedWin(
            w["winner"], w["from"], han=None if yakuman else w["han"], fu=None if yakuman else w["fu"],
            points=w["points"], yaku=() if yakuman else tuple((Yaku(y["name"]), y["han"]) for y in w["yaku"]),
            yakuman=yakuman, limit="yakuman" if w["limit"] == "kazoe_yakuman" else w["limit"], pao=w["pao"],
            deltas=tuple(w["deltas"]), honba=kyoku["honba"],  # type: ignore[arg-type]
            riichi_sticks=w["riichi_sticks"]))
    draw = None
    if isinstance(kyoku.get("draw"), dict):
        d = kyoku["draw"]
        draw = StatedDraw(DrawKind(d["type"]), tuple(kyoku["deltas"]),  # type: ignore[index, arg-type]
                          honba=kyoku["honba"],  # type: ignore[arg-type]
                          riichi_sticks=kyoku["riichi_sticks"] + len(kyoku["riichi"]))  # type: ignore[operator, arg-type]
    return StatedHand(tuple(kyoku["scores_start"]), kyoku["honba"], kyoku["riichi_sticks"],  # type: ignore[arg-type]
                      tuple(wins), draw)


def with_engine_results(record: GameRecord, rules: RuleSet | None = None) -> GameRecord:
    """The record with the engine's results on every hand that states none, and the engine's end of game
    when the record states none."""
    if all(h.stated.has_results for h in record.hands) and record.end is not None:
        return record
    engine: dict[int, StatedHand] = {}
    end = record.end
    for obj in replay_game(record, file="", rules=rules):
        if obj["type"] == "kyoku":
            engine[int(obj["kyoku"])] = stated_from_kyoku(obj)  # type: ignore[call-overload]
        elif obj["type"] == "game_end" and end is None:
            end = StatedGameEnd(tuple(obj["final_scores"]), tuple(obj["final_points"]))  # type: ignore[arg-type]
    hands = tuple(h if h.stated.has_results or h.index not in engine else replace(h, stated=engine[h.index])
                  for h in record.hands)
    return replace(record, hands=hands, end=end)


def write_record(record: GameRecord, fmt: str, rules: RuleSet | None = None) -> str:
    """The record in ``fmt`` (``mjlog``, ``tenhou6`` or ``mjai``)."""
    record = with_engine_results(record, rules)
    if fmt == "mjai":
        return write_mjai(record)
    if fmt == "tenhou6":
        return write_tenhou6(record)
    if fmt == "mjlog":
        return write_mjlog(record)
    raise ValueError(f"unknown record format {fmt!r} (formats: mjlog, tenhou6, mjai)")
