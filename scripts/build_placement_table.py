"""Fit the placement model of riichi.game.placement on the repository's real Tenhou games, and report its
calibration.

    python scripts/build_placement_table.py --write     # write riichi/game/_placement_table.py, then report
    python scripts/build_placement_table.py             # the report only

The games are what tests/data/games/truth.jsonl (175 four-player games) and tests/data/sanma/truth-70.jsonl (70
three-player games) state of each hand: its round, dealer, start scores, wins and draws, and the game's final
scores. For each hand of the regular game (an extension's hands aside) with L hands still to play, this one
included (by the game's length: South 4 of a hanchan has L = 1, East 1 has 8 with four players), the model
takes each seat's final score as its score now plus an independent normal change; its standard deviation
``SPREAD[players][L]`` is fitted so that the change of one seat's score against another's has the games' mean
square: sqrt(mean((change_i - change_j)^2) / 2) over every pair of seats. The hands of the player's own win, of
another seat's and of a draw use the games' share of wins by tsumo (``TSUMO_SHARE``), their mean base points
(``WIN_BASE``: each win's value without honba and sticks over 4, over 6 for a dealer) and the share of seats
tenpai at an exhaustive draw (``DRAW_TENPAI``).

Every fifth game (by its order in the file) is held out: the table written is fitted on the others, and the
report compares, on the held-out hands, the predicted chance of each final place with what happened: the Brier
score (the mean over seats of the sum over places of (chance - outcome)^2; lower is better) beside two plain
guesses, every place alike and the order of the scores now kept.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SOURCES = {4: ROOT / "tests/data/games/truth.jsonl", 3: ROOT / "tests/data/sanma/truth-70.jsonl"}
_WINDS = "ESWN"
#: The most hands still to play a table row is kept for (a hanchan of four players has 8).
_MOST = 8

Sample = tuple[int, list[int], list[int]]  # (hands to play, scores now, final scores), by the game's seats
Fit = tuple[list[float], tuple[float, int, float], int, int]  # spreads, (tsumo, base, tenpai), games, hands


def _games(players: int) -> list[dict[str, object]]:
    with SOURCES[players].open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _samples(game: dict[str, object]) -> list[Sample]:
    rules = game["rules"]
    assert isinstance(rules, dict)
    n = int(rules["players"])
    last_wind = 0 if rules["length"] == "tonpuusen" else 1
    final = game["final_scores"]
    assert isinstance(final, list)
    out: list[Sample] = []
    for hand in game["kyoku"]:  # type: ignore[attr-defined]
        position = _WINDS.index(hand["round_wind"]) * n + hand["round_number"] - 1
        left = last_wind * n + n - position
        if left >= 1:
            out.append((min(left, _MOST), list(hand["scores_start"]), list(final)))
    return out


def fit_spread(games: list[dict[str, object]]) -> list[float]:
    """SPREAD by hands to play (index 0 unused): sqrt(mean square of one seat's change against another's / 2)."""
    sums = [0.0] * (_MOST + 1)
    counts = [0] * (_MOST + 1)
    for game in games:
        for left, now, final in _samples(game):
            change = [f - s for f, s in zip(final, now, strict=True)]
            for i in range(len(change)):
                for j in range(i + 1, len(change)):
                    sums[left] += (change[i] - change[j]) ** 2
                    counts[left] += 1
    out = [0.0] * (_MOST + 1)
    for left in range(1, _MOST + 1):
        if counts[left]:
            out[left] = round(math.sqrt(sums[left] / counts[left] / 2), -1)
    out[0] = out[1]
    for left in range(2, _MOST + 1):  # a length the games never had (none longer than the last seen)
        if not counts[left]:
            out[left] = out[left - 1]
    return out


def hand_shares(games: list[dict[str, object]]) -> tuple[float, int, float]:
    """The share of wins by tsumo, their mean base points, and the share of seats tenpai at exhaustive draws."""
    tsumo = wins = 0
    base = 0.0
    tenpai = seats = 0
    for game in games:
        for hand in game["kyoku"]:  # type: ignore[attr-defined]
            for win in hand["wins"]:
                wins += 1
                tsumo += 1 if win["tsumo"] else 0
                base += win["points"] / (6 if win["winner"] == hand["dealer"] else 4)
            draw = hand["draw"]
            if draw and draw["type"] == "exhaustive":
                seats += len(hand["scores_start"])
                tenpai += len(draw["tenpai"])
    return round(tsumo / wins, 4), int(round(base / wins, -1)), round(tenpai / seats, 4)


def _module(fits: dict[int, Fit]) -> str:
    def row(name: str, values: dict[int, object]) -> str:
        inner = ", ".join(f"{k}: {v!r}" for k, v in sorted(values.items()))
        return f"{name}: Final[dict[int, {type(next(iter(values.values()))).__name__}]] = {{{inner}}}\n"

    spread = "\n".join(f"    {n}: ({', '.join(f'{x:.1f}' for x in fits[n][0])}),"
                       for n in sorted(fits))
    sources = ";\n".join(f"{fits[n][2]} {'four' if n == 4 else 'three'}-player games "
                         f"({fits[n][3]} hands of the regular game)" for n in sorted(fits, reverse=True))
    return (
        '"""Generated by scripts/build_placement_table.py; do not edit.\n\n'
        f"Fitted on\n{sources}:\nthe real Tenhou games the repository keeps (tests/data/games/truth.jsonl and "
        "tests/data/sanma/truth-70.jsonl),\nevery fifth game held out for the calibration in docs/analysis.md.\n\n"
        "SPREAD[players][L]: the standard deviation of a seat's final score about its score now with L hands of "
        "the\nregular game still to play, this one included (index 0 as 1). TSUMO_SHARE: the share of wins by "
        "tsumo.\nWIN_BASE: a win's mean base points (its value without honba and sticks over 4, over 6 for a "
        "dealer).\nDRAW_TENPAI: the share of seats tenpai at an exhaustive draw.\n"
        '"""\n\nfrom __future__ import annotations\n\nfrom typing import Final\n\n'
        f"SPREAD: Final[dict[int, tuple[float, ...]]] = {{\n{spread}\n}}\n"
        + row("TSUMO_SHARE", {n: fits[n][1][0] for n in fits})
        + row("WIN_BASE", {n: fits[n][1][1] for n in fits})
        + row("DRAW_TENPAI", {n: fits[n][1][2] for n in fits}))


