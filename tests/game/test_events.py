"""Game events: each is a frozen value whose text reads back to the same event."""

from __future__ import annotations

import dataclasses

import pytest

from riichi.errors import NotationError
from riichi.game.events import (
    Ankan,
    Chi,
    Deal,
    Discard,
    Draw,
    DrawKind,
    Event,
    GameStart,
    Minkan,
    Pon,
    Ryuukyoku,
    Win,
    discard_event,
    draw_event,
)
from riichi.tiles import Tile, Wind

LINES = [
    'start tenhou names=["A player","B","C","D"]',
    "deal S3 dealer=2 honba=1 sticks=2 scores=25000,24000,26000,25000 dora=3m "
    "hands=1112345678999m,1112345678999p,1112345678999s,1112223334445z",
    "draw 0 5m",
    "draw 0 5m rinshan",
    "discard 1 0p tsumogiri",
    "discard 1 0p",
    "riichi 2",
    "riichi 2 open",
    "riichi_accepted 2",
    "chi 1 3m<0 45m",
    "pon 2 5z<0 55z",
    "minkan 3 1p<2 111p",
    "shouminkan 2 5z",
    "ankan 0 0555m",
    "dora 4p",
    "win 1 5m ron<0 ura=3p4s",
    "win 1 5m tsumo",
    "ryuukyoku exhaustive",
    "ryuukyoku yao9 0",
    "end",
]


@pytest.mark.parametrize("line", LINES)
def test_text_round_trip(line: str) -> None:
    event = Event.parse(line)
    assert str(event) == line
    assert eval(repr(event), {type(event).__name__: type(event)}) == event  # noqa: S307 - repr is Cls.parse('...')


def test_events_are_frozen() -> None:
    event = Discard(0, Tile.parse("5m"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seat = 1  # type: ignore[misc]


def test_events_made_once_are_the_events_made_anew() -> None:
    # draw_event and discard_event hand out values made when the module loads: each must equal the event
    # its constructor makes, for every seat, tile and flag, and be the same value every time.
    for seat in range(4):
        for tile in Tile:
            for flag in (False, True):
                assert draw_event(seat, tile, rinshan=flag) == Draw(seat, tile, rinshan=flag)
                assert discard_event(seat, tile, tsumogiri=flag) == Discard(seat, tile, tsumogiri=flag)
                assert discard_event(seat, tile, tsumogiri=flag) is discard_event(seat, tile, tsumogiri=flag)
    with pytest.raises(NotationError, match="seat must be 0..3, not 4"):
        discard_event(4, Tile.parse("5m"))
    with pytest.raises(NotationError, match="seat must be 0..3, not -1"):
        draw_event(-1, Tile.parse("5m"))


def test_fields_in_mpsz() -> None:
    chi = Chi.parse("chi 1 3m<0 54m")
    assert chi.own == (Tile.parse("4m"), Tile.parse("5m"))  # sorted
    assert [str(t) for t in chi.tiles] == ["3m", "4m", "5m"]
    deal = Event.parse(LINES[1])
    assert isinstance(deal, Deal)
    assert (deal.round_wind, deal.round_number, deal.dealer) == (Wind.SOUTH, 3, 2)
    assert Win.parse("win 1 5m tsumo").is_tsumo
    assert Ankan.parse("ankan 0 0555m").kind == Tile.parse("5m").kind


def test_draw_kinds_are_replay_codes() -> None:
    # The replay output names draw types exhaustive, yao9, reach4, ron3, kan4, kaze4, nm.
    assert {k.value for k in DrawKind} == {"exhaustive", "yao9", "reach4", "ron3", "kan4", "kaze4", "nm"}
    assert Ryuukyoku(DrawKind.SUUCHA_RIICHI).kind.is_abortive
    assert not DrawKind.NAGASHI_MANGAN.is_abortive


@pytest.mark.parametrize(("line", "problem"), [
    ("draw 4 5m", "seat must be 0..3"),
    ("discard 0 8z", "is not a tile"),
    ("pon 1 5z<1 55z", "cannot call its own discard"),
    ("minkan 1 5z<0 55z", "needs 3 tiles"),
    ("ankan 0 5556m", "four tiles of one kind"),
    ("win 1 5m ron<1", "cannot ron its own tile"),
    ("ryuukyoku nine", "unknown draw kind"),
    ("shuffle 0", "unknown event"),
    ("deal E5 dealer=0 dora=1m hands=1112345678999m,1112345678999p,1112345678999s,1112223334445z",
     "round number is 1..4"),
])
def test_bad_lines_name_the_problem(line: str, problem: str) -> None:
    with pytest.raises(NotationError, match=problem):
        Event.parse(line)


def test_subclass_parse_checks_the_kind() -> None:
    with pytest.raises(NotationError, match="is a Chi, not a Pon"):
        Pon.parse("chi 1 3m<0 45m")
    assert isinstance(Minkan.parse("minkan 3 1p<2 111p"), Minkan)
    assert GameStart.parse("start wrc").names == ("", "", "", "")


def test_names_nested_deep_are_a_notation_error() -> None:
    # 100,000 brackets after names=: the JSON decoder raised RecursionError out of Event.parse.
    with pytest.raises(NotationError, match="names=\\[...\\] is a JSON list"):
        Event.parse("start tenhou names=" + "[" * 100_000)
