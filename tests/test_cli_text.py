"""The text result says what was assumed and who is liable; the help says why meld order matters."""

from __future__ import annotations

import contextlib
import io

import pytest

from riichi.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    out, _ = capsys.readouterr()
    return code, out


def test_the_result_names_the_rules_and_the_defaulted_situation(capsys: pytest.CaptureFixture[str]) -> None:
    # Nothing but the hand: Tenhou's rules, East (the dealer) in the East round, a ron
    code, out = run(capsys, "score", "234m456p678s44433z", "--riichi")
    assert code == 0
    assert out.splitlines()[0] == "Rules  tenhou; assumed seat E (dealer), round wind E, ron"
    # Everything given: only the rules are named
    code, out = run(capsys, "score", "234m456p678s44433z", "--seat", "S", "--round", "S", "--tsumo",
                    "--rules", "wrc", "--set", "kiriage=false")
    assert code == 0
    assert out.splitlines()[0] == "Rules  wrc, kiriage=false"
    # A discarder says ron
    code, out = run(capsys, "score", "234m456p678s44433z", "--riichi", "--seat", "S", "--discarder", "W")
    assert out.splitlines()[0] == "Rules  tenhou; assumed round wind E"


def test_the_liable_player_is_named_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    # Daisangen with the third dragon (Chun) called from South; the dealer (East) wins by ron on West's 1m.
    # Dealer yakuman 48000; under Tenhou's rules the discarder and the liable player pay half each.
    code, out = run(capsys, "score", "11m234m pon:555z@W pon:666z@N pon:777z@S", "--win", "1m",
                    "--discarder", "W", "--seat", "E")
    assert code == 0
    assert "  S pays 24000 as liable for daisangen (fed the third dragon)" in out.splitlines()
    assert "  W pays 24000" in out.splitlines()
    # On a tsumo the liable player pays the whole hand
    code, out = run(capsys, "score", "11m234m pon:555z@W pon:666z@N pon:777z@S", "--win", "1m", "--tsumo")
    assert "  S pays 48000 as liable for daisangen (fed the third dragon)" in out.splitlines()


def test_score_help_says_melds_go_in_the_order_they_were_called() -> None:
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer), contextlib.suppress(SystemExit):
        main(["score", "--help"])
    text = " ".join(buffer.getvalue().split())
    assert "Write the melds in the order they were called" in text
    assert "so the order decides who pays" in text


@pytest.mark.parametrize(("hand", "situation"), [
    (["234m456p678s44433z"], ["--win", "3z", "--tsumo", "--seat", "S", "--dora", "1m"]),
    (["234m406p11z", "pon:777z@W", "chi:789s@N"], ["--win", "2m", "--discarder", "N"]),  # 2m is not last
    (["234m406p11z", "pon:777z@W", "chi:789s@N"], ["--win", "0p", "--discarder", "N"]),  # a red five wins
    (["11m234m", "pon:555z@W", "pon:666z@N", "pon:777z@S"], ["--win", "1m", "--discarder", "W"]),  # pao
    (["22334455667788p"], ["--win", "8p", "--tsumo", "--riichi"]),  # seven pairs or runs: the best reading
    (["123m456p789s22z", "ankan:1111s"], ["--win", "2z", "--tsumo", "--riichi"]),
])
def test_the_reading_line_reads_back_as_the_same_hand(
        capsys: pytest.CaptureFixture[str], hand: list[str], situation: list[str]) -> None:
    code, out = run(capsys, "score", *hand, *situation)
    assert code == 0
    reading = next(line for line in out.splitlines() if line.startswith("Reading  "))
    words = reading.removeprefix("Reading  ").split()  # pasted unquoted, spaces and all
    given = [w for i, w in enumerate(situation) if w != "--win" and (i == 0 or situation[i - 1] != "--win")]
    _, first = run(capsys, "score", *hand, *situation, "--json")
    _, again = run(capsys, "score", *words, *given, "--json")
    assert again == first


def test_groups_may_be_spaced_quoted_or_not(capsys: pytest.CaptureFixture[str]) -> None:
    _, joined = run(capsys, "score", "123m456p789s11122z", "--tsumo", "--json")
    _, quoted = run(capsys, "score", "123m 456p 789s 111z 22z", "--tsumo", "--json")
    _, unquoted = run(capsys, "score", "123m", "456p", "789s", "111z", "22z", "--tsumo", "--json")
    assert joined == quoted == unquoted
    assert '"ok": true' in joined
