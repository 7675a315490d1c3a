"""A DuckDB connection on a folder of tables, with the project's views.

>>> con = connect("stats/")                                        # doctest: +SKIP
>>> con.sql("SELECT name, games, win_rate FROM player_stats LIMIT 3").show()  # doctest: +SKIP

Each table is a view over its Parquet parts (DuckDB reads them where they lie, nothing is loaded first);
the project's views (``win_rate``, ``deal_in_rate``, ``riichi_rate``, ``call_rate``, ``draw_rate``,
``average_win``, ``summary``, ``placements``, ``player_stats``, ``yaku_frequency``, ...) are the SQL files
of ``riichi/stats/sql``, run in name order.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import duckdb

from riichi.stats.schema import TABLES
from riichi.stats.store import StatsError, check_parts, interrupted, sql_string, table_files, valid_groups

__all__ = ["VIEW_FILES", "connect", "view_names"]

#: The SQL files that define the views, in the order they run.
VIEW_FILES = ("1_rates.sql", "2_players.sql", "3_breakdowns.sql")


def _sql(name: str) -> str:
    return resources.files("riichi.stats").joinpath("sql").joinpath(name).read_text(encoding="utf-8")


def view_names() -> list[str]:
    """The names of the project's views, in the order they are defined."""
    names = []
    for file in VIEW_FILES:
        for line in _sql(file).splitlines():
            if line.startswith("CREATE OR REPLACE VIEW "):
                names.append(line.split()[4])
    return names


def connect(out: str | Path, *, database: str = ":memory:") -> duckdb.DuckDBPyConnection:
    """A DuckDB connection where every table of ``out`` is a view over its Parquet parts and the project's
    views are defined. ``database``: where DuckDB keeps what a session creates (in memory by default)."""
    folder = Path(out)
    if not folder.is_dir():
        raise StatsError(f"{folder} is not a folder of tables (riichi stats PATH... --out {folder} writes one)")
    con = duckdb.connect(database)
    try:
        _define(con, folder)
    except (duckdb.Error, RuntimeError) as exc:
        con.close()
        if interrupted(exc):
            raise KeyboardInterrupt from None
        if isinstance(exc, RuntimeError):
            raise
        check_parts(folder)  # names the part that cannot be read, if one is why
        raise StatsError(f"the tables of {folder} cannot be read: {str(exc).strip().splitlines()[0]}") from None
    return con


def _define(con: duckdb.DuckDBPyConnection, folder: Path) -> None:
    groups = valid_groups(folder)
    for table, columns in TABLES.items():
        files = table_files(folder, table, groups)
        if files:
            names = ", ".join(f'"{name}"' for name, _ in columns)
            source = "[" + ", ".join(sql_string(f) for f in files) + "]"
            con.execute(f"CREATE OR REPLACE VIEW {table} AS SELECT {names} FROM read_parquet({source})")
        else:  # an empty table with its columns, so that every view runs on a folder without it
            typed = ", ".join(f'CAST(NULL AS {kind}) AS "{name}"' for name, kind in columns)
            con.execute(f"CREATE OR REPLACE VIEW {table} AS SELECT {typed} WHERE false")
    for file in VIEW_FILES:
        con.execute(_sql(file))
