"""Three players: the 108-tile wall, setting a North aside (kita), no chi, three seats in turn.

The hands are worked out by hand in each test (tiles from public sources: riichi.wiki "Sanma":
2m-8m removed, no chi, a North may be set aside for a replacement tile; tenhou.net's three-player games,
tests/data/sanma: 39 tiles dealt, 55 drawn, a 14-tile dead wall, a win on the replacement of a North
set aside is rinshan kaihou, a ron on a North set aside is no chankan).
"""

from __future__ import annotations

import pytest

from riichi import Hand, WinContext, score
from riichi.errors import IllegalActionError, ImpossibleTilesError, InconsistentSituationError
from riichi.game.events import Chi, Discard, Draw, Event, Kita, Riichi, RiichiAccepted, Win
from riichi.game.engine import play_game
from riichi.game.legal import legal_actions
from riichi.game.players import EfficientPlayer, SeatView
from riichi.game.phase import Phase
from riichi.game.round import Round
from riichi.game.wall import Wall, full_set
from riichi.rules import MAHJONGSOUL_SANMA, TENHOU, TENHOU_SANMA
from riichi.tiles import Tile
from riichi.yaku import Yaku

NORTH = Tile.parse("4z")


def test_the_three_player_wall_has_108_tiles_without_2m_to_8m() -> None:
    tiles = full_set(3, players=3)
    assert len(tiles) == 108
    assert not [t for t in tiles if t.suit == "m" and 2 <= t.number <= 8]  # noqa: PLR2004
    assert sorted(t for t in tiles if t.is_red) == [Tile.parse("0p"), Tile.parse("0s")]  # no 5m, no red 5m
    with pytest.raises(ImpossibleTilesError, match="no 2m..8m"):
        Wall((*tiles[:-1], Tile.parse("5m")))


def test_layout_39_dealt_55_drawn_and_eight_replacement_tiles() -> None:
    # 108 = 39 dealt (13 a seat) + 55 live draws + the 14-tile dead wall: the 8 replacement tiles (four
    # kans and four Norths set aside), then the first three dora indicators each with its ura; the fourth
    # and fifth pairs lie at the live wall's end, from its end backwards. That is how Tenhou lays its
    # three-player walls: the walls rebuilt from the seeds of the real games of tests/data/sanma give every
    # replacement tile and indicator those records show (tests/formats/test_tenhou_wall.py).
    wall = Wall(full_set(0, players=3))
    assert wall.players == 3 and wall.dealt == 39  # noqa: PLR2004
    hands = wall.hands(dealer=1)
    assert len(hands) == 3 and hands[1][:4] == wall.tiles[0:4] and hands[2][:4] == wall.tiles[4:8]  # noqa: PLR2004
    assert sorted(t for h in hands for t in h) == sorted(wall.tiles[:39])
    assert wall.live_tile(0) == wall.tiles[39] and wall.live_tile(54) == wall.tiles[93]
    with pytest.raises(IllegalActionError):
        wall.live_tile(55)
    assert [wall.rinshan(k) for k in range(8)] == list(wall.tiles[94:102])
    with pytest.raises(IllegalActionError, match="eight replacement tiles"):
        wall.rinshan(8)
    assert [wall.dora_indicator(k) for k in range(5)] == [*wall.tiles[102::2], wall.tiles[92], wall.tiles[90]]
    assert [wall.ura_indicator(k) for k in range(5)] == [*wall.tiles[103::2], wall.tiles[93], wall.tiles[91]]


def _round(draws: str, hands: dict[int, str], rinshan: str = "", rules: object = TENHOU_SANMA) -> tuple[Round, Wall]:
    wall = Wall.arranged(players=3, hands=hands, draws=draws, rinshan=rinshan, dora="1s", aka=0)
    assert isinstance(rules, type(TENHOU_SANMA))
    return Round.from_wall(wall, rules), wall


def _play(r: Round, *events: Event) -> None:
    for e in events:
        r.apply(e)


