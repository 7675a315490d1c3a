"""The command line: the player's table, JSON, compare, batch and rules."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from riichi.cli import main
from tests.conftest import riichi_command, riichi_env


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_prints_yaku_fu_value_and_payments(capsys: pytest.CaptureFixture[str]) -> None:
    # The example. South wins by tsumo on the West pair (tanki); 1m indicates 2m, held once in
    # 234m: one dora. Menzen tsumo 1 + dora 1 = 2 han; fu 20 + 2 tsumo + 8 closed 444z + 2 tanki = 32 -> 40.
    # 2 han 40 fu non-dealer tsumo: dealer 40*2^4*2 = 1280 -> 1300, others 640 -> 700; total 2700.
    code, out, _ = run(capsys, "score", "234m456p678s44433z", "--win", "3z", "--tsumo", "--seat", "S",
                       "--dora", "1m")
    assert code == 0
    assert "menzen_tsumo  1 han  fully concealed self-draw" in out  # with its English name
    assert "closed triplet 4z   8" in out
    assert "-> 40 fu" in out
    assert "dora          1 han" in out
    assert "2 han 40 fu: 2700 points" in out
    assert "E pays 1300" in out and "W pays 700" in out and "N pays 700" in out
    assert "\033[" not in out  # no colour when the output is not a terminal


def test_score_json_is_the_interchange_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "234m406p11z pon:777z@W chi:789s@N", "--win", "2m",
                       "--discarder", "N", "--json")
    result = json.loads(out)
    # Dealer ron: chun 1 + aka 1 = 2 han; fu 20 + 4 (open 777z) = 24 -> 30; 30*2^4*6 = 2880 -> 2900.
    assert code == 0 and result["ok"]
    assert (result["han"], result["fu"], result["points"]) == (2, 30, 2900)
    assert result["payments"] == {"N": 2900}


def test_winning_tile_defaults_to_the_last_written(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "score", "234m456p678s33344z", "--tsumo", "--seat", "S", "--json")
    assert json.loads(out)["decomposition"][-1] == "44z"


def test_compare_shows_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    # Without dora the hand is menzen tsumo only (1 han 40 fu, 400/700 = 1500) under every preset.
    code, out, _ = run(capsys, "score", "234m456p678s44433z", "--win", "3z", "--tsumo", "--seat", "S",
                       "--compare")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 1 + 10  # the ten four-player presets
    assert all(any(line.startswith(name) for line in lines) for name in ("tenhou", "wrc", "dynasty"))
    assert all("1500" in line for line in lines[1:])  # menzen tsumo only, the same everywhere


def test_compare_a_liable_yakuman_before_the_discarder_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    # South's daisangen, the third dragon fed by East, won by ron with no --discarder: the value is a
    # non-dealer yakuman (32000) under every preset, and nobody is named to pay (it was an internal error).
    code, out, _ = run(capsys, "score", "11m234p pon:555z@N pon:666z@W pon:777z@E", "--win", "1m", "--seat", "S",
                       "--compare")
    assert code == 0 and "internal" not in out
    rows = out.splitlines()[1:]
    assert len(rows) == 10  # the ten four-player presets
    assert all(row.split()[1:] == ["1x", "yakuman", "32000", "daisangen"] for row in rows), rows


def test_errors_go_to_stderr_with_their_code(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", "234m456p678s443z", "--win", "3z")
    assert code == 1 and out == ""
    assert "wrong_tile_count" in err


def test_rules_list_and_difference(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0 and out.count("\n") == 12  # one line a preset
    # every description starts in one column, the longest name (mahjongsoul-sanma) included
    assert len({len(re.match(r"\S+ +", line).group(0)) for line in out.splitlines()}) == 1
    code, out, _ = run(capsys, "rules", "tenhou", "tenhou-sanma")
    assert code == 0
    assert any(line.split() == ["players", "4", "3"] for line in out.splitlines())
    assert any(line.split() == ["nukidora", "false", "true"] for line in out.splitlines())
    code, out, _ = run(capsys, "rules", "tenhou", "wrc")
    assert code == 0
    assert any(line.split()[:3] == ["kiriage", "false", "true"] for line in out.splitlines())
    code, _, err = run(capsys, "rules", "nope")
    assert code == 1 and "error (unknown_rules): unknown rule set" in err


def test_kita_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    # 999m 123p 456p 789s 22s by tsumo, two Norths set aside under a West indicator: menzen tsumo, dora 2 (the two
    # Norths again), nukidora 2: 5 han, a mangan paid 4,000 + 2,000 (tsumo loss)
    code, out, _ = run(capsys, "score", "123456p789s22s999m", "--win", "2s", "--tsumo", "--seat", "S", "--kita", "2",
                       "--dora", "3z", "--rules", "tenhou-sanma", "--json")
    result = json.loads(out)
    assert code == 0 and {"name": "nukidora", "han": 2} in result["yaku"] and result["points"] == 6000
    code, _, err = run(capsys, "score", "123456p789s22s999m", "--win", "2s", "--tsumo", "--kita", "1")
    assert code == 1 and "error (invalid_case): kita counts Norths set aside, but tenhou sets none aside" in err


def test_rules_difference_columns_line_up(capsys: pytest.CaptureFixture[str]) -> None:
    # Tenhou's uma (+20/+10/-10/-20 thousand) is wider than the old fixed column: every value starts under its
    # preset's name, but a list longer than a column (Tenhou's five abortive draws) runs over its own row only.
    _, out, _ = run(capsys, "rules", "tenhou", "wrc", "ema")
    lines = out.splitlines()
    starts = [lines[0].index(name) for name in ("tenhou", "wrc", "ema")]
    for line in lines[1:]:
        if not line.startswith("abortive_draws"):
            assert all(line[start - 2:start] == "  " and line[start] != " " for start in starts), line
    uma = next(line for line in lines if line.startswith("uma "))
    assert uma[starts[1]:].startswith("[15000, 5000, -5000, -15000]")


def test_jsonl_gives_one_result_per_line_whatever_it_holds() -> None:
    lines = [
        json.dumps({"id": 1, "hand": "234m456p678s44433z", "win": "3z", "tsumo": True, "seat_wind": "S"}),
        "{not json",
        "",
        json.dumps([1, 2]),
        json.dumps({"id": "x", "hand": "123m", "win": "1m"}),
    ]
    proc = subprocess.run(riichi_command("score", "--jsonl"), input="\n".join(lines) + "\n", env=riichi_env(),
                          capture_output=True, text=True, check=False, timeout=60)
    assert proc.returncode == 0
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(results) == 5
    assert results[0]["id"] == 1 and results[0]["points"] == 1500
    assert results[1]["error"]["code"] == "invalid_json"
    assert results[2]["error"]["code"] == "invalid_json"
    assert results[3]["error"]["code"] == "invalid_case"
    assert results[4]["id"] == "x" and results[4]["error"]["code"] == "wrong_tile_count"
    # error results carry their input line (counted from 1); ok results do not
    assert [r.get("line") for r in results] == [None, 2, 3, 4, 5]
    assert proc.stderr == "5 cases, 4 errors\n"  # no progress line when stderr is not a terminal, the summary


def test_package_names_do_not_shadow_its_modules() -> None:
    # `import riichi.shapes.shanten as m` must give the module: a re-exported function of the same name would
    # replace it as the package attribute.
    import importlib
    import types

    import riichi

    for name in ("shapes.shanten", "shapes.waits", "scoring.scorer", "scoring", "rules", "tiles", "hand",
                 "interchange", "analysis"):
        module = importlib.import_module(f"riichi.{name}")
        package = riichi
        for part in name.split("."):
            package = getattr(package, part)
        assert isinstance(package, types.ModuleType), name
        assert package is module


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    # `riichi score --jsonl < big | head -1`: the command stops quietly when its output is closed.
    case = json.dumps({"hand": "234m456p678s44433z", "win": "3z", "tsumo": True, "seat_wind": "S"}) + "\n"
    proc = subprocess.Popen(riichi_command("score", "--jsonl"), env=riichi_env(), stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write(case)
    proc.stdin.flush()
    assert json.loads(proc.stdout.readline())["points"] == 1500
    proc.stdout.close()  # the reader goes away
    try:
        proc.stdin.write(case * 50000)
        proc.stdin.close()
    except BrokenPipeError:
        pass
    assert proc.wait(timeout=120) in (0, 141)
    assert "Traceback" not in proc.stderr.read()


def test_on_a_terminal_the_breakdown_is_coloured_and_otherwise_the_same(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import riichi.cli as cli  # noqa: PLC0415

    args = ("score", "234m456p678s44433z", "--win", "3z", "--tsumo", "--seat", "S", "--dora", "1m")
    _, plain, _ = run(capsys, *args)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(cli, "_colour_on", lambda: True)
    _, coloured, _ = run(capsys, *args)
    assert "\033[1mYaku\033[0m" in coloured and "\033[1mPayments (tsumo, winner S)\033[0m" in coloured
    assert "\033[2mfully concealed self-draw\033[0m" in coloured and "\033[32m2700\033[0m points" in coloured
    assert re.sub(r"\033\[\d+m", "", coloured) == plain


def test_winds_and_presets_in_either_case_spaced_indicators_and_an_explicit_ron(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The README's hand as a new user types it: lower-case seat, upper-case preset, dora written "1m 2m".
    # 1m and 2m indicate 2m and 3m, each held once in 234m: two dora. Under wrc: menzen tsumo 1 + dora 2 =
    # 3 han 40 fu, non-dealer tsumo 40 x 2^5 = 1280: 2600 from the dealer, 1300 from the others (5200).
    code, out, _ = run(capsys, "score", "234m456p678s44433z", "--tsumo", "--seat", "s", "--dora", "1m 2m",
                       "--rules", "WRC")
    assert code == 0 and out.startswith("Rules  wrc; assumed round wind E\n")
    assert "3 han 40 fu: 5200 points" in out
    # --ron says what the default is, so it is not listed as assumed; with --tsumo it is a usage error
    code, out, _ = run(capsys, "score", "234m456p678s111z33z", "--ron", "--seat", "e", "--round", "s")
    assert code == 0 and out.startswith("Rules  tenhou\n")
    code, _, err = run(capsys, "score", "234m456p678s44433z", "--ron", "--tsumo")
    assert code == 2 and "error (usage): give --tsumo or --ron, not both" in err
    with pytest.raises(SystemExit) as stop:
        main(["score", "234m456p678s44433z", "--seat", "SW"])
    assert stop.value.code == 2 and "invalid choice: 'SW'" in capsys.readouterr().err


def test_compare_a_nagashi_mangan_names_its_value_by_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    # A non-dealer's nagashi mangan is paid as a mangan tsumo (8000) where the rules have it; WRC, EMA 2016 and
    # JPML have none. It has no hand, so no han and fu to show: the value is "mangan" (it was "5 han 0 fu").
    code, out, _ = run(capsys, "score", "--nagashi", "--seat", "S", "--compare")
    assert code == 0
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:]}
    assert rows["tenhou"] == ["mangan", "8000", "nagashi_mangan", "5"]
    assert rows["wrc"][:2] == ["inconsistent_situation", "-"]
    assert sorted(name for name, row in rows.items() if row[0] == "mangan") == [
        "dynasty", "ema2008", "full", "mahjongsoul", "mleague", "riichicity", "tenhou"]
