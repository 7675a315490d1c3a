"""The replay step of ``riichi stats``: one record's bytes in, its rows of every table out.

This is the one function both engines run (the local worker pool and Ray's ``map_batches``): the record is
replayed through the engine (:func:`riichi.replay.replay_game`), and each hand's replay object, with the
actions of the record the engine followed (who declared riichi, who called), becomes rows. Nothing here
imports a third-party package.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from riichi import __version__
from riichi.formats.detect import detect_format, read_record
from riichi.formats.gzipped import GzipError, ungzip
from riichi.formats.record import GameRecord, HandRecord
from riichi.game.events import Chi, Minkan, Pon, Riichi
from riichi.replay.run import player_names, replay_game
from riichi.replay.sources import unreadable
from riichi.rules import RuleSet

__all__ = ["DUPLICATE", "ENGINE", "RecordRows", "duplicate_rows", "record_key", "record_rows", "unreadable_rows"]

#: The engine's version, stamped on every game row.
ENGINE: Final = f"riichi {__version__}"

Row = dict[str, object]
#: The status in ``records`` of a record whose game the tables hold already (from another record, with other bytes:
#: the same game gzipped and plain, or in another format): its rows are not added again.
DUPLICATE: Final = "duplicate"
#: Draw types at which the tenpai seats are stated (an exhaustive draw, and Tenhou's nagashi mangan, which
#: happens at one).
_TENPAI_DRAWS: Final = frozenset({"exhaustive", "nm"})


@dataclass(frozen=True, slots=True)
class RecordRows:
    """The rows one record gives, by table name; ``status`` is ``complete`` (replayed to the end of the game),
    ``partial`` (some hands, then a failure), ``failed`` (no hand) or ``duplicate`` (a game the tables hold
    already); ``game_id`` the game it holds (``None`` when no hand was replayed)."""

    record_sha: str
    status: str
    tables: dict[str, list[Row]] = field(default_factory=dict)
    game_id: str | None = None

    def count(self, table: str) -> int:
        return len(self.tables.get(table, ()))


def record_key(data: bytes) -> str:
    """What a record is known by: the SHA-256 of its content, gzip undone (so a renamed copy, or the same record
    gzipped, is the same record); of the bytes as they are when they are no gzip stream that can be undone."""
    try:
        data = ungzip(data)
    except GzipError:
        pass
    return hashlib.sha256(data).hexdigest()


def record_rows(file: str, data: bytes, *, fmt: str = "auto", rules: RuleSet | None = None,
                events: bool = False) -> RecordRows:
    """Replay one record and return its rows (``events``: also one row per event the engine applied)."""
    sha = record_key(data)
    record = read_record(data, fmt, name=os.path.basename(file), strict=False)  # as riichi replay reads it
    found = detect_format(data) if fmt == "auto" else fmt
    game_id = record.rules.log_id or sha
    names = player_names(record)
    hands = {hand.index: hand for hand in record.hands}
    tables: dict[str, list[Row]] = {"kyoku": [], "seat_kyoku": [], "wins": [], "failures": [], "notes": []}
    end: Row | None = None
    seats = record.rules.players
    for obj in replay_game(record, file=file, rules=rules):
        for note in obj.get("notes", ()):  # type: ignore[attr-defined]
            tables["notes"].append({"file": file, "game": obj["game"], "kyoku": obj.get("kyoku"), "note": note,
                                    "record_sha": sha, "game_id": game_id})
        if obj["type"] == "kyoku":
            seats = len(obj["scores_start"])  # type: ignore[arg-type]
            _hand_rows(tables, obj, hands[obj["kyoku"]], game_id, names)  # type: ignore[index]
        elif obj["type"] == "game_end":
            end = obj
        else:
            error = obj["error"]
            assert isinstance(error, dict)
            tables["failures"].append({"file": file, "game": obj["game"], "kyoku": obj.get("kyoku"),
                                       "code": error["code"], "message": error["message"],
                                       "record_sha": sha, "game_id": game_id})
    played = len(tables["kyoku"])
    status = "complete" if end is not None else "partial" if played else "failed"
    if status != "failed":
        tables["games"] = [_game_row(record, file, found, rules, game_id, sha, names, seats, played, end,
                                     all(k["matches_log"] is not False for k in tables["kyoku"]))]
    if end is not None:
        tables["game_seats"] = _seat_rows(game_id, names, end)
    if events and played:
        tables["events"] = _event_rows(game_id, (hands[k["kyoku"]] for k in tables["kyoku"]))  # type: ignore[index]
    tables["records"] = [{"record_sha": sha, "file": file, "game_id": game_id if played else None, "status": status}]
    return RecordRows(sha, status, tables, game_id if played else None)


def duplicate_rows(rows: RecordRows) -> RecordRows:
    """What is kept of a record whose game the tables hold already: its ``records`` row, status ``duplicate``
    (so that its content is known and it is not replayed again)."""
    record: Row = {**rows.tables["records"][0], "status": DUPLICATE}
    return RecordRows(rows.record_sha, DUPLICATE, {"records": [record]}, rows.game_id)


def unreadable_rows(file: str, exc: OSError) -> RecordRows:
    """The rows of a file that could not be read at all (no content, so no key: it is tried again next run), its
    error as ``riichi replay`` gives it (``no_such_file``, or ``invalid_log`` saying why)."""
    error = unreadable(file, exc)["error"]
    failure: Row = {"file": file, "game": 0, "kyoku": None, "code": error["code"],  # type: ignore[index]
                    "message": error["message"], "record_sha": None, "game_id": None}  # type: ignore[index]
    record: Row = {"record_sha": None, "file": file, "game_id": None, "status": "failed"}
    return RecordRows("", "failed", {"failures": [failure], "records": [record]})


def _name(names: list[str | None] | None, seat: int) -> str | None:
    return names[seat] if names is not None and seat < len(names) else None


def _hand_rows(tables: dict[str, list[Row]], k: Row, hand: HandRecord, game_id: str,
               names: list[str | None] | None) -> None:
    index, dealer = k["kyoku"], k["dealer"]
    wins: list[Row] = k["wins"]  # type: ignore[assignment]
    draw: Row | None = k["draw"]  # type: ignore[assignment]
    deltas: list[int] = k["deltas"]  # type: ignore[assignment]
    scores: list[int] = k["scores_start"]  # type: ignore[assignment]
    accepted: list[int] = k["riichi"]  # type: ignore[assignment]
    declared = {e.seat for e in hand.events if isinstance(e, Riichi)}
    called = {e.seat for e in hand.events if isinstance(e, Chi | Pon | Minkan)}
    winners = {w["winner"] for w in wins}
    dealt_in = {w["from"] for w in wins if w["from"] is not None}
    tenpai: list[int] | None = None
    if draw is not None and draw["type"] in _TENPAI_DRAWS:
        tenpai = draw["tenpai"] or []  # type: ignore[assignment]
    tables["kyoku"].append({
        "game_id": game_id, "kyoku": index, "round_wind": k["round_wind"], "round_number": k["round_number"],
        "dealer": dealer, "honba": k["honba"], "riichi_sticks": k["riichi_sticks"], "outcome": k["outcome"],
        "draw_type": draw["type"] if draw is not None else None, "wins": len(wins), "riichi": accepted,
        "scores_start": scores, "deltas": deltas, "dora_indicators": k["dora_indicators"],
        "game_over": k["game_over"], "matches_log": k.get("matches_log")})
    for seat in range(len(scores)):
        tables["seat_kyoku"].append({
            "game_id": game_id, "kyoku": index, "seat": seat, "name": _name(names, seat),
            "win": seat in winners, "deal_in": seat in dealt_in, "riichi": seat in declared,
            "called": seat in called, "tenpai_at_draw": None if tenpai is None else seat in tenpai,
            "delta": deltas[seat], "dealer": seat == dealer, "riichi_accepted": seat in accepted,
            "score_start": scores[seat]})
    for w in wins:
        winner: int = w["winner"]  # type: ignore[assignment]
        tables["wins"].append({
            "game_id": game_id, "kyoku": index, "winner": winner, "from_seat": w["from"], "tsumo": w["tsumo"],
            "han": w["han"], "fu": w["fu"], "points": w["points"], "limit": w["limit"], "yaku": w["yaku"],
            "yakuman": w["yakuman"], "winner_name": _name(names, winner), "dealer": winner == dealer,
            "pao": w["pao"], "honba": w["honba"], "riichi_sticks": w["riichi_sticks"],
            "delta": w["deltas"][winner]})  # type: ignore[index]


def _game_row(record: GameRecord, file: str, fmt: str | None, rules: RuleSet | None, game_id: str, sha: str,
              names: list[str | None] | None, seats: int, played: int, end: Row | None, hands_match: bool) -> Row:
    return {
        "game_id": game_id, "file": file, "format": fmt, "rules": (rules or record.ruleset()).name,
        "players": seats, "names": names if names is not None else None, "hands": played,
        "final_scores": end["final_scores"] if end is not None else None,
        "final_points": end["final_points"] if end is not None else None,
        "record_sha": sha, "complete": end is not None,
        "matches_log": (hands_match and end.get("matches_log") is not False) if end is not None else False,
        "engine": ENGINE}


def _seat_rows(game_id: str, names: list[str | None] | None, end: Row) -> list[Row]:
    """Each seat's final score, points and place (ties go to the seat nearer the first dealer, as Tenhou and
    the tenhou preset rank them)."""
    scores: list[int] = end["final_scores"]  # type: ignore[assignment]
    points: list[float] = end["final_points"]  # type: ignore[assignment]
    order = sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))
    return [{"game_id": game_id, "seat": seat, "name": _name(names, seat), "final_score": scores[seat],
             "final_points": float(points[seat]), "place": order.index(seat) + 1} for seat in range(len(scores))]


def _event_rows(game_id: str, hands: Iterable[HandRecord]) -> list[Row]:
    rows: list[Row] = []
    for hand in hands:
        for position, event in enumerate(hand.events):
            text = str(event)
            tile = getattr(event, "tile", None)
            rows.append({"game_id": game_id, "kyoku": hand.index, "position": position, "type": text.split(" ", 1)[0],
                         "seat": getattr(event, "seat", None), "tile": None if tile is None else str(tile),
                         "from_seat": getattr(event, "from_seat", None), "text": text})
    return rows
