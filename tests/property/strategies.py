"""Hypothesis strategies: tiles, melds, hands, complete hands as win cases, non-hands.

Everything is built from tile kinds 0..33 (1m..9m, 1p..9p, 1s..9s, 1z..7z) with at
most four copies of a kind; red fives are at most one per suit (the three red
fives of the default ``tenhou`` rules).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from hypothesis import strategies as st

from riichi.hand import Hand, Meld, MeldType
from riichi.tiles import TERMINAL_HONOR_KINDS, Tile, Wind

SEATS = ("E", "S", "W", "N")
FIVES = {4: Tile.M0, 13: Tile.P0, 22: Tile.S0}

tiles = st.sampled_from(list(Tile))
winds = st.sampled_from(list(Wind))
tile_lists = st.lists(tiles, max_size=20)


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    """Any well-formed meld, red fives included, with or without a seat."""
    kind = draw(st.sampled_from(list(MeldType)))
    if kind is MeldType.CHI:
        suit = draw(st.integers(0, 2))
        start = suit * 9 + draw(st.integers(0, 6))
        kinds = [start, start + 1, start + 2]
    else:
        k = draw(st.integers(0, 33))
        kinds = [k] * kind.size
    tiles_ = [Tile(k) for k in kinds]
    fives = [i for i, k in enumerate(kinds) if k in FIVES]
    if fives and draw(st.booleans()):
        i = draw(st.sampled_from(fives))
        tiles_[i] = FIVES[kinds[i]]
    seat = None if kind is MeldType.ANKAN else draw(st.none() | winds)
    return Meld(kind, tuple(tiles_), seat)


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """Concealed tiles and melds (not necessarily a legal hand)."""
    return Hand(tuple(draw(st.lists(tiles, max_size=14))), tuple(draw(st.lists(melds(), max_size=4))))


# --- complete hands as INTERCHANGE win cases --------------------------------------------------

@dataclass
class _Group:
    kinds: list[int]
    meld: str | None = None  # INTERCHANGE meld type, None when concealed
    tiles: list[Tile] = field(default_factory=list)


def _text(tiles_: list[Tile]) -> str:
    from riichi.notation import format_tiles  # noqa: PLC0415

    return format_tiles(tiles_)


@st.composite
def _standard_groups(draw: st.DrawFn) -> list[_Group]:
    counts: Counter[int] = Counter()
    groups: list[_Group] = []
    while len(groups) < 4:
        # choose only among the sets that still fit (no rejection, so shrinking stays easy)
        runs = [[k, k + 1, k + 2] for k in range(27) if k % 9 <= 6 and all(counts[k + i] < 4 for i in range(3))]
        triplets = [[k, k, k] for k in range(34) if counts[k] <= 1]
        options = runs if runs and (not triplets or draw(st.booleans())) else triplets
        kinds = draw(st.sampled_from(options))
        counts.update(kinds)
        groups.append(_Group(list(kinds)))
    pairs = [k for k in range(34) if counts[k] <= 2]
    pair = draw(st.sampled_from(pairs))
    counts.update([pair, pair])
    groups.append(_Group([pair, pair]))
    # Some sets become melds: a run a chi, a triplet a pon or (if a fourth copy is free) a kan.
    for g in groups[:4]:
        if draw(st.integers(0, 3)) != 0:  # about one set in four is called
            continue
        if g.kinds[0] != g.kinds[1]:
            g.meld = "chi"
        else:
            options = ["pon"]
            if counts[g.kinds[0]] < 4:
                options += ["minkan", "shouminkan", "ankan"]
            g.meld = draw(st.sampled_from(options))
            if g.meld != "pon":
                g.kinds.append(g.kinds[0])
                counts[g.kinds[0]] += 1
    return groups


@st.composite
def _chiitoitsu_groups(draw: st.DrawFn) -> list[_Group]:
    kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True))
    return [_Group([k, k]) for k in kinds]


@st.composite
def _kokushi_groups(draw: st.DrawFn) -> list[_Group]:
    extra = draw(st.sampled_from(TERMINAL_HONOR_KINDS))
    return [_Group(list(TERMINAL_HONOR_KINDS) + [extra])]


def _redden(draw: st.DrawFn, groups: list[_Group]) -> None:
    """Turn at most one five per suit red, anywhere in the hand."""
    for g in groups:
        g.tiles = [Tile(k) for k in g.kinds]
    for kind, red in FIVES.items():
        spots = [(gi, ti) for gi, g in enumerate(groups) for ti, k in enumerate(g.kinds) if k == kind]
        if spots and draw(st.booleans()):
            gi, ti = draw(st.sampled_from(spots))
            groups[gi].tiles[ti] = red


@st.composite
def complete_cases(draw: st.DrawFn) -> dict[str, Any]:
    """A complete hand (four sets and a pair, seven pairs or thirteen orphans) as a win case
    under ``tenhou`` rules, with a random but consistent situation."""
    shape = draw(st.sampled_from(["standard"] * 8 + ["chiitoitsu", "kokushi"]))
    groups = draw({"standard": _standard_groups(), "chiitoitsu": _chiitoitsu_groups(),
                   "kokushi": _kokushi_groups()}[shape])
    _redden(draw, groups)
    seat = draw(st.sampled_from(SEATS))
    others = [s for s in SEATS if s != seat]
    left = SEATS[(SEATS.index(seat) + 3) % 4]
    concealed: list[Tile] = []
    meld_objs: list[dict[str, Any]] = []
    for g in groups:
        if g.meld is None:
            concealed += g.tiles
            continue
        m: dict[str, Any] = {"type": g.meld, "tiles": _text(g.tiles)}
        if g.meld == "chi":
            m["from"] = left
        elif g.meld != "ankan":
            m["from"] = draw(st.sampled_from(others))
        meld_objs.append(m)
    win = draw(st.sampled_from(concealed))
    closed = all(m["type"] == "ankan" for m in meld_objs)
    tsumo = draw(st.booleans())
    case: dict[str, Any] = {
        "hand": _text(concealed), "win": str(win), "melds": meld_objs, "tsumo": tsumo,
        "seat_wind": seat, "round_wind": draw(st.sampled_from(SEATS)),
        "honba": draw(st.integers(0, 4)), "riichi_sticks": draw(st.integers(0, 3)), "rules": "tenhou",
    }
    if not tsumo:
        case["discarder"] = draw(st.sampled_from(others))
    if closed and draw(st.booleans()):
        case["riichi"] = True
        case["ippatsu"] = draw(st.booleans())
    # Dora indicators (at most one per kan plus one), never a fifth copy of a tile.
    used = Counter(t.kind for g in groups for t in g.tiles)
    n_ind = draw(st.integers(0, 1 + sum(1 for m in meld_objs if "kan" in m["type"])))
    indicators: list[Tile] = []
    for _ in range(n_ind):
        k = draw(st.integers(0, 33))
        if used[k] < 4:
            used[k] += 1
            indicators.append(Tile(k))
    case["dora"] = _text(indicators)
    if case.get("riichi"):
        ura = []
        for _ in range(len(indicators)):
            k = draw(st.integers(0, 33))
            if used[k] < 4:
                used[k] += 1
                ura.append(Tile(k))
        case["ura"] = _text(ura)
    return case


# --- an independent completeness check and random 14-tile hands -----------------------------

@cache
def _standard(counts: tuple[int, ...], sets: int, pair: bool) -> bool:
    if sets == 0 and pair:
        return not any(counts)
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return False
    c = list(counts)
    if not pair and c[i] >= 2:
        c[i] -= 2
        if _standard(tuple(c), sets, True):
            return True
        c[i] += 2
    if sets and c[i] >= 3:
        c[i] -= 3
        if _standard(tuple(c), sets - 1, pair):
            return True
        c[i] += 3
    if sets and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if _standard(tuple(c), sets - 1, pair):
            return True
    return False


def is_complete(kinds: list[int]) -> bool:
    """Four sets and a pair, seven different pairs, or thirteen orphans (14 tiles)."""
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    if _standard(tuple(counts), 4, False):
        return True
    if sorted(counts, reverse=True)[:8] == [2] * 7 + [0]:
        return True
    return all(counts[k] for k in TERMINAL_HONOR_KINDS) and sum(counts[k] for k in TERMINAL_HONOR_KINDS) == 14


@st.composite
def closed_fourteen(draw: st.DrawFn) -> list[int]:
    """14 tile kinds, at most four of each (often clustered in one suit to be near-winning)."""
    # 14 distinct physical tiles (kind * 4 + copy) out of one suit's 36 or the whole 136
    size = 36 if draw(st.booleans()) else 136
    ids = draw(st.lists(st.integers(0, size - 1), min_size=14, max_size=14, unique=True))
    return [i // 4 for i in ids]
