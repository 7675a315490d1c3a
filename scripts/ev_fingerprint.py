"""Record, or compare against a record, the expected-value search's full answers for a fixed set of hands and
settings: a change meant to make the search faster must leave every value as it was.

    python scripts/ev_fingerprint.py --write /tmp/ev_before.json
    python scripts/ev_fingerprint.py --check /tmp/ev_before.json

Each case is a hand (closed and open, 13 and 14 tiles, 1 to 3 shanten, red fives, three-player rules with a
kita) under one setting (the peer model, the table model, tegawari, shanten-down, both, in either model; from
the first turn or the ninth).
The record holds every discard's shanten and per-turn tenpai, win and value, floats written exactly
(``float.hex``). ``--check`` prints, per case, whether the answer is bit for bit the same, else the largest
difference, and exits 1 if any case differs by more than ``--tolerance`` (0 by default: bit for bit).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from riichi.analysis.ev import EvModel, EvOptions, EvResult, expected_values

PEER = EvOptions(model=EvModel.PEER, max_states=None)
TABLE = EvOptions(model=EvModel.TABLE, max_states=None)
SETTINGS: dict[str, EvOptions] = {
    "peer": PEER,
    "table": TABLE,
    "peer-tegawari": replace(PEER, tegawari=True),
    "peer-down": replace(PEER, shanten_down=True),
    "peer-both": replace(PEER, tegawari=True, shanten_down=True),
    "table-tegawari": replace(TABLE, tegawari=True),
    "table-down": replace(TABLE, shanten_down=True),
    "table-both": replace(TABLE, tegawari=True, shanten_down=True),
    "peer-both-late": replace(PEER, tegawari=True, shanten_down=True, first_turn=9),
    "table-both-late": replace(TABLE, tegawari=True, shanten_down=True, first_turn=9),
}
ALL = tuple(SETTINGS)
NARROW = ("peer", "table")

#: (hand, keyword arguments, settings): the situation of each hand, and the settings it is answered under.
CASES: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("234678m34599p67s1z", {"seat_wind": "S", "dora": "4m", "visible": "4m"}, ALL),  # tenpai after 1z
    ("234678m3459p57s12z", {"dora": "1z", "visible": "1z"}, ALL),  # 1 shanten
    ("222p11238s445557z", {"dora": "1z", "visible": "1z", "seat_wind": "S"}, ALL),  # 1 shanten, honours
    ("23406m067p4599s12z", {"dora": "4p", "visible": "4p"}, ALL),  # red fives, 1 shanten
    ("34459m888p2229s45z", {"dora": "1z", "visible": "1z"}, ALL),  # the 2-shanten hand of the benchmark
    ("1305m2406p13s1567z", {"dora": "3s", "visible": "3s9m"}, ("peer", "table", "peer-down")),
    ("8m334p777999s2557z", {"dora": "1z", "visible": "1z", "round_wind": "S"}, ("peer", "table", "peer-both")),
    ("1899m12399p499s57z", {"dora": "1z", "visible": "1z"}, ("peer", "table", "peer-down")),
    ("56777m288p26s1266z", {"dora": "1z", "visible": "1z"}, NARROW),  # 3 shanten
    ("66p234567s78s1z chi:345m", {"seat_wind": "S", "dora": "1z", "visible": "1z"}, ALL),  # open
    ("2355m46p789s12z pon:777z@W", {"dora": "2m", "visible": "2m1p"}, ALL),  # open, red-free yakuhai
    ("1140m38p79s pon:666z@W chi:406p@N", {"dora": "9s", "visible": "9s"}, ALL),  # two melds, red fives
    ("234678m3459p57s2z", {"dora": "1z", "visible": "1z"}, ALL),  # 13 tiles
    ("234678m34599p67s", {"riichi": True, "dora": "7p", "visible": "7p"}, NARROW),  # 13 tiles in riichi
    ("123456p789s11z22s4z", {"rules": "tenhou-sanma", "dora": "1p", "visible": "1p"}, ALL),  # kita
    ("1199p1345s113z44z5z", {"rules": "tenhou-sanma", "dora": "9s", "visible": "9s", "kita": 1},
     ("peer", "table", "peer-both", "table-both")),
    ("234678m3459p57s12z", {"dora": "1z", "visible": "1z", "honba": 2, "riichi_sticks": 1, "tiles_left": 40,
                            "discards": "3p1s"}, ("table", "table-both")),  # furiten, sticks, the wall
    ("34459m888p2229s45z", {"rules": "wrc", "dora": "1z", "visible": "1z"}, ("peer-both", "table-both")),
    ("23406m067p4599s12z", {"dora": "4p", "visible": "4p"}, ("peer-both-late", "table-both-late")),  # turns 9-18
    ("123456p789s11z22s4z", {"rules": "tenhou-sanma", "dora": "1p", "visible": "1p"}, ("peer-both-late",
                                                                                      "table-both-late")),
]


def answer(hand: str, situation: dict[str, Any], setting: str) -> EvResult:
    return expected_values(hand, options=SETTINGS[setting], **situation)


def record(result: EvResult) -> list[Any]:
    return [[None if d.tile is None else str(d.tile), d.kita, d.shanten,
             [[x.hex() for x in values] for values in (d.tenpai, d.win, d.value)]] for d in result.discards]


def largest_difference(a: list[Any], b: list[Any]) -> float:
    """The largest difference between two records' values (inf where they differ in shape)."""
    if len(a) != len(b):
        return float("inf")
    worst = 0.0
    for x, y in zip(a, b, strict=True):
        if x[:3] != y[:3] or [len(v) for v in x[3]] != [len(v) for v in y[3]]:
            return float("inf")
        for vx, vy in zip(x[3], y[3], strict=True):
            for hx, hy in zip(vx, vy, strict=True):
                worst = max(worst, abs(float.fromhex(hx) - float.fromhex(hy)) / max(1.0, abs(float.fromhex(hy))))
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", type=Path, help="record the answers here")
    parser.add_argument("--check", type=Path, help="compare the answers with this record")
    parser.add_argument("--tolerance", type=float, default=0.0, help="largest relative difference allowed")
    args = parser.parse_args()
    found: dict[str, Any] = {}
    before = json.loads(args.check.read_text(encoding="utf-8")) if args.check else {}
    bad = 0
    for hand, situation, settings in CASES:
        for setting in settings:
            name = f"{hand} {json.dumps(situation, sort_keys=True)} {setting}"
            started = time.process_time()
            found[name] = record(answer(hand, situation, setting))
            seconds = time.process_time() - started
            if args.check:
                if name not in before:
                    print(f"{name}: not in the record")
                    continue
                diff = 0.0 if found[name] == before[name] else largest_difference(found[name], before[name])
                status = "same" if diff == 0.0 and found[name] == before[name] else f"differs by {diff:.3g}"
                if diff > args.tolerance or (diff == 0.0 and found[name] != before[name] and args.tolerance == 0.0):
                    bad += 1
                print(f"{seconds:7.2f} s  {status:<20} {name}", flush=True)
            else:
                print(f"{seconds:7.2f} s  {name}", flush=True)
    if args.write:
        args.write.write_text(json.dumps(found, indent=0, sort_keys=True), encoding="utf-8")
        print(f"{len(found)} answers written to {args.write}")
    if args.check:
        print(f"{len(found)} answers compared, {bad} beyond the tolerance {args.tolerance:g}")
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
