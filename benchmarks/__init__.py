"""Benchmarks: riichi side by side with its peers.

Run ``python -m benchmarks.run`` (see docs/performance.md). Nothing here is
imported by the :mod:`riichi` package itself.

One rule for every benchmark: it times the installed riichi (what ``pip install .`` gave, compiled
where a C compiler was there), never the sources of the checkout it is run from, and the first line
it prints says which build that is and where it was imported from (:func:`which_riichi`). Importing
this package moves the checkout to the end of ``sys.path`` (``python -m`` puts it first), so that
``import riichi`` finds the installed package; the benchmarks themselves still import from here.
Where no riichi is installed, the sources are what runs, and the first line says so. Comparing the
compiled build with the pure sources is the job of ``benchmarks.run`` and ``benchmarks.builds``,
which run each in a process of its own and name both. A benchmark starts riichi in another process with
:func:`riichi.build.riichi_command` and :func:`riichi.build.riichi_env` (as the tests do), which run the
riichi this process imported.
"""

from __future__ import annotations

import sys
from pathlib import Path

#: The checkout this package belongs to.
REPO = Path(__file__).resolve().parent.parent


def _installed_first() -> None:
    here = str(REPO)
    kept = [p for p in sys.path if Path(p or ".").resolve() != REPO]
    sys.path[:] = [*kept, here]


if "riichi" not in sys.modules:
    _installed_first()


def which_riichi() -> str:
    """The build this process runs and where it was imported from, e.g. ``riichi 0.1.0 (compiled with mypyc,
    CPython 3.11.7), installed at /venv/lib/python3.11/site-packages/riichi``."""
    import riichi  # noqa: PLC0415
    from riichi.build import describe  # noqa: PLC0415

    where = Path(riichi.__file__).resolve().parent
    origin = "the checkout's sources" if where == REPO / "riichi" else "installed"
    return f"{describe()}, {origin} at {where}"
