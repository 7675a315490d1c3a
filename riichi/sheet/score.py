"""The score sheet, a pure function: what a scorekeeper wrote down for each hand becomes every hand's payments,
honba, sticks, the next dealer, the end of the game and the final points.

Nothing here settles or decides on its own: each win is priced by :func:`~riichi.scoring.limits.counted_base`
and paid by :mod:`riichi.scoring.settlement` (several rons by ``settle_rons``, draws by ``settle_draw``, a chombo
by ``settle_chombo``, the end by ``settle_game_end``), and the course of the game between hands is
:mod:`riichi.game.progress`, as in the engine. What this module adds is the checking: a hand that cannot happen
under the sheet's rules is refused with an :class:`~riichi.errors.ImpossibleHandError` naming the hand and the
field, a hand after the end with a :class:`~riichi.errors.GameOverError`, anything malformed with a
:class:`~riichi.errors.SheetError`.

The contract's own example: 4 han 30 fu by ron, seat 2 in riichi and dealing in.

>>> game = SheetGame(hands=(SheetHand.ron(2, SheetWin(1, han=4, fu=30), riichi=(2,)),))
>>> result = score_sheet(game)
>>> result.hands[0].deltas, result.hands[0].scores_end, result.over
((0, 8700, -7700, 0), (25000, 33700, 16300, 25000), False)
>>> result.next
HandFrame(round_wind=Wind.parse('E'), round_number=2, dealer=1, honba=0, sticks=0, scores=(25000, 33700, 16300, 25000), dealer_streak=0)
"""

from __future__ import annotations

from collections.abc import Sequence

from riichi.errors import (
    GameOverError,
    ImpossibleHandError,
    InvalidCaseError,
    NotationError,
    RiichiError,
    SheetError,
)
from riichi.formats import strict_json
from riichi.formats.interchange import case_to_hand
from riichi.game.events import DrawKind
from riichi.game.progress import (
    EndReason,
    HandFrame,
    HandOutcome,
    end_reason,
    is_bust,
    next_frame,
)
from riichi.rules import AbortiveDraw, MultipleYakuman, PaoScope, RuleSet, TenpaiYame
from riichi.scoring.limits import Limit, counted_base, yakuman_base
from riichi.scoring.scorer import score
from riichi.scoring.settlement import (
    Liability,
    Ron,
    Settlement,
    ron_winners,
    settle_chombo,
    settle_draw,
    settle_game_end,
    settle_rons,
    settle_win,
)
from riichi.sheet.model import (
    FinalScoresGame,
    HandKind,
    SheetGame,
    SheetHand,
    SheetHandResult,
    SheetResult,
    SheetWin,
    SheetWinResult,
)
from riichi.tiles import Wind

__all__ = ["score_final", "score_sheet"]

#: The fu a hand below yakuman can have, 25 (seven pairs) aside: 20 to 130 in tens (three concealed honour kans,
#: an open terminal pon and a double-wind pair waited on alone come to 126, rounded to 130).
_FU_RANGE = range(20, 140, 10)


def score_sheet(game: SheetGame) -> SheetResult:
    """Every hand of ``game`` scored, and the end of the game (or the hand to play next); raises a
    :class:`~riichi.errors.SheetError` naming the first hand that cannot be and its field."""
    rules = game.rules
    if not isinstance(rules, RuleSet):
        raise SheetError(f"rules: a RuleSet, not {type(rules).__name__}", field="rules")
    n = rules.players
    _check_names(game.names, n)
    frame = HandFrame(Wind.EAST, 1, 0, 0, 0, (rules.game.starting_points,) * n, 0)
    penalties = [0] * n
    results: list[SheetHandResult] = []
    over: EndReason | None = None
    last = len(game.hands) - 1
    for i, hand in enumerate(game.hands):
        if over is not None:
            raise GameOverError(f"hand {i}: the game ended after hand {i - 1} ({over.value.replace('_', ' ')}); "
                                f"no hand comes after it", hand=i)
        if not isinstance(hand, SheetHand):
            raise SheetError(f"hand {i}: a SheetHand, not {type(hand).__name__}", hand=i)
        at = _At(i, frame, rules)
        riichi = _riichi(hand, at)
        if hand.result is HandKind.CHOMBO:
            result, frame = _chombo(hand, riichi, at)
            offender = hand.offender
            assert offender is not None
            penalties[offender] += rules.game.chombo_penalty
            results.append(result)
            over = EndReason.BUST if is_bust(rules, frame.scores) else None
            continue
        deltas, wins, outcome = _settle(hand, riichi, at)
        reason = end_reason(rules, frame, outcome)
        if reason is EndReason.TENPAI_YAME and rules.game.tenpai_yame is TenpaiYame.DEALERS_CHOICE and i < last:
            reason = None  # the stop is the dealer's: the sheet goes on, so the dealer played on
        results.append(SheetHandResult(i, hand.result, frame.round_wind, frame.round_number, frame.dealer,
                                       frame.honba, frame.sticks, frame.scores, deltas, outcome.scores_end, wins))
        frame = next_frame(rules, frame, outcome)
        over = reason
    if over is None:
        return SheetResult(tuple(results), False, None, frame.scores, frame.sticks, tuple(penalties), next=frame,
                           names=game.names)
    final = settle_game_end(frame.scores, sticks=frame.sticks, rules=rules.game, penalties=penalties)
    return SheetResult(tuple(results), True, over, frame.scores, frame.sticks, tuple(penalties), final.scores,
                       final.points, final.places, names=game.names)


