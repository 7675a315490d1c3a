"""The SVG renderer: well-formed documents, sideways called tiles, backs of a concealed kan, red fives.

Expectations come from issue 4 (tiles as pictures) and the table customs it
names: a called tile is turned sideways towards the seat it came from (left:
first tile, across: middle, right: last), a concealed kan shows two backs,
the added tile of a shouminkan lies on the called one.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from riichi import svg
from riichi.errors import NotationError
from riichi.hand import Hand
from riichi.tiles import Tile, Wind

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def tile_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if "tile" in g.get("class", "").split()]


def placed(root: ET.Element) -> list[tuple[str, bool]]:
    """(tile text or 'back', sideways?) of each placed tile, left to right as drawn."""
    out = []
    for g in root.iter(f"{NS}g"):
        transform = g.get("transform", "")
        if transform.startswith("translate"):
            (body,) = [c for c in g if c.tag == f"{NS}g"]
            name = body.get("data-tile") or "back"
            out.append((name, "rotate(-90)" in transform))
    return out


@pytest.mark.parametrize("t", list(Tile))
def test_every_tile_is_well_formed_svg_with_its_name(t: Tile) -> None:
    root = parse(svg.tile(t))
    (group,) = tile_groups(root)
    assert group.get("data-tile") == str(t)
    assert root.get("width") == "30" and root.get("height") == "40"


def test_result_is_an_svg_string_that_notebooks_display() -> None:
    picture = svg.tiles("123m")
    assert isinstance(picture, svg.SvgString) and isinstance(picture, str)
    assert picture._repr_svg_() == picture


def test_row_of_tiles_keeps_order_and_width() -> None:
    root = parse(svg.tiles("5z13m"))
    assert [name for name, _ in placed(root)] == ["5z", "1m", "3m"]
    # three tiles of width 30 with two gaps of 1.5
    assert root.get("width") == "93"


def test_red_five_is_styled_differently_from_the_plain_five() -> None:
    red = tile_groups(parse(svg.tile("0p")))[0]
    plain = tile_groups(parse(svg.tile("5p")))[0]
    assert "red-five" in red.get("class", "").split()
    assert "red-five" not in plain.get("class", "").split()
    face = lambda g: g.find(f"{NS}rect").get("fill")  # noqa: E731 - the first rect is the tile face
    assert face(red) != face(plain)


def test_honours_and_man_carry_their_characters() -> None:
    assert "東" in svg.tile("1z") and "中" in svg.tile("7z") and "發" in svg.tile("6z")
    man = svg.tile("3m")
    assert "三" in man and "萬" in man


def test_pin_count_matches_number() -> None:
    # each pin is a ring of three concentric circles
    for n in range(2, 10):
        circles = list(parse(svg.tile(f"{n}p")).iter(f"{NS}circle"))
        assert len(circles) == 3 * n


def test_back_has_no_face() -> None:
    root = parse(svg.tile("1m", back=True))
    assert placed(root) == [("back", False)]


@pytest.mark.parametrize(
    ("meld", "seat", "expected"),
    [
        # seat E: N is on the left, W across, S on the right
        ("chi:340m@N", "E", [("3m", True), ("4m", False), ("0m", False)]),
        ("pon:777z@W", "E", [("7z", False), ("7z", True), ("7z", False)]),
        ("pon:777z@S", "E", [("7z", False), ("7z", False), ("7z", True)]),
        # seat S: E is on the left
        ("pon:555p@E", "S", [("5p", True), ("5p", False), ("5p", False)]),
        ("minkan:9999p@N", "S", [("9p", False), ("9p", True), ("9p", False), ("9p", False)]),
        ("minkan:9999p@W", "S", [("9p", False), ("9p", False), ("9p", False), ("9p", True)]),
    ],
)
def test_called_tile_is_sideways_towards_its_seat(meld: str, seat: str, expected: list[tuple[str, bool]]) -> None:
    assert placed(parse(svg.meld(meld, seat=seat))) == expected


def test_three_players_have_no_seat_across() -> None:
    # three players sit E, S, W: East's left is West, South's right is West, West's right is East
    assert placed(parse(svg.meld("pon:777z@W", seat="E", players=3))) == [("7z", True), ("7z", False), ("7z", False)]
    assert placed(parse(svg.meld("pon:777z@W", seat="S", players=3))) == [("7z", False), ("7z", False), ("7z", True)]
    assert placed(parse(svg.hand("123p pon:777z@E", seat="W", players=3)))[-1] == ("7z", True)
    with pytest.raises(ValueError, match="3 or 4 players"):
        svg.meld("pon:777z@W", players=2)


def test_concealed_kan_shows_two_backs_at_its_ends() -> None:
    root = parse(svg.meld("ankan:1111s"))
    assert placed(root) == [("back", False), ("1s", False), ("1s", False), ("back", False)]
    assert sum(1 for g in root.iter(f"{NS}g") if g.get("class") == "tile back") == 2


def test_shouminkan_stacks_the_added_tile_on_the_called_one() -> None:
    root = parse(svg.meld("shouminkan:2222z@N", seat="E"))
    assert placed(root) == [("2z", True), ("2z", True), ("2z", False), ("2z", False)]
    # two sideways tiles stacked: 2 * 30 + 1.5 gap tall
    assert root.get("height") == "61.5"


def test_hand_sets_the_winning_tile_apart_then_melds() -> None:
    h = Hand.parse("234m406p11z pon:777z@W ankan:1111s")
    root = parse(svg.hand(h, win=Tile.parse("0p"), seat=Wind.EAST))
    names = [name for name, _ in placed(root)]
    assert names == ["2m", "3m", "4m", "4p", "6p", "1z", "1z", "0p",
                     "7z", "7z", "7z", "back", "1s", "1s", "back"]
    (win_group,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "win"]
    assert [c.get("data-tile") for c in win_group.iter(f"{NS}g") if c.get("data-tile")] == ["0p"]
    assert [name for name, sideways in placed(root) if sideways] == ["7z"]


def test_sprite_defines_every_tile_and_the_back() -> None:
    root = parse(svg.sprite())
    ids = {s.get("id") for s in root.iter(f"{NS}symbol")}
    assert ids == {f"tile-{t}" for t in Tile} | {"tile-back"}


def test_bad_input_raises_precise_errors() -> None:
    with pytest.raises(NotationError):
        svg.tiles("12x")
    with pytest.raises(NotationError):
        svg.meld("pon:123m")
    with pytest.raises(ValueError, match="winning tile 9s"):
        svg.hand("123m", win="9s")


def test_values_draw_themselves_in_notebooks() -> None:
    # Notebooks call _repr_svg_: a tile, a meld and a hand each give the renderer's SVG.
    import xml.etree.ElementTree as ET

    from riichi import Hand, Meld, Tile

    for value in (Tile.parse("0p"), Meld.parse("pon:555z@W"), Hand.parse("234m406p11z pon:777z@W")):
        svg = value._repr_svg_()
        assert ET.fromstring(svg).tag.endswith("svg")
    def classes(svg: str) -> set[str]:
        return {c for el in ET.fromstring(svg).iter() for c in el.get("class", "").split()}

    assert "red-five" in classes(Tile.parse("0p")._repr_svg_())
    assert "red-five" not in classes(Tile.parse("5p")._repr_svg_())
