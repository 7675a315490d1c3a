"""The presets as Markdown tables (docs/rules.md shows them verbatim; a test keeps them equal)."""

from __future__ import annotations

from dataclasses import fields

from riichi.rules.presets import PRESETS
from riichi.rules.ruleset import GameRules, ScoringRules

__all__ = ["presets_table"]


def presets_table() -> str:
    """Every switch of every preset: the scoring switches, then the game switches."""
    names = list(PRESETS)
    header = ["| switch | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    lines = ["**What scores** (`RuleSet.scoring`)", "", *header]
    lines += [_row(f.name, names) for f in fields(ScoringRules)]
    lines += ["", "**What plays** (`RuleSet.game`)", "", *header]
    lines += [_row(f.name, names) for f in fields(GameRules)]
    return "\n".join(lines) + "\n"


def _row(switch: str, names: list[str]) -> str:
    return f"| `{switch}` | " + " | ".join(_cell(PRESETS[name].to_dict()[switch]) for name in names) + " |"


def _cell(value: object) -> str:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)