def score_final(game: FinalScoresGame) -> SheetResult:
    """A game recorded by its final scores alone, checked (one score a player, in hundreds, adding up with the
    sticks left on the table to the points the game started with) and turned into final points."""
    rules = game.rules
    if not isinstance(rules, RuleSet):
        raise SheetError(f"rules: a RuleSet, not {type(rules).__name__}", field="rules")
    n = rules.players
    _check_names(game.names, n)
    scores = game.final_scores
    if len(scores) != n:
        raise SheetError(f"final_scores: a game of {n} players has {n} final scores, not {len(scores)}",
                         field="final_scores")
    for k, value in enumerate(scores):
        if not _is_int(value) or value % 100:
            raise SheetError(f"final_scores[{k}]: {value!r} is no score (scores are whole hundreds)",
                             field=f"final_scores[{k}]")
    sticks = game.leftover_sticks
    if not _is_int(sticks) or sticks < 0:
        raise SheetError(f"leftover_sticks: a count of riichi sticks (0 or more), not {sticks!r}",
                         field="leftover_sticks")
    start = rules.game.starting_points * n
    if sum(scores) + 1000 * sticks != start:
        raise SheetError(f"final_scores: {sum(scores):,} points and {sticks} riichi stick(s) on the table make "
                         f"{sum(scores) + 1000 * sticks:,}, but the game started with {start:,} "
                         f"({n} × {rules.game.starting_points:,})", field="final_scores")
    penalties = [0] * n
    for k, seat in enumerate(game.chombo):
        _seat_in(seat, n, f"chombo[{k}]", None, "")
        penalties[seat] += rules.game.chombo_penalty
    final = settle_game_end(scores, sticks=sticks, rules=rules.game, penalties=penalties)
    return SheetResult((), True, None, tuple(scores), sticks, tuple(penalties), final.scores, final.points,
                       final.places, names=game.names)


# -- one hand ------------------------------------------------------------------------------------------------

class _At:
    """Where a hand stands: its index, frame and rules, and how messages name it."""

    def __init__(self, index: int, frame: HandFrame, rules: RuleSet) -> None:
        self.index = index
        self.frame = frame
        self.rules = rules
        self.players = rules.players
        self.name = f"hand {index} ({frame.round_wind}{frame.round_number}-{frame.honba})"

    def wind(self, seat: int) -> Wind:
        return Wind((seat - self.frame.dealer) % self.players)

    def seat(self, wind: Wind) -> int:
        return (self.frame.dealer + wind) % self.players

    def by_seat(self, by_wind: Sequence[int]) -> tuple[int, ...]:
        return tuple([by_wind[self.wind(s)] for s in range(self.players)])

    def invalid(self, field: str, message: str) -> SheetError:
        return SheetError(f"{self.name}, {field}: {message}", hand=self.index, field=field)

    def impossible(self, field: str, message: str) -> ImpossibleHandError:
        return ImpossibleHandError(f"{self.name}, {field}: {message}", hand=self.index, field=field)


