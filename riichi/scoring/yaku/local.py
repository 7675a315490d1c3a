"""Predicates of the optional (local) yaku and yakuman: those of the Shanghai: Dynasty manual and of the
standard lists of local yaku."""

from __future__ import annotations

from riichi.scoring.reading import Form, HandFacts, Reading


def _seven_pairs_2_to_8(r: Reading, base: int) -> bool:
    return r.form is Form.CHIITOITSU and r.pairs == tuple(range(base + 1, base + 8))


def daisharin(r: Reading, f: HandFacts) -> bool:
    """Seven pairs 2p..8p (any suit where the rules say so: see ``daichikurin``, ``daisuurin``)."""
    return _seven_pairs_2_to_8(r, 9)


def daichikurin(r: Reading, f: HandFacts) -> bool:
    """Seven pairs 2s..8s."""
    return _seven_pairs_2_to_8(r, 18)


def daisuurin(r: Reading, f: HandFacts) -> bool:
    """Seven pairs 2m..8m."""
    return _seven_pairs_2_to_8(r, 0)


def daichisei(r: Reading, f: HandFacts) -> bool:
    """Seven pairs of the seven honours."""
    return r.form is Form.CHIITOITSU and r.pairs == tuple(range(27, 34))


def _chained_triplets(r: Reading) -> int:
    """Longest chain of number triplets of one suit with consecutive numbers."""
    best = run = 0
    prev = -9
    for k in r.triplets:
        if k < 27 and k == prev + 1 and k % 9 != 0:
            run += 1
        elif k < 27:
            run = 1
        else:
            run = 0
        prev = k
        best = max(best, run)
    return best


def sanrenkou(r: Reading, f: HandFacts) -> bool:
    return _chained_triplets(r) == 3


def suurenkou(r: Reading, f: HandFacts) -> bool:
    return _chained_triplets(r) == 4


def _most_identical_runs(r: Reading) -> int:
    runs = r.runs
    return max((runs.count(s) for s in set(runs)), default=0)


def iisou_sanjun(r: Reading, f: HandFacts) -> bool:
    return _most_identical_runs(r) == 3


def iisou_suushun(r: Reading, f: HandFacts) -> bool:
    return _most_identical_runs(r) == 4


def open_riichi(r: Reading, f: HandFacts) -> bool:
    return f.ctx.open_riichi


def open_riichi_deal_in(r: Reading, f: HandFacts) -> bool:
    """Dealing into an open riichi from outside riichi pays a yakuman (a local rule of the standard yaku lists)."""
    return f.ctx.open_riichi and not f.ctx.tsumo and not f.ctx.discarder_riichi


def paarenchan(r: Reading, f: HandFacts) -> bool:
    return f.ctx.paarenchan


def shiisan_puutaa(r: Reading, f: HandFacts) -> bool:
    return r.form is Form.SHIISAN_PUUTAA
