"""riichi.rules.docs: docs/rules.md shows every switch of every preset, as the code has them."""

from __future__ import annotations

from pathlib import Path

from riichi.rules import GAME_SWITCHES, SCORING_SWITCHES, presets_table

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_every_switch_is_documented() -> None:
    text = DOC.read_text()
    for name in (*SCORING_SWITCHES, *GAME_SWITCHES):
        assert f"| `{name}` |" in text, name


def test_documented_preset_matrix_matches_the_code() -> None:
    # docs/rules.md shows presets_table() verbatim: a changed preset must change the doc.
    assert presets_table() in DOC.read_text()
    row = next(line for line in presets_table().splitlines() if line.startswith("| `kiriage` |"))
    # The rule-set survey's table 1b: WRC, M.League and full scoring round up; the three-player presets
    # follow their platforms' four-player rules (no kiriage); riichicity (third) keeps Tenhou's default.
    assert row == "| `kiriage` | no | no | no | yes | no | no | yes | no | yes | no | no | no |"