def _riichi(hand: SheetHand, at: _At) -> tuple[int, ...]:
    seats = _seats(hand.riichi, "riichi", at)
    least = at.rules.game.riichi_min_points
    for k, seat in enumerate(seats):
        points = at.frame.scores[seat]
        if least is not None and points < least:
            raise at.impossible(f"riichi[{k}]", f"seat {seat} has {points:,} points; riichi needs {least:,} "
                                f"under these rules")
    return seats


def _settle(hand: SheetHand, riichi: tuple[int, ...],
            at: _At) -> tuple[tuple[int, ...], tuple[SheetWinResult, ...], HandOutcome]:
    """The hand's deltas by seat, its wins, and its outcome for the course of the game."""
    frame, rules, n = at.frame, at.rules, at.players
    sticks = frame.sticks + len(riichi)
    after = [frame.scores[s] - (1000 if s in riichi else 0) for s in range(n)]
    kind = hand.result
    if kind is HandKind.RON or kind is HandKind.TSUMO:
        _only(hand, at, wins=True, discarder=kind is HandKind.RON)
        limits: dict[int, Limit | None] = {}
        paos: dict[int, int] = {}  # winner -> the liable seat that pays a share
        settled = (_ron(hand, sticks, at, limits, paos, riichi) if kind is HandKind.RON
                   else (_tsumo(hand, sticks, at, limits, paos, riichi),))
        deltas = [0] * n
        wins = []
        for s in settled:
            assert s.deltas is not None
            win_deltas = at.by_seat(s.deltas)
            for seat in range(n):
                deltas[seat] += win_deltas[seat]
            winner = at.seat(s.winner)
            wins.append(SheetWinResult(winner, s.points, limits[winner], paos.get(winner), win_deltas))
        end = tuple([after[s] + deltas[s] for s in range(n)])
        outcome = HandOutcome(tuple(w.winner for w in wins), None, (), end, sticks)
        return tuple(deltas), tuple(wins), outcome
    if kind is HandKind.DRAW:
        _only(hand, at, tenpai=True, nagashi=True)
        tenpai = _seats(hand.tenpai, "tenpai", at)
        nagashi = _seats(hand.nagashi, "nagashi", at)
        for k, seat in enumerate(riichi):
            if seat not in tenpai:
                raise at.impossible(f"riichi[{k}]", f"seat {seat} declared riichi but is not among the tenpai "
                                    f"seats (a riichi hand cannot change; a noten riichi found at the draw is a "
                                    f"chombo)")
        if nagashi and not rules.scoring.nagashi_mangan:
            raise at.impossible("nagashi", "these rules pay no nagashi mangan")
        by_wind = settle_draw({at.wind(s) for s in tenpai}, rules=rules.game,
                              nagashi={at.wind(s) for s in nagashi}, honba=frame.honba)
        deltas_t = at.by_seat(by_wind)
        end = tuple([after[s] + deltas_t[s] for s in range(n)])
        draw = DrawKind.NAGASHI_MANGAN if nagashi else DrawKind.EXHAUSTIVE
        return deltas_t, (), HandOutcome((), draw, tenpai, end, sticks)
    if kind is HandKind.ABORTIVE:
        _only(hand, at, abortive=True)
        draw_kind = _abortive(hand, riichi, at)
        return (0,) * n, (), HandOutcome((), draw_kind, (), tuple(after), sticks)
    raise at.invalid("result", f"{kind!r} is no result (ron, tsumo, draw, abortive, chombo)")


def _ron(hand: SheetHand, sticks: int, at: _At, limits: dict[int, Limit | None], paos: dict[int, int],
         riichi: tuple[int, ...]) -> tuple[Settlement, ...]:
    n = at.players
    discarder = hand.discarder
    if discarder is None:
        raise at.invalid("from", "a ron names the discarder ('from')")
    _seat_in(discarder, n, "from", at.index, at.name)
    if not hand.wins:
        raise at.invalid("wins", "a ron has one win or more")
    rons = []
    claimants: set[Wind] = set()
    for k, given in enumerate(hand.wins):
        winner = _winner(given, k, at)
        win = _scored_case(given, k, at, discarder=discarder, riichi=riichi)
        if winner == discarder:
            raise at.impossible(f"wins[{k}].winner", f"seat {winner} is the discarder: nobody rons their own "
                                f"discard")
        if at.wind(winner) in claimants:
            raise at.invalid(f"wins[{k}].winner", f"seat {winner} wins twice on one discard")
        claimants.add(at.wind(winner))
        base, limits[winner] = _value(win, k, at, tsumo=False)
        if win.pao is not None and win.pao != discarder:
            paos[winner] = win.pao
        rons.append(Ron(at.wind(winner), base, _liability(win, k, base, at)))
    paid = ron_winners(claimants, at.wind(discarder), at.rules.game)
    if len(paid) != len(claimants):
        if not paid:
            raise at.impossible("wins", "three rons on one discard are an abortive draw under these rules: write "
                                "the hand as abortive, kind sanchahou")
        allowed = len(paid)
        raise at.impossible("wins", f"these rules pay {allowed} winner{'s' if allowed > 1 else ''} on one discard "
                            f"(multiple_ron {at.rules.game.multiple_ron.value}), not {len(claimants)}")
    return settle_rons(rons, discarder=at.wind(discarder), honba=at.frame.honba, sticks=sticks, rules=at.rules.game)


