"""Rulings that real Tenhou games showed the engine had wrong, each rebuilt as a hand-made position.

A closed kan passes no winning tile: two real Tenhou rons were refused by the engine because another
player's closed kan of a tile the winner waited on had made them furiten, and Tenhou paid both (issue 25
of the project, "two engine bugs found by real games"). A closed kan can be robbed only for thirteen
orphans (the WRC Riichi Rules 2015, "Robbing a Kong": "A concealed kong can only be robbed in the case of
Thirteen Orphans"; Tenhou does not allow even that, the rule-set survey §2), so letting it go is no
missed win. (A thirteen-orphans hand that could rob it waits on that one kind, all four of which are in
the kan: it can never win afterwards, furiten or not.)
"""

from __future__ import annotations

import pytest

from riichi.errors import IllegalActionError
from riichi.game.events import Deal, Event
from riichi.game.round import Round
from riichi.notation import parse_tiles
from riichi.rules import MAHJONGSOUL, TENHOU, RuleSet
from riichi.tiles import Tile, Wind


def _round(hands: list[str], rules: RuleSet = TENHOU) -> Round:
    deal = Deal(Wind.EAST, 1, 0, Tile.parse("7z"), tuple(parse_tiles(h) for h in hands))
    return Round(deal, rules.replace(aka=0))


def _play(r: Round, *lines: str) -> None:
    for line in lines:
        r.apply(Event.parse(line))


# Seat 0 (the dealer) holds three 5p and draws the fourth; seat 1 waits on 5p and 8p (67p) with a
# closed ittsu in sou (two han: a ron needs no riichi).
HANDS = ["555p123m456m789m1z", "123s456s789s67p11z", "8p13579m13579s24z", "2468m2468p2468s5z"]


def test_a_closed_kan_of_a_waiting_tile_does_not_make_the_waiting_player_furiten() -> None:
    r = _round(HANDS)
    _play(r, "draw 0 5p", "ankan 0 5555p", "draw 0 8p rinshan", "discard 0 8p")
    assert not r.furiten_temporary[1]
    _play(r, "win 1 8p ron<0")
    assert r.wins[0].score.han == 2  # ittsu closed


def test_nor_furiten_for_the_rest_of_a_riichi() -> None:
    r = _round(HANDS)
    _play(r, "draw 0 3z", "discard 0 3z tsumogiri", "draw 1 4z", "riichi 1", "discard 1 4z tsumogiri",
          "riichi_accepted 1", "draw 2 2z", "discard 2 2z tsumogiri", "draw 3 6z", "discard 3 6z tsumogiri",
          "draw 0 5p", "ankan 0 5555p", "draw 0 7z rinshan", "discard 0 7z tsumogiri",
          "draw 1 9m", "discard 1 9m tsumogiri", "draw 2 1z", "discard 2 8p")
    assert not r.furiten_riichi[1]
    _play(r, "win 1 8p ron<2")
    assert [y.value for y, _ in r.wins[0].score.yaku][:2] == ["double_riichi", "ittsu"]  # riichi on the first turn