def test_a_north_set_aside_draws_its_replacement_and_a_win_on_it_is_rinshan() -> None:
    # The dealer holds 111m 999m 123p 456s 7z, waiting on 7z alone; it draws a North, sets it aside (the
    # live wall gives up a tile: 55 - 1 draw - 1 = 53 left) and draws the dead wall's first tile, 7z:
    # tsumo with menzen tsumo, rinshan kaihou and one nukidora. Not tenhou: the North set aside ended the
    # first go-around.
    r, wall = _round("4z", {0: "111m999m123p456s7z"}, rinshan="7z")
    _play(r, Draw(0, NORTH))
    assert Kita(0) in legal_actions(r, 0)
    r.apply(Kita(0))
    assert r.phase is Phase.KAN and r.kita == [1, 0, 0] and r.live_tiles_left == 53  # noqa: PLR2004
    assert not r.no_calls
    with pytest.raises(IllegalActionError, match="replacement draw"):
        r.apply(Draw(0, wall.live_tile(1)))
    r.apply(Draw(0, Tile.parse("7z"), rinshan=True))
    win = Win(0, None, Tile.parse("7z"))
    assert win in legal_actions(r, 0)
    r.apply(win)
    record = r.wins[0]
    assert record.context.rinshan and record.context.kita == 1 and not record.context.tenhou
    assert (Yaku.RINSHAN, 1) in record.score.yaku and (Yaku.NUKIDORA, 1) in record.score.yaku


def test_without_kita_rinshan_the_win_on_the_replacement_is_no_rinshan() -> None:
    rules = TENHOU_SANMA.replace(kita_rinshan=False)
    r, _ = _round("4z", {0: "111m999m123p456s7z"}, rinshan="7z", rules=rules)
    _play(r, Draw(0, NORTH), Kita(0), Draw(0, Tile.parse("7z"), rinshan=True), Win(0, None, Tile.parse("7z")))
    assert not r.wins[0].context.rinshan and Yaku.RINSHAN not in dict(r.wins[0].score.yaku)


def test_a_north_set_aside_can_be_ronned_and_it_is_no_chankan() -> None:
    # Seat 1 holds seven pairs less one, waiting on North alone (11p 99p 11s 99s 55z 66z 4z): when the
    # dealer sets a North aside seat 1 may win on it; robbing a North is not robbing a kan (Tenhou).
    r, _ = _round("4z", {0: "111m999m123p456s7z", 1: "11p99p11s99s55z66z4z"})
    _play(r, Draw(0, NORTH), Kita(0))
    ron = Win(1, 0, NORTH)
    assert ron in legal_actions(r, 1)
    r.apply(ron)
    ctx = r.wins[0].context
    assert not ctx.chankan and ctx.discarder is not None
    assert Yaku.CHIITOITSU in dict(r.wins[0].score.yaku) and Yaku.CHANKAN not in dict(r.wins[0].score.yaku)


def test_a_north_set_aside_ends_ippatsu_when_it_stands() -> None:
    # The dealer draws 9p, declares riichi discarding it (tenpai on 7z) and its riichi is accepted: ippatsu
    # is open. Seat 1 draws a North and sets it aside: as on a call ("the North set aside counts as a call:
    # ippatsu ... end", tenhou.net's three-player rules), ippatsu ends once the North stands, that is when
    # no one robbed it and its replacement is drawn.
    r, _ = _round("9p4z", {0: "111m999m123p456s7z", 1: "11p99p11s99s55z66z1z"}, rinshan="2s")
    _play(r, Draw(0, Tile.parse("9p")), Riichi(0), Discard(0, Tile.parse("9p"), tsumogiri=True), RiichiAccepted(0))
    assert r.ippatsu[0]
    _play(r, Draw(1, NORTH), Kita(1), Draw(1, Tile.parse("2s"), rinshan=True))
    assert not r.ippatsu[0]


def test_a_ron_on_a_north_set_aside_keeps_ippatsu() -> None:
    # Seat 1 holds seven pairs less one, waiting on North alone (22p 88p 33s 77s 55z 66z 4z). After a
    # go-around of tsumogiri it draws 9s and declares riichi discarding it (not its first discard: no double
    # riichi), accepted. Seat 2 draws a North and sets it aside inside seat 1's first go-around: the North is
    # robbed before it stands (as an added kan robbed never stood), so seat 1 wins with riichi 1 + ippatsu 1 +
    # chiitoitsu 2 = 4 han 25 fu. Non-dealer ron: 25 x 2^6 x 4 = 6,400; with ippatsu lost it would be 3 han
    # 3,200. Robbing a North is no chankan (Tenhou; see the test above).
    wall = Wall.arranged(players=3, hands={1: "22p88p33s77s55z66z4z", 2: "123p456p789p2s3s77z"},
                         draws="2s1p1s1p9s4z", dora="1s", ura="9p", aka=0)  # ura 9p: dora 1p, not held
    r = Round.from_wall(wall, TENHOU_SANMA)
    for seat, tile in enumerate("2s 1p 1s 1p".split()):
        _play(r, Draw(seat % 3, Tile.parse(tile)), Discard(seat % 3, Tile.parse(tile), tsumogiri=True))
    _play(r, Draw(1, Tile.parse("9s")), Riichi(1), Discard(1, Tile.parse("9s"), tsumogiri=True), RiichiAccepted(1),
          Draw(2, NORTH), Kita(2))
    assert r.ippatsu[1]
    r.apply(Win(1, 2, NORTH, ura=(Tile.parse("9p"),)))
    won = r.wins[0]
    assert won.context.ippatsu and not won.context.chankan and not won.context.double_riichi
    assert dict(won.score.yaku) == {Yaku.RIICHI: 1, Yaku.IPPATSU: 1, Yaku.CHIITOITSU: 2}
    assert won.score.points == 6400  # noqa: PLR2004