def _tsumo(hand: SheetHand, sticks: int, at: _At, limits: dict[int, Limit | None], paos: dict[int, int],
           riichi: tuple[int, ...]) -> Settlement:
    if len(hand.wins) != 1:
        raise at.invalid("wins", f"a tsumo has exactly one win, not {len(hand.wins)}")
    winner = _winner(hand.wins[0], 0, at)
    win = _scored_case(hand.wins[0], 0, at, discarder=None, riichi=riichi)
    base, limits[winner] = _value(win, 0, at, tsumo=True)
    if win.pao is not None:
        paos[winner] = win.pao
    return settle_win(base, winner=at.wind(winner), discarder=None, tsumo=True, honba=at.frame.honba,
                      sticks=sticks, rules=at.rules.game, liability=_liability(win, 0, base, at))


#: What a win given by its hand may say; the rest (tsumo, discarder, winds, riichi, honba, sticks) the sheet says.
_CASE_FIELDS = frozenset({"hand", "melds", "win", "dora", "ura", "kita", "double_riichi", "open_riichi", "ippatsu",
                          "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou", "paarenchan"})


def _scored_case(win: SheetWin, k: int, at: _At, *, discarder: int | None, riichi: tuple[int, ...]) -> SheetWin:
    """A win given by its hand, scored as the win case it is in this hand (the winds, riichi and the discarder
    from the sheet), written as its han and fu or yakuman count and liable seat; any other win as it is."""
    if win.case is None:
        return win
    field = f"wins[{k}].case"
    if win.han is not None or win.fu is not None or win.yakuman is not None:
        raise at.invalid(field, "give the hand, or its han and fu or yakuman count, not both")
    try:
        case = strict_json.loads(win.case)
    except RiichiError as not_json:
        raise at.invalid(field, str(not_json)) from None
    if not isinstance(case, dict):
        raise at.invalid(field, "a win case is a JSON object")
    for key in case:
        if key not in _CASE_FIELDS:
            raise at.invalid(f"{field}.{key}", "the sheet says this itself (or no such field of a win case)"
                             if key in _SHEET_SAYS else f"no such field of a win case here (fields: "
                             f"{', '.join(sorted(_CASE_FIELDS))})")
    full: dict[str, object] = {**case, "seat_wind": str(at.wind(win.winner)), "round_wind": str(at.frame.round_wind),
                               "tsumo": discarder is None, "riichi": win.winner in riichi}
    if discarder is not None:
        full["discarder"] = str(at.wind(discarder))
        full["discarder_riichi"] = discarder in riichi
    try:
        hand, ctx = case_to_hand(full)
        scored = score(hand, ctx, at.rules)
    except (NotationError, InvalidCaseError) as malformed:  # each name one type: the compiled build needs it
        raise at.invalid(field, str(malformed)) from None
    except RiichiError as refused:
        raise at.impossible(field, str(refused)) from None
    pao = None if scored.liable is None else at.seat(scored.liable)
    if scored.limit is Limit.YAKUMAN:
        share = next((m for yaku, m in scored.yakuman if yaku in at.rules.scoring.pao), 1)
        return SheetWin(win.winner, yakuman=scored.yakuman_total, pao=pao, pao_yakuman=share if pao is not None else 1)
    return SheetWin(win.winner, han=scored.han, fu=scored.fu, pao=pao)


