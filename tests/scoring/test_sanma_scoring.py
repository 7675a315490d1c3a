"""Three-player scoring: the interchange format's three-player section, each rule worked out by hand.

The hand: South's closed 123456p 789s 999m 22s, won by tsumo on 2s: menzen tsumo only, 40 fu (20 base, 2 tsumo,
8 for the closed 9m triplet, 2 for the tanki wait: 32 -> 40); base 40 x 2^3 = 320. Four players would pay it
700 (the dealer) + 400 + 400.
"""

from __future__ import annotations

import pytest

from riichi.formats.interchange import score_case

HAND = {"hand": "123456p789s22s999m", "win": "2s", "tsumo": True, "seat_wind": "S", "rules": "tenhou-sanma"}


def scored(**changes: object) -> dict:
    result = score_case({**HAND, **changes})
    assert result["ok"], result
    return result


def refused(**changes: object) -> tuple[str, str]:
    result = score_case({**HAND, **changes})
    assert not result["ok"], result
    return result["error"]["code"], result["error"]["message"]


def test_tenhou_tsumo_loss_pays_the_two_existing_shares() -> None:
    r = scored()
    assert (r["han"], r["fu"], r["points"]) == (1, 40, 1100)  # 700 + 400: North's 400 is lost
    assert r["payments"] == {"E": 700, "W": 400}
    assert r["deltas"] == {"E": -700, "S": 1100, "W": -400}


def test_tenhou_honba_is_200_a_ron_and_100_a_payer_on_a_tsumo() -> None:
    # its real three-player games: a 3 han 40 fu ron at one honba paid 5,200 + 200
    assert scored(honba=2)["deltas"] == {"E": -900, "S": 1500, "W": -600}
    ron = scored(tsumo=False, discarder="E", honba=2, riichi=True)  # riichi, 40 fu (10 for a closed ron)
    assert ron["points"] == 1300 and ron["deltas"] == {"E": -1700, "S": 1700, "W": 0}  # 1,300 + 2 x 200


def test_north_bisection_splits_the_missing_share() -> None:
    # North's share (400) split: 200 more from each payer; the dealer's win: North's 700 in halves of 350 -> 400
    r = scored(rules="mahjongsoul-sanma")
    assert r["points"] == 1500 and r["payments"] == {"E": 900, "W": 600}
    dealer = scored(rules="mahjongsoul-sanma", seat_wind="E")
    assert dealer["points"] == 2200 and dealer["payments"] == {"S": 1100, "W": 1100}
    # a mangan (3 dora from the 1m indicator: 9m is the dora): 4,000 + 2,000 + 2,000 split -> 5,000 + 3,000
    assert scored(rules="mahjongsoul-sanma", dora="1m")["payments"] == {"E": 5000, "W": 3000}


def test_a_1m_indicator_makes_9m_the_dora() -> None:
    r = scored(dora="1m")
    assert {y["name"]: y["han"] for y in r["yaku"]} == {"menzen_tsumo": 1, "dora": 3}
    assert r["points"] == 6000 and r["limit"] == "mangan"  # 2,000 + 4,000 (tsumo loss)
    assert "dora" not in {y["name"] for y in scored(dora="7p")["yaku"]}  # 8p is the dora, not held
    riichi = scored(dora="9p", ura="9m", riichi=True)  # 9m shows 1m: none held
    assert {y["name"] for y in riichi["yaku"]} == {"riichi", "menzen_tsumo", "dora"}


def test_set_aside_norths_are_nukidora_and_dora_again_under_a_west_indicator() -> None:
    r = scored(kita=2, dora="3z")
    assert [(y["name"], y["han"]) for y in r["yaku"]] == [("menzen_tsumo", 1), ("dora", 2), ("nukidora", 2)]
    assert r["han"] == 5 and r["limit"] == "mangan"
    assert [(y["name"], y["han"]) for y in scored(kita=1)["yaku"]] == [("menzen_tsumo", 1), ("nukidora", 1)]


def test_a_win_on_the_kita_replacement_is_rinshan_where_the_rules_say_so() -> None:
    assert {y["name"] for y in scored(kita=1, rinshan=True)["yaku"]} == {"menzen_tsumo", "rinshan", "nukidora"}
    code, message = refused(kita=1, rinshan=True, rules={"preset": "tenhou-sanma", "kita_rinshan": False})
    assert code == "inconsistent_situation" and "not rinshan" in message
    assert refused(rinshan=True) == ("inconsistent_situation",
                                     "rinshan needs a kan among the melds or a North set aside (kita)")


