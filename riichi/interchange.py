"""The win-case interchange format's two entry points, under the name the README documents.

The format itself lives in :mod:`riichi.formats.interchange`.
"""

from __future__ import annotations

from riichi.formats.interchange import score_case, score_line_json

__all__ = ["score_case", "score_line_json"]
