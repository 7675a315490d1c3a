"""Pages of the documentation site generated from the code, so they cannot drift.

``mkdocs.yml`` loads this file as a hook: on every build it adds

* ``reference/rule-sets.md``: every preset's description and every switch of
  every preset (from :data:`riichi.rules.PRESETS`);
* ``reference/yaku.md``: every yaku and yakuman with its han closed and open,
  its multiple and the presets that play it (from the scorer's yaku table);
* ``reference/cli.md``: the command line's help, as ``riichi ... --help``
  prints it.

The same functions are tested in ``tests/test_docs.py``. Run by hand, the
script prints one page: ``python scripts/docs_pages.py yaku``.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # the hook runs inside mkdocs, which need not have riichi installed
    sys.path.insert(0, str(ROOT))

#: The CLI commands whose help is shown, in order (``()`` is ``riichi --help``).
CLI_COMMANDS: tuple[tuple[str, ...], ...] = ((), ("score",), ("analyze",), ("rules",), ("play",), ("bot",), ("review",),
                                              ("sheet",), ("seating",), ("standings",), ("ratings",), ("club",),
                                              ("club", "serve"), ("serve",))


# -- rule sets ------------------------------------------------------------------

def rule_sets_page() -> str:
    """The presets: what each is, then every switch side by side."""
    from riichi.rules import PRESETS, presets_table  # noqa: PLC0415 - imported when the page is built

    out = [
        "# Rule sets",
        "",
        "Generated from `riichi.rules.PRESETS` when the site is built. "
        "`riichi rules` prints the same; `riichi rules A B` shows where two differ. "
        "What each switch means: [Rule sets and their switches](../rules.md).",
        "",
        "## The presets",
        "",
    ]
    for name, rules in PRESETS.items():
        out += [f"### `{name}`", "", rules.description, ""]
    out += ["## Every switch", "", presets_table()]
    return "\n".join(out)


# -- yaku -----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class YakuLine:
    """One row of the yaku page."""

    name: str
    kanji: str
    english: str
    value: str
    presets: str


def yaku_lines() -> list[YakuLine]:
    """Every yaku, then every yakuman, as the yaku table gives them."""
    from riichi.rules import PRESETS  # noqa: PLC0415
    from riichi.scoring.yaku.table import YAKU_ROWS, YAKUMAN_ROWS  # noqa: PLC0415

    lines = []
    for row in (*YAKU_ROWS, *YAKUMAN_ROWS):
        name = row.yaku.value
        if row.yakuman:
            value = "double yakuman" if row.yakuman == 2 else "yakuman"
        elif row.han_switch:
            han = sorted({row.han(closed=True, rules=r.scoring) for r in PRESETS.values()})
            value = " or ".join(map(str, han)) + f" han (switch `{row.han_switch}`)"
        elif row.han_open:
            value = f"{row.han_closed} han, open {row.han_open}"
        else:
            value = f"{row.han_closed} han, closed only"
        played = [p for p, rules in PRESETS.items() if row.is_played(rules.scoring)]
        presets = "all" if len(played) == len(PRESETS) else ", ".join(played) or "none (a switch)"
        lines.append(YakuLine(name, row.yaku.kanji, row.yaku.english, value, presets))
    return lines


def yaku_page() -> str:
    out = [
        "# Yaku",
        "",
        "Generated from the scorer's yaku table when the site is built: the names are those of results "
        "(`yaku[].name`, `yakuman[].name`). A double yakuman counts twice only where the rules pay double "
        "forms (`multiple_yakuman = full`). *Presets* lists the presets that play it; the others can switch "
        "it on (`local_yaku`, `renhou`, see [Rule sets and their switches](../rules.md)).",
        "",
        "| name | kanji | English | value | presets |",
        "|---|---|---|---|---|",
    ]
    out += [f"| `{y.name}` | {y.kanji} | {y.english} | {y.value} | {y.presets} |" for y in yaku_lines()]
    return "\n".join(out) + "\n"


# -- command line ---------------------------------------------------------------

def cli_help(command: tuple[str, ...]) -> str:
    """What ``riichi COMMAND --help`` prints, at 80 columns."""
    from riichi.cli import main  # noqa: PLC0415

    buffer = io.StringIO()
    with _columns(80), contextlib.redirect_stdout(buffer), contextlib.suppress(SystemExit):
        main([*command, "--help"])
    return buffer.getvalue()


@contextlib.contextmanager
def _columns(width: int) -> Iterator[None]:
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old


def cli_page() -> str:
    out = [
        "# Command line",
        "",
        "The help of every command, captured from `riichi ... --help` when the site is built.",
        "",
    ]
    for command in CLI_COMMANDS:
        title = " ".join(("riichi", *command))
        out += [f"## `{title}`", "", "```text", cli_help(command).rstrip(), "```", ""]
    return "\n".join(out)


PAGES = {"reference/rule-sets.md": rule_sets_page, "reference/yaku.md": yaku_page, "reference/cli.md": cli_page}


# -- the mkdocs hook ------------------------------------------------------------

def on_files(files: Any, config: Any) -> Any:
    """Add the generated pages to the site (mkdocs hook)."""
    from mkdocs.structure.files import File  # noqa: PLC0415 - only inside mkdocs

    for path, make in PAGES.items():
        files.append(File.generated(config, path, content=make()))
    return files


if __name__ == "__main__":
    wanted = sys.argv[1] if len(sys.argv) > 1 else ""
    for path, make in PAGES.items():
        if wanted in path:
            sys.stdout.write(make())
