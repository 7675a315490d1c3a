"""Count the danger tables of riichi.game.danger from real games, and report their calibration.

    python scripts/build_danger_tables.py --four tests/data/games/logs --three SANMA_LOGS --write
    python scripts/build_danger_tables.py --four tests/data/games/logs --three SANMA_LOGS   # the report only

Every record is replayed by the library's engine (riichi.formats.detect.read_record, riichi.game.game.Game). At
each discard of a seat while another seat is in riichi, each kind the discarder held that is not genbutsu
against the riichi seat is one sample of its class (riichi.game.danger.tile_class, computed from the
discarder's own view): a hit when it is a winning tile of the riichi hand (in its waits, the hand not furiten).
At each discard, each other seat not in riichi is a sample of the tenpai table by its calls and turn.

The games are split by name: every fifth game (sorted) is held out. The tables written are counted from the
other games only, so the report's calibration (predicted against realised on the held-out discards made after a
riichi, by deciles of the prediction) and the ranking against a suji-only rule are on games the tables did not
see.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from riichi.formats.detect import read_record  # noqa: E402
from riichi.game import danger  # noqa: E402
from riichi.game.events import Deal, Discard, Event, GameStart  # noqa: E402
from riichi.game.game import Game  # noqa: E402
from riichi.game.players import SeatView  # noqa: E402
from riichi.tiles import KIND_OF  # noqa: E402

Counts = dict[tuple[int, ...], list[int]]


def _files(folders: list[str]) -> list[Path]:
    found: dict[str, Path] = {}
    for folder in folders:
        for path in sorted(Path(folder).glob("*")):
            if path.suffix in {".xml", ".json", ".mjson"}:
                found.setdefault(path.name, path)
    return [found[name] for name in sorted(found)]


def _walk(path: Path):  # noqa: ANN202 - a generator of (round, discard) pairs
    record = read_record(path.read_bytes(), name=path.name)
    game = Game(record.ruleset(), names=record.names)
    game.apply(GameStart(game.rules.name, record.names))
    for hand in record.hands:
        for event in hand.events:
            if not isinstance(event, Event):
                continue
            r = game.round
            if isinstance(event, Discard) and r is not None and not isinstance(event, Deal):
                yield r, event
            try:
                game.apply(event)
            except ValueError:
                return


def _is_hit(r, seat: int, kind: int) -> bool:  # noqa: ANN001
    return kind in r.waits[seat] and not r.furiten_riichi[seat]


def _count(paths: list[Path], rates: Counts, tenpai: Counts) -> None:
    for path in paths:
        for r, discard in _walk(path):
            view = SeatView(r, discard.seat)
            threats = danger.seat_threats(view)
            visible = danger.visible_counts(view)
            dora = danger.dora_kinds(view)
            held = sorted({KIND_OF[t] for t in r.hands[discard.seat]})
            for threat in threats:
                if not threat.riichi:
                    key = (min(len(r.melds[threat.seat]), 3), threat.turn)
                    row = tenpai.setdefault(key, [0, 0])
                    row[0] += 1
                    row[1] += 1 if r.waits[threat.seat] else 0
                    continue
                for kind in held:
                    if kind in threat.safe:
                        continue
                    cls = danger.tile_class(view, kind, threat, visible, dora)
                    hit = _is_hit(r, threat.seat, kind)
                    k = cls.key()
                    for key in (k, (*k[:3], -1, -1), (*k[:2], -1, -1, -1), (k[0], -1, -1, -1, -1)):
                        row = rates.setdefault(key, [0, 0])
                        row[0] += 1
                        row[1] += 1 if hit else 0


def _suji_rule(kind: int, threat: danger.SeatThreat) -> int:
    """The suji-only ranking: 0 genbutsu, 1 a suji number or an honour, 2 any other tile."""
    if kind in threat.safe:
        return 0
    if kind >= 27:  # noqa: PLR2004
        return 1
    rank, base = kind % 9, kind - kind % 9
    low = rank < 3 or (base + rank - 3) in threat.safe  # noqa: PLR2004
    high = rank > 5 or (base + rank + 3) in threat.safe  # noqa: PLR2004
    return 1 if low and high else 2


def _auc(scored: list[tuple[float, bool]]) -> float:
    """The chance that a random hit ranks above a random miss (ties count half)."""
    scored = sorted(scored, key=lambda p: p[0])
    hits = sum(1 for _, h in scored if h)
    misses = len(scored) - hits
    if not hits or not misses:
        return float("nan")
    rank_sum = 0.0
    i = 0
    while i < len(scored):
        j = i
        while j < len(scored) and scored[j][0] == scored[i][0]:
            j += 1
        mid = (i + j + 1) / 2
        rank_sum += mid * sum(1 for _, h in scored[i:j] if h)
        i = j
    return (rank_sum - hits * (hits + 1) / 2) / (hits * misses)


def _report(paths: list[Path], label: str) -> list[str]:
    """Calibration on held-out discards made while a seat was in riichi: against each riichi seat, each
    discarded tile's predicted chance of being its winning tile against whether it was."""
    pairs: list[tuple[float, bool]] = []
    suji: list[tuple[float, bool]] = []
    rons = 0
    for path in paths:
        for r, discard in _walk(path):
            view = SeatView(r, discard.seat)
            kind = KIND_OF[discard.tile]
            for threat in danger.seat_threats(view):
                if not threat.riichi:
                    continue
                p = danger.danger_of_kinds(view, [kind])[0][threat.seat]
                hit = _is_hit(r, threat.seat, kind)
                rons += hit
                pairs.append((p, hit))
                suji.append((float(_suji_rule(kind, threat)), hit))
    lines = [f"{label}: {len(pairs)} discards against a riichi in {len(paths)} held-out games, "
             f"{sum(h for _, h in pairs)} of them winning tiles"]
    pairs_sorted = sorted(pairs, key=lambda x: x[0])
    lines.append("| decile | discards | predicted | realised |")
    lines.append("|---|---|---|---|")
    n = len(pairs_sorted)
    for d in range(10):
        part = pairs_sorted[d * n // 10:(d + 1) * n // 10]
        if not part:
            continue
        pred = sum(p for p, _ in part) / len(part)
        real = sum(1 for _, h in part if h) / len(part)
        lines.append(f"| {d + 1} | {len(part)} | {pred:.1%} | {real:.1%} |")
    lines.append(f"ranking (AUC, the chance a winning tile ranks above a safe one): tables {_auc(pairs):.3f}, "
                 f"suji-only rule {_auc(suji):.3f}")
    return lines


def _module(rates4: Counts, tenpai4: Counts, rates3: Counts, tenpai3: Counts, sources: str) -> str:
    def table(name: str, counts: Counts) -> str:
        rows = "\n".join(f"    {key!r}: {tuple(v)!r}," for key, v in sorted(counts.items()))
        return f"{name}: Final[dict[tuple[int, ...], tuple[int, int]]] = {{\n{rows}\n}}\n"
    return (f'"""Generated by scripts/build_danger_tables.py; do not edit.\n\n{sources}\n\n'
            "RATES: class key (riichi.game.danger.TileClass.key(), -1 for a coarser class) -> (samples, winning\n"
            "tiles among them). TENPAI: (calls up to 3, turn bucket) of a seat not in riichi -> (samples, tenpai).\n"
            '"""\n\nfrom __future__ import annotations\n\nfrom typing import Final\n\n'
            + table("RATES", rates4) + "\n" + table("TENPAI", tenpai4) + "\n"
            + table("RATES_SANMA", rates3) + "\n" + table("TENPAI_SANMA", tenpai3))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--four", action="append", default=[], help="a folder of four-player records")
    parser.add_argument("--three", action="append", default=[], help="a folder of three-player records")
    parser.add_argument("--write", action="store_true", help="write riichi/game/_danger_table.py")
    args = parser.parse_args()
    four, three = _files(args.four), _files(args.three)
    train4 = [p for i, p in enumerate(four) if i % 5 != 4]
    hold4 = [p for i, p in enumerate(four) if i % 5 == 4]
    train3 = [p for i, p in enumerate(three) if i % 5 != 4]
    hold3 = [p for i, p in enumerate(three) if i % 5 == 4]
    if args.write:
        rates4: Counts = {}
        tenpai4: Counts = {}
        rates3: Counts = {}
        tenpai3: Counts = {}
        _count(train4, rates4, tenpai4)
        _count(train3, rates3, tenpai3)
        sources = (f"Counted from {len(train4)} four-player and {len(train3)} three-player Tenhou games (the houou "
                   "table's records\nthe repository keeps), every fifth game by name held out for the calibration "
                   "in docs/expert.md.")
        (ROOT / "riichi/game/_danger_table.py").write_text(_module(rates4, tenpai4, rates3, tenpai3, sources))
        print(f"wrote the tables: {len(train4)} + {len(train3)} games")
        import importlib  # noqa: PLC0415
        importlib.reload(danger._danger_table)  # noqa: SLF001
    for line in _report(hold4, "four players") + [""] + _report(hold3, "three players"):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
