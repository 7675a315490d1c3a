"""A game record as its score sheet: the record replayed by the engine (any format the replay reads: Tenhou
mjlog and tenhou.net/6, mjai, Mahjong Soul, and whatever reader joins them), each hand written down as a
scorekeeper would (the discarder, each winner's han and fu or yakuman count and liable seat, the accepted riichi,
the tenpai and nagashi seats, the abortive kind), so that online games join the same league as table games.

Every value on the sheet is the engine's own (the han and fu of its scoring, the seats its state shows); the
record's stated results are not read. Scoring the sheet gives the replay's numbers back.

>>> from pathlib import Path
>>> from riichi.formats.detect import read_record
>>> from riichi.sheet import score_sheet
>>> path = Path("tests/data/games/logs/2010081709gm-00a9-0000-fe3371ad.xml")
>>> sheet = sheet_of_record(read_record(path.read_bytes(), name=path.name))
>>> sheet.hands[0]
SheetHand.ron(2, SheetWin(1, han=4, fu=30), riichi=(2,))
>>> score_sheet(sheet).final_scores
(20100, 35800, 5200, 38900)
"""

from __future__ import annotations

from riichi.errors import SheetError
from riichi.formats.record import GameRecord, HandRecord
from riichi.game.events import DrawKind
from riichi.game.game import Game, HandResult, WinResult
from riichi.replay.run import player_names, replay_game
from riichi.rules import AbortiveDraw, PaoScope, RuleSet
from riichi.scoring.limits import Limit
from riichi.sheet.model import HandKind, SheetGame, SheetHand, SheetWin
from riichi.tiles import Wind

__all__ = ["sheet_of_record"]


def sheet_of_record(record: GameRecord, *, rules: RuleSet | None = None, file: str = "") -> SheetGame:
    """The score sheet of a whole recorded game, under the rules the replay uses (``rules``, else the
    record's). Raises :class:`~riichi.errors.SheetError` when the record cannot be replayed to its end, or
    starts after the game's first hand (an excerpt: a sheet starts from the first deal)."""
    ruleset = rules if rules is not None else record.ruleset()
    results: dict[int, HandResult] = {}

    def observe(game: Game, hand: HandRecord, position: int) -> None:
        result = game.hand_result
        if result is not None:
            results[hand.index] = result

    order: list[int] = []
    for obj in replay_game(record, file=file, rules=ruleset, observe=observe):
        if obj["type"] == "error":
            error = obj["error"]
            assert isinstance(error, dict)
            hand = obj.get("kyoku")
            # the replay's message names the hand as people count (from 1); the error's hand field counts from 0
            raise SheetError(f"the record cannot be replayed ({error['code']}): {error['message']}",
                             hand=hand if isinstance(hand, int) else None)
        if obj["type"] == "kyoku":
            index = obj["kyoku"]
            assert isinstance(index, int)
            order.append(index)
    if not order:
        raise SheetError("the record holds no hand")
    first = results[order[0]]
    start = (ruleset.game.starting_points,) * ruleset.players
    if (first.round_wind, first.round_number, first.dealer, first.honba, first.riichi_sticks,
            first.scores_start) != (Wind.EAST, 1, 0, 0, 0, start):
        raise SheetError(f"the record starts at {first.round_wind}{first.round_number}-{first.honba}, not at the "
                         f"game's first hand: a sheet starts from the first deal")
    names = player_names(record)
    return SheetGame(ruleset, tuple(_hand(results[i], ruleset) for i in order),
                     None if names is None else tuple(name or "" for name in names))


def _hand(result: HandResult, rules: RuleSet) -> SheetHand:
    riichi = tuple(result.riichi)
    if result.wins:
        wins = tuple(_win(w, rules) for w in result.wins)
        source = result.wins[0].from_seat
        if source is None:
            return SheetHand(HandKind.TSUMO, riichi, wins=wins)
        return SheetHand(HandKind.RON, riichi, discarder=source, wins=wins)
    draw = result.draw
    assert draw is not None
    if draw is DrawKind.EXHAUSTIVE or draw is DrawKind.NAGASHI_MANGAN:
        return SheetHand(HandKind.DRAW, riichi, tenpai=tuple(result.tenpai or ()), nagashi=tuple(result.nagashi or ()))
    return SheetHand(HandKind.ABORTIVE, riichi, abortive=AbortiveDraw[draw.name])


def _win(w: WinResult, rules: RuleSet) -> SheetWin:
    s = w.score
    if s.limit is Limit.YAKUMAN:
        share = 1
        if w.pao is not None and rules.scoring.pao_scope is PaoScope.YAKUMAN_SHARE:
            share = next((m for yaku, m in s.yakuman if yaku in rules.scoring.pao), 1)
        return SheetWin(w.winner, yakuman=s.yakuman_total, pao=w.pao, pao_yakuman=share)
    return SheetWin(w.winner, han=s.han, fu=s.fu, pao=w.pao)
