"""Corpus statistics: game records in, Parquet tables out, questions as SQL (``pip install 'riichi[stats]'``).

:func:`build` replays every record of the given files and folders and writes the tables into a folder
(incrementally: a record already there is not replayed again); :func:`connect` opens a DuckDB connection on
that folder with the project's views.

>>> from riichi.stats import build, connect                        # doctest: +SKIP
>>> result = build(["logs/"], "stats/", workers=4)                  # doctest: +SKIP
>>> connect("stats/").sql("SELECT * FROM summary").show()          # doctest: +SKIP
"""

from __future__ import annotations

from riichi.stats.build import BuildResult, Progress, build
from riichi.stats.db import connect, view_names
from riichi.stats.rows import RecordRows, record_key, record_rows
from riichi.stats.schema import TABLES
from riichi.stats.store import StatsError

__all__ = ["TABLES", "BuildResult", "Progress", "RecordRows", "StatsError", "build", "connect", "record_key",
           "record_rows", "view_names"]
