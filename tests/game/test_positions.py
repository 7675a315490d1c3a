"""Hand-built positions, one per rule of play; each cites the rule book row it comes from.

Positions are event sequences (``Event.parse`` lines) applied to a :class:`Round` or a :class:`Game`;
where the wall matters (the last tiles) the wall is arranged with :meth:`Wall.arranged`.
"""

from __future__ import annotations

import pytest

from riichi.errors import IllegalActionError
from riichi.game.events import Deal, Draw, DrawKind, Event, Win
from riichi.game.game import Game
from riichi.game.legal import Pass, legal_actions
from riichi.game.round import Round
from riichi.game.wall import Wall
from riichi.notation import format_tiles, parse_tiles
from riichi.rules import DYNASTY, FULL, MAHJONGSOUL, MLEAGUE, TENHOU, WRC, RuleSet
from riichi.tiles import Tile, Wind


def deal_line(hands: list[str], *, dealer: int = 0, dora: str = "7z", honba: int = 0) -> Deal:
    return Deal(Wind.EAST, 1, dealer, Tile.parse(dora), tuple(parse_tiles(h) for h in hands), honba=honba)


def start(hands: list[str], rules: RuleSet = TENHOU, **kwargs: object) -> Round:
    return Round(deal_line(hands, **kwargs), rules)  # type: ignore[arg-type]


def play(target: Round | Game, *lines: str) -> None:
    for line in lines:
        target.apply(Event.parse(line))