_SHEET_SAYS = frozenset({"tsumo", "discarder", "discarder_riichi", "seat_wind", "round_wind", "riichi", "honba",
                         "riichi_sticks", "rules", "id", "nagashi_mangan"})


def _winner(win: SheetWin, k: int, at: _At) -> int:
    if not isinstance(win, SheetWin):
        raise at.invalid(f"wins[{k}]", f"a SheetWin, not {type(win).__name__}")
    _seat_in(win.winner, at.players, f"wins[{k}].winner", at.index, at.name)
    return win.winner


def _value(win: SheetWin, k: int, at: _At, *, tsumo: bool) -> tuple[int, Limit | None]:
    """The win's basic points and limit, every written value checked against the rules."""
    scoring = at.rules.scoring
    field = f"wins[{k}]"
    if win.case is not None:
        raise at.invalid(f"{field}.case", "a win given by its hand is scored before its value is read")
    if win.yakuman is not None:
        if win.han is not None or win.fu is not None:
            raise at.invalid(field, "give han (and fu) or a yakuman count, not both")
        count = win.yakuman
        if not _is_int(count) or count < 1:
            raise at.invalid(f"{field}.yakuman", f"a yakuman count is 1 or more, not {count!r}")
        if scoring.multiple_yakuman is MultipleYakuman.SINGLE and count > 1:
            raise at.impossible(f"{field}.yakuman", f"these rules pay one yakuman at most, not {count}")
        if scoring.max_yakuman is not None and count > scoring.max_yakuman:
            raise at.impossible(f"{field}.yakuman", f"these rules pay {scoring.max_yakuman} yakuman at most, "
                                f"not {count}")
        return yakuman_base(count), Limit.YAKUMAN
    han, fu = win.han, win.fu
    if han is None:
        raise at.invalid(field, "a win has han (and fu below 5 han) or a yakuman count")
    if not _is_int(han) or han < 1:
        raise at.invalid(f"{field}.han", f"han are 1 or more (every dora counted), not {han!r}")
    if fu is None:
        if han < 5:
            raise at.invalid(f"{field}.fu", f"a hand of {han} han needs its fu (fu may be left out from 5 han up)")
    else:
        _check_fu(fu, han, f"{field}.fu", at, tsumo=tsumo)
    base, limit, _ = counted_base(han, 0 if fu is None else fu, scoring)
    return base, limit


def _check_fu(fu: object, han: int, field: str, at: _At, *, tsumo: bool) -> None:
    scoring = at.rules.scoring
    if not _is_int(fu):
        raise at.invalid(field, f"fu are a whole number, not {fu!r}")
    assert isinstance(fu, int)
    if fu == 25:
        if han < 2:
            raise at.impossible(field, "25 fu is seven pairs, which is 2 han or more")
    elif fu == 20:
        if not tsumo and scoring.open_pinfu_fu:
            raise at.impossible(field, "no ron has 20 fu (a closed ron has 30 or more, and an open hand without "
                                "fu is raised to 30)")
        if tsumo and not scoring.pinfu_tsumo:
            raise at.impossible(field, "no tsumo has 20 fu under these rules (no pinfu tsumo: a tsumo takes 2 fu)")
        if tsumo and han < 2:
            raise at.impossible(field, "a tsumo of 20 fu is pinfu and menzen tsumo, 2 han or more")
    elif fu not in _FU_RANGE:
        raise at.impossible(field, f"{fu} fu cannot be: fu are rounded up to tens from 20 to 130 (25 only for "
                            f"seven pairs)")


def _liability(win: SheetWin, k: int, base: int, at: _At) -> Liability | None:
    pao = win.pao
    if pao is None:
        return None
    field = f"wins[{k}].pao"
    _seat_in(pao, at.players, field, at.index, at.name)
    if pao == win.winner:
        raise at.impossible(field, f"seat {pao} is the winner: nobody is liable for their own hand")
    scoring = at.rules.scoring
    if win.yakuman is None:
        if not at.rules.game.rinshan_pao:
            raise at.impossible(field, "a liable seat (pao) answers for a yakuman under these rules")
        return Liability(at.wind(pao), base)
    if not scoring.pao:
        raise at.impossible(field, "these rules make nobody liable (no pao yakuman)")
    share = win.pao_yakuman
    if not _is_int(share) or not 1 <= share <= win.yakuman:
        raise at.invalid(f"wins[{k}].pao_yakuman", f"the yakuman the liable seat answers for: 1 to "
                         f"{win.yakuman}, not {share!r}")
    covered = base if scoring.pao_scope is PaoScope.WHOLE_HAND else min(base, yakuman_base(share))
    return Liability(at.wind(pao), covered, pays_honba=scoring.pao_honba_liable)


