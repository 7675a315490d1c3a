"""The expert player: efficiency and value where the table is quiet, push or fold where it is not.

For each discard it weighs what the hand can still win against what the tile may lose:

- *attack*: the chance of winning from the shanten the discard leaves and the live tiles that improve it (the
  waits when tenpai, with furiten counted), over the turns the wall has left, times the hand's value (a base by
  dealership and the dora the hand keeps); where the hand is tenpai and closed it declares riichi;
- *defence*: the chance the tile deals into each other seat (:mod:`riichi.game.danger`: genbutsu, suji,
  no-chance, the riichi's turn, its tile and dora, the seat's chance of tenpai), times what that seat's hand is
  worth (a riichi's typical value, more from a dealer);
- *the game*: in the last hand a leader folds sooner and a last place pushes longer.

It picks the discard with the best attack less defence; with no threat on the table the defence is small and it
plays for efficiency (lowest shanten, then the most live improving tiles, then value, then the safer tile). It
wins whenever it can, sets a North aside when the hand does not need it, calls pon on value honours while
nobody threatens, and other pons and chis where the hand called is worth more (:mod:`riichi.game.call_value`).
It has no chance in it: the same view and actions give the same choice.

>>> from riichi.game.engine import play_game
>>> from riichi.game.players import EfficientPlayer
>>> from riichi.rules import TENHOU
>>> game = play_game([ExpertPlayer(), EfficientPlayer(), EfficientPlayer(), EfficientPlayer()], TENHOU, seed=7)
>>> game.is_over, sum(game.final_scores) + 1000 * game.sticks
(True, 100000)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from riichi.analysis.ev import EvOptions, expected_values
from riichi.counts import to_counts
from riichi.errors import RiichiError
from riichi.game.call_value import (
    STEP_BACK,
    WIN_CAP,
    WIN_PER_STEP_TILE,
    WIN_PER_WAIT,
    judge_call,
    keeps_yaku,
    turns_factor,
)
from riichi.game.danger import danger_of_kinds, seat_threats, visible_counts
from riichi.game.events import Chi, Discard, Pon, Riichi
from riichi.game.legal import Action, Pass
from riichi.game.players import is_value_honour, win_or_kita
from riichi.hand import Hand
from riichi.shapes.shanten import NO_TILE, shanten, shanten_after_draws
from riichi.tiles import KIND_OF, TERMINAL_HONOR_KINDS, Tile, Wind

if TYPE_CHECKING:
    from riichi.game.players import SeatView

__all__ = ["DiscardJudgement", "ExpertPlayer", "judge_discards"]

_TERMINAL_HONOR: Final = frozenset(TERMINAL_HONOR_KINDS)
#: What a hand that deals in costs, by the winner: a riichi (or a tenpai seat) not the dealer, and the dealer.
#: Round numbers near the average deal-in of Tenhou's houou table (about 5,500 from a non-dealer's riichi).
_LOSS: Final = 6000.0
_LOSS_DEALER: Final = 9000.0
#: The average chance that a tile pushed on the way to tenpai deals into a tenpai hand (a tile not chosen for
#: safety: near the rate of an unsafe number in the danger tables).
_PUSH_DANGER: Final = 0.06
#: The expected-value search's budget for a choice of waits: states, not seconds, so that the choice does not
#: depend on the machine's speed (the same seed plays the same game).
_EV_OPTIONS: Final = EvOptions(max_states=20_000, max_seconds=None)


class DiscardJudgement:
    """One discard as the expert judges it: the shanten and live improving tiles it leaves, its chance of winning
    and the value it plays for, the chance it deals in (into any seat), the points that loses on average, and
    the score it is chosen by (attack less defence)."""

    __slots__ = ("action", "deal_in", "loss", "score", "shanten", "useful", "value", "win")

    def __init__(self, action: Discard, shanten_: int, useful: int, win: float, value: float, deal_in: float,
                 loss: float, score: float) -> None:
        self.action = action
        self.shanten = shanten_
        self.useful = useful
        self.win = win
        self.value = value
        self.deal_in = deal_in
        self.loss = loss
        self.score = score

    def __repr__(self) -> str:
        return (f"<{self.action.tile}: shanten {self.shanten}, {self.useful} useful, win {self.win:.2f} x "
                f"{self.value:.0f}, deal-in {self.deal_in:.3f} (-{self.loss:.0f}), score {self.score:.0f}>")


def _dealer_seat(view: SeatView) -> int:
    return (view.seat - int(view.seat_wind)) % len(view.scores)


def _hand_value(view: SeatView, counts: list[int], dora: list[int]) -> float:
    """A rough value of winning: 2,000 (3,000 for the dealer) a hand, plus a han's worth for each dora kept."""
    base = 3000.0 if view.seat_wind is Wind.EAST else 2000.0
    dora_held = sum(counts[k] * dora[k] for k in range(34)) + sum(1 for t in view.hand if t.is_red)
    dora_held += view.kita(view.seat) if len(view.scores) == 3 else 0  # noqa: PLR2004
    for m in view.melds(view.seat):
        dora_held += sum(dora[KIND_OF[t]] + (1 if t.is_red else 0) for t in m.tiles)
    return base * (1.0 + 0.8 * min(dora_held, 6))


