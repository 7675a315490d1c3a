"""Hostile records: every reader answers any input with a record and its errors, never an exception, in time
that grows with the input, not faster.

The inputs are the ones of issue 24, each reproduced on the readers before they were changed: an mjlog tag of
48,000 ``a`` after its attributes (a minute of regular-expression backtracking), a red five pattern over a
run of 20,000 digits (20 s), JSON nested 1,000 deep (``RecursionError`` in format detection), tile ids of 2^62
(``OverflowError`` in the compiled build), and final points that are no numbers (NaN, a list).

The time bound is generous (a megabyte takes milliseconds when reading is linear; the quadratic readers took
minutes on a tenth of it), so a slow shared machine does not fail it.
"""

from __future__ import annotations

import gzip
import time
from collections.abc import Callable
from urllib.parse import quote

import pytest

from riichi.formats.detect import detect_format, read_record
from riichi.formats.mjai import read_mjai
from riichi.formats.mjlog import MAX_TAG, read_mjlog, read_mjlog_bytes
from riichi.formats.record import MAX_ERRORS, MAX_NUMBER, ErrorCode, GameRecord, checked_number
from riichi.formats.red_fives import plain_fives_case
from riichi.formats.tenhou6 import read_tenhou6

MEGABYTE = 1_000_000
#: CPU seconds any reader may take on a megabyte of hostile text: linear reading takes well under one; the
#: quadratic readers took minutes on a tenth of it. CPU time, not the clock: other jobs on a shared machine do
#: not count, so the bound is a guard against quadratic reading, not a speed target.
BOUND = 10.0
HEAD = '<mjloggm ver="2.3"><GO type="169"/>'
#: A hand's start as Tenhou writes it (the doctest of riichi.formats.mjlog): seat 0 deals, dora indicator 20.
INIT = ('<INIT seed="0,0,0,3,3,20" ten="250,250,250,250" oya="0" hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" '
        'hai1="13,14,15,17,18,19,20,21,22,23,24,25,26" hai2="27,28,29,30,31,32,33,34,35,36,37,38,39" '
        'hai3="40,41,42,43,44,45,46,47,48,49,50,51,53"/>')
HUGE = str(2**62)


def timed(read: Callable[[], object]) -> float:
    started = time.process_time()
    read()
    return time.process_time() - started