def _report(games: list[dict[str, object]], players: int) -> list[str]:
    from riichi.game.placement import _spread, place_chances

    by_left: dict[int, list[float]] = {}
    for game in games:
        for left, now, final in _samples(game):
            order = sorted(range(players), key=lambda s: (-final[s], s))
            kept = sorted(range(players), key=lambda s: (-now[s], s))
            row = by_left.setdefault(left, [0.0, 0.0, 0.0, 0.0])
            for seat in range(players):
                place = order.index(seat)
                chances = place_chances([float(x) for x in now], seat, _spread(players, left))
                row[0] += 1
                row[1] += sum((p - (1.0 if k == place else 0.0)) ** 2 for k, p in enumerate(chances))
                row[2] += (1 - 1 / players) ** 2 + (players - 1) / players ** 2
                row[3] += 0.0 if kept.index(seat) == place else 2.0
    lines = ["| hands to play | seats | model | every place alike | order kept |", "|---|---|---|---|---|"]
    total = [0.0, 0.0, 0.0, 0.0]
    for left in sorted(by_left, reverse=True):
        r = by_left[left]
        total = [a + b for a, b in zip(total, r, strict=True)]
        lines.append(f"| {left} | {int(r[0])} | {r[1] / r[0]:.3f} | {r[2] / r[0]:.3f} | {r[3] / r[0]:.3f} |")
    lines.append(f"| all | {int(total[0])} | {total[1] / total[0]:.3f} | {total[2] / total[0]:.3f} | "
                 f"{total[3] / total[0]:.3f} |")
    return lines


def fit() -> tuple[dict[int, Fit], dict[int, list[dict[str, object]]]]:
    """By players: the fit on four games in five (spreads, shares, games, hands), and the held-out games."""
    fits: dict[int, Fit] = {}
    held: dict[int, list[dict[str, object]]] = {}
    for players in (4, 3):
        games = _games(players)
        train = [g for i, g in enumerate(games) if i % 5 != 4]
        held[players] = [g for i, g in enumerate(games) if i % 5 == 4]
        fits[players] = (fit_spread(train), hand_shares(train), len(train),
                         sum(len(_samples(g)) for g in train))
    return fits, held


def module_text() -> str:
    """The text of riichi/game/_placement_table.py as the games give it."""
    return _module(fit()[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write riichi/game/_placement_table.py")
    args = parser.parse_args()
    fits, held = fit()
    if args.write:
        (ROOT / "riichi/game/_placement_table.py").write_text(_module(fits), encoding="utf-8")
        print("wrote riichi/game/_placement_table.py")
    for players in (4, 3):
        spread, (tsumo, base, tenpai), n_games, n_hands = fits[players]
        print(f"\n{players} players: {n_games} games, {n_hands} hands fitted; spread by hands to play "
              f"{', '.join(f'{x:,.0f}' for x in spread[1:])}; tsumo share {tsumo}, mean base {base}, "
              f"tenpai at a draw {tenpai}\n")
        print(f"Brier score of the final place, {len(held[players])} held-out games:\n")
        print("\n".join(_report(held[players], players)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