def _placement_weight(view: SeatView) -> float:
    """How much a deal-in weighs: more for a clear leader and less for the last place, in the last hands."""
    scores = view.scores
    me = scores[view.seat]
    ahead = sorted(scores, reverse=True)
    place = ahead.index(me)
    late = view.round_wind is not Wind.EAST
    if not late:
        return 1.0
    if place == 0 and me - ahead[1] >= 8000:  # noqa: PLR2004
        return 1.5
    if place == len(scores) - 1 and ahead[-2] - me >= 8000:  # noqa: PLR2004
        return 0.7
    return 1.0


def judge_discards(view: SeatView, discards: list[Discard]) -> list[DiscardJudgement]:
    """Every discard judged (the module description), best first."""
    counts = to_counts(view.hand)
    n_melds = len(view.melds(view.seat))
    visible = visible_counts(view)
    unseen = [max(0, 4 - v) for v in visible]
    dora = [0] * 34
    from riichi.game.danger import dora_kinds  # noqa: PLC0415 - beside the others, once per call

    for k in dora_kinds(view):
        dora[k] += 1
    kinds = sorted({KIND_OF[a.tile] for a in discards})
    dangers = dict(zip(kinds, danger_of_kinds(view, kinds), strict=True))
    threats = seat_threats(view)
    dealer = _dealer_seat(view)
    weight = _placement_weight(view)
    threatened = any(t.riichi or t.tenpai > 0.3 for t in threats)  # noqa: PLR2004
    time_factor = turns_factor(view)
    closed = not any(m.is_open for m in view.melds(view.seat))
    own_river = {KIND_OF[d.tile] for d in view.river(view.seat)}
    pressure = sum(t.tenpai * (_LOSS_DEALER if t.seat == dealer else _LOSS) for t in threats)
    judged: list[tuple[tuple[float, ...], DiscardJudgement]] = []
    seen_kinds: set[tuple[int, bool]] = set()
    for a in discards:
        kind = KIND_OF[a.tile]
        if (kind, a.tile.is_red) in seen_kinds:
            continue
        seen_kinds.add((kind, a.tile.is_red))
        counts[kind] -= 1
        sh = shanten(counts, n_melds=n_melds)
        after = shanten_after_draws(counts, n_melds=n_melds)
        useful = sum(unseen[k] for k in range(34) if after[k] != NO_TILE and after[k] < sh)
        furiten = sh == 0 and any(after[k] == -1 and (k in own_river or k == kind) for k in range(34))
        value = _hand_value(view, counts, dora)
        counts[kind] += 1
        if a.tile.is_red:
            value -= (3000.0 if view.seat_wind is Wind.EAST else 2000.0) * 0.8
        tenpai_win = min(WIN_CAP, WIN_PER_WAIT * useful) if sh == 0 else min(WIN_CAP, WIN_PER_STEP_TILE * useful)
        if furiten:
            tenpai_win *= 0.4
        if sh == 0 and closed:
            value *= 1.6  # riichi, and ura dora
        win = tenpai_win * STEP_BACK[min(sh, 4)] * time_factor
        if threatened:
            win *= 0.75  # a riichi on the table ends hands sooner
        row = dangers[kind]
        deal_in = 1.0
        loss = 0.0
        for seat, p in enumerate(row):
            deal_in *= 1.0 - p
            loss += p * (_LOSS_DEALER if seat == dealer else _LOSS)
        deal_in = 1.0 - deal_in
        loss *= weight
        # Each step still to tenpai is another tile to push into the threats; a hand whose win is worth less than
        # that can still fold later, so its attack is worth no less than 0.
        attack = max(0.0, win * value - sh * _PUSH_DANGER * pressure * weight)
        score = attack - loss
        judgement = DiscardJudgement(a, sh, useful, win, value, deal_in, loss, score)
        if threatened:
            key: tuple[float, ...] = (score, -sh, useful, -deal_in)
        else:
            kept = 1 if kind in _TERMINAL_HONOR else 0
            key = (-sh, useful - 40.0 * deal_in, value / 1000.0, kept, 0 if a.tile.is_red else 1, -kind)
        judged.append((key, judgement))
    judged.sort(key=lambda kj: kj[0], reverse=True)
    return [j for _, j in judged]


