"""The case reader checks every field of a win case, and the batch answers every line with strict JSON.

Expectations come from the interchange contract (docs/interchange.md: each field's type and
default, the error codes) and from RFC 8259 (JSON text is UTF-8, has no NaN or Infinity, and
objects whose names are unique). Each defect of the hostile-input report has a test here.
"""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path
from typing import Any, NoReturn

import pytest

from riichi.cli import _score_stream
from riichi.errors import InvalidJSONError, RiichiError
from riichi.formats import strict_json
from riichi.formats.interchange import (
    MAX_COUNT,
    case_to_hand,
    score_case,
    score_line,
    score_line_json,
)
from riichi.formats.strict_json import MAX_DEPTH, MAX_TEXT
from riichi.scoring.context import WinContext
from riichi.tiles import Tile, Wind
from tests.conftest import riichi_command, riichi_env

ROOT = Path(__file__).resolve().parents[2]
#: 1 han 40 fu, South's tsumo (menzen tsumo; 234m 456p 678s, 444z closed triplet, 33z pair).
WIN = {"hand": "234m456p678s44433z", "win": "3z", "tsumo": True, "seat_wind": "S"}


def _no_constant(name: str) -> NoReturn:
    raise AssertionError(f"{name} written: not RFC 8259 JSON")


def strict(text: str) -> Any:
    """Read a written line as a strict RFC 8259 reader would (UTF-8, no NaN or Infinity)."""
    text.encode("utf-8")
    return json.loads(text, parse_constant=_no_constant)


def error_of(line: str | bytes) -> tuple[str, str]:
    result = strict(score_line_json(line))
    assert result["ok"] is False
    return result["error"]["code"], result["error"]["message"]


def test_left_out_fields_take_their_contract_defaults() -> None:
    hand, ctx = case_to_hand({"hand": "234m456p678s44433z", "win": "3z"})
    assert ctx == WinContext(win=Tile.parse("3z"))
    assert ctx.seat_wind is Wind.EAST and ctx.round_wind is Wind.EAST and not ctx.tsumo
    assert (ctx.dora, ctx.ura, ctx.honba, ctx.riichi_sticks, ctx.discarder) == ((), (), 0, 0, None)
    assert hand.melds == ()
    # null stands for a field left out.
    nulls = {"hand": "234m456p678s44433z", "win": "3z", "melds": None, "dora": None, "honba": None,
             "seat_wind": None, "discarder": None, "riichi": None}
    assert case_to_hand(nulls) == (hand, ctx)


@pytest.mark.parametrize(("field", "value", "message"), [
    ("honba", -1, "honba must be a whole number from 0 to 100, not -1"),
    ("honba", 101, "honba must be a whole number from 0 to 100, not 101"),
    ("honba", True, "honba must be a whole number from 0 to 100, not true"),
    ("honba", 1.0, "honba must be a whole number from 0 to 100, not 1.0"),
    ("riichi_sticks", "2", "riichi_sticks must be a whole number from 0 to 100, not \"2\""),
    ("riichi_sticks", 10**40, "riichi_sticks must be a whole number from 0 to 100, not a larger number"),
    ("tsumo", 1, "tsumo must be true or false, not 1"),
    ("riichi", "yes", "riichi must be true or false, not \"yes\""),
    ("seat_wind", "east", "seat_wind must be one of E, S, W, N, not \"east\""),
    ("discarder", 0, "discarder must be one of E, S, W, N, not 0"),
    ("win", 5, "win must be a string of tiles in MPSZ notation, not 5"),
    ("dora", ["1m", 3], "dora must be a string of tiles or a list of tile strings, not [\"1m\", 3]"),
    ("melds", {}, "melds must be a list of {\"type\", \"tiles\", \"from\"} objects"),
    ("melds", [{"type": "pon", "tiles": "555z", "form": "W"}], "unknown field \"form\" in melds[0]"),
    ("melds", [{"type": "kan", "tiles": "5555z"}], ("melds[0].type must be chi, pon, minkan, shouminkan or ankan, "
                                                   "not \"kan\"")),
    ("melds", [{"type": "pon", "tiles": "555z", "from": "X"}], "melds[0].from must be one of E, S, W, N, not \"X\""),
    ("rules", 3, "rules must be a preset name or an object {\"preset\": NAME, ...}"),
    ("oops", 1, "unknown field \"oops\" in the win case"),
])
def test_each_field_is_checked_with_a_message_naming_it(field: str, value: object, message: str) -> None:
    result = score_case({**WIN, field: value})
    assert result["error"] == {"code": "invalid_case", "message": message}


def test_counts_at_the_limit_are_read() -> None:
    _, ctx = case_to_hand({**WIN, "honba": MAX_COUNT, "riichi_sticks": 0})
    assert ctx.honba == MAX_COUNT


def test_nagashi_mangan_refuses_unknown_fields() -> None:
    assert score_case({"nagashi_mangan": True, "hnba": 1})["error"]["code"] == "invalid_case"


# -- the defects of the hostile-input report -------------------------------------------------------------

@pytest.mark.parametrize("line", [
    '{"id": NaN, "hand": "234m456p678s44433z", "win": "3z"}',
    '{"id": Infinity, "hand": "234m456p678s44433z", "win": "3z"}',
    '{"id": -Infinity, "hand": "234m456p678s44433z", "win": "3z"}',
    '{"id": 1e999, "hand": "234m456p678s44433z", "win": "3z"}',
    '{"id": -1e400, "hand": "234m456p678s44433z", "win": "3z"}',
])
def test_nan_and_infinite_ids_are_invalid_json_not_echoed(line: str) -> None:
    text = score_line_json(line)
    assert strict(text)["id"] is None
    assert error_of(line)[0] == "invalid_json"
    assert "NaN" not in text.replace("NaN is", "") and "Infinity, " not in text


