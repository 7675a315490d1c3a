"""The expert's calls for value (riichi.game.call_value), on hands worked out by hand in each test.

Yaku of open hands as the rules define them (riichi.wiki "Yaku"): yakuhai needs a triplet of a dragon, the seat
wind or the round wind; open tanyao (kuitan, played by Tenhou) all simples; honitsu one suit with honours (2 han
open), chinitsu one suit alone (5 han open). Chi only from the player on the left.
"""

from __future__ import annotations

from riichi.game.events import Chi, Discard, Draw, Riichi, RiichiAccepted
from riichi.game.expert import ExpertPlayer
from riichi.game.legal import Pass, legal_actions
from riichi.game.players import SeatView
from riichi.game.round import Round
from riichi.game.wall import Wall
from riichi.rules import TENHOU
from riichi.tiles import Tile


def _offered_4m(hand: str, *, dealer_riichi: bool = False) -> tuple[SeatView, tuple[object, ...]]:
    """The dealer (seat 0, the left of seat 1) draws 4m and discards it, declaring riichi first if asked;
    seat 1, holding ``hand``, is asked what it does with the 4m."""
    dealer = "19m19p19s1234567z" if dealer_riichi else None  # thirteen orphans, waiting on any of the 13 kinds
    hands = {1: hand} if dealer is None else {0: dealer, 1: hand}
    r = Round.from_wall(Wall.arranged(hands=hands, draws="4m", dora="1p", aka=0), TENHOU)
    r.apply(Draw(0, Tile.parse("4m")))
    if dealer_riichi:
        r.apply(Riichi(0))
    r.apply(Discard(0, Tile.parse("4m"), tsumogiri=True))
    if dealer_riichi:
        r.apply(RiichiAccepted(0))
    return SeatView(r, 1), tuple(legal_actions(r, 1))


def test_a_chi_toward_a_half_flush_is_taken() -> None:
    # 23m 56m 899m 11z 333z 6p: one set (333z), three partial sets (23m, 56m, 89m) and a pair (11z): two from
    # tenpai (8 - 2 - 3 - 1). Chi 4m with 56m makes 456m; discarding 6p leaves 23m 899m 11z 333z beside the
    # 456m, one from tenpai and all man and honours: a half flush, 2 han open. Closed, the hand is still two
    # from tenpai; the call is taken. Without calls for value the expert lets a 4m go (no value honour).
    view, actions = _offered_4m("23m56m899m11z333z6p")
    choice = ExpertPlayer().choose(view, actions)  # type: ignore[arg-type]
    assert isinstance(choice, Chi) and choice.tiles == (Tile.parse("4m"), Tile.parse("5m"), Tile.parse("6m"))
    assert isinstance(ExpertPlayer(calls=False).choose(view, actions), Pass)  # type: ignore[arg-type]


def test_a_call_that_leaves_no_yaku_is_not_taken() -> None:
    # 23m 56p 899s 11z 333z 6p: chi 4m with 23m brings it one closer to tenpai, but the hand called holds three
    # suits and terminals and no value honour's triplet (1z is only a pair, 3z West is a guest wind for South in
    # the East round): no yaku, so it passes.
    view, actions = _offered_4m("23m56p899s11z333z6p")
    assert any(isinstance(a, Chi) for a in actions)
    assert isinstance(ExpertPlayer().choose(view, actions), Pass)  # type: ignore[arg-type]


def test_under_a_riichi_only_a_call_to_tenpai_is_taken() -> None:
    # The half-flush hand of the first test, the dealer now in riichi: the chi leaves the hand one from tenpai,
    # not tenpai, so the expert does not open its hand into the riichi.
    view, actions = _offered_4m("23m56m899m11z333z6p", dealer_riichi=True)
    assert any(isinstance(a, Chi) for a in actions)
    assert isinstance(ExpertPlayer().choose(view, actions), Pass)  # type: ignore[arg-type]
