"""Replaying a record through the engine: its events applied to a :class:`~riichi.game.game.Game`, every
result the engine's own, each hand written as the replay contract's ``kyoku`` object beside the record's
values.

The record's results are never fed to the engine: a hand's start scores, honba and sticks are the
engine's running bookkeeping, each win is scored from the engine's state, and what the record states is
only compared (:mod:`riichi.replay.compare`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from riichi.errors import IllegalActionError, RiichiError
from riichi.formats.record import ErrorCode, GameRecord, HandRecord, RecordError, event_name, hand_name
from riichi.game.events import Deal, GameEnd
from riichi.game.game import Game, HandResult, WinResult
from riichi.replay.compare import compare_game_end, compare_hand
from riichi.rules import RuleSet
from riichi.tiles import Wind

__all__ = ["Observer", "error_object", "kyoku_object", "player_names", "replay_game"]

#: Called after each event the engine accepts: the game, the hand, the event's position in the hand.
Observer = Callable[[Game, HandRecord, int], None]


def error_object(file: str, game: int, error: RecordError | str, code: ErrorCode = ErrorCode.INVALID_LOG,
                 kyoku: int | None = None) -> dict[str, object]:
    """An ``error`` object of the replay contract."""
    if isinstance(error, RecordError):
        code, kyoku, message = error.code, error.hand if kyoku is None else kyoku, str(error)
    else:
        message = error
    out: dict[str, object] = {"type": "error", "file": file, "game": game}
    if kyoku is not None:
        out["kyoku"] = kyoku
    out["error"] = {"code": code.value, "message": message}
    return out


def player_names(record: GameRecord) -> list[str | None] | None:
    """The players' names in seat order as the record gives them (``None`` for a seat it leaves unnamed), or
    ``None`` when it names nobody."""
    names = [name or None for name in record.names]
    return names if any(names) else None


def _name(item: object) -> str:
    return str(getattr(item, "value", item))


def _win_object(w: WinResult) -> dict[str, object]:
    s = w.score
    yakuman = bool(s.yakuman_total)
    return {
        "winner": w.winner, "from": w.from_seat, "tsumo": w.from_seat is None,
        "han": s.han, "fu": s.fu, "points": s.points, "limit": s.limit.value if s.limit is not None else None,
        "yaku": [] if yakuman and s.yakuman else [{"name": _name(n), "han": h} for n, h in s.yaku],
        "yakuman": [{"name": _name(n), "multiplier": m} for n, m in s.yakuman],
        "pao": w.pao, "honba": w.honba, "riichi_sticks": w.riichi_sticks, "deltas": list(w.deltas),
    }


def kyoku_object(result: HandResult, *, file: str, game: int, index: int) -> dict[str, object]:
    """The engine's values of one hand as the contract's ``kyoku`` object (before the comparison)."""
    draw = None
    if result.draw is not None:
        draw = {"type": result.draw.value,
                "tenpai": list(result.tenpai) if result.tenpai is not None else None,
                "nagashi": list(result.nagashi) if result.nagashi else None}
    return {
        "type": "kyoku", "file": file, "game": game, "kyoku": index,
        "round_wind": str(result.round_wind), "round_number": result.round_number, "dealer": result.dealer,
        "honba": result.honba, "riichi_sticks": result.riichi_sticks, "scores_start": list(result.scores_start),
        "dora_indicators": [str(t) for t in result.dora_indicators], "riichi": list(result.riichi),
        "outcome": result.outcome.value, "wins": [_win_object(w) for w in result.wins], "draw": draw,
        "deltas": list(result.deltas), "scores_end": list(result.scores_end), "game_over": result.game_over,
    }


def _has_walls(record: GameRecord) -> bool:
    """Whether every hand's deal carries its wall (the engine then checked every tile against it)."""
    return bool(record.hands) and all(
        bool(hand.events) and isinstance(hand.events[0], Deal) and hand.events[0].wall is not None
        for hand in record.hands)


def _is_excerpt(hand: HandRecord) -> bool:
    """Whether a record's first hand is not a game's first (East 1 dealt by seat 0, no honba, no sticks)."""
    deal = hand.events[0] if hand.events else None
    return isinstance(deal, Deal) and ((deal.round_wind, deal.round_number, deal.dealer) != (Wind.EAST, 1, 0)
                                       or bool(hand.stated.honba) or bool(hand.stated.riichi_sticks))