def _abortive(hand: SheetHand, riichi: tuple[int, ...], at: _At) -> DrawKind:
    kind = hand.abortive
    if not isinstance(kind, AbortiveDraw):
        raise at.invalid("kind", "an abortive draw names its kind: "
                         + ", ".join(k.value for k in AbortiveDraw))
    if kind not in at.rules.game.abortive_draws:
        played = ", ".join(sorted(k.value for k in at.rules.game.abortive_draws)) or "none"
        raise at.impossible("kind", f"these rules play no {kind.value} abortive draw (they play: {played})")
    if kind is AbortiveDraw.SUUCHA_RIICHI and len(riichi) != at.players:
        raise at.impossible("riichi", f"a four-riichi draw has all four seats in riichi, not {list(riichi)}")
    return DrawKind[kind.name]


def _chombo(hand: SheetHand, riichi: tuple[int, ...], at: _At) -> tuple[SheetHandResult, HandFrame]:
    """A chombo: the offender pays as the rules say, riichi deposits come back, the hand is dealt again with the
    same dealer, honba and sticks."""
    _only(hand, at, offender=True)
    frame, n = at.frame, at.players
    offender = hand.offender
    if offender is None:
        raise at.invalid("seat", "a chombo names the offender ('seat')")
    _seat_in(offender, n, "seat", at.index, at.name)
    paid = at.by_seat(settle_chombo(at.wind(offender), rules=at.rules.game))
    deltas = tuple([paid[s] + (1000 if s in riichi else 0) for s in range(n)])
    end = tuple([frame.scores[s] + paid[s] for s in range(n)])
    result = SheetHandResult(at.index, HandKind.CHOMBO, frame.round_wind, frame.round_number, frame.dealer,
                             frame.honba, frame.sticks, frame.scores, deltas, end, ())
    again = HandFrame(frame.round_wind, frame.round_number, frame.dealer, frame.honba, frame.sticks, end,
                      frame.dealer_streak)
    return result, again


# -- checks --------------------------------------------------------------------------------------------------

def _only(hand: SheetHand, at: _At, *, wins: bool = False, discarder: bool = False, tenpai: bool = False,
          nagashi: bool = False, abortive: bool = False, offender: bool = False) -> None:
    """Refuse the fields that do not belong to the hand's result."""
    present = {"wins": bool(hand.wins), "from": hand.discarder is not None, "tenpai": bool(hand.tenpai),
               "nagashi": bool(hand.nagashi), "kind": hand.abortive is not None, "seat": hand.offender is not None}
    allowed = {"wins": wins, "from": discarder, "tenpai": tenpai, "nagashi": nagashi, "kind": abortive,
               "seat": offender}
    for name, given in present.items():
        if given and not allowed[name]:
            raise at.invalid(name, f"a {hand.result.value} hand has no {name!r}")


def _seats(seats: Sequence[int], field: str, at: _At) -> tuple[int, ...]:
    if not isinstance(seats, tuple | list):
        raise at.invalid(field, f"a list of seats, not {seats!r}")
    for k, seat in enumerate(seats):
        _seat_in(seat, at.players, f"{field}[{k}]", at.index, at.name)
        if seat in seats[:k]:
            raise at.invalid(f"{field}[{k}]", f"seat {seat} is listed twice")
    return tuple(seats)


def _seat_in(seat: object, players: int, field: str, index: int | None, name: str) -> None:
    if not _is_int(seat) or not 0 <= seat < players:  # type: ignore[operator]
        where = f"{name}, " if name else ""
        raise SheetError(f"{where}{field}: {seat!r} is no seat (seats are 0 to {players - 1}, seat 0 the first "
                         f"dealer)", hand=index, field=field)


def _check_names(names: tuple[str, ...] | None, players: int) -> None:
    if names is None:
        return
    if len(names) != players or not all(isinstance(name, str) for name in names):
        given = str(len(names)) if all(isinstance(name, str) for name in names) else "a name that is no text"
        raise SheetError(f"names: one name a seat, {players} in all, not {given}", field="names")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
