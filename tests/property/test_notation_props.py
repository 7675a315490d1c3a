"""Notation round-trips: ``parse(str(x)) == x`` for tiles, tile runs, melds and hands."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from riichi.hand import Hand, Meld
from riichi.notation import format_tiles, parse_tiles, sort_key
from riichi.tiles import Tile, Wind
from tests.property.strategies import hands, melds, tile_lists, tiles, winds


@given(tiles)
def test_tile_round_trip(tile: Tile) -> None:
    assert Tile.parse(str(tile)) == tile
    assert eval(repr(tile), {"Tile": Tile}) == tile  # noqa: S307 - repr is Tile.parse('..')


@given(winds)
def test_wind_round_trip(wind: Wind) -> None:
    assert Wind.parse(str(wind)) == wind


@given(tile_lists)
def test_tile_run_round_trip(ts: list[Tile]) -> None:
    text = format_tiles(ts)
    assert parse_tiles(text) == tuple(sorted(ts, key=sort_key))
    # canonical: formatting the parsed run gives the same text
    assert format_tiles(parse_tiles(text)) == text


@given(tile_lists)
def test_unsorted_run_keeps_its_order(ts: list[Tile]) -> None:
    assert parse_tiles(format_tiles(ts, sort=False)) == tuple(ts)


@given(st.lists(tiles, min_size=1, max_size=14))
def test_run_has_one_digit_per_tile(ts: list[Tile]) -> None:
    text = format_tiles(ts)
    assert sum(ch.isdigit() for ch in text) == len(ts)


@given(melds())
def test_meld_round_trip(meld: Meld) -> None:
    assert Meld.parse(str(meld)) == meld
    assert eval(repr(meld), {"Meld": Meld}) == meld  # noqa: S307 - repr is Meld.parse('..')


@given(hands())
def test_hand_round_trip(hand: Hand) -> None:
    assert Hand.parse(str(hand)) == hand
    assert eval(repr(hand), {"Hand": Hand}) == hand  # noqa: S307 - repr is Hand.parse('..')
    assert str(Hand.parse(str(hand))) == str(hand)
