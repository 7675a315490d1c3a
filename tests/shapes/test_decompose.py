"""The decomposition of a result: the chosen reading as MPSZ groups (docs/interchange.md, ``decomposition``).

Concealed sets come first in tile order, then the melds in the order they were made, then the
pair; each red five the hand holds is written 0 in the first concealed group (sets, then the
pair) that holds a plain five of its suit, as the hand's own notation writes it.
"""

from __future__ import annotations

from typing import Any

import pytest

from riichi.formats.interchange import score_case

AKA4 = {"preset": "tenhou", "aka": 4}  # two red 5p in the set


@pytest.mark.parametrize(("case", "groups"), [
    # INTERCHANGE's own example shape: sets in tile order, honours after suits, the pair last.
    ({"hand": "123m456p789s11155z", "win": "5z", "tsumo": True}, ["123m", "456p", "789s", "111z", "55z"]),
    # A triplet before a run that starts on its kind: 555p then 567p.
    ({"hand": "123m555567p789s22z", "win": "2z", "tsumo": True}, ["123m", "555p", "567p", "789s", "22z"]),
    # Two red 5p: the first goes to the run 456p, the second to the next group with a plain 5p.
    ({"hand": "123m004565p789s11z", "win": "1z", "tsumo": True, "rules": AKA4},
     ["123m", "406p", "055p", "789s", "11z"]),
    # Red fives of two suits, each in its own suit's first group with a five.
    ({"hand": "123m340p067p789s11z", "win": "1z", "tsumo": True, "rules": AKA4},
     ["123m", "340p", "067p", "789s", "11z"]),
    # A red five in the pair, after the sets; a red five in a called chi stays in the meld's text.
    ({"hand": "123m456p789s05s111z", "win": "5s", "seat_wind": "S", "discarder": "E", "riichi": True},
     ["123m", "456p", "789s", "111z", "05s"]),
    ({"hand": "055m11z", "win": "1z", "tsumo": True, "seat_wind": "E",
      "melds": [{"type": "pon", "tiles": "222z", "from": "N"}, {"type": "chi", "tiles": "406p", "from": "N"},
                {"type": "pon", "tiles": "777z", "from": "W"}]},
     ["055m", "222z", "406p", "777z", "11z"]),
])
def test_decomposition_groups(case: dict[str, Any], groups: list[str]) -> None:
    result = score_case(case)
    assert result["ok"], result
    assert result["decomposition"] == groups


def test_written_readings_carry_each_readings_set_texts() -> None:
    """111222333m456p77s reads as three runs 123m or three triplets (plus 456p and the pair 77s); each
    reading's texts are its own concealed sets in tile order, the pair left out."""
    from riichi.counts import to_counts
    from riichi.shapes.decompose import standard_readings, written_readings
    from riichi.notation import parse_tiles

    counts = to_counts(parse_tiles("111222333m456p77s"))
    written = written_readings(bytes(counts))
    assert [w[:3] for w in written] == standard_readings(counts)
    assert sorted(w[3] for w in written) == [("111m", "222m", "333m", "456p"), ("123m", "123m", "123m", "456p")]
