"""The fu a written mjlog record's ``ten`` holds for a yakuman hand.

Tenhou writes a fu for a yakuman hand too: the fu its reading has when counted like a hand below yakuman
(thirteen orphans 0). The reader keeps no fu for a yakuman (a yakuman is paid none), so converting a record
to mjlog writes the engine's (:attr:`riichi.scoring.result.Score.reading_fu`). Checked on every yakuman win
of the real Tenhou records in tests/data, and on two hands worked out by hand."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from riichi.formats.mjlog import read_mjlog_bytes
from riichi.formats.record import GameRecord, HandRecord, RecordRules, StatedHand
from riichi.formats.tenhou6 import read_tenhou6
from riichi.game.events import Deal, Discard, Draw, Win
from riichi.notation import parse_tiles
from riichi.replay.convert import write_record
from riichi.tiles import Tile, Wind

DATA = Path(__file__).parent.parent / "data"

#: Every real record in tests/data holding a yakuman win, with the ``ten`` (fu, points, limit) and ``yakuman``
#: (Tenhou's ids) of its yakuman wins, as the record itself states them.
YAKUMAN_WINS = {
    "games/logs/2010091009gm-00a9-0000-83af2648.xml": [("40,32000,5", "39")],  # daisangen, open, ron
    "games/logs/2016090900gm-00a9-0000-a2a25bb6.xml": [("20,48000,5", "37")],  # tenhou, read as pinfu
    "games/logs/2017040900gm-00a9-0000-af5434e3.xml": [("30,48000,5", "37")],  # tenhou
    "games/logs/2017091022gm-00a9-0000-55c5aa68.xml": [("40,32000,5", "39")],  # daisangen, tsumo, pao
    "games/logs/2019103023gm-00a9-0000-f90e0fe9.xml": [("50,64000,5", "39,42")],  # daisangen, tsuuiisou
    "games/logs/2022060104gm-00a9-0000-4f4b6c07.xml": [("50,32000,5", "40")],  # suuankou
    "games/logs/2022060108gm-00a9-0000-e88e13cf.xml": [("50,48000,5", "40")],  # suuankou, dealer
    "games/logs/h-2e6b76ab26d0d5de.xml": [("40,32000,5", "39")],  # daisangen, tsumo, pao
    "games/logs/h-beaf91fdb7aa789a.xml": [("60,32000,5", "39")],  # daisangen with a closed kan
    "games/logs/h-c4737a27a354fef2.xml": [("20,32000,5", "38"),  # chiihou, read as pinfu
                                          ("60,144000,5", "49,41,42")],  # daisuushii, suuankou tanki, tsuuiisou
    "games/logs/h-e35d731dc564d9b5.xml": [("0,32000,5", "47")],  # kokushi
    "sanma/yakuman/2020010100gm-00b9-0000-f907a09a.xml": [("50,24000,5", "40")],  # three players: suuankou
    "sanma/yakuman/2020010102gm-00b9-0000-e6392433.xml": [("40,32000,5", "39")],  # three players: daisangen
}

_AGARI = re.compile(r"<AGARI [^>]*>")


def _yakuman_wins(text: str) -> list[tuple[str, str]]:
    """The ``ten`` and ``yakuman`` of every yakuman win of an mjlog text, in order."""
    out = []
    for tag in _AGARI.findall(text):
        yakuman = re.search(r' yakuman="([^"]*)"', tag)
        if yakuman is not None:
            ten = re.search(r' ten="([^"]*)"', tag)
            assert ten is not None
            out.append((ten.group(1), yakuman.group(1)))
    return out


def _read(name: str) -> GameRecord:
    path = DATA / name
    return read_mjlog_bytes(path.read_bytes(), log_id=path.name)


def test_the_list_is_every_yakuman_of_the_real_records() -> None:
    found = {path.relative_to(DATA).as_posix(): _yakuman_wins(path.read_text(encoding="utf-8"))
             for folder in ("games/logs", "sanma/logs", "sanma/games", "sanma/yakuman")
             for path in sorted((DATA / folder).glob("*.xml"))}
    assert {name: wins for name, wins in found.items() if wins} == YAKUMAN_WINS


@pytest.mark.parametrize("name", sorted(YAKUMAN_WINS))
def test_mjlog_to_mjlog_writes_the_records_own_ten(name: str) -> None:
    record = _read(name)
    assert all(w.fu is None for h in record.hands for w in h.stated.wins if w.yakuman)  # read without a fu
    assert _yakuman_wins(write_record(record, "mjlog")) == YAKUMAN_WINS[name]


@pytest.mark.parametrize("name", sorted(YAKUMAN_WINS))
def test_a_record_without_results_is_written_with_tenhous_ten(name: str) -> None:
    # As a self-play game is saved: every result (fu, points, limit, the yakuman) is the engine's. The engine
    # lists several yakuman in its own order (49,42,41 where Tenhou wrote 49,41,42), so they are compared as sets.
    record = _read(name)
    bare = replace(record, hands=tuple(replace(h, stated=StatedHand()) for h in record.hands), end=None)
    written = _yakuman_wins(write_record(bare, "mjlog"))
    assert [(ten, set(ids.split(","))) for ten, ids in written] == [
        (ten, set(ids.split(","))) for ten, ids in YAKUMAN_WINS[name]]


def test_tenhou6_to_mjlog_writes_tenhous_ten() -> None:
    # Tenhou's own tenhou.net/6 JSON of 2019103023gm-00a9-0000-f90e0fe9 writes the yakuman as 役満64000点,
    # without a fu; its mjlog record writes ten="50,64000,5".
    record = read_tenhou6((DATA / "games" / "tenhou6" / "2019103023gm-00a9-0000-f90e0fe9.json").read_text("utf-8"))
    assert _yakuman_wins(write_record(record, "mjlog")) == YAKUMAN_WINS["games/logs/2019103023gm-00a9-0000-f90e0fe9.xml"]


def _one_hand(hands: tuple[str, str, str, str], discard: str) -> GameRecord:
    """East 1: the dealer draws 5s and discards ``discard``, and seat 1 wins on it by ron (no results stated)."""
    tile = Tile.parse(discard)
    deal = Deal(Wind.EAST, 1, 0, Tile.parse("9s"), tuple(tuple(parse_tiles(h)) for h in hands))
    events = (deal, Draw(0, Tile.parse("5s")), Discard(0, tile), Win(1, 0, tile))
    return GameRecord(RecordRules(), ("A", "B", "C", "D"), None, (HandRecord(0, events, StatedHand()),), None)


@pytest.mark.parametrize(("hands", "discard", "ten"), [
    # Seat 1 (South, East round) holds 111m 999p 111s 777z + 3z and wins by ron on the West: suuankou tanki,
    # a non-dealer's yakuman (32,000). Fu: 20 base + 10 closed ron + 8 x 4 closed terminal/honour triplets
    # + 2 tanki = 64, rounded up to 70 (West is neither seat's nor round's wind).
    (("234567m234567p3z", "111m999p111s777z3z", "2345678s888m88p6z", "2345678s222z55z4z"), "3z", "70,32000,5"),
    # Seat 1 holds seven pairs of honours but the red dragon's, and wins on it: tsuuiisou as seven pairs,
    # always 25 fu.
    (("234567m234567p7z", "1122334455667z", "2345678s888m88p6s", "2345678s999m99p6s"), "7z", "25,32000,5"),
])
def test_hands_worked_out_by_hand(hands: tuple[str, str, str, str], discard: str, ten: str) -> None:
    wins = _yakuman_wins(write_record(_one_hand(hands, discard), "mjlog"))
    assert [t for t, _ in wins] == [ten]
