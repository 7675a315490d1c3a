"""A griffe extension for the documentation site: docstring examples as code.

The docstrings hold doctest examples (``>>>`` lines and their output) that
pytest runs; Markdown would read them as nested quotes and their ``[...]``
output as links. Each example, from its first ``>>>`` line to the next blank
line, is fenced as a ``pycon`` code block. ``mkdocs.yml`` names this file in
mkdocstrings' ``extensions``.
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_examples(text: str) -> str:
    """``text`` with every doctest example fenced.

    >>> print(fence_examples("Adds.\\n\\n>>> 1 + 1\\n2\\n\\nDone."))
    Adds.
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    Done.
    """
    out: list[str] = []
    indent: str | None = None
    for line in text.split("\n"):
        stripped = line.lstrip()
        if indent is None and stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            out.append(indent + "```pycon")
        elif indent is not None and not stripped:
            out.append(indent + "```")
            indent = None
        out.append(line)
    if indent is not None:
        out.append(indent + "```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fence the doctest examples of every docstring griffe loads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_examples(obj.docstring.value)