@pytest.mark.parametrize(("changes", "code", "needle"), [
    ({"seat_wind": "N"}, "invalid_case", "seat_wind is N, but a three-player game (tenhou-sanma) has the seats"),
    ({"tsumo": False, "discarder": "N"}, "invalid_case", "discarder is N"),
    ({"round_wind": "N"}, "invalid_case", "round_wind is N"),
    ({"hand": "456p789s22s999m", "melds": [{"type": "pon", "tiles": "111z", "from": "N"}]}, "invalid_case",
     "called from N"),
    ({"hand": "456p789s22s999m", "melds": [{"type": "chi", "tiles": "123p", "from": "E"}]}, "invalid_case",
     "there is no chi in a three-player game"),
    ({"hand": "123456p789s22s555m"}, "impossible_tiles", "5m is not in a three-player game"),
    ({"dora": "2m"}, "impossible_tiles", "2m is not in a three-player game"),
    ({"ura": "0m", "riichi": True}, "impossible_tiles", "0m is not in a three-player game (tenhou-sanma: the tiles 2m to 8m are out), but it is in the ura indicators"),
    ({"kita": 2, "rules": "tenhou"}, "invalid_case", "kita counts Norths set aside, but tenhou sets none aside"),
    ({"hand": "123456p789s44z999m", "win": "9m", "kita": 3}, "impossible_tiles",
     "4z appears 5 times counting the hand, the melds, the indicators and the Norths set aside"),
    ({"kita": 5}, "invalid_case", "kita must be a whole number from 0 to 4"),
    ({"kita": "1"}, "invalid_case", "kita must be a whole number from 0 to 4"),
])
def test_what_a_three_player_game_cannot_hold(changes: dict, code: str, needle: str) -> None:
    got, message = refused(**changes)
    assert got == code and needle in message, message


def test_four_player_cases_keep_their_four_seats() -> None:
    r = score_case({**HAND, "rules": "tenhou"})
    assert r["deltas"] == {"E": -700, "S": 1500, "W": -400, "N": -400}


def test_nagashi_mangan_with_three_players_is_a_mangan_tsumo_without_north() -> None:
    # Tenhou's real three-player games: nagashi mangan paid as a mangan tsumo (tsumo loss: 4,000 + 2,000)
    r = score_case({"nagashi_mangan": True, "seat_wind": "S", "rules": "tenhou-sanma"})
    assert r["ok"] and r["points"] == 6000 and r["deltas"] == {"E": -4000, "S": 6000, "W": -2000}
    bad = score_case({"nagashi_mangan": True, "seat_wind": "N", "rules": "tenhou-sanma"})
    assert bad["error"]["code"] == "invalid_case"
    assert score_case({"nagashi_mangan": True, "kita": 1, "rules": "tenhou-sanma"})["error"]["code"] == \
        "inconsistent_situation"


def test_three_player_settlement_for_the_game_engine() -> None:
    from riichi.rules import TENHOU_SANMA
    from riichi.scoring.settlement import Ron, ron_winners, settle_draw, settle_game_end, settle_rons
    from riichi.tiles import Wind

    rules = TENHOU_SANMA.game
    # turn order after South with three seats: West, then East (no North between)
    assert ron_winners({Wind.EAST, Wind.WEST}, Wind.SOUTH, rules) == (Wind.WEST, Wind.EAST)
    # a double ron at one honba with a stick: the first winner (West) takes the 200 honba and the stick (Tenhou's
    # three-player records: honba and sticks to the first winner only)
    first, second = settle_rons([Ron(Wind.EAST, 2000), Ron(Wind.WEST, 320)], discarder=Wind.SOUTH, honba=1, sticks=1,
                                rules=rules)
    assert first.winner is Wind.WEST and first.deltas == (0, -1500, 2500)  # 1,300 + 200 honba; + 1,000 stick
    assert second.winner is Wind.EAST and second.deltas == (12000, -12000, 0)  # a dealer's mangan, no honba
    # exhaustive draws: 2,000 in all (three-player Tenhou), nothing when all or none are tenpai
    assert settle_draw({Wind.EAST, Wind.SOUTH, Wind.WEST}, rules=rules) == (0, 0, 0)
    assert settle_draw((), rules=rules) == (0, 0, 0)
    # nagashi mangan at a draw: a mangan tsumo with tsumo loss (4,000 + 2,000), the sticks stay on the table
    assert settle_draw({Wind.WEST}, rules=rules, nagashi={Wind.WEST}) == (-4000, -2000, 6000)
    # the end (104,000 on the scores, a stick on the table): 35,000 start, 40,000 return, oka 3 x 5,000 to the top,
    # uma +20/0/-20, exact points summing to 0
    end = settle_game_end([56800, 35400, 11800], sticks=1, rules=rules)
    assert end.scores == (57800, 35400, 11800) and end.places == (1, 2, 3)
    assert end.points == (52.8, -4.6, -48.2)  # 17.8 + 20 + 15; -4.6 + 0; -28.2 - 20