MJLOG_TEXTS = {
    "attributes then a megabyte of letters": '<mjloggm ver="2.3"><GO type="169" ' + "a" * MEGABYTE + "/>",
    "a megabyte of tag openings": HEAD + "<" * MEGABYTE + ">",
    "a megabyte of digits in a tag's name": HEAD + "<T" + "1" * MEGABYTE + "/>",
    "an attribute whose quote never closes": HEAD + '<UN n0="' + "a" * MEGABYTE + "/>",
    "tags just under the length cap": HEAD + ('<GO type="169" ' + "a" * (MAX_TAG - 20) + "/>") * (MEGABYTE // MAX_TAG),
    "sixty thousand small tags": HEAD + '<DORA hai="999"/>' * (MEGABYTE // 17),
    "a megabyte of attributes": HEAD + "<GO " + 'a="1" ' * (MEGABYTE // 6) + "/>",
}


@pytest.mark.parametrize("text", MJLOG_TEXTS.values(), ids=MJLOG_TEXTS.keys())
def test_mjlog_reads_a_hostile_megabyte_in_linear_time(text: str) -> None:
    seconds = timed(lambda: read_mjlog(text))
    assert seconds < BOUND, f"{seconds:.1f} s"
    assert read_mjlog(text).errors  # each is refused somewhere, and said so


@pytest.mark.parametrize(("letters", "message"), [
    (48_000, "<GO> is 48,015 characters long; at most 16,384 are read"),  # the issue's 123 bytes: a minute
    (16_000, "cannot read the attributes of <GO>: " + repr("a" * 60)),  # 5.5 s before
])
def test_the_issue_s_gzip_body_is_read_at_once(letters: int, message: str) -> None:
    body = gzip.compress(('<mjloggm ver="2.3"><GO type="169" ' + "a" * letters + "/>").encode())
    assert len(body) < 200
    assert timed(lambda: read_record(body)) < BOUND / 2
    record = read_record(body)
    assert [str(e) for e in record.errors] == ["no <GO type> tag: the rules are unknown", f"event 2: {message}"]  # <GO>, the second tag


def test_a_tag_over_the_cap_is_an_error_naming_its_length() -> None:
    text = HEAD + "<UN " + "n0=" + '"' + "x" * MAX_TAG + '"/>'
    (error,) = read_mjlog(text).errors
    assert error.message == f"<UN> is {MAX_TAG + 9:,} characters long; at most {MAX_TAG:,} are read"


def test_a_tag_inside_a_stray_opening_still_reads() -> None:
    # '<' then '<GO ...>': the first '<' starts no tag (as before: a tag holds no '<'), the GO tag reads.
    record = read_mjlog('<mjloggm ver="2.3">< <GO type="169"/>')
    assert record.errors == ()
    assert record.rules.code == 169


@pytest.mark.parametrize("text", [
    HEAD + INIT + f"<T{HUGE}/>",
    HEAD + INIT.replace('oya="0"', f'oya="{HUGE}"'),
    HEAD + INIT.replace("hai0=\"0,", f'hai0="{HUGE},'),
    HEAD + INIT.replace("3,3,20", f"3,3,{HUGE}"),
    HEAD + INIT + f'<AGARI who="0" fromWho="0" machi="{HUGE}" ten="30,1000,0"/>',
    HEAD + INIT + f'<N who="1" m="{HUGE}"/>',
    HEAD.replace("169", HUGE),
    HEAD + INIT + '<T' + "9" * 5000 + "/>",  # past Python's 4,300-digit conversion limit
], ids=["draw", "oya", "deal", "dora", "machi", "meld", "rules", "5000 digits"])
def test_mjlog_numbers_beyond_the_limit_are_errors(text: str) -> None:
    # 2^62 raised OverflowError in the compiled build (ValueError in the pure one): now a record error in both.
    record = read_mjlog(text)
    assert any("at most 9 digits" in e.message or "not a tile id" in e.message for e in record.errors), record.errors


@pytest.mark.parametrize("rule", ["[" * 1500 + "]" * 1500, '{"":' * 1050 + "1" + "}" * 1050],
                         ids=["arrays", "objects"])
def test_mjlog_a_rule_attribute_nested_deep_is_an_error(rule: str) -> None:
    # The GO tag's riichi_rule (the rule object this library writes there) nested 1,500 deep: 3 KB of brackets
    # raised RecursionError out of the reader (riichi stats stopped with a traceback, the web answered 500).
    text = '<mjloggm ver="2.3"><GO type="169" riichi_rule="' + quote(rule) + '"/>' + INIT
    record = read_mjlog(text)
    assert any(e.message.startswith("GO riichi_rule: arrays and objects are nested more than 32 levels deep")
               for e in record.errors), record.errors
    assert read_record(text.encode()).errors


@pytest.mark.parametrize("owari", ["250,nan,250,inf,250,0,250,0", "250,1e999,250,0,250,0,250,0",
                                   "250,+0.0,250,0,250,0,250," + "1" * 30])
def test_mjlog_final_points_that_are_no_number_are_errors(owari: str) -> None:
    # float() reads 'nan' and 'inf': the record said NaN points, and its rules (whole or exact points) raised
    # ValueError when asked. Now an error naming the owari.
    text = HEAD + INIT + f'<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0" owari="{owari}"/>'
    record = read_mjlog(text)
    assert record.end is None
    assert [e.message for e in record.errors] == [f"owari {owari!r} is not scores and points"]
    record.ruleset()


def test_mjlog_final_points_as_tenhou_writes_them_still_read() -> None:
    text = HEAD + INIT + '<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0" owari="350,+45.0,250,5.0,200,-20.0,200,-30.0"/>'
    record = read_mjlog(text)
    assert record.errors == ()
    assert record.end is not None
    assert record.end.final_points == (45.0, 5.0, -20.0, -30.0)


# -- tenhou.net/6 and mjai -----------------------------------------------------------------------------------


def _tenhou6(hand: list[object]) -> str:
    import json

    return json.dumps({"title": ["", ""], "name": ["a", "b", "c", "d"], "rule": {"aka": 1}, "log": [hand]})


#: A hand of tenhou.net/6 JSON: its start (round 0, no honba or sticks), scores, one dora indicator (11 = 1m),
#: four 13-tile hands with empty takes and discards, and a result; only the numbers under test vary.
def _hand(start: list[object], scores: list[object], result: list[object]) -> list[object]:
    tiles = [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24]
    return [start, scores, [11], [], *([tiles, [], []] * 4), result]


@pytest.mark.parametrize(("start", "scores", "result"), [
    ([0, 2**62, 0], [25000] * 4, ["流局", [0, 0, 0, 0]]),
    ([0, 0, 0], [25000, 25000, 25000, 10**99], ["流局", [0, 0, 0, 0]]),
    ([0, 0, 0], [25000] * 4, ["流局", [0, 0, -(2**70), 0]]),
    ([0, 0, 0], [25000] * 4, ["和了", [0, 0, 0, 0], [0, 0, 0, "30符1飜" + "9" * 5000 + "点"]]),
], ids=["honba", "scores", "deltas", "points of 5000 digits"])
def test_tenhou6_numbers_beyond_the_limit_are_errors(start: list[object], scores: list[object],
                                                     result: list[object]) -> None:
    record = read_tenhou6(_tenhou6(_hand(start, scores, result)))
    assert record.hands == ()
    (error,) = record.errors
    assert error.code is ErrorCode.INVALID_LOG
    assert f"-{MAX_NUMBER}..{MAX_NUMBER}" in error.message or "is not a win's value" in error.message
    assert len(error.message) < 300  # the offending value is cut short, not copied whole


def test_tenhou6_a_pending_call_of_any_length_is_read_once() -> None:
    # Seat 2 pons each 1m seat 0 discards (11p1111: the called 1m second, so from across) and seat 3 draws and
    # discards: seat 1's turn never comes, and its first take, a pon written with 100,000 digits, is looked at
    # after every discard. Read again each time, 3,000 such turns took minutes (131 KB: 72 s); a call names four
    # tiles at most, so a longer text is refused at its first reading, its message cut short.
    turns = 1000
    tiles = [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24]
    hand: list[object] = [[0, 0, 0], [25000] * 4, [11], [], tiles, [11] * turns, [60] * turns,
                          tiles, ["p" + "11" * 50_000], [], tiles, ["11p1111"] * turns, [11] * turns,
                          tiles, [11] * turns, [60] * turns, ["流局", [0, 0, 0, 0]]]
    text = _tenhou6(hand)
    assert timed(lambda: read_tenhou6(text)) < BOUND / 2
    (error,) = read_tenhou6(text).errors
    assert "is not a call" in error.message
    assert len(error.message) < 300


@pytest.mark.parametrize("entry", ["r" + "1" * 5000, "x" * 100_000, ["x" * 100_000]])
def test_tenhou6_a_long_discard_is_an_error_cut_short(entry: object) -> None:
    tiles = [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24]
    hand: list[object] = [[0, 0, 0], [25000] * 4, [11], [], tiles, [11], [entry], *([tiles, [], []] * 3),
                          ["流局", [0, 0, 0, 0]]]
    (error,) = read_tenhou6(_tenhou6(hand)).errors
    assert "is not a" in error.message, error.message
    assert len(error.message) < 300


def test_tenhou6_final_scores_beyond_the_limit_are_not_read() -> None:
    import json

    text = json.dumps({"name": ["a", "b", "c", "d"], "log": [], "sc": [10**60, 1.5, 0, 0, 0, 0, 0, 0]})
    assert read_tenhou6(text).end is None


@pytest.mark.parametrize(("line", "message"), [
    ('{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":4611686018427387904,"kyotaku":0,"oya":0,'
     '"dora_marker":"1m","tehais":[[],[],[],[]]}', "honba 4611686018427387904 is outside"),
    ('{"type":"end_game","scores":[1,2,3,4],"points":[[1],0,0,0]}', "points must be a list of numbers"),
    ('{"type":"end_game","scores":[1,2,3,4],"points":[1e300,0,0,0]}', "points must be a list of numbers"),
    ('{"type":"end_game","scores":[1,2,3,' + "9" * 99 + '],"points":[0,0,0,0]}', "scores 9999999999"),
])
def test_mjai_numbers_beyond_the_limit_are_errors(line: str, message: str) -> None:
    # The list of points raised TypeError out of the reader (float([1])); the others passed numbers of any size.
    record = read_mjai(line)
    (error,) = record.errors
    assert message in error.message
    assert record.end is None


HOSTILE_JSON = {
    "nested a million deep": "[" * MEGABYTE,
    "nested a thousand deep in a record": '{"log": ' + "[" * 1000 + "]" * 1000 + "}",
    "a megabyte string": '{"log": ["' + "(" * MEGABYTE + '"]}',
    "a yaku text of a megabyte": _tenhou6(_hand([0, 0, 0], [25000] * 4,
                                                ["和了", [0, 0, 0, 0], [0, 0, 0, "30符1飜1000点", "(" * 500_000]])),
}


@pytest.mark.parametrize("text", HOSTILE_JSON.values(), ids=HOSTILE_JSON.keys())
def test_tenhou6_and_detection_read_hostile_json_in_linear_time(text: str) -> None:
    data = text.encode()
    assert timed(lambda: read_record(data)) < BOUND
    record = read_record(data)
    assert isinstance(record, GameRecord)
    assert record.errors
    assert timed(lambda: read_tenhou6(text)) < BOUND


def test_json_nested_a_thousand_deep_is_detected_and_refused() -> None:
    # RecursionError in format detection: a 500 on the web, a traceback in riichi replay.
    data = ('{"log": ' + "[" * 1000 + "]" * 1000 + "}").encode()
    assert detect_format(data) == "tenhou6"
    (error,) = read_record(data).errors
    assert "nested more than 32 levels deep" in error.message


@pytest.mark.parametrize("lines", [
    '{"type":"tsumo","actor":0,"pai":"' + "a" * MEGABYTE + '"}',
    '{"type":"none"}\n' * (MEGABYTE // 16),
    "\n".join(['{"type":"start_game","names":["a","b","c","d"]}', "[" * MEGABYTE]),
], ids=["one long line", "sixty thousand lines", "a line nested a million deep"])
def test_mjai_reads_a_hostile_megabyte_in_linear_time(lines: str) -> None:
    assert timed(lambda: read_mjai(lines)) < BOUND
    assert timed(lambda: read_record(lines.encode(), "mjai")) < BOUND


def test_tenhou6_plain_json_too_long_is_refused_without_a_lenient_pass() -> None:
    # Four megabytes of plain JSON (no comment, no trailing comma): the lenient reading went over every character
    # looking for comments before the text was refused for its length (17 s in the pure build, on the replay page).
    text = '{"name": ["a", "b", "c", "d"], "log": [' + ", ".join(["[]"] * 1_000_000) + "]}"
    started = time.process_time()
    record = read_record(text.encode(), "tenhou6", strict=False)
    assert time.process_time() - started < BOUND / 2
    (error,) = record.errors
    assert "characters long; at most 1,048,576 are read" in error.message


ERRORS_WITHOUT_END = {
    "mjlog": HEAD + '<DORA hai="999"/>' * 100_000,
    "mjai": '{"type":"start_game","names":["a","b","c","d"]}\n' + "[]\n" * 300_000,
    "tenhou6": '{"name": ["a", "b", "c", "d"], "log": [' + ", ".join(["[]"] * 100_000) + "]}",
}


@pytest.mark.parametrize(("fmt", "text"), ERRORS_WITHOUT_END.items(), ids=ERRORS_WITHOUT_END.keys())
def test_a_reader_stops_after_a_thousand_errors_and_says_so(fmt: str, text: str) -> None:
    # A line, tag or hand that is an error, again and again: 4 MB of "[]" lines were 1.4 million errors (30 s,
    # each kept, then each sent back by the replay page). Past MAX_ERRORS the reader stops, its last error saying so.
    started = time.process_time()
    record = read_record(text.encode(), fmt, strict=False)
    assert time.process_time() - started < BOUND / 2
    assert len(record.errors) == MAX_ERRORS + 1
    assert record.errors[-1].message == f"more than {MAX_ERRORS} errors: the rest of the record is not read"


def test_a_riichi_city_record_stops_after_a_thousand_errors() -> None:
    # The real game's first hand, then 3,000 hands that are empty objects: each one an error, until MAX_ERRORS.
    import json  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    from riichi.formats.riichicity import read_riichicity  # noqa: PLC0415

    path = next((Path(__file__).resolve().parents[1] / "data" / "riichicity").glob("*.json"))
    game = json.loads(path.read_text(encoding="utf-8"))
    game["handRecord"] = game["handRecord"][:1] + [{}] * 3000
    record = read_riichicity(json.dumps(game).encode(), strict=False)
    assert len(record.hands) == 1
    assert len(record.errors) == MAX_ERRORS + 1
    assert record.errors[-1].message == f"more than {MAX_ERRORS} errors: the rest of the record is not read"


# -- the red five rewriting ----------------------------------------------------------------------------------


@pytest.mark.parametrize("hand", ["1" * MEGABYTE, "1" * MEGABYTE + "m", "1x" * (MEGABYTE // 2), "0" * MEGABYTE + "p"])
def test_red_fives_rewrite_a_megabyte_in_linear_time(hand: str) -> None:
    # "1" * 20,000 took 20 s on /api/compare: the pattern scanned the rest of the run again from every digit.
    assert timed(lambda: plain_fives_case({"hand": hand})) < BOUND


def test_red_fives_rewrite_every_run_as_before() -> None:
    case = {"hand": "406m0p 1205s77z", "win": "0s", "dora": "40m"}
    assert plain_fives_case(case) == {"hand": "456m5p 1255s77z", "win": "5s", "dora": "45m"}


def test_checked_number_bounds_both_ways() -> None:
    assert checked_number(MAX_NUMBER, "x") == MAX_NUMBER
    assert checked_number(-MAX_NUMBER, "x") == -MAX_NUMBER
    with pytest.raises(ValueError, match="outside"):
        checked_number(MAX_NUMBER + 1, "x")


def test_a_record_of_random_bytes_reads_in_every_format() -> None:
    data = bytes(range(256)) * 4000
    for fmt in ("auto", "mjlog", "tenhou6", "mjai"):
        assert read_record(data, fmt).errors
    assert read_mjlog_bytes(data).errors
