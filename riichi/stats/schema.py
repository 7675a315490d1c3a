"""The tables ``riichi stats`` writes: their names, columns and column types, defined once.

Every engine writes these columns in this order with these types (DuckDB's type names; the Ray engine
translates them to Arrow's), so the tables of a local run and of a cluster run are the same rows. The
statistics contract fixes the first columns of each table; the ones after them are the project's
additions (marked below).
"""

from __future__ import annotations

from typing import Final

__all__ = ["RECORDS", "TABLES", "Columns"]

#: A table's columns: (name, DuckDB type), in order.
Columns = tuple[tuple[str, str], ...]

_YAKU: Final = "STRUCT(name VARCHAR, han INTEGER)[]"
_YAKUMAN: Final = "STRUCT(name VARCHAR, multiplier INTEGER)[]"

#: The manifest: one row per record file replayed (its content hash is what makes a run incremental).
#: Written last of a run's parts, so a part of another table counts only once its run's manifest is there.
RECORDS: Final = "records"

TABLES: Final[dict[str, Columns]] = {
    # one row per game (also a game that stopped early: complete is false, final values null)
    "games": (
        ("game_id", "VARCHAR"), ("file", "VARCHAR"), ("format", "VARCHAR"), ("rules", "VARCHAR"),
        ("players", "INTEGER"), ("names", "VARCHAR[]"), ("hands", "INTEGER"), ("final_scores", "INTEGER[]"),
        ("final_points", "DOUBLE[]"),
        # additions: the record's content hash, replayed to its end, every hand and the end as recorded,
        # the version of the engine that replayed it
        ("record_sha", "VARCHAR"), ("complete", "BOOLEAN"), ("matches_log", "BOOLEAN"), ("engine", "VARCHAR"),
    ),
    # one row per hand
    "kyoku": (
        ("game_id", "VARCHAR"), ("kyoku", "INTEGER"), ("round_wind", "VARCHAR"), ("round_number", "INTEGER"),
        ("dealer", "INTEGER"), ("honba", "INTEGER"), ("riichi_sticks", "INTEGER"), ("outcome", "VARCHAR"),
        ("draw_type", "VARCHAR"),
        # additions: the number of winners, the accepted riichi seats, the start scores, the score changes
        ("wins", "INTEGER"), ("riichi", "INTEGER[]"), ("scores_start", "INTEGER[]"), ("deltas", "INTEGER[]"),
        ("dora_indicators", "VARCHAR[]"), ("game_over", "BOOLEAN"), ("matches_log", "BOOLEAN"),
    ),
    # one row per seat in a hand
    "seat_kyoku": (
        ("game_id", "VARCHAR"), ("kyoku", "INTEGER"), ("seat", "INTEGER"), ("name", "VARCHAR"),
        ("win", "BOOLEAN"), ("deal_in", "BOOLEAN"), ("riichi", "BOOLEAN"), ("called", "BOOLEAN"),
        ("tenpai_at_draw", "BOOLEAN"), ("delta", "INTEGER"),
        # additions: the seat dealt, its riichi stick was paid, its score at the start of the hand
        ("dealer", "BOOLEAN"), ("riichi_accepted", "BOOLEAN"), ("score_start", "INTEGER"),
    ),
    # one row per win (a double ron is two)
    "wins": (
        ("game_id", "VARCHAR"), ("kyoku", "INTEGER"), ("winner", "INTEGER"), ("from_seat", "INTEGER"),
        ("tsumo", "BOOLEAN"), ("han", "INTEGER"), ("fu", "INTEGER"), ("points", "INTEGER"), ("limit", "VARCHAR"),
        ("yaku", _YAKU), ("yakuman", _YAKUMAN),
        # additions: the winner's name, whether the winner dealt, the liable seat, what this win collects
        ("winner_name", "VARCHAR"), ("dealer", "BOOLEAN"), ("pao", "INTEGER"), ("honba", "INTEGER"),
        ("riichi_sticks", "INTEGER"), ("delta", "INTEGER"),
    ),
    # one row per record or game not replayed to its end
    "failures": (
        ("file", "VARCHAR"), ("game", "INTEGER"), ("kyoku", "INTEGER"), ("code", "VARCHAR"), ("message", "VARCHAR"),
        # additions: which record, which game
        ("record_sha", "VARCHAR"), ("game_id", "VARCHAR"),
    ),
    # addition: one row per thing a lenient reading forgave in a record (what riichi replay's notes say)
    "notes": (
        ("file", "VARCHAR"), ("game", "INTEGER"), ("kyoku", "INTEGER"), ("note", "VARCHAR"),
        ("record_sha", "VARCHAR"), ("game_id", "VARCHAR"),
    ),
    # addition: one row per seat of a game replayed to its end
    "game_seats": (
        ("game_id", "VARCHAR"), ("seat", "INTEGER"), ("name", "VARCHAR"), ("final_score", "INTEGER"),
        ("final_points", "DOUBLE"), ("place", "INTEGER"),
    ),
    # addition: one row per event the engine applied (only with --events): turn-level questions
    "events": (
        ("game_id", "VARCHAR"), ("kyoku", "INTEGER"), ("position", "INTEGER"), ("type", "VARCHAR"),
        ("seat", "INTEGER"), ("tile", "VARCHAR"), ("from_seat", "INTEGER"), ("text", "VARCHAR"),
    ),
    RECORDS: (
        ("record_sha", "VARCHAR"), ("file", "VARCHAR"), ("game_id", "VARCHAR"), ("status", "VARCHAR"),
    ),
}
