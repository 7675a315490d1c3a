"""The command line's errors, nagashi mangan and the batch's progress and summary.

Every error prints ``riichi COMMAND: error (CODE): MESSAGE`` (a caret under the
offending text where there is one); refused input exits 1, a wrong command line 2.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from riichi.cli import EXIT_REFUSED, EXIT_USAGE, _score_stream, main
from tests.conftest import GAMES

WINDS = "ESWN"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as e:  # argparse's own exit, through the parser's error()
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("args", "status", "head"), [
    # refused input: exit 1, the interchange code
    (("score", "123m45x", "--win", "1m"), EXIT_REFUSED, "riichi score: error (invalid_notation): hand:"),
    (("score", "234m456p678s443z", "--win", "3z"), EXIT_REFUSED, "riichi score: error (wrong_tile_count):"),
    (("score", "123m456p789s11122z", "--ippatsu"), EXIT_REFUSED,
     "riichi score: error (inconsistent_situation): ippatsu needs riichi"),
    # ura without riichi is the same kind of error as ippatsu without riichi (not silently ignored)
    (("score", "123m456p789s11122z", "--ura", "1m"), EXIT_REFUSED,
     "riichi score: error (inconsistent_situation): ura dora need riichi"),
    (("score", "123m456p789s11122z", "--rules", "nope"), EXIT_REFUSED, "riichi score: error (unknown_rules):"),
    (("rules", "nope"), EXIT_REFUSED, "riichi rules: error (unknown_rules):"),
    # a wrong command line: exit 2, code usage
    (("score",), EXIT_USAGE, "riichi score: error (usage): give a HAND"),
    (("analyze",), EXIT_USAGE, "riichi analyze: error (usage): give a HAND"),
    (("score", "123m456p789s11122z", "--set", "kiriage"), EXIT_USAGE,
     "riichi score: error (usage): --set needs KEY=VALUE"),
    (("score", "123m456p789s11122z", "--seat", "X"), EXIT_USAGE, "riichi score: error (usage): argument --seat"),
])
def test_every_error_has_its_code_and_the_status_of_its_class(
        capsys: pytest.CaptureFixture[str], args: tuple[str, ...], status: int, head: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == status and out == ""
    assert head in err
    assert "Traceback" not in err


def test_meld_errors_have_a_code_and_a_caret_under_the_meld(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "score", "123m456p789s22z pon:123m")
    assert code == EXIT_REFUSED
    assert err.splitlines() == [
        "riichi score: error (invalid_notation): meld: pon 123m: a pon is 3 identical tiles",
        "  123m456p789s22z pon:123m",
        "                      ^^^^",
    ]
    code, _, err = run(capsys, "score", "123m456p789s22z pon:111z@Q")
    assert code == EXIT_REFUSED and err.splitlines()[2] == " " * 27 + "^"  # under the Q


def real_nagashi_draws() -> list[tuple[str, dict[str, object], dict[str, object]]]:
    found = []
    for line in (GAMES / "truth.jsonl").read_text().splitlines():
        game = json.loads(line)
        for kyoku in game["kyoku"]:
            draw = kyoku.get("draw")
            if draw and draw.get("nagashi"):
                found.append((game["game_id"], kyoku, draw))
    return found


def test_nagashi_mangan_from_the_command_line_pays_as_the_real_tenhou_records(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The three nagashi mangan draws in the real Tenhou games of tests/data/games: the payment is exactly a
    # mangan tsumo (non-dealer: 4000 from the dealer, 2000 from the others; dealer: 4000 all) and replaces
    # the noten payments. Each was played with one riichi stick on the table, and the deltas sum to zero:
    # the stick stays on the table (a draw, not a win). All three were at honba 0, so the records cannot
    # tell whether Tenhou would add honba (docs/rules.md, "Nagashi mangan").
    draws = real_nagashi_draws()
    assert len(draws) == 3
    for game_id, kyoku, draw in draws:
        (seat,) = draw["nagashi"]
        dealer = kyoku["dealer"]
        assert draw["honba"] == 0 and draw["riichi_sticks"] == 1 and sum(kyoku["deltas"]) == 0, game_id
        wind = WINDS[(seat - dealer) % 4]
        code, out, _ = run(capsys, "score", "--nagashi", "--seat", wind, "--honba", "0", "--sticks", "0", "--json")
        result = json.loads(out)
        assert code == 0 and result["limit"] == "mangan", game_id
        deltas = [result["deltas"][WINDS[(player - dealer) % 4]] for player in range(4)]
        assert deltas == kyoku["deltas"], game_id


def test_nagashi_pays_honba_only_where_the_rules_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    # South's nagashi at 2 honba with a riichi stick on the table. Tenhou: a draw, the bare mangan
    # (4000 from the dealer, 2000 from each other), the stick stays on the table.
    code, out, _ = run(capsys, "score", "--nagashi", "--seat", "S", "--honba", "2", "--sticks", "1", "--json")
    assert code == 0 and json.loads(out)["deltas"] == {"E": -4000, "S": 8000, "W": -2000, "N": -2000}
    # With the switch on, each payer adds 100 a honba, as on a tsumo: 4200, 2200, 2200
    code, out, _ = run(capsys, "score", "--nagashi", "--seat", "S", "--honba", "2", "--sticks", "1",
                       "--set", "nagashi_honba=true", "--json")
    assert code == 0 and json.loads(out)["deltas"] == {"E": -4200, "S": 8600, "W": -2200, "N": -2200}


def test_nagashi_text_and_refusals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "--nagashi", "--seat", "S")
    assert code == 0
    assert "mangan: 8000 points" in out and "E pays 4000" in out and "W pays 2000" in out
    assert "Reading" not in out and "Fu" not in out  # no hand, no fu
    # the WRC and EMA 2016 rules do not play nagashi mangan
    code, _, err = run(capsys, "score", "--nagashi", "--seat", "S", "--rules", "ema")
    assert code == EXIT_REFUSED and "nagashi mangan is not played under ema" in err
    code, _, err = run(capsys, "score", "123m", "--nagashi")
    assert code == EXIT_USAGE and "--nagashi takes no HAND" in err
    code, _, err = run(capsys, "score", "--nagashi", "--riichi")
    assert code == EXIT_REFUSED and "error (inconsistent_situation)" in err


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_batch_shows_progress_on_a_terminal_and_ends_with_a_summary() -> None:
    good = json.dumps({"hand": "234m456p678s44433z", "win": "3z", "tsumo": True, "seat_wind": "S"})
    lines = [good] * 1999 + ["{not json"] + [good] * 500
    out, err = io.BytesIO(), Terminal()  # the batch reads and writes bytes (UTF-8)
    assert _score_stream(io.BytesIO(("\n".join(lines) + "\n").encode()), out, err) == 0
    results = [json.loads(line) for line in out.getvalue().decode("utf-8").splitlines()]
    assert len(results) == 2500
    assert results[1999]["line"] == 2000 and results[1999]["error"]["code"] == "invalid_json"
    shown = err.getvalue().split("\r")
    assert shown[1].startswith("1,000 cases, 0 errors, ") and shown[1].endswith(" cases/s")
    assert shown[2].startswith("2,000 cases, 1 error, ")
    assert shown[-1].rstrip() == "2,500 cases, 1 error"


@pytest.mark.parametrize(("args", "message"), [
    # one meld, one concealed tile: singular ("1 red five": tests/test_red_fives.py)
    (("score", "123m456p78s1z pon:777z@W", "--win", "1z"),
     "the hand has 9 concealed tiles with 1 meld; a winning hand needs 11"),
    (("analyze", "1m pon:777z@W"), "1 concealed tile and 1 meld make 4 tiles; a hand has 13 or 14"),
    (("analyze", "123m456p1z pon:777z@W"), "7 concealed tiles and 1 meld make 10 tiles"),
])
def test_plurals_are_right(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str) -> None:
    code, _, err = run(capsys, *args)
    assert code == EXIT_REFUSED and message in err


def test_thirteen_tiles_and_the_winning_tile_named_make_the_hand_and_say_so(
        capsys: pytest.CaptureFixture[str]) -> None:
    # 234m 456p 678s 444z 3z and --win 3z: the fourteenth tile is the named one, as if written (the README's
    # hand: 2 han 40 fu, 2700), and the Rules line says it was added.
    assert main(["score", "234m456p678s4443z", "--win", "3z", "--tsumo", "--seat", "S", "--dora", "1m"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("the winning tile 3z added to the 13 tiles given")
    assert "2 han 40 fu: 2700 points" in out


def test_compare_says_an_error_of_the_hand_once(capsys: pytest.CaptureFixture[str]) -> None:
    # 12 tiles can win under no rule set: one error line, not one a preset
    assert main(["score", "234m456p678s443z", "--win", "3z", "--compare"]) == EXIT_REFUSED
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("riichi score: error (wrong_tile_count):")
    assert err[0].endswith("(under every rule set)")


@pytest.mark.parametrize(("args", "hint"), [
    (("score", "123M456p789s11222z"), "unexpected character 'M' (suits are lower case: did you mean 'm'?)"),
    (("score", "123m456p789s11222z", "--rules", "tenhuo"), "unknown rule set 'tenhuo' (did you mean 'tenhou'?)"),
    (("score", "123m456p789s11222z", "--set", "kiriag=true"), "unknown rules switch 'kiriag' (did you mean 'kiriage'?)"),
])
def test_a_near_miss_gets_a_did_you_mean(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], hint: str) -> None:
    assert main(list(args)) != 0
    assert hint in capsys.readouterr().err


@pytest.mark.parametrize("content", [b"", b"\n  \n"])
def test_an_empty_record_file_is_said_to_be_empty(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   content: bytes) -> None:
    # an empty file is no unknown format: "not a game record (neither mjlog XML, ...)" sent the user looking
    # for a format problem (the web page already said "the record is empty")
    path = tmp_path / "game.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == EXIT_REFUSED
    assert "error (invalid_log): the record is empty" in capsys.readouterr().out
