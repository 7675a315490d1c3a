"""Seeded generator of benchmark inputs.

Everything here is a pure function of its seed (``random.Random(seed)`` is the
only source of randomness), so a benchmark round can draw a fresh seed and get
hands no earlier round has seen, and a failing case can be regenerated.

* :func:`win_cases` -- random valid wins as interchange cases (docs/interchange.md):
  closed and open hands, chiitoitsu, kokushi, kans of every type, red fives,
  riichi with ura dora, ippatsu, tsumo and ron, honba and riichi sticks.
  Every case is a complete hand with at least one yaku under the rules it names.
* :func:`random_hands` -- 13 or 14 tiles drawn from a shuffled set of 136, as
  34-count lists (the input of a shanten function).
* :func:`tenpai_hands` -- 13-tile closed hands one tile away from a win, as
  34-count lists (the input of a waits function).
* :func:`drawn_tenpai_hands` -- those hands with one more tile drawn: 14 tiles
  of which some discard leaves a wait (the input of a discard-waits function).

``python -m benchmarks.generate --seed 7 -n 3`` prints cases as JSON lines.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

__all__ = ["RULES", "drawn_tenpai_hands", "random_hands", "tenpai_hands", "win_cases"]

#: The rules every generated case names (those of the benchmark set hands-2000).
RULES: dict[str, Any] = {"preset": "tenhou", "aka": 3, "kuitan": True, "multiple_yakuman": "full"}

# A tile is a code 0..36: kinds 0..33 (1m..9m, 1p..9p, 1s..9s, 1z..7z), then
# the red fives 0m 0p 0s as 34, 35, 36.
_RED_OF_KIND = {4: 34, 13: 35, 22: 36}
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_SEATS = "ESWN"
_SUIT_LETTERS = "mpsz"
_RED_SHARE = 0.3  # chance that a five, when a red one is still free, is the red one


def _kind(code: int) -> int:
    return code if code < 34 else (4, 13, 22)[code - 34]


def _sort_key(code: int) -> tuple[int, int]:
    return (_kind(code), 0 if code >= 34 else 1)


def format_tiles(codes: list[int]) -> str:
    """MPSZ text of tile codes, sorted (``[0, 1, 34]`` -> ``'120m'``)."""
    out: list[str] = []
    suit = -1
    for code in sorted(codes, key=_sort_key):
        k = _kind(code)
        s = k // 9
        if suit != -1 and s != suit:
            out.append(_SUIT_LETTERS[suit])
        suit = s
        out.append("0" if code >= 34 else str(k % 9 + 1))
    if suit != -1:
        out.append(_SUIT_LETTERS[suit])
    return "".join(out)


class _Wall:
    """The 136 tiles (three of them red fives) not yet used by this case."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.plain = [4] * 34
        self.red = {34: 1, 35: 1, 36: 1}
        for k in _RED_OF_KIND:
            self.plain[k] = 3

    def left(self, kind: int) -> int:
        red = _RED_OF_KIND.get(kind)
        return self.plain[kind] + (self.red[red] if red is not None else 0)

    def take(self, kind: int) -> int:
        """Take one tile of this kind (a red five now and then); the kind must be left."""
        red = _RED_OF_KIND.get(kind)
        if red is not None and self.red[red] and (not self.plain[kind] or self.rng.random() < _RED_SHARE):
            self.red[red] -= 1
            return red
        if not self.plain[kind]:
            raise ValueError(f"no tile of kind {kind} left")
        self.plain[kind] -= 1
        return kind

    def take_any(self) -> int:
        """One random tile of those left (for dora indicators)."""
        pool = [k for k in range(34) for _ in range(self.left(k))]
        return self.take(self.rng.choice(pool))


# -- themes: each guarantees a yaku for the hands built with it --------------

_ALL_SUITS = (0, 1, 2)


