"""The case reader's quick way gives what its careful reader gives, on usual cases and on every odd one.

``case_to_hand`` reads a case whose fields have their usual form by table look-ups, and hands any
other case to the careful reader (``_read_carefully``), which names the first problem. The two must
agree: the same Hand and WinContext, or the same error (type, code and message) in the same order of
fields. The batch reads a line's JSON without json.loads' checks for leading and trailing space; lines
that have them (or are no JSON) must come out as json.loads would have them.
"""

from __future__ import annotations

import json
import random
from typing import Any

from benchmarks.generate import win_cases
from riichi.errors import RiichiError
from riichi.formats.interchange import _read_carefully, case_to_hand, score_line, score_line_json

_ENCODE = json.JSONEncoder(ensure_ascii=False).encode

_ODD: list[Any] = [None, "", 0, 1, -1, True, False, 1.5, 2.0, [], {}, "x", "E", "S", "Z", "1m", "0m", "8z", "0z",
                   "1m2p", "5p0s", "44z", "1m ", " 1m", "m", "12", [1], {"a": 1}, "tenhou", 10**30, "1111m",
                   "123m456p789s11122z", "1m2m3m4m5m6m", "\u00e9"]
_FIELDS = ["id", "hand", "melds", "win", "discarder", "seat_wind", "round_wind", "dora", "ura", "honba",
           "riichi_sticks", "rules", "tsumo", "riichi", "double_riichi", "open_riichi", "ippatsu", "rinshan",
           "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou", "paarenchan", "discarder_riichi", "oops"]
_ODD_MELDS: list[Any] = [
    None, 1, "pon", [], {}, {"type": "pon"}, {"type": "pon", "tiles": "555z"},
    {"type": "pon", "tiles": "555z", "from": "X"}, {"type": "pon", "tiles": "555z", "from": "W", "x": 1},
    {"type": "kan", "tiles": "5555z"}, {"type": "ankan", "tiles": "5555z", "from": "E"},
    {"type": "chi", "tiles": "135m"}, {"type": "chi", "tiles": 5}, {"tiles": "555z", "type": "pon", "from": "N"},
    {"type": "pon", "tiles": "555z", "from": None}, {"type": "minkan", "tiles": "0555m", "from": "S"},
    {"type": "pon", "tiles": "5z5z5z"}, {"type": "pon", "tiles": ["5z"]}, {"type": "pon", "tiles": "555z", "from": 1},
]


def _read(read: Any, case: dict[str, Any]) -> object:
    try:
        hand, ctx = read(case)
    except RiichiError as e:
        return type(e), e.code, str(e)
    return hand, tuple(ctx), type(ctx)


def _odd_cases(seed: int, n: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for case in win_cases(seed=seed, n=n):
        for _ in range(4):
            odd = dict(case)
            for _ in range(rng.choice([1, 1, 2, 3])):
                field = rng.choice([*_FIELDS, "melds", "melds", "melds"])
                r = rng.random()
                if r < 0.15:
                    odd.pop(field, None)
                elif field == "melds" and r < 0.7:
                    melds = list(odd.get("melds") or []) if isinstance(odd.get("melds"), list) else []
                    melds.insert(rng.randrange(len(melds) + 1), rng.choice(_ODD_MELDS))
                    odd["melds"] = melds
                else:
                    odd[field] = rng.choice(_ODD)
            out.append(odd)
    return out


def test_usual_cases_read_the_quick_way_as_the_careful_reader_reads_them() -> None:
    for case in win_cases(seed=11, n=1500):
        # and again from JSON text, as the batch meets them (fresh strings, melds met before)
        for c in (case, json.loads(json.dumps(case))):
            assert _read(case_to_hand, c) == _read(_read_carefully, c)


def test_odd_cases_give_the_careful_readers_value_or_first_error() -> None:
    for case in _odd_cases(seed=12, n=400):
        assert _read(case_to_hand, case) == _read(_read_carefully, case), case


def test_left_out_fields_take_their_defaults() -> None:
    case = {"hand": "234m456p678s44433z", "win": "3z", "tsumo": True}
    assert _read(case_to_hand, case) == _read(_read_carefully, case)
    hand, ctx = case_to_hand({**case, "melds": None, "dora": None, "honba": None, "seat_wind": None})
    assert (hand, ctx) == case_to_hand(case)
    for left_out in ("hand", "win"):
        smaller = dict(case)
        del smaller[left_out]
        assert _read(case_to_hand, smaller) == _read(_read_carefully, smaller)


def test_lines_with_space_or_no_json_are_read_as_json_loads_reads_them() -> None:
    good = json.dumps({"id": 3, "hand": "234m456p678s44433z", "win": "3z", "tsumo": True})
    lines = [good, good + "\n", "  " + good, good + "  \n", "\t" + good + "\t", "\ufeff" + good, good + "{}",
             good + " x", "", "\n", "   ", "{", "[]", "5", "null", "NaN", "[" * 3000 + "]" * 3000,
             '{"id": 1e400, "hand": "234m456p678s44433z", "win": "3z"}', good.replace("3, ", "-0.0, ")]
    for line in lines:
        assert score_line_json(line) == _ENCODE(score_line(line)), line