def test_three_players_play_without_chi_and_in_turn_from_seat_2_to_seat_0() -> None:
    # The dealer discards 3p; seat 1 holds 12p (a chi in a four-player game): no chi is offered, and one
    # written is refused. After seat 2's discard the turn comes back to seat 0.
    r, wall = _round("3p9s9s1s", {1: "12p99p11s99s55z66z4z"})
    _play(r, Draw(0, Tile.parse("3p")), Discard(0, Tile.parse("3p"), tsumogiri=True))
    assert not any(isinstance(a, Chi) for a in legal_actions(r, 1))
    with pytest.raises(IllegalActionError, match="without chi"):
        r.apply(Chi(1, Tile.parse("3p"), 0, (Tile.parse("1p"), Tile.parse("2p"))))
    _play(r, Draw(1, wall.live_tile(1)), Discard(1, wall.live_tile(1), tsumogiri=True),
          Draw(2, wall.live_tile(2)), Discard(2, wall.live_tile(2), tsumogiri=True))
    with pytest.raises(IllegalActionError, match="seat 0 draws"):
        r.apply(Draw(1, wall.live_tile(3)))
    with pytest.raises(IllegalActionError, match="seat 3 is not at a table of 3"):
        r.apply(Draw(3, wall.live_tile(3)))
    r.apply(Draw(0, wall.live_tile(3)))
    assert r.turn == 0


def test_the_scorer_takes_rinshan_with_a_north_set_aside_where_the_rules_say_so() -> None:
    # Rinshan without a kan is a win on the tile replacing a North (tenhou-sanma: kita_rinshan); without a
    # North set aside, or under rules where that replacement is no rinshan, it is refused as before.
    hand = Hand.parse("111m999m123p456s77z")
    assert (Yaku.RINSHAN, 1) in score(hand, WinContext.parse("7z tsumo rinshan kita=1 dora=1s"), TENHOU_SANMA).yaku
    for ctx, rules in (("7z tsumo rinshan dora=1s", TENHOU_SANMA),
                       ("7z tsumo rinshan kita=1 dora=1s", TENHOU_SANMA.replace(kita_rinshan=False))):
        with pytest.raises(InconsistentSituationError, match="rinshan needs a kan"):
            score(hand, WinContext.parse(ctx), rules)


def test_no_north_is_set_aside_in_a_four_player_game() -> None:
    wall = Wall.arranged(hands={0: "111m999m123p456s4z"}, draws="4z")
    r = Round.from_wall(wall, TENHOU)
    r.apply(Draw(0, NORTH))
    assert not any(isinstance(a, Kita) for a in legal_actions(r, 0))
    with pytest.raises(IllegalActionError, match="three-player"):
        r.apply(Kita(0))


@pytest.mark.parametrize(("hand", "sets_aside"), [
    # Tenpai on 7z: without the North drawn it stays tenpai, as its best discard (the North) leaves it.
    ("111m999m123p456s7z", True),
    # 111m 999m 11p 99p 44z 5z and a third North: 444z makes the hand tenpai once 5z goes, while setting
    # the North aside leaves it one step further (three pairs): the North is kept.
    ("111m999m11p99p44z5z", False),
])
def test_the_efficient_player_sets_a_north_aside_when_its_hand_does_not_need_it(hand: str, sets_aside: bool) -> None:
    r, _ = _round("4z", {0: hand})
    r.apply(Draw(0, NORTH))
    actions = legal_actions(r, 0)
    assert Kita(0) in actions
    assert isinstance(EfficientPlayer().choose(SeatView(r, 0), actions), Kita) is sets_aside


