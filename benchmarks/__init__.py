"""Benchmarks: riichi side by side with the ``mahjong`` library.

Run ``python -m benchmarks.run`` (see docs/performance.md). Nothing here is
imported by the :mod:`riichi` package itself.
"""