def replay_game(record: GameRecord, *, file: str, game: int = 0,  # noqa: C901, PLR0912 - one pass, hand by hand
                rules: RuleSet | None = None, observe: Observer | None = None) -> Iterator[dict[str, object]]:
    """The ``kyoku`` objects of a record, then its ``game_end`` (or an ``error`` where it stops).

    A hand the engine refuses (or the reader could not read) is an ``error`` object for that hand, and the
    replay goes on from the next hand's start as the record states it (scores, honba, sticks), when it
    states one. A record that starts after a game's first hand (an excerpt) starts from the state its
    first hand states. ``observe`` sees the game after every event the engine accepts (a viewer takes its
    positions from it). What a lenient reading forgave is each ``kyoku`` object's ``notes`` (the game's
    own on its first)."""
    unsupported = [e for e in record.errors if e.code is ErrorCode.UNSUPPORTED_RULES]
    if unsupported:
        yield error_object(file, game, unsupported[0])
        return
    bad: dict[int, list[RecordError]] = {}
    for e in record.errors:
        if e.hand is not None:
            bad.setdefault(e.hand, []).append(e)
    outside = [e for e in record.errors if e.hand is None]
    if outside and (outside[0].index is None or not record.hands):  # a problem before any hand (no rules tag, ...)
        for error in outside:
            yield error_object(file, game, error)
        return
    ruleset = rules if rules is not None else record.ruleset()
    notes: dict[int | None, list[str]] = {}
    for note in record.notes:
        notes.setdefault(note.hand, []).append(note.message)
    game_notes = notes.pop(None, [])
    inferred = record.inferred_length(ruleset) if rules is None else None
    if inferred is not None:
        game_notes.append(inferred[1])
    engine = Game(ruleset, names=record.names)
    hands = {h.index: h for h in record.hands}
    first = True
    order = sorted(set(hands) | set(bad))
    # An excerpt: the record's first hand, read, is not a game's first (a first hand it could not read is not).
    excerpt = bool(order) and order[0] in hands and order[0] not in bad and _is_excerpt(hands[order[0]])
    resume = excerpt
    refused_last = any_refused = False
    for index in order:
        hand = hands.get(index)
        hand_notes = game_notes + notes.get(index, []) if first else notes.get(index, [])
        first = False
        refused_last = True
        if index in bad or hand is None:
            for error in bad.get(index, []):
                yield _with_notes(error_object(file, game, error), hand_notes)
                hand_notes = []
            resume = any_refused = True
            continue
        if resume:
            start = hand.stated_start()
            if start is None:
                if engine.results or engine.round is not None or excerpt:
                    yield _with_notes(error_object(
                        file, game, f"{hand_name(index)} states no start scores to go on from", kyoku=index), hand_notes)
                    return
            else:
                engine.resume(start)
                where = f"{start.round_wind}{start.round_number}-{start.honba}"
                hand_notes.append(f"an excerpt: starts at {where} from the scores, honba and sticks its first hand "
                                  "states" if excerpt and not engine.results else
                                  f"the replay goes on from {where} as the record states it")
            resume = False
        refused = None
        for position, event in enumerate(hand.events):
            try:
                engine.apply(event)  # type: ignore[arg-type]
            except RiichiError as exc:
                # A tile the record's own wall does not give is a desync, every other refusal an illegal action.
                desync = isinstance(exc, IllegalActionError) and exc.rule == "wall"
                what = str(event).partition(" wall=")[0]  # a deal without the 136 tiles of its wall
                where = f"{hand_name(index)}, {event_name(hand.event_number(position))} ({what})"
                refused = error_object(file, game, f"{where}: {exc}",
                                       ErrorCode.DESYNC if desync else ErrorCode.ILLEGAL_ACTION, index)
                break
            if observe is not None:
                observe(engine, hand, position)
        result = engine.hand_result if refused is None else None
        if refused is None and result is None:
            refused = error_object(file, game, f"{hand_name(index)} ends without a win or a draw", kyoku=index)
        if refused is not None:
            yield _with_notes(refused, hand_notes)
            resume = any_refused = True
            continue
        assert result is not None
        kyoku = kyoku_object(result, file=file, game=game, index=index)
        if engine.may_go_on and hand is not record.hands[-1]:  # the dealer declined tenpai-yame: the record goes on
            kyoku["game_over"] = False
        compare_hand(kyoku, hand.stated)
        yield _with_notes(kyoku, hand_notes)
        refused_last = False
    for error in outside:
        yield error_object(file, game, error)
    if outside or refused_last:
        return
    if not engine.is_over:
        if not excerpt:
            yield error_object(file, game, "the record ends before the game does (truncated)")
        return
    engine.apply(GameEnd())
    end: dict[str, object] = {"type": "game_end", "file": file, "game": game,
                              "final_scores": list(engine.final_scores), "final_points": list(engine.final_points),
                              "names": player_names(record), "wall": "verified" if _has_walls(record) and not any_refused else "none"}
    compare_game_end(end, record.end)
    yield end


def _with_notes(obj: dict[str, object], notes: list[str]) -> dict[str, object]:
    """``obj`` with ``notes`` when there are any (what a lenient reading forgave)."""
    if notes:
        obj["notes"] = notes
    return obj