def _best_wait(view: SeatView, judged: list[DiscardJudgement]) -> DiscardJudgement:
    """Among the discards that keep the hand tenpai with waits of their own, the one the expected-value analysis
    (:mod:`riichi.analysis.ev`, the table model) values most; the first judged when there is one such discard
    or the search is past its budget."""
    tenpai = [j for j in judged if j.shanten == 0]
    if len(tenpai) < 2 or len({KIND_OF[j.action.tile] for j in tenpai}) < 2:  # noqa: PLR2004
        return judged[0]
    visible: list[Tile] = list(view.dora_indicators)
    for s in range(len(view.scores)):
        visible.extend(d.tile for d in view.river(s) if not d.called)
        if s != view.seat:
            for m in view.melds(s):
                visible.extend(m.tiles)
    try:
        result = expected_values(Hand(view.hand, view.melds(view.seat)), visible=visible,
                                 dora=view.dora_indicators, seat_wind=view.seat_wind, round_wind=view.round_wind,
                                 kita=view.kita(view.seat), rules=view.rules, honba=view.honba,
                                 riichi_sticks=view.sticks, tiles_left=view.live_tiles_left,
                                 discards=[d.tile for d in view.river(view.seat)], options=_EV_OPTIONS)
    except RiichiError:
        return judged[0]
    best = judged[0]
    best_value = -1.0
    for j in tenpai:
        try:
            value = result.find(j.action.tile).value[0]
        except KeyError:
            continue
        if value > best_value:
            best, best_value = j, value
    return best


def _call_for_value(view: SeatView, actions: tuple[Action, ...], *, riichi_threat: bool) -> Action | None:
    """The pon or chi worth the most among those the call judgement takes (:func:`judge_call`), or None."""
    calls = [a for a in actions if isinstance(a, Pon | Chi)]
    if not calls:
        return None
    from riichi.game.danger import dora_kinds  # noqa: PLC0415 - as in judge_discards

    dora = [0] * 34
    for k in dora_kinds(view):
        dora[k] += 1
    unseen = [max(0, 4 - v) for v in visible_counts(view)]
    base = 3000.0 if view.seat_wind is Wind.EAST else 2000.0
    best: Action | None = None
    best_value = 0.0
    for a in calls:
        judged = judge_call(view, a, base=base, dora=dora, unseen=unseen, riichi_threat=riichi_threat)
        if judged is not None and judged.take and judged.called_win > best_value:
            best, best_value = a, judged.called_win
    return best


class ExpertPlayer:
    """The expert player (see the module description). ``ev``: choose among the discards that keep tenpai by the
    expected-value analysis while nobody is in riichi (else by the live waits and the hand's value alone);
    ``calls``: call a pon or chi for value where the called hand is worth more (:mod:`riichi.game.call_value`;
    else only pon on value honours)."""

    def __init__(self, *, ev: bool = True, calls: bool = True) -> None:
        self.ev = ev
        self.calls = calls

    def choose(self, view: SeatView, actions: tuple[Action, ...]) -> Action:
        first = win_or_kita(view, actions)
        if first is not None:
            return first
        discards = [a for a in actions if isinstance(a, Discard)]
        riichi = [a for a in actions if isinstance(a, Riichi) and not a.open]
        riichi_threat = any(t.riichi for t in seat_threats(view))
        if discards:
            if self.calls and not riichi_threat and any(m.is_open for m in view.melds(view.seat)):
                # an open hand keeps the yaku it called for while it plays for the win
                discards = [a for a in discards if keeps_yaku(view, KIND_OF[a.tile])] or discards
            judged = judge_discards(view, discards)
            best = judged[0]
            if self.ev and best.shanten == 0 and not riichi_threat:
                best = _best_wait(view, judged)
            if riichi and best.shanten == 0 and best.score > 0:
                return riichi[0]
            return best.action
        if riichi:
            return riichi[0]
        if not riichi_threat:
            for a in actions:
                if isinstance(a, Pon) and is_value_honour(view, KIND_OF[a.tile]):
                    return a
        if self.calls:
            call = _call_for_value(view, actions, riichi_threat=riichi_threat)
            if call is not None:
                return call
        for a in actions:
            if isinstance(a, Pass):
                return a
        return actions[0]
