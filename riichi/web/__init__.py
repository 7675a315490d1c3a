"""The web calculator and HTTP API (``riichi serve``).

Needs the ``web`` extra (FastAPI and uvicorn); the rest of the library does
not import this package. The application lives in :mod:`riichi.web.app`.
"""

from __future__ import annotations

__all__: list[str] = []