def refused(target: Round | Game, line: str, rule: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        target.apply(Event.parse(line))
    assert info.value.rule == rule, str(info.value)
    return info.value


# -- four riichi ---------------------------------------------------------------------------------------

# Four tenpai starting hands (waits 5s, 1z, 2z, 3z); each player draws a tile nobody waits on and
# declares riichi discarding it.
FOUR_TENPAI = ["123456789m123p5s", "234678s456789p1z", "234567m345999s2z", "112233445566p3z"]
FOUR_RIICHI = [line for seat, tile in enumerate(["9p", "1s", "8m", "7z"]) for line in (
    f"draw {seat} {tile}", f"riichi {seat}", f"discard {seat} {tile} tsumogiri", f"riichi_accepted {seat}")]


def test_the_fourth_riichi_ends_the_hand_under_tenhou() -> None:
    # Tenhou plays suucha riichi: the fourth accepted riichi ends the hand, the sticks stay on the table
    # (the rule-set survey §1g "Abortive draws", Tenhou column; the sources agree: four riichi declarations end the hand).
    r = start(FOUR_TENPAI)
    play(r, *FOUR_RIICHI)
    assert r.riichi == [True] * 4 and r.double_riichi == [True] * 4  # all on a first uninterrupted discard
    refused(r, "draw 0 1m", "ryuukyoku")
    play(r, "ryuukyoku reach4")
    assert r.is_over and r.sticks == 4 and r.scores == [24000] * 4


def test_the_fourth_riichi_plays_on_under_wrc() -> None:
    # WRC 2015 has no abortive draws (the rule-set survey §1g, WRC column).
    r = start(FOUR_TENPAI, WRC)
    play(r, *FOUR_RIICHI)
    refused(r, "ryuukyoku reach4", "abortive_draw")
    play(r, "draw 0 1m")


def test_a_game_keeps_the_sticks_and_the_dealer_after_four_riichi() -> None:
    # An abortive draw repeats the hand with one more honba; the riichi sticks carry over (Tenhou [T1];
    # real Tenhou games: "Sticks carry over after a draw").
    game = Game(TENHOU)
    play(game, "start tenhou")
    game.apply(deal_line(FOUR_TENPAI))
    play(game, *FOUR_RIICHI, "ryuukyoku reach4")
    result = game.hand_result
    assert result is not None and result.draw is DrawKind.SUUCHA_RIICHI and result.deltas == (0, 0, 0, 0)
    frame = game.next_hand()
    assert (frame.dealer, frame.honba, frame.sticks, frame.scores) == (0, 1, 4, (24000,) * 4)
    assert not game.is_over


# -- the fifth kan ---------------------------------------------------------------------------------------

def test_a_fifth_kan_is_refused() -> None:
    # The dead wall holds four replacement tiles: four kans at most (the yaku encyclopedia: each kan draws a replacement
    # from the dead wall; the rule-set survey §1g suukaikan). Seat 0 makes four concealed kans; seat 1 then holds
    # three 9p when seat 0 discards the fourth: no open kan, a pon still.
    r = start(["1111222233334m", "999p123456789s1z", "12345678p12345z", "23456788s12345z"])
    play(r, "draw 0 4m", "ankan 0 1111m", "draw 0 4m rinshan", "ankan 0 2222m", "draw 0 4m rinshan",
         "ankan 0 3333m", "draw 0 5m rinshan", "ankan 0 4444m", "draw 0 9p rinshan", "discard 0 9p")
    assert r.kans == 4
    refused(r, "minkan 1 9p<0 999p", "fifth_kan")
    kinds = {type(a).__name__ for a in legal_actions(r, 1)}
    assert "Minkan" not in kinds and "Pon" in kinds


# -- riichi and the wall ---------------------------------------------------------------------------------

def _to_the_end(rules: RuleSet, seat_hands: dict[int, str], last_draw: int) -> tuple[Round, Wall]:
    wall = Wall.arranged(hands=seat_hands, seed=5)
    r = Round.from_wall(wall, rules)
    for i in range(last_draw + 1):
        seat = i % 4
        r.apply(Draw(seat, wall.live_tile(i)))
        if i == last_draw:
            break
        play(r, f"discard {seat} {wall.live_tile(i)} tsumogiri")
    return r, wall


TENPAI_1_2 = {1: "123456789m1234p", 2: "123456789s5567p"}


@pytest.mark.parametrize(("rules", "three_left"), [(TENHOU, False), (WRC, False), (MLEAGUE, True)])
def test_riichi_with_three_tiles_left(rules: RuleSet, three_left: bool) -> None:
    # Riichi needs at least four tiles left in the live wall under Tenhou, WRC and EMA; M-League needs
    # none (the rule-set survey §1e). Draw 66 (seat 1) leaves 4 tiles, draw 67 (seat 2) leaves 3.
    r, _ = _to_the_end(rules, TENPAI_1_2, 65)
    assert r.live_tiles_left == 4
    assert any(type(a).__name__ == "Riichi" for a in legal_actions(r, 1))
    r, _ = _to_the_end(rules, TENPAI_1_2, 66)
    assert r.live_tiles_left == 3
    assert any(type(a).__name__ == "Riichi" for a in legal_actions(r, 2)) is three_left
    if not three_left:
        refused(r, "riichi 2", "riichi")


def test_haitei_is_the_last_live_tile_and_never_a_replacement_tile() -> None:
    # Seat 0 draws the 69th tile (one left), makes a concealed kan of 1z (the kan takes the last live
    # tile for the dead wall) and wins on the replacement tile: rinshan only, never haitei (the WRC Riichi Rules 2015: "a
    # replacement tile drawn last scores rinshan only").
    pool = list(parse_tiles("89m6789p12346789s234567z" * 4))  # tiles seat 0 neither holds nor waits on
    draws = format_tiles([*pool[:68], Tile.parse("1z")], sort=False)
    wall = Wall.arranged(hands={0: "111z234m567m23p55s"}, draws=draws, rinshan="4p", seed=9)
    r = Round.from_wall(wall, TENHOU)
    for i in range(69):
        r.apply(Draw(i % 4, wall.live_tile(i)))
        if i < 68:
            play(r, f"discard {i % 4} {wall.live_tile(i)} tsumogiri")
    assert r.live_tiles_left == 1
    play(r, "ankan 0 1111z", "draw 0 4p rinshan")
    assert r.live_tiles_left == 0
    r.apply(Win(0, None, Tile.parse("4p")))
    ctx = r.wins[0].context
    assert ctx.rinshan and not ctx.haitei
    names = [y.value for y, _ in r.wins[0].score.yaku]
    assert "rinshan" in names and "haitei" not in names


# -- robbing a kan ------------------------------------------------------------------------------------------

# Seat 0 pons seat 1's 5p and later adds the red 5p; seat 2 waits on 5p (4p6p, kanchan).
CHANKAN_HANDS = ["55p123m456m789m12z", "5p111222333s444z", "46p123456789s33z", "1112223334445m"]


def chankan_play(added: str) -> list[str]:
    return ["draw 0 6z", "discard 0 6z tsumogiri", "draw 1 7z", "discard 1 5p", "pon 0 5p<1 55p",
            "discard 0 1z", "draw 1 9m", "discard 1 9m tsumogiri", "draw 2 1p", "discard 2 1p tsumogiri",
            "draw 3 9p", "discard 3 9p tsumogiri", f"draw 0 {added}", f"shouminkan 0 {added}"]


def test_an_added_kan_is_robbed() -> None:
    # Chankan robs an added kan; no kan dora is turned for a robbed kan (the WRC Riichi Rules 2015: "a robbed kan flips no
    # indicator"; the rule-set survey §1a: Tenhou turns an added kan's indicator only after its replacement discard).
    r = start(CHANKAN_HANDS)
    play(r, *chankan_play("0p"))
    assert Win(2, 0, Tile.parse("0p")) in legal_actions(r, 2)
    play(r, "win 2 0p ron<0")
    win = r.wins[0]
    assert win.context.chankan and not win.context.houtei
    assert "chankan" in [y.value for y, _ in win.score.yaku]
    assert r.dora == [Tile.parse("7z")]


def test_only_kokushi_robs_an_added_kan_under_dynasty() -> None:
    # Shanghai: Dynasty: only thirteen orphans may rob a kan (seed; RuleSet.chankan off).
    r = start(CHANKAN_HANDS, DYNASTY)  # no red fives under Dynasty: the fourth 5p is plain
    play(r, *chankan_play("5p"))
    assert legal_actions(r, 2) == ()
    refused(r, "win 2 5p ron<0", "win")


KOKUSHI_HANDS = ["111z123m456m789m5p", "199m19p19s234567z", "23456788s23456p", "23456788p23456s"]


@pytest.mark.parametrize(("rules", "robs"), [(MAHJONGSOUL, True), (DYNASTY, True), (TENHOU, False)])
def test_kokushi_robbing_a_closed_kan(rules: RuleSet, robs: bool) -> None:
    # Kokushi may rob a closed kan under Mahjong Soul (and WRC 2015; Shanghai: Dynasty), not under
    # Tenhou (the rule-set survey §2 "Kokushi robbing a closed kan"). Seat 1 waits on 1z alone.
    r = start(KOKUSHI_HANDS, rules)
    play(r, "draw 0 1z", "ankan 0 1111z")
    if robs:
        play(r, "win 1 1z ron<0")
        assert r.wins[0].context.chankan
        assert r.wins[0].score.yakuman[0][0].value == "kokushi"
    else:
        assert legal_actions(r, 1) == ()
        refused(r, "win 1 1z ron<0", "win")


# -- several rons ---------------------------------------------------------------------------------------------

KYUUSHU = ["19m19p19s1234567z", "23456788m23456p", "23456788p23456s", "23456788s23456m"]
DOUBLE_RON = ["5p123m789m111z222z", "234m345p456s666s5p", "678m678p345s88s46p", "13579m13579p135s"]


def test_double_ron_with_honba_pays_the_honba_to_the_first_winner() -> None:
    # Tenhou: double ron; honba and sticks to the winner nearest after the discarder (the rule-set survey §1g);
    # real Tenhou games: "only the first collects honba and sticks".
    game = Game(TENHOU)
    play(game, "start tenhou")
    game.apply(deal_line(KYUUSHU))
    play(game, "draw 0 5m", "ryuukyoku yao9 0")  # kyuushu kyuuhai: the hand is replayed with one honba
    game.apply(deal_line(DOUBLE_RON, honba=1))
    play(game, "draw 0 9s", "discard 0 5p", "win 1 5p ron<0", "win 2 5p ron<0")
    result = game.hand_result
    assert result is not None and result.honba == 1
    assert [(w.winner, w.honba) for w in result.wins] == [(1, 1), (2, 0)]
    # Seat 1: tanyao, tanki on 5p with a closed 666s: 20 + 10 (closed ron) + 4 + 2 = 36 -> 40 fu, 1 han:
    # 1300, +300 honba. Seat 2: tanyao, kanchan 5p: 20 + 10 + 2 = 32 -> 40 fu: 1300.
    assert [w.score.points for w in result.wins] == [1300, 1300]
    assert result.deltas == (-2900, 1600, 1300, 0)


def test_head_bump_under_wrc() -> None:
    # WRC: one winner only, the nearest in turn order from the discarder (the rule-set survey §1g).
    r = start(DOUBLE_RON, WRC)
    play(r, "draw 0 9s", "discard 0 5p", "win 1 5p ron<0")
    refused(r, "win 2 5p ron<0", "win")


# -- nagashi mangan --------------------------------------------------------------------------------------------

_ORPHANS = "19m19p19s1234567z"


def _nagashi_wall(*, pon: bool) -> Wall:
    """Seat 1 draws only terminals and honours. With ``pon``, seat 2 holds 9m9m and pons seat 1's first
    discard (9m), which moves every later draw one seat on."""
    orphans = list(parse_tiles(_ORPHANS * 4))
    simples = list(parse_tiles("2345678m2345678p2345678s" * 4))
    nine_m = Tile.parse("9m")
    hands = {}
    if pon:
        for _ in range(3):
            orphans.remove(nine_m)
        hands[2] = "99m" + format_tiles(simples[-11:])
        del simples[-11:]
    draws = []
    for i in range(70):
        seat_1 = (i == 1 or (i >= 4 and i % 4 == 0)) if pon else i % 4 == 1  # noqa: PLR2004
        draws.append(nine_m if pon and i == 1 else (orphans if seat_1 else simples).pop(0))
    return Wall.arranged(hands=hands, draws=format_tiles(draws, sort=False), aka=0, seed=2)


@pytest.mark.parametrize("pon", [False, True])
def test_nagashi_mangan_and_a_called_discard(pon: bool) -> None:
    # Nagashi mangan: at an exhaustive draw, every own discard a terminal or honour and none called; paid
    # as a mangan tsumo instead of the noten payments (Tenhou [T1][T5]; the yaku encyclopedia: "none called").
    wall = _nagashi_wall(pon=pon)
    game = Game(TENHOU)
    play(game, "start tenhou")
    game.apply(Deal(Wind.EAST, 1, 0, wall.dora_indicator(0), wall.hands(0), wall=wall.tiles))
    r = game.round
    assert r is not None
    i = seat = 0
    while r.live_tiles_left:
        play(game, f"draw {seat} {wall.live_tile(i)}", f"discard {seat} {wall.live_tile(i)} tsumogiri")
        if pon and i == 1:  # seat 2 pons seat 1's 9m and discards a tile of its hand
            tile = next(t for t in r.hands[2] if t.kind != Tile.parse("9m").kind)
            play(game, "pon 2 9m<1 99m", f"discard 2 {tile}")
            seat = 3
        else:
            seat = (seat + 1) % 4
        i += 1
    play(game, "ryuukyoku exhaustive")
    result = game.hand_result
    assert result is not None
    if pon:
        assert result.nagashi is None and result.draw is DrawKind.EXHAUSTIVE
    else:
        assert result.nagashi == (1,) and result.draw is DrawKind.NAGASHI_MANGAN
        # A non-dealer's mangan tsumo: 4000 from the dealer, 2000 from each other player.
        assert result.deltas == (-4000, 8000, -2000, -2000)


# -- paarenchan ------------------------------------------------------------------------------------------------

PAARENCHAN_HAND = "555z234m567m678p1p"  # haku, 1p tanki: 20 + 10 + 8 + 2 = 40 fu, 1 han: 2000 to the dealer


@pytest.mark.parametrize(("rules", "yakuman"), [(FULL, True), (TENHOU, False)])
def test_paarenchan_is_the_eighth_dealer_win(rules: RuleSet, yakuman: bool) -> None:
    # Paarenchan: the dealer's eighth consecutive win is a yakuman where it is played (full scoring,
    # the rule-set survey §1i; the yaku encyclopedia: paarenchan). The dealer wins with haku on a 1p tanki each hand.
    game = Game(rules)
    play(game, f"start {rules.name}")
    for n in range(8):
        feeder = 1 + n % 3
        hands = [PAARENCHAN_HAND, "23456788s2345p6m", "23456788p2345s6m", "23456788m2345s6p"]
        hands[feeder] = hands[feeder][:-2] + "1p"
        game.apply(deal_line(hands, honba=n, dora="9m"))  # dora 1m: nobody holds one
        for seat in range(feeder):
            play(game, f"draw {seat} 9s", f"discard {seat} 9s tsumogiri")
        play(game, f"draw {feeder} 9p", f"discard {feeder} 1p", f"win 0 1p ron<{feeder}")
        result = game.hand_result
        assert result is not None
        names = [y.value for y, _ in result.wins[0].score.yakuman]
        assert ("paarenchan" in names) is (yakuman and n == 7), n
    assert game.round is not None and game.round.dealer_streak == 7
    assert game.is_over is yakuman  # the yakuman (48,000 and honba) takes the feeder below zero


def test_pass_is_offered_only_with_a_choice() -> None:
    # Passing is a choice where a seat may call or win; a seat with nothing to do has no actions.
    r = start(DOUBLE_RON)
    play(r, "draw 0 9s", "discard 0 5p")
    assert Pass(1) in legal_actions(r, 1) and legal_actions(r, 3) == ()


# -- open riichi ------------------------------------------------------------------------------------------------

def test_open_riichi_and_its_deal_in_yakuman() -> None:
    # Open riichi (full scoring, the rule-set survey §1i): 2 han for the riichi and the open declaration; a player
    # not in riichi who deals into it pays a yakuman (the yaku encyclopedia: open riichi "ron off a player not in riichi
    # pays a yakuman"). Tenhou plays no open riichi.
    refused(start(FOUR_TENPAI), "riichi 0 open", "sequence")
    r = start(FOUR_TENPAI, FULL)
    assert Event.parse("riichi 0 open") not in legal_actions(r, 0)  # first the draw
    play(r, "draw 0 9p")
    assert Event.parse("riichi 0 open") in legal_actions(r, 0)
    play(r, "riichi 0 open", "discard 0 9p tsumogiri", "riichi_accepted 0", "draw 1 5s", "discard 1 5s tsumogiri",
         "win 0 5s ron<1")
    win = r.wins[0]
    assert win.context.open_riichi and win.context.double_riichi
    assert [y.value for y, _ in win.score.yakuman] == ["open_riichi"]
    r = start(FOUR_TENPAI)
    play(r, "draw 0 9p")
    refused(r, "riichi 0 open", "open_riichi")


# -- furiten ---------------------------------------------------------------------------------------------------

# Seat 1 waits on 6s or 9s (234m 234p 234s 66s 78s: sanshoku either way); seat 2 and seat 3 hold a 6s.
FURITEN = ["9s123m789m111z222z", "234m234p234s6678s", "6s13579m13579p34z", "2468m2468p2468s5z"]


def test_temporary_furiten_lasts_until_the_own_draw() -> None:
    # A winning tile let go makes the player furiten until their next draw (the WRC Riichi Rules 2015; riichi.shapes.furiten).
    r = start(FURITEN)
    play(r, "draw 0 1z", "discard 0 1z tsumogiri", "draw 1 5z", "discard 1 5z tsumogiri", "draw 2 9s",
         "discard 2 9s tsumogiri")
    assert Win(1, 2, Tile.parse("9s")) in legal_actions(r, 1)
    play(r, "draw 3 3z", "discard 3 6s")  # seat 1 let the 9s go
    assert not any(isinstance(a, Win) for a in legal_actions(r, 1))
    assert "since the player's last draw" in str(refused(r, "win 1 6s ron<3", "win"))
    play(r, "draw 0 4z", "discard 0 4z tsumogiri", "draw 1 7z", "discard 1 7z tsumogiri", "draw 2 3z", "discard 2 6s")
    play(r, "win 1 6s ron<2")
    assert [y.value for y, _ in r.wins[0].score.yaku] == ["tanyao", "pinfu", "sanshoku"]


def test_own_discard_furiten() -> None:
    r = start(FURITEN)
    play(r, "draw 0 1z", "discard 0 1z tsumogiri", "draw 1 9s", "discard 1 9s tsumogiri", "draw 2 5z", "discard 2 6s")
    assert "own discards" in str(refused(r, "win 1 6s ron<2", "win"))


def test_riichi_furiten_lasts_for_the_rest_of_the_hand() -> None:
    r = start(FURITEN)
    play(r, "draw 0 1z", "discard 0 1z tsumogiri", "draw 1 5z", "riichi 1", "discard 1 5z tsumogiri",
         "riichi_accepted 1", "draw 2 9s", "discard 2 9s tsumogiri", "draw 3 3z", "discard 3 3z tsumogiri",
         "draw 0 4z", "discard 0 4z tsumogiri", "draw 1 7z", "discard 1 7z tsumogiri", "draw 2 3z",
         "discard 2 6s")
    assert "after the riichi" in str(refused(r, "win 1 6s ron<2", "win"))


def test_ippatsu_is_broken_by_a_call() -> None:
    # Ippatsu: a win before the riichi player's next discard, no call in between (the rule-set survey §1a; the WRC Riichi Rules 2015).
    r = start(FURITEN)
    play(r, "draw 0 1z", "discard 0 1z tsumogiri", "draw 1 5z", "riichi 1", "discard 1 5z tsumogiri",
         "riichi_accepted 1")
    assert r.ippatsu[1] and r.double_riichi[1]
    play(r, "draw 2 7z", "discard 2 3z", "draw 3 2z", "discard 3 2z tsumogiri", "pon 0 2z<3 22z")
    assert not r.ippatsu[1]


# -- swap-calling ---------------------------------------------------------------------------------------------------

def test_kuikae_forbids_the_called_tile_and_the_other_end() -> None:
    # After chi 3m with 45m neither 3m nor 6m may be discarded (kuikae; the rule-set survey GameRules.kuikae, Tenhou).
    r = start(["3m123456789p111z", "4566m123p789s22z5z", "2468m2468p2468s5z", "13579m13579p357z"])
    play(r, "draw 0 2z", "discard 0 3m", "chi 1 3m<0 45m")
    discards = {str(a.tile) for a in legal_actions(r, 1) if isinstance(a, Event) and a.name == "discard"}
    assert "6m" not in discards and "1p" in discards
    refused(r, "discard 1 6m", "kuikae")


# -- liability ---------------------------------------------------------------------------------------------------

DAISANGEN = ["556677z123m99p4p8s", "5z2468m2468p2468s", "6z13579m13579p35s", "7z2468m2468p2468s"]
DAISANGEN_PLAY = [
    "draw 0 1s", "discard 0 1s tsumogiri",
    "draw 1 1z", "discard 1 5z", "pon 0 5z<1 55z", "discard 0 4p",
    "draw 1 1z", "discard 1 1z tsumogiri",
    "draw 2 2z", "discard 2 6z", "pon 0 6z<2 66z", "discard 0 8s",
    "draw 1 1z", "discard 1 1z tsumogiri", "draw 2 2z", "discard 2 2z tsumogiri",
    "draw 3 3z", "discard 3 7z", "pon 0 7z<3 77z", "discard 0 1m",
    "draw 1 1z", "discard 1 1z tsumogiri", "draw 2 2z", "discard 2 2z tsumogiri", "draw 3 3z",
    "discard 3 3z tsumogiri", "draw 0 4m", "win 0 4m tsumo"]


def test_the_feeder_of_the_third_dragon_pays_a_daisangen_tsumo() -> None:
    # Pao: the player who fed the third dragon set pays the whole of a tsumo (Tenhou [T1][T3][T5], the rule-set survey §1f).
    game = Game(TENHOU)
    play(game, "start tenhou")
    game.apply(deal_line(DAISANGEN))
    play(game, *DAISANGEN_PLAY)
    result = game.hand_result
    assert result is not None
    win = result.wins[0]
    assert [y.value for y, _ in win.score.yakuman] == ["daisangen"]
    assert win.pao == 3
    assert result.deltas == (48000, 0, 0, -48000)  # the dealer's yakuman, all from seat 3
