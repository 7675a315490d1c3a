"""``riichi play --duplicate``: each wall once per rotation of the seats, the summary by player with intervals."""

from __future__ import annotations

import json

import pytest

from riichi.cli import main
from riichi.game.duplicate import mean_interval, rotation, wilson


def _summary(capsys: pytest.CaptureFixture[str], *args: str) -> dict:  # type: ignore[type-arg]
    assert main(["play", "--duplicate", *args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    out.pop("seconds")  # the only field that depends on the clock
    return out  # type: ignore[no-any-return]


def test_each_wall_is_played_once_per_seat_rotation(capsys: pytest.CaptureFixture[str]) -> None:
    out = _summary(capsys, "--games", "1", "--seed", "3", "--players", "expert,efficient,efficient,efficient")
    assert out["walls"] == 1 and out["games"] == 4  # noqa: PLR2004 - one wall, four rotations
    by_name = {p["player"]: p for p in out["players"]}
    assert set(by_name) == {"expert", "efficient"}
    # the expert sat once in each seat; the three efficient players are counted together, 3 seats x 4 games
    assert by_name["expert"]["games"] == 4 and by_name["efficient"]["games"] == 12  # noqa: PLR2004
    # every game has one player in each place (no tie in these games): 4 firsts, ... 4 fourths among them all
    assert [a + b for a, b in zip(by_name["expert"]["places"], by_name["efficient"]["places"], strict=True)] \
        == [4, 4, 4, 4]
    for p in out["players"]:
        for key in ("win_rate", "deal_in_rate", "riichi_rate", "call_rate", "draw_rate", "average_place"):
            assert p[key]["low"] <= p[key]["value"] <= p[key]["high"]
    # the same seed is the same match
    assert out == _summary(capsys, "--games", "1", "--seed", "3", "--players", "expert,efficient,efficient,efficient")


def test_three_players_rotate_over_three_seats(capsys: pytest.CaptureFixture[str]) -> None:
    out = _summary(capsys, "--games", "1", "--rules", "tenhou-sanma", "--players", "expert,efficient,efficient")
    assert out["games"] == 3  # noqa: PLR2004
    assert {p["player"]: p["games"] for p in out["players"]} == {"expert": 3, "efficient": 6}


def test_the_text_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--duplicate", "--games", "1", "--players", "expert,efficient,efficient,efficient"]) == 0
    out = capsys.readouterr().out
    assert "duplicate match: 1 walls, 4 games under tenhou" in out and "deal-in" in out


def test_the_intervals() -> None:
    assert rotation(("a", "b", "c"), 2) == ("b", "c", "a")
    # Wilson's interval for 0 of 10: [0, 0.278] (z = 1.96: z^2 / (n + z^2) = 3.8416 / 13.8416)
    zero = wilson(0, 10)
    assert zero.low == 0.0 and abs(zero.high - 3.8416 / 13.8416) < 1e-9  # noqa: PLR2004
    # 1, 2, 3, 4: mean 2.5, sample standard deviation sqrt(5/3), half width 1.96 * sqrt(5/3) / 2
    m = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert m.value == 2.5 and abs(m.high - 2.5 - 1.96 * (5 / 3) ** 0.5 / 2) < 1e-9  # noqa: PLR2004


def test_each_rotation_is_saved_with_its_seating(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    from riichi.formats.detect import read_record  # noqa: PLC0415

    _summary(capsys, "--games", "1", "--rules", "tenhou-sanma", "--players", "expert,efficient,efficient",
             "--save", str(tmp_path))
    names = [read_record((tmp_path / f"game-0000-{r}.mjson").read_bytes()).names for r in range(3)]
    # rotation r seats the expert at seat r
    assert names == [("expert", "efficient", "efficient"), ("efficient", "expert", "efficient"),
                     ("efficient", "efficient", "expert")]
