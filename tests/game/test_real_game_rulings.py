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
from riichi.game.events import Deal, Discard, Draw, DrawKind, Event, GameEnd, Ryuukyoku
from riichi.game.game import Game
from riichi.game.round import Round
from riichi.game.wall import Wall
from riichi.notation import parse_tiles
from riichi.rules import TENHOU, GameLength, RuleSet, TenpaiYame
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


# -- tenpai-yame -----------------------------------------------------------------------------------------
#
# One real Tenhou hanchan went on after the all-last dealer, in first place, was tenpai at an exhaustive draw
# (issue 25), while the 2022 houou game 2022060102gm-00a9-0000-721b23eb of tests/data/games ends at exactly that
# point (South 4, the dealer tenpai with 35,000 and first). The sources disagree on why: the arcturus.su
# translation of Tenhou's rules calls agari- and tenpai-yame automatic, but Tenhou's client has an automatic
# tenpai-stop setting (自動聴牌止め, tenhou.net/man), so the stop is the dealer's to make. The rule is a switch
# (TenpaiYame); the tenhou preset leaves it to the dealer, and a record shows the choice.


def _all_last_draw(tenpai_yame: TenpaiYame) -> Game:
    """East 4 of an east-only game, the dealer (seat 3) first with 40,000 and tenpai on 1z/2z, everyone
    discarding what they draw until the wall is empty. The game is put at its all-last hand as the earlier
    hands would have left it."""
    game = Game(TENHOU.replace(length=GameLength.EAST_ONLY, tenpai_yame=tenpai_yame))
    game.round_number, game.dealer, game.scores = 4, 3, [20000, 20000, 20000, 40000]
    wall = Wall.arranged(dealer=3, hands={3: "123456789m1122z"}, seed=0)
    game.apply(Deal(Wind.EAST, 4, 3, wall.dora_indicator(0), wall.hands(3), scores=tuple(game.scores),
                    wall=wall.tiles))
    for n in range(70):
        seat = (3 + n) % 4
        game.apply(Draw(seat, wall.live_tile(n)))
        game.apply(Discard(seat, wall.live_tile(n), tsumogiri=True))
    game.apply(Ryuukyoku(DrawKind.EXHAUSTIVE))
    result = game.hand_result
    assert result is not None and result.tenpai == (3,) and result.scores_end == (19000, 19000, 19000, 43000)
    return game


def _next_deal(game: Game) -> Deal:
    wall = Wall.shuffled(1)
    return Deal(Wind.EAST, 4, 3, wall.dora_indicator(0), wall.hands(3), honba=1, wall=wall.tiles)


def test_tenpai_yame_at_the_dealers_choice() -> None:
    game = _all_last_draw(TenpaiYame.DEALERS_CHOICE)
    assert game.is_over and game.may_go_on  # the stop is made unless the dealer plays on
    game.apply(_next_deal(game))  # the dealer plays on: East 4, one honba
    assert not game.is_over and game.honba == 1 and game.scores == [19000, 19000, 19000, 43000]
    stopped = _all_last_draw(TenpaiYame.DEALERS_CHOICE)
    stopped.apply(GameEnd())  # or stops
    assert stopped.final_scores == (19000, 19000, 19000, 43000)


def test_automatic_tenpai_yame_ends_the_game() -> None:
    game = _all_last_draw(TenpaiYame.AUTOMATIC)
    assert game.is_over and not game.may_go_on
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply(_next_deal(game))


def test_no_tenpai_yame() -> None:
    game = _all_last_draw(TenpaiYame.NONE)
    assert not game.is_over
    game.apply(_next_deal(game))


def test_the_tenhou_preset_leaves_the_stop_to_the_dealer() -> None:
    assert TENHOU.game.tenpai_yame is TenpaiYame.DEALERS_CHOICE and TENHOU.game.agari_yame