def test_three_player_self_play_seats_three_and_sets_norths_aside() -> None:
    # Whole games under both three-player presets: three seats, dealers 0-2, three hands a wind (East 1-3,
    # South 1-3, West 1-3), no chi, every win's nukidora the Norths its winner set aside, the Norths
    # efficient players set aside along the way.
    norths = with_norths = 0
    for preset in (TENHOU_SANMA, MAHJONGSOUL_SANMA):
        for g in range(3):
            events: list[Event] = []
            game = play_game([EfficientPlayer(seed=3 * g + s) for s in range(3)], preset, seed=g,
                             listener=events.append)
            assert game.is_over and len(game.final_scores) == len(game.final_points) == 3  # noqa: PLR2004
            assert not any(isinstance(e, Chi) for e in events)
            norths += sum(1 for e in events if isinstance(e, Kita))
            for result in game.results:
                assert result.dealer in (0, 1, 2) and result.round_number <= 3  # noqa: PLR2004
                assert len(result.scores_start) == len(result.deltas) == 3  # noqa: PLR2004
                for w in result.wins:
                    assert dict(w.score.yaku).get(Yaku.NUKIDORA, 0) == w.context.kita
                    with_norths += w.context.kita > 0
    assert norths > 0 and with_norths > 0


def test_in_riichi_only_the_north_just_drawn_is_set_aside() -> None:
    # The dealer holds 111m 999m 123p 444z 7z (tenpai on 7z), draws 9p and declares riichi with it. Later it
    # draws 1s: its three Norths are part of the hand it declared on, so none may be set aside; drawing a
    # North would be (the hand stays as declared).
    r, _ = _round("9p2s3s1s", {0: "111m999m123p444z7z"})
    _play(r, Draw(0, Tile.parse("9p")), Riichi(0), Discard(0, Tile.parse("9p"), tsumogiri=True), RiichiAccepted(0),
          Draw(1, Tile.parse("2s")), Discard(1, Tile.parse("2s"), tsumogiri=True),
          Draw(2, Tile.parse("3s")), Discard(2, Tile.parse("3s"), tsumogiri=True), Draw(0, Tile.parse("1s")))
    assert not any(isinstance(a, Kita) for a in legal_actions(r, 0))
    with pytest.raises(IllegalActionError, match="only the North just drawn"):
        r.apply(Kita(0))
    r2, _ = _round("9p2s3s4z", {0: "111m999m123p444z7z"})
    _play(r2, Draw(0, Tile.parse("9p")), Riichi(0), Discard(0, Tile.parse("9p"), tsumogiri=True), RiichiAccepted(0),
          Draw(1, Tile.parse("2s")), Discard(1, Tile.parse("2s"), tsumogiri=True),
          Draw(2, Tile.parse("3s")), Discard(2, Tile.parse("3s"), tsumogiri=True), Draw(0, NORTH))
    assert Kita(0) in legal_actions(r2, 0)


def test_tenhou_three_player_riichi_needs_three_wall_tiles() -> None:
    # Riichi needs one more own draw: four tiles left with four players, three with three (tenhou.net's
    # three-player games: the exhaustive draws of tests/data/sanma show each North set aside giving up a
    # live tile, 55 = draws + Norths + kans in every one, so the count below is Tenhou's, and Tenhou accepts
    # riichi at three tiles left there). Seat 1 sets a North aside at once (54 live tiles then); everyone
    # discards what they draw. Seat 2's 51st live draw leaves 55 - 51 - 1 = 3: its riichi is accepted, and
    # the dealer's after the next draw (2 left, no own draw to come) is refused as too few tiles.
    r, wall = _round("", {0: "11p22p33p44p55p66p7z", 1: "19m19p19s1234567z", 2: "111m999m123p456s7z"})
    for n in range(52):
        seat = n % 3
        tile = wall.live_tile(n)
        r.apply(Draw(seat, tile))
        if n == 1:
            _play(r, Kita(1), Draw(1, wall.rinshan(0), rinshan=True), Discard(1, wall.rinshan(0), tsumogiri=True))
            continue
        if n == 50:  # noqa: PLR2004
            assert r.live_tiles_left == 3  # noqa: PLR2004
            _play(r, Riichi(2), Discard(2, tile, tsumogiri=True), RiichiAccepted(2))
            continue
        if n == 51:  # noqa: PLR2004
            assert r.live_tiles_left == 2  # noqa: PLR2004
            with pytest.raises(IllegalActionError, match="few tiles"):
                r.apply(Riichi(0))
        r.apply(Discard(seat, tile, tsumogiri=True))
    assert r.riichi == [False, False, True]
