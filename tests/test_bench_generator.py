"""The benchmark generator makes valid, varied inputs and is a function of its seed."""

from __future__ import annotations

from collections import Counter

from collections.abc import Callable
from typing import Any

import pytest

from benchmarks.generate import drawn_tenpai_hands, random_hands, tenpai_hands, win_cases
from riichi.hand import Meld, MeldType
from riichi.notation import parse_tiles
from riichi.tiles import Tile, Wind
from riichi.shapes.waits import discard_waits, wait_kinds

N = 600
CASES = win_cases(11, N)


def test_same_seed_same_cases() -> None:
    assert win_cases(11, 50) == CASES[:50]
    assert random_hands(3, 20, 13) == random_hands(3, 20, 13)
    assert tenpai_hands(3, 20) == tenpai_hands(3, 20)


def test_other_seed_other_cases() -> None:
    def key(c: dict[str, Any]) -> str:
        return f"{c['hand']} {c['melds']} {c['win']}"

    # a few small open hands recur by chance; whole hands almost never do
    assert len({key(c) for c in CASES} & {key(c) for c in win_cases(12, N)}) < N // 50
    assert random_hands(3, 20, 13) != random_hands(4, 20, 13)


@pytest.mark.parametrize("case", CASES[:200], ids=lambda c: c["id"])
def test_case_is_physically_possible(case: dict[str, Any]) -> None:
    concealed = parse_tiles(case["hand"])
    melds = [Meld(MeldType(m["type"]), parse_tiles(m["tiles"]),
                  Wind.parse(m["from"]) if "from" in m else None) for m in case["melds"]]
    n_kans = sum(m.is_kan for m in melds)
    assert len(concealed) + sum(len(m.tiles) for m in melds) == 14 + n_kans
    assert Tile.parse(case["win"]) in concealed
    dora, ura = parse_tiles(case["dora"]), parse_tiles(case["ura"])
    assert len(dora) == 1 + n_kans
    assert len(ura) == (1 + n_kans if case.get("riichi") else 0)
    everything = [*concealed, *(t for m in melds for t in m.tiles), *dora, *ura]
    kinds = Counter(t.kind for t in everything)
    assert max(kinds.values()) <= 4
    reds = Counter(t for t in everything if t.is_red)
    assert all(n == 1 for n in reds.values())  # aka 3: one red five a suit
    seat = Wind.parse(case["seat_wind"])
    for m in melds:
        if m.type is MeldType.CHI:
            assert m.from_seat is seat.previous
        elif m.type is not MeldType.ANKAN:
            assert m.from_seat is not None and m.from_seat is not seat
    if case["tsumo"]:
        assert "discarder" not in case and not case.get("houtei")
    else:
        assert Wind.parse(case["discarder"]) is not seat and not case.get("haitei") and not case.get("rinshan")
    if case.get("rinshan"):
        assert n_kans
    if case.get("ippatsu") or case.get("double_riichi"):
        assert case.get("riichi")
    if case.get("riichi"):
        assert all(m.type is MeldType.ANKAN for m in melds)


def test_cases_cover_the_kinds_of_hands() -> None:
    def has(pred: Callable[[dict[str, Any]], object]) -> int:
        return sum(1 for c in CASES if pred(c))

    def is_pairs(c: dict[str, Any]) -> bool:
        counts = Counter(parse_tiles(c["hand"]))
        return not c["melds"] and len({t.kind for t in counts}) == 7 and len(parse_tiles(c["hand"])) == 14

    assert has(lambda c: any(m["type"] != "ankan" for m in c["melds"])) > N // 5  # open
    assert has(lambda c: not c["melds"]) > N // 3  # closed
    for mtype in ("chi", "pon", "minkan", "shouminkan", "ankan"):
        assert sum(1 for c in CASES if any(m["type"] == mtype for m in c["melds"])), mtype
    assert has(is_pairs) > 10  # chiitoitsu (some with two identical pairs of kinds are not)
    assert has(lambda c: set(parse_tiles(c["hand"])) >= {Tile.parse(t) for t in ("1m", "9m", "1z", "7z")}
               and len({t.kind for t in parse_tiles(c["hand"])}) == 13) > 2  # kokushi
    assert has(lambda c: "0" in c["hand"] + "".join(m["tiles"] for m in c["melds"])) > N // 5
    assert has(lambda c: c["ura"]) > N // 5
    assert has(lambda c: c["tsumo"]) > N // 3
    assert has(lambda c: not c["tsumo"]) > N // 3
    assert has(lambda c: c["honba"]) > N // 10
    assert has(lambda c: c.get("ippatsu")) > 5
    assert has(lambda c: c.get("rinshan")) >= 1


@pytest.mark.parametrize("size", [13, 14])
def test_random_hands_have_the_size(size: int) -> None:
    for counts in random_hands(5, 100, size):
        assert len(counts) == 34 and sum(counts) == size and max(counts) <= 4


def test_tenpai_hands_have_thirteen_tiles() -> None:
    for counts in tenpai_hands(5, 100):
        assert len(counts) == 34 and sum(counts) == 13 and max(counts) <= 4


def test_every_case_is_a_win_with_yaku_for_the_peer() -> None:
    """Cross-check with the peer library when it is installed (the ``bench`` extra)."""
    pytest.importorskip("mahjong")
    from benchmarks.peer_mahjong import score_case  # noqa: PLC0415

    failures = [(c["id"], r["error"]) for c in CASES if not (r := score_case(c))["ok"]]
    assert failures == []


def test_tenpai_hands_wait_for_something_for_the_peer() -> None:
    pytest.importorskip("mahjong")
    from benchmarks.peer_mahjong import waits  # noqa: PLC0415

    assert all(waits(h) for h in tenpai_hands(6, 200))


def test_drawn_tenpai_hands_are_tenpai_hands_with_one_more_tile() -> None:
    drawn = drawn_tenpai_hands(5, 100)
    assert drawn == drawn_tenpai_hands(5, 100)
    for before, after in zip(tenpai_hands(5, 100), drawn, strict=True):
        added = [k for k in range(34) if after[k] != before[k]]
        assert len(added) == 1 and after[added[0]] == before[added[0]] + 1 <= 4
        # discarding the drawn tile gives back the tenpai hand: its waits are there
        assert discard_waits(after)[added[0]] == wait_kinds(before)


def test_the_peer_finds_the_same_discards_and_waits() -> None:
    peer = pytest.importorskip("benchmarks.peer_mahjong")
    from benchmarks.run import _live_discard_waits

    hands = drawn_tenpai_hands(8, 150) + random_hands(9, 150, 14)
    for counts in hands:
        assert _live_discard_waits(counts, discard_waits(counts)) == \
            _live_discard_waits(counts, peer.discard_waits(counts))
    assert sum(1 for counts in hands[:150] if discard_waits(counts)) == 150
