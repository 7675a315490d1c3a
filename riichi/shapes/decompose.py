"""Every reading of a complete hand: four sets and a pair, seven pairs, thirteen orphans.

Works on 34-int count arrays (see :mod:`riichi.counts`). A suit is read on its
own: the readings of a suit depend only on its nine counts, so they are
computed once per count pattern (:func:`suit_readings`, a shape table filled
on first use) and combined across suits.

A standard reading is ``(pair, triplets, runs)``: the pair's kind, the kinds of
the concealed triplets and the first kinds of the concealed runs.

>>> from riichi.counts import to_counts
>>> from riichi.notation import parse_tiles
>>> standard_readings(to_counts(parse_tiles("111222333m456p77s")))
[(24, (), (0, 0, 0, 12)), (24, (0, 1, 2), (12,))]
>>> is_complete(to_counts(parse_tiles("19m19p19s1234567z1z")), 0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, partial
from typing import Final

from riichi.shapes.kept import Kept
from riichi.tiles import SUITS, TERMINAL_HONOR_KINDS

__all__ = [
    "PAIR_TEXT",
    "RUN_TEXT",
    "StandardReading",
    "TRIPLET_TEXT",
    "WrittenReading",
    "decode_suit_table",
    "is_chiitoitsu",
    "is_complete",
    "is_kokushi",
    "search_suit_readings",
    "standard_readings",
    "set_texts",
    "suit_readings",
    "written_readings",
]

#: (pair kind or -1, triplet kinds, run first kinds)
StandardReading = tuple[int, tuple[int, ...], tuple[int, ...]]
#: A standard reading and the MPSZ texts of its sets (:func:`written_readings`).
WrittenReading = tuple[int, tuple[int, ...], tuple[int, ...], tuple[str, ...]]

# A suit reading: (pair index 0..8 or -1, triplet indices, run first indices), indices local to the suit.
_SuitReading = tuple[int, tuple[int, ...], tuple[int, ...]]

#: Honour counts that split into sets and at most a pair (five copies read as both, a shape only),
#: and those that hold the pair.
HONOR_GROUP_COUNTS: Final = frozenset({0, 2, 3, 5})
HONOR_PAIR_COUNTS: Final = frozenset({2, 5})

_NO_READING: Final[tuple[_SuitReading, ...]] = ()


#: Suit patterns whose readings are kept (most recently used). Real play uses a few thousand; the
#: bound keeps memory under about 12 MB even for a stream of every possible pattern.
_KEPT_PATTERNS: Final = 16384


@lru_cache(maxsize=_KEPT_PATTERNS)
def suit_readings(pattern: tuple[int, ...]) -> tuple[_SuitReading, ...]:
    """All ways to split one suit's nine counts into sets and at most one pair.

    Patterns of real hands (each count 0..4, at most fourteen tiles) are read from the shipped table of
    complete suit patterns (``scripts/gen_suit_table.py``); others, such as a fifth copy in a what-if,
    are searched.
    """
    total = sum(pattern)
    if total % 3 == 1:
        return _NO_READING
    if total <= 14 and max(pattern) <= 4:
        return _shipped_readings("".join(map(str, pattern)))
    return search_suit_readings(pattern)


def search_suit_readings(pattern: tuple[int, ...]) -> tuple[_SuitReading, ...]:
    """:func:`suit_readings` by search: the reference the shipped table is generated from."""
    total = sum(pattern)
    if total % 3 == 1:
        return _NO_READING
    found: set[_SuitReading] = set()
    _split(list(pattern), total % 3 == 2, -1, [], [], found)
    return tuple(sorted(found))


@lru_cache(maxsize=1)
def _complete_patterns() -> dict[str, str]:
    """Pattern digits -> encoded readings, decompressed on first use (a few ms, once per process)."""
    from riichi.shapes._suit_table import PATTERNS, READINGS  # noqa: PLC0415 - loaded on first use only

    return decode_suit_table(PATTERNS, READINGS)


def decode_suit_table(patterns: str, readings: str) -> dict[str, str]:
    """The shipped table's two texts (``scripts/gen_suit_table.py``) as pattern digits -> encoded readings.

    C-level calls only (base64, decompress, split, ``dict(zip(...))``): no Python code runs per pattern.
    """
    import binascii  # noqa: PLC0415
    import lzma  # noqa: PLC0415
    import zlib  # noqa: PLC0415

    keys = zlib.decompress(binascii.a2b_base64(patterns)).decode("ascii").split("\n")
    values = lzma.decompress(binascii.a2b_base64(readings)).decode("ascii").split("\n")
    return dict(zip(keys, values, strict=True))


def _shipped_readings(digits: str, kinds: Sequence[int] | None = None) -> tuple[_SuitReading, ...]:
    """The readings of a real suit pattern (its nine counts as digits) from the shipped table, none when
    the pattern is not complete.

    Each reading is written in the table as the pair's index or ``-``, the triplets' indices, ``/``,
    the runs' indices. The indices are given as the suit's own (0..8), or as the kinds of the suit
    starting at ``kinds[0]`` when its :data:`_KINDS_FROM` entry is given.
    """
    text = _complete_patterns().get(digits)
    if not text:
        return _NO_READING
    kind = (kinds or _KINDS_FROM[0]).__getitem__
    out = []
    for item in text.split(";"):
        sets, runs = item.split("/")
        out.append((-1 if sets[0] == "-" else kind(ord(sets[0]) - 48), tuple(map(kind, sets[1:].encode())),
                    tuple(map(kind, runs.encode()))))
    return tuple(out)


#: For each suit's first kind, the kind of each ASCII digit code (``ord("0") + index``) and of each index.
_KINDS_FROM: Final = {base: tuple(base + i for i in range(9)) + (0,) * 39 + tuple(base + i for i in range(9))
                      for base in (0, 9, 18)}


def _split(c: list[int], need_pair: bool, pair: int, trips: list[int], runs: list[int],
           found: set[_SuitReading]) -> None:
    i = 0
    while i < 9 and c[i] == 0:
        i += 1
    if i == 9:
        if not need_pair:
            found.add((pair, tuple(trips), tuple(runs)))
        return
    n = c[i]
    if n >= 3:
        c[i] -= 3
        trips.append(i)
        _split(c, need_pair, pair, trips, runs, found)
        trips.pop()
        c[i] += 3
    if need_pair and n >= 2:
        c[i] -= 2
        _split(c, False, i, trips, runs, found)
        c[i] += 2
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        runs.append(i)
        _split(c, need_pair, pair, trips, runs, found)
        runs.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1


def standard_readings(counts: Sequence[int]) -> list[StandardReading]:
    """Every reading of the concealed counts as sets and exactly one pair (kinds in ascending order)."""
    return [(pair, trips, runs) for pair, trips, runs, _ in written_readings(bytes(counts))]


def written_readings(key: bytes) -> list[WrittenReading]:
    """:func:`standard_readings` of the counts as bytes, each with its concealed sets' MPSZ texts in order
    (by first tile, a triplet before a run that starts on its kind)."""
    partial: list[WrittenReading] = _START
    for base, known in _SUITS:
        pattern = key[base:base + 9]  # each suit's nine counts are a slice of the key, a cheap dict key
        if pattern == _EMPTY_SUIT:
            continue
        options = known[pattern]
        if not options:
            return []
        if len(options) == 1 and len(partial) == 1:
            (sp, st, sr, sx), (p, trips, runs, texts) = options[0], partial[0]
            if sp >= 0 and p >= 0:
                return []
            partial = [(sp if sp >= 0 else p, trips + st, runs + sr, texts + sx)]
            continue
        merged: list[WrittenReading] = []
        for p, trips, runs, texts in partial:
            for sp, st, sr, sx in options:
                if sp >= 0 and p >= 0:
                    continue
                merged.append((sp if sp >= 0 else p, trips + st, runs + sr, texts + sx))
        if not merged:
            return []
        partial = merged
    honors = key[27:34]
    if honors == _NO_HONORS:
        return [r for r in partial if r[0] >= 0]
    honor = _honor_reading(honors)
    if honor is None:
        return []
    honor_pair, extra, extra_texts = honor
    return [(honor_pair if honor_pair >= 0 else p, trips + extra, runs, texts + extra_texts)
            for p, trips, runs, texts in partial if (p >= 0) != (honor_pair >= 0)]


_START: Final[list[WrittenReading]] = [(-1, (), (), ())]
_EMPTY_SUIT: Final = bytes(9)
_NO_HONORS: Final = bytes(7)


@lru_cache(maxsize=4096)  # a few hundred honour patterns occur in real play
def _honor_reading(pattern: bytes) -> tuple[int, tuple[int, ...], tuple[str, ...]] | None:
    """The honours as (pair kind or -1, triplet kinds, triplet texts), or None when they are no sets and at most
    a pair."""
    trips: list[int] = []
    pair = -1
    for k, n in enumerate(pattern, start=27):
        if n == 0:
            continue
        if n == 3:
            trips.append(k)
        elif n == 2 and pair < 0:
            pair = k
        elif n == 5 and pair < 0:  # only a shape question: five copies read as a triplet and a pair
            trips.append(k)
            pair = k
        else:
            return None
    return pair, tuple(trips), tuple([TRIPLET_TEXT[k] for k in trips])


def _suit_readings_at(base: int, pattern: bytes) -> tuple[WrittenReading, ...]:
    """:func:`suit_readings` with kinds made absolute for the suit starting at ``base``, and set texts."""
    if max(pattern) <= 4 and sum(pattern) <= 14:  # a real suit: read from the shipped table
        found = _shipped_readings(pattern.translate(_DIGIT_CODES).decode("ascii"), _KINDS_FROM[base])
    else:  # a what-if beyond four copies: searched
        found = tuple((p + base if p >= 0 else -1, tuple([t + base for t in trips]), tuple([r + base for r in runs]))
                      for p, trips, runs in suit_readings(tuple(pattern)))
    return tuple((p, trips, runs, set_texts(trips, runs)) for p, trips, runs in found)


def set_texts(triplets: Sequence[int], runs: Sequence[int]) -> tuple[str, ...]:
    """MPSZ texts of sets by first tile (each sorted), a triplet before a run that starts on its kind."""
    if not triplets:
        return tuple(map(RUN_TEXT.__getitem__, runs))
    if not runs:
        return tuple(map(TRIPLET_TEXT.__getitem__, triplets))
    return tuple([RUN_TEXT[code // 2] if code % 2 else TRIPLET_TEXT[code // 2]
                  for code in sorted([2 * k for k in triplets] + [2 * k + 1 for k in runs])])


#: MPSZ text of the run starting at each kind, of the triplet and of the pair of each kind.
RUN_TEXT: Final = tuple(f"{k % 9 + 1}{k % 9 + 2}{k % 9 + 3}{SUITS[k // 9]}" if k < 27 and k % 9 < 7 else ""
                        for k in range(34))
TRIPLET_TEXT: Final = tuple(f"{k % 9 + 1}" * 3 + SUITS[k // 9] for k in range(34))
PAIR_TEXT: Final = tuple(f"{k % 9 + 1}" * 2 + SUITS[k // 9] for k in range(34))


#: A count (0..9) as its digit, to turn a pattern of counts into the shipped table's key.
_DIGIT_CODES: Final = bytes(range(48, 58)) + bytes(range(10, 256))


#: Each suit's first kind, and its patterns' readings with absolute kinds (bounded, as suit_readings).
_SUITS: Final = tuple((base, Kept(partial(_suit_readings_at, base), bound=_KEPT_PATTERNS)) for base in (0, 9, 18))


def is_chiitoitsu(counts: Sequence[int]) -> bool:
    """Seven different pairs (four equal tiles are not two pairs)."""
    pairs = 0
    for n in counts:
        if n == 2:  # noqa: PLR2004
            pairs += 1
        elif n:
            return False
    return pairs == 7  # noqa: PLR2004


def is_kokushi(counts: Sequence[int]) -> bool:
    """One of each terminal and honour plus one more of them."""
    counts = list(counts)
    orphans = 0
    for k in TERMINAL_HONOR_KINDS:
        if not counts[k]:
            return False
        orphans += counts[k]
    return orphans == sum(counts) == 14  # noqa: PLR2004


def is_complete(counts: Sequence[int], n_melds: int = 0) -> bool:
    """Whether the concealed counts plus ``n_melds`` melds are a complete hand."""
    total = sum(counts)
    if total != 14 - 3 * n_melds:
        return False
    if n_melds == 0 and (is_chiitoitsu(counts) or is_kokushi(counts)):
        return True
    return bool(standard_readings(counts))
