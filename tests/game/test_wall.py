"""The wall: 136 tiles, a 14-tile dead wall, seeded shuffles, at most four replacement tiles."""

from __future__ import annotations

from collections import Counter

import pytest

from riichi.errors import IllegalActionError, ImpossibleTilesError
from riichi.game.wall import DEAD_WALL, LIVE_DRAWS, Wall, full_set
from riichi.tiles import Tile


@pytest.mark.parametrize("aka", [0, 3, 4])
def test_a_set_has_four_of_each_kind_and_the_rules_red_fives(aka: int) -> None:
    tiles = full_set(aka)
    assert len(tiles) == 136
    assert Counter(t.kind for t in tiles) == {k: 4 for k in range(34)}
    reds = Counter(t for t in tiles if t.is_red)
    # Three red fives is one per suit; four adds a second red 5p (the rule sets' ``aka`` switch).
    expected = {0: {}, 3: {Tile.M0: 1, Tile.P0: 1, Tile.S0: 1}, 4: {Tile.M0: 1, Tile.P0: 2, Tile.S0: 1}}[aka]
    assert reds == expected


def test_the_same_seed_gives_the_same_wall_and_another_seed_another() -> None:
    assert Wall.shuffled(42) == Wall.shuffled(42)
    assert Wall.shuffled(42) != Wall.shuffled(43)
    assert sorted(Wall.shuffled(42).tiles) == sorted(full_set(3))


def test_layout_live_wall_then_dead_wall() -> None:
    # 52 dealt + 70 drawn = 122 live tiles; the last 14 are the dead wall: 4 replacement tiles, then
    # five dora indicators each followed by its ura indicator.
    wall = Wall(full_set(0))
    assert LIVE_DRAWS == 70 and DEAD_WALL == 14
    assert wall.live_tile(69) == wall.tiles[121]
    assert [wall.rinshan(k) for k in range(4)] == list(wall.tiles[122:126])
    assert [wall.dora_indicator(k) for k in range(5)] == list(wall.tiles[126::2])
    assert [wall.ura_indicator(k) for k in range(5)] == list(wall.tiles[127::2])


def test_deal_four_four_four_one_from_the_dealer() -> None:
    wall = Wall(full_set(0))
    hands = wall.hands(dealer=2)
    assert hands[2][:4] == wall.tiles[0:4]  # the dealer takes the first four
    assert hands[3][:4] == wall.tiles[4:8]
    assert hands[2][12] == wall.tiles[48] and hands[1][12] == wall.tiles[51]
    assert sorted(t for h in hands for t in h) == sorted(wall.tiles[:52])


def test_a_fifth_kan_has_no_replacement_tile() -> None:
    # Four replacement tiles in the dead wall: the fifth kan is refused (seed rule: at most four kans).
    with pytest.raises(IllegalActionError, match="fifth kan"):
        Wall(full_set(3)).rinshan(4)


def test_a_wall_that_is_not_a_set_is_refused() -> None:
    tiles = list(full_set(0))
    tiles[0] = tiles[4]  # a fifth 2m, one 1m short
    with pytest.raises(ImpossibleTilesError, match="four of each tile"):
        Wall(tuple(tiles))
    with pytest.raises(ImpossibleTilesError, match="136 tiles"):
        Wall(tuple(tiles[:100]))


def test_text_round_trip() -> None:
    wall = Wall.shuffled(5)
    assert Wall.parse(str(wall)) == wall
    assert repr(wall).startswith("Wall.parse('")


def test_an_arranged_wall_puts_the_chosen_tiles_in_place() -> None:
    wall = Wall.arranged(dealer=1, hands={1: "123456789m1122z", 3: "19m19p19s1234567z"}, draws="3z4z",
                         rinshan="5p", dora="1p", ura="2p", seed=4)
    hands = wall.hands(1)
    assert sorted(hands[1]) == sorted(Wall.parse(str(wall)).hands(1)[1])
    assert [str(t) for t in sorted(hands[3])] == ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z",
                                                  "6z", "7z"]
    assert [str(wall.live_tile(0)), str(wall.live_tile(1)), str(wall.rinshan(0)), str(wall.dora_indicator(0)),
            str(wall.ura_indicator(0))] == ["3z", "4z", "5p", "1p", "2p"]
    assert sorted(wall.tiles) == sorted(full_set(3))
    with pytest.raises(ImpossibleTilesError, match="more 1z"):
        Wall.arranged(hands={0: "1111z123456789m"}, draws="1z")