class _Theme:
    def __init__(self, name: str, suits: tuple[int, ...], *, honours: bool, simples: bool,
                 triplets_only: bool = False, yakuhai: bool = False) -> None:
        self.name = name
        self.yakuhai = yakuhai
        self.triplets_only = triplets_only
        kinds = [k for k in range(27) if k // 9 in suits and (not simples or 1 <= k % 9 <= 7)]
        if honours:
            kinds += list(range(27, 34))
        self.kinds = kinds
        self.starts = [k for k in kinds if k < 27 and k % 9 <= 6 and (not simples or k % 9 <= 5)]


def _theme(rng: random.Random, name: str) -> _Theme:
    if name == "free":
        return _Theme(name, _ALL_SUITS, honours=True, simples=False)
    if name == "yakuhai":
        return _Theme(name, _ALL_SUITS, honours=True, simples=False, yakuhai=True)
    if name == "tanyao":
        return _Theme(name, _ALL_SUITS, honours=False, simples=True)
    if name == "toitoi":
        return _Theme(name, _ALL_SUITS, honours=True, simples=False, triplets_only=True)
    suit = (rng.randrange(3),)
    if name == "honitsu":
        return _Theme(name, suit, honours=True, simples=False)
    return _Theme("chinitsu", suit, honours=False, simples=False)


_OPEN_THEMES = (("yakuhai", 35), ("tanyao", 30), ("honitsu", 15), ("toitoi", 12), ("chinitsu", 8))
_CLOSED_THEMES = (("yakuhai", 35), ("tanyao", 35), ("honitsu", 20), ("chinitsu", 10))


def _weighted(rng: random.Random, table: tuple[tuple[str, int], ...]) -> str:
    names = [name for name, _ in table]
    return rng.choices(names, [weight for _, weight in table])[0]


# -- hand shapes --------------------------------------------------------------

class _Group:
    __slots__ = ("codes", "is_run")

    def __init__(self, codes: list[int], *, is_run: bool) -> None:
        self.codes = codes
        self.is_run = is_run


def _standard(rng: random.Random, wall: _Wall, theme: _Theme, yakuhai_kinds: tuple[int, ...],
              p_kan: float) -> tuple[list[_Group], list[int]] | None:
    """Four groups and a pair, or None when the wall ran out of a needed kind."""
    groups: list[_Group] = []
    for i in range(4):
        for _attempt in range(30):
            want_kan = rng.random() < p_kan
            need = 4 if want_kan else 3
            if theme.yakuhai and i == 0:
                kind = rng.choice(yakuhai_kinds)
                if wall.left(kind) >= need:
                    groups.append(_Group([wall.take(kind) for _ in range(need)], is_run=False))
                    break
                continue
            if not theme.triplets_only and theme.starts and rng.random() < 0.65:
                k = rng.choice(theme.starts)
                if wall.left(k) and wall.left(k + 1) and wall.left(k + 2):
                    groups.append(_Group([wall.take(k), wall.take(k + 1), wall.take(k + 2)], is_run=True))
                    break
                continue
            k = rng.choice(theme.kinds)
            if wall.left(k) >= need:
                groups.append(_Group([wall.take(k) for _ in range(need)], is_run=False))
                break
        else:
            return None
    pair_kinds = [k for k in theme.kinds if wall.left(k) >= 2]
    if not pair_kinds:
        return None
    k = rng.choice(pair_kinds)
    return groups, [wall.take(k), wall.take(k)]


def _chiitoitsu(rng: random.Random, wall: _Wall) -> list[int]:
    kinds = rng.sample(range(34), 7)
    return [wall.take(k) for k in kinds for _ in range(2)]


def _kokushi(rng: random.Random, wall: _Wall) -> list[int]:
    return [wall.take(k) for k in _ORPHANS] + [wall.take(rng.choice(_ORPHANS))]


# -- one case -------------------------------------------------------------------

def _case(rng: random.Random, case_id: object) -> dict[str, Any]:
    while True:
        case = _try_case(rng, case_id)
        if case is not None:
            return case


def _try_case(rng: random.Random, case_id: object) -> dict[str, Any] | None:  # noqa: C901, PLR0912, PLR0915
    wall = _Wall(rng)
    seat = rng.randrange(4)
    round_wind = rng.choices(range(4), (60, 35, 4, 1))[0]
    tsumo = rng.random() < 0.53
    shape = rng.choices(("standard", "chiitoitsu", "kokushi"), (88, 10, 2))[0]
    is_open = shape == "standard" and rng.random() < 0.37
    riichi = not is_open and rng.random() < 0.6
    concealed: list[int]
    melds: list[dict[str, Any]] = []
    n_kans = 0
    if shape == "chiitoitsu":
        concealed = _chiitoitsu(rng, wall)
    elif shape == "kokushi":
        concealed = _kokushi(rng, wall)
    else:
        if is_open:
            name = _weighted(rng, _OPEN_THEMES)
        elif riichi or tsumo:
            name = "free" if rng.random() < 0.75 else _weighted(rng, _CLOSED_THEMES)
        else:
            name = _weighted(rng, _CLOSED_THEMES)
        theme = _theme(rng, name)
        yakuhai_kinds = (31, 32, 33, 27 + seat, 27 + round_wind)
        built = _standard(rng, wall, theme, yakuhai_kinds, p_kan=0.08)
        if built is None:
            return None
        groups, pair = built
        called: set[int] = set()
        if is_open:
            n_called = rng.choices((1, 2, 3, 4), (35, 35, 20, 10))[0]
            called = set(rng.sample(range(4), n_called))
        concealed = list(pair)
        meld_order = list(range(4))
        rng.shuffle(meld_order)
        for i in meld_order:
            g = groups[i]
            is_kan = len(g.codes) == 4
            if i in called:
                if g.is_run:
                    mtype, source = "chi", (seat + 3) % 4
                else:
                    mtype = rng.choice(("minkan", "shouminkan")) if is_kan else "pon"
                    source = (seat + rng.randrange(1, 4)) % 4
                melds.append({"type": mtype, "tiles": format_tiles(g.codes), "from": _SEATS[source]})
            elif is_kan:
                melds.append({"type": "ankan", "tiles": format_tiles(g.codes)})
            else:
                concealed.extend(g.codes)
            n_kans += is_kan
    win_code = rng.choice(concealed)

    try:
        dora = [wall.take_any() for _ in range(1 + n_kans)]
        ura = [wall.take_any() for _ in range(1 + n_kans)] if riichi else []
    except (ValueError, IndexError):
        return None

    case: dict[str, Any] = {
        "id": case_id,
        "hand": format_tiles(concealed),
        "melds": melds,
        "win": format_tiles([win_code]),
        "tsumo": tsumo,
        "seat_wind": _SEATS[seat],
        "round_wind": _SEATS[round_wind],
        "dora": format_tiles(dora),
        "ura": format_tiles(ura),
        "honba": rng.choices((0, 1, 2, 3, 4), (70, 14, 9, 5, 2))[0],
        "riichi_sticks": rng.choices((0, 1, 2, 3), (75, 18, 6, 1))[0],
        "rules": dict(RULES),
    }
    if not tsumo:
        case["discarder"] = _SEATS[(seat + rng.randrange(1, 4)) % 4]
    if riichi:
        if rng.random() < 0.03:
            case["double_riichi"] = True
        case["riichi"] = True
        if rng.random() < 0.15:
            case["ippatsu"] = True
    roll = rng.random()
    if tsumo and n_kans and roll < 0.15:
        case["rinshan"] = True
    elif tsumo and roll < 0.03:
        case["haitei"] = True
    elif not tsumo and roll < 0.03:
        case["houtei"] = True
    return case


def win_cases(seed: int, n: int) -> list[dict[str, Any]]:
    """``n`` random valid win cases in the interchange format, a function of ``seed``."""
    rng = random.Random(seed)
    return [_case(rng, f"s{seed}-{i}") for i in range(n)]


def random_hands(seed: int, n: int, size: int) -> list[list[int]]:
    """``n`` hands of ``size`` tiles drawn from the 136, as lists of 34 counts."""
    rng = random.Random(seed)
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for t in rng.sample(range(136), size):
            counts[t >> 2] += 1
        hands.append(counts)
    return hands


def drawn_tenpai_hands(seed: int, n: int) -> list[list[int]]:
    """``n`` closed 14-tile hands: a tenpai hand (:func:`tenpai_hands`) and one more tile drawn, so that
    discarding the drawn tile, at least, leaves the hand tenpai."""
    rng = random.Random(f"draw {seed}")
    hands = tenpai_hands(seed, n)
    for counts in hands:
        counts[rng.choice([k for k in range(34) if counts[k] < 4])] += 1  # noqa: PLR2004
    return hands


def tenpai_hands(seed: int, n: int) -> list[list[int]]:
    """``n`` closed 13-tile hands one tile from a win (a win with one tile taken away)."""
    rng = random.Random(seed)
    hands: list[list[int]] = []
    while len(hands) < n:
        wall = _Wall(rng)
        shape = rng.choices(("standard", "chiitoitsu", "kokushi"), (90, 8, 2))[0]
        if shape == "chiitoitsu":
            codes = _chiitoitsu(rng, wall)
        elif shape == "kokushi":
            codes = _kokushi(rng, wall)
        else:
            name = rng.choice(("free", "free", "free", "tanyao", "honitsu", "chinitsu"))
            built = _standard(rng, wall, _theme(rng, name), (), p_kan=0.0)
            if built is None:
                continue
            groups, pair = built
            codes = pair + [c for g in groups for c in g.codes]
        counts = [0] * 34
        for c in codes:
            counts[_kind(c)] += 1
        counts[_kind(rng.choice(codes))] -= 1
        hands.append(counts)
    return hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.generate", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("-n", type=int, default=10)
    parser.add_argument("--what", choices=("cases", "hands13", "hands14", "tenpai"), default="cases")
    args = parser.parse_args(argv)
    if args.what == "cases":
        items: list[Any] = win_cases(args.seed, args.n)
    elif args.what == "tenpai":
        items = tenpai_hands(args.seed, args.n)
    else:
        items = random_hands(args.seed, args.n, 13 if args.what == "hands13" else 14)
    out = sys.stdout
    for item in items:
        out.write(json.dumps(item) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
