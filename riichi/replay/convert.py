"""Writing records in any format, with the engine's results where a record states none.

A record read from one format keeps the results it states (so a converted
record compares with the engine exactly as the original does); a hand that
states none (a self-play game, a record with its results removed) gets the
engine's own, replayed from its events.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from riichi.formats.mjai import write_mjai
from riichi.formats.mjlog_writer import write_mjlog
from riichi.formats.record import GameRecord, HandRecord, StatedDraw, StatedGameEnd, StatedHand, StatedWin
from riichi.formats.tenhou6 import write_tenhou6
from riichi.game.events import DrawKind
from riichi.game.game import Game
from riichi.replay.run import replay_game
from riichi.rules import GameLength, RuleSet
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


#: The values of a win each format must write: mjlog's ``ten`` holds fu and points, tenhou.net/6 writes the
#: points and the yaku (a limit hand without its fu).
_NEEDED: Final = {"mjlog": ("points", "fu", "yaku"), "tenhou6": ("points", "yaku"), "mjai": ()}


def with_engine_results(record: GameRecord, rules: RuleSet | None = None, *,
                        needed: tuple[str, ...] = ()) -> GameRecord:
    """The record with the engine's results on every hand that states none, and the engine's end of game
    when the record states none. A win that states its score changes but not one of the ``needed`` values
    (riichienv states no points; tenhou.net/6 no fu for a limit hand) gets the engine's for every value it
    leaves out. Where ``fu`` is needed, a yakuman's is its reading's fu counted as below yakuman
    (:attr:`~riichi.scoring.result.Score.reading_fu`, what Tenhou's records write for it)."""
    def lacking(w: StatedWin) -> bool:
        return any(getattr(w, name) is None for name in needed) or ("yaku" in needed and w.yakuman is None)

    partial = any(lacking(w) for h in record.hands for w in h.stated.wins)
    if all(h.stated.has_results for h in record.hands) and record.end is not None and not partial:
        return record
    engine: dict[int, StatedHand] = {}
    reading_fu: dict[int, list[int]] = {}
    end = record.end

    def observe(game: Game, hand: HandRecord, position: int) -> None:
        result = game.hand_result if position == len(hand.events) - 1 else None
        if result is not None:
            reading_fu[hand.index] = [w.score.reading_fu for w in result.wins]

    for obj in replay_game(record, file="", rules=rules, observe=observe):
        if obj["type"] == "kyoku":
            engine[int(obj["kyoku"])] = stated_from_kyoku(obj)  # type: ignore[call-overload]
        elif obj["type"] == "game_end" and end is None:
            end = StatedGameEnd(tuple(obj["final_scores"]), tuple(obj["final_points"]))  # type: ignore[arg-type]
    hands = []
    for h in record.hands:
        mine = engine.get(h.index)
        if mine is not None and "fu" in needed:
            mine = replace(mine, wins=tuple(replace(w, fu=fu) if w.yakuman else w
                                            for w, fu in zip(mine.wins, reading_fu[h.index], strict=True)))
        if mine is not None and not h.stated.has_results:
            h = replace(h, stated=mine)
        elif mine is not None and partial and len(mine.wins) == len(h.stated.wins):
            wins = tuple(_completed(w, e) if lacking(w) else w
                         for w, e in zip(h.stated.wins, mine.wins, strict=True))
            h = replace(h, stated=replace(h.stated, wins=wins))
        hands.append(h)
    return replace(record, hands=tuple(hands), end=end)


def _completed(w: StatedWin, engine: StatedWin) -> StatedWin:
    """A stated win with the engine's values where it states none (the engine's fu also on a yakuman, where
    the fu is needed)."""
    values = {name: getattr(engine, name) for name in ("han", "fu", "points", "yaku", "yakuman", "limit")
              if getattr(w, name) is None}
    if w.yakuman and values.get("yaku") is not None:
        values["yaku"] = ()
    return replace(w, **values)


def write_record(record: GameRecord, fmt: str, rules: RuleSet | None = None) -> str:
    """The record in ``fmt`` (``mjlog``, ``tenhou6`` or ``mjai``). A game length the record states nowhere
    and a lenient reading inferred is written as inferred (the written record states it)."""
    inferred = record.inferred_length(record.ruleset()) if rules is None else None
    if inferred is not None:
        record = replace(record, rules=replace(record.rules, hanchan=inferred[0] is GameLength.HANCHAN))
    record = with_engine_results(record, rules, needed=_NEEDED.get(fmt, ()))
    if fmt == "mjai":
        return write_mjai(record)
    if fmt == "tenhou6":
        return write_tenhou6(record)
    if fmt == "mjlog":
        return write_mjlog(record)
    raise ValueError(f"unknown record format {fmt!r} (formats: mjlog, tenhou6, mjai)")