def test_a_python_nan_id_is_refused_by_score_case() -> None:
    result = score_case({"id": float("nan"), **WIN})
    assert result["id"] is None and result["error"]["code"] == "invalid_case"
    strict(json.dumps(result, allow_nan=False))


@pytest.mark.parametrize(("line", "said"), [
    ('{"hand": "\\ud800", "win": "3z"}', "lone surrogate U+D800"),
    ('{"id": "\\udfff", "hand": "234m456p678s44433z", "win": "3z"}', "lone surrogate U+DFFF"),
    ('{"\\ud83d": 1}', "lone surrogate U+D83D"),
    ('{"id": ["a", {"b": "x\\udc00"}], "hand": "234m456p678s44433z", "win": "3z"}', "lone surrogate U+DC00"),
    ('{"hand": "234m456p678s44433z", "hand": "234m456p678s44433z", "win": "3z"}', 'the key "hand" appears twice'),
    ('{"honba": ' + "9" * 5000 + "}", "a number of 5,000 characters"),
    ("[" * 5000 + "]" * 5000, f"nested more than {MAX_DEPTH} levels"),
    ('{"id": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}", f"nested more than {MAX_DEPTH} levels"),
    ("", "empty"),
    ("{", "line 1, column 2"),
])
def test_text_that_is_not_strict_json_is_invalid_json_with_its_reason(line: str, said: str) -> None:
    code, message = error_of(line)
    assert code == "invalid_json" and said in message, message


def test_a_value_that_holds_itself_is_refused_by_the_writer() -> None:
    # Nothing the project builds holds itself, and the writer does not look for it; such a value still gets
    # the writer's own error (the encoder's recursion limit), not a crash.
    loop: list[object] = [1]
    loop.append(loop)
    with pytest.raises(InvalidJSONError, match="cannot be written as JSON"):
        strict_json.dumps({"id": loop})


def test_surrogate_pairs_written_as_escapes_are_characters() -> None:
    # "\ud83c\udc04" is one character, U+1F004 (MAHJONG TILE RED DRAGON): a valid id.
    result = strict(score_line_json('{"id": "\\ud83c\\udc04", "hand": "234m456p678s44433z", "win": "3z", '
                                    '"tsumo": true}'))
    assert result["ok"] and result["id"] == "\U0001f004"


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    result = strict(score_line_json(json.dumps({"id": "[" * 100, **WIN})))
    assert result["ok"] and result["id"] == "[" * 100


def test_invalid_utf8_bytes_are_invalid_json() -> None:
    code, message = error_of(b'{"id": "\xff", "hand": "234m456p678s44433z", "win": "3z"}')
    assert code == "invalid_json" and "byte 0xff at position 8" in message


def _stream(data: bytes) -> list[Any]:
    out = io.BytesIO()
    assert _score_stream(io.BytesIO(data), out, io.StringIO()) == 0
    return [strict(line.decode("utf-8")) for line in out.getvalue().splitlines()]


def test_the_batch_answers_every_line_whatever_it_holds() -> None:
    good = json.dumps({"id": 1, **WIN}).encode()
    lines = [good, b'{"hand": "\\ud800", "win": "3z"}', b'{"id": NaN}', b"\xff\xfe{", b"\xed\xa0\x80",
             b'{"id": 1e999}', b"", b"[" * 100_000, b'{"a": 1, "a": 1}', b"\x00", good]
    results = _stream(b"\n".join(lines) + b"\n")
    assert len(results) == len(lines)
    assert results[0]["ok"] and results[-1]["ok"] and results[-1]["id"] == 1
    assert [r["error"]["code"] for r in results[1:-1]] == ["invalid_json"] * (len(lines) - 2)


def test_a_line_longer_than_the_limit_is_answered_and_skipped() -> None:
    good = json.dumps({"id": 2, **WIN}).encode()
    huge = b'{"id": "' + b"x" * (MAX_TEXT * 3) + b'"}'
    results = _stream(good + b"\n" + huge + b"\n" + good)  # the last line has no newline
    assert [r["ok"] for r in results] == [True, False, True]
    assert results[1]["error"]["code"] == "invalid_json"
    assert f"{len(huge):,} bytes" in results[1]["error"]["message"]


def test_the_command_survives_a_lone_surrogate_line() -> None:
    # The reported crash: a UnicodeEncodeError traceback at this line, every later line lost.
    good = json.dumps({"id": 3, **WIN})
    data = f'{good}\n{{"hand": "\\ud800", "win": "3z"}}\n{good}'.encode() + b"\n\xff\n"
    run = subprocess.run(riichi_command("score", "--jsonl"), input=data, capture_output=True, cwd=ROOT,
                         env=riichi_env(), timeout=60, check=False)
    assert run.returncode == 0 and run.stderr.decode().strip() == "4 cases, 2 errors"
    results = [strict(line.decode("utf-8")) for line in run.stdout.splitlines()]
    assert [r["ok"] for r in results] == [True, False, True, False]


def test_score_line_reads_bytes_and_text_alike() -> None:
    line = json.dumps({"id": "東", **WIN}, ensure_ascii=False)
    assert score_line(line) == score_line(line.encode("utf-8"))
    assert isinstance(score_line(line), dict)


def test_riichi_errors_keep_their_codes_through_the_reader() -> None:
    with pytest.raises(RiichiError) as caught:
        case_to_hand({**WIN, "hand": "123m4x"})
    assert caught.value.code == "invalid_notation"
