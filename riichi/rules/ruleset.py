"""A rule set: what scores (:class:`ScoringRules`) and what plays (:class:`GameRules`), joined.

Both halves are frozen; a variant is a replacement. :meth:`RuleSet.replace` takes switches by name
and routes each to its half:

>>> from riichi.rules import TENHOU
>>> TENHOU.scoring.kuitan, TENHOU.replace(kuitan=False).scoring.kuitan
(True, False)
>>> TENHOU.game.uma, TENHOU.game.starting_points, TENHOU.game.target_points
((20000, 10000, -10000, -20000), 25000, 30000)
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field, fields
from typing import Final

from riichi.errors import UnknownRulesError, did_you_mean
from riichi.frozen import Frozen
from riichi.rules.options import (
    AbortiveDraw,
    Bust,
    Extension,
    FinalRounding,
    GameLength,
    KanAfterRiichi,
    KanDoraTiming,
    Kazoe,
    Kuikae,
    LeftoverSticks,
    MultipleRon,
    MultipleYakuman,
    PaarenchanCount,
    PaoScope,
    Renchan,
    Renhou,
    SanmaTsumo,
    TenpaiYame,
    Ties,
)
from riichi.rules.tileset import TileSet, tile_set
from riichi.yaku import Yaku

__all__ = ["GAME_SWITCHES", "SCORING_SWITCHES", "GameRules", "RuleSet", "ScoringRules"]


@dataclass(frozen=True, slots=True)
class ScoringRules(Frozen):
    """Every switch that changes what a hand is worth.

    The interchange contract's override keys (``kuitan``, ``aka``, ``kiriage``, ``kazoe``,
    ``multiple_yakuman``, ``max_yakuman``, ``renhou``, ``local_yaku``) are field names here.
    """

    #: Open tanyao (kuitan ari).
    kuitan: bool = True
    #: Number of red fives in the set: 0..4 (3 = one per suit, 4 = two red 5p).
    aka: int = 3
    #: Round 4 han 30 fu and 3 han 60 fu (base 1920) up to mangan.
    kiriage: bool = False
    kazoe: Kazoe = Kazoe.YAKUMAN
    multiple_yakuman: MultipleYakuman = MultipleYakuman.CUMULATIVE
    #: Largest yakuman multiple paid; ``None`` for no cap.
    max_yakuman: int | None = None
    renhou: Renhou = Renhou.NONE
    #: Local yaku in play (members of :data:`~riichi.rules.LOCAL_YAKU`).
    local_yaku: frozenset[Yaku] = frozenset()
    #: Fu for a pair of a wind that is both seat and round wind (2 or 4).
    double_wind_fu: int = 4
    #: Pinfu and menzen tsumo together at 20 fu (pinfu tsumo ari); off: no pinfu on tsumo, +2 fu.
    pinfu_tsumo: bool = True
    #: A rinshan kaihou win takes the +2 tsumo fu.
    rinshan_fu: bool = True
    #: An open hand with no fu is raised to 30 fu (+2 "open pinfu"); off: it stays at 20.
    open_pinfu_fu: bool = True
    ippatsu: bool = True
    ura_dora: bool = True
    #: Kan dora indicators (more than one dora indicator).
    kan_dora: bool = True
    #: Nagashi mangan is played (its payment: :mod:`riichi.scoring.settlement`).
    nagashi_mangan: bool = True
    #: Four identical runs count as ryanpeikou (else only iisou suushun, where it is played).
    ryanpeikou_identical: bool = True
    #: Iisou suushun is a yakuman (else a 5-han yaku, as in Shanghai: Dynasty).
    iisou_suushun_yakuman: bool = True
    #: Ryuuiisou needs the green dragon.
    ryuuiisou_needs_hatsu: bool = False
    #: Ordinary chankan (robbing an added kan); off: only kokushi may rob a kan (Shanghai: Dynasty).
    chankan: bool = True
    #: Yakuman whose feeder is liable (pao; members of :data:`~riichi.rules.PAO_YAKUMAN`).
    pao: frozenset[Yaku] = frozenset({Yaku.DAISANGEN, Yaku.DAISUUSHII})
    pao_scope: PaoScope = PaoScope.WHOLE_HAND
    #: Under pao the liable player pays the honba (Tenhou); off: the discarder does (EMA, JPML).
    pao_honba_liable: bool = True
    #: Shiisan puutaa only on the dealer's starting hand (tenhou); off: also on a first draw (chiihou).
    shiisan_puutaa_dealer_only: bool = False
    #: Paarenchan needs a yaku of its own.
    paarenchan_needs_yaku: bool = False
    #: Han of sanshoku doukou (2; 3 in Shanghai: Dynasty).
    sanshoku_doukou_han: int = 2
    #: A North may be set aside (kita, nukidora) for a replacement tile; each set-aside North is a han of dora
    #: (the ``nukidora`` entry), and a dora again where North is a dora (three-player rules).
    nukidora: bool = False
    #: A win on the tile drawn to replace a set-aside North is rinshan kaihou (tenhou.net, as its real
    #: three-player games show; the replacement comes from the dead wall as a kan's does).
    kita_rinshan: bool = True

    def has(self, yaku: Yaku) -> bool:
        """Whether the local yaku ``yaku`` is in play."""
        return yaku in self.local_yaku


#: Every abortive draw (Tenhou plays all five).
_ALL_ABORTIVE: Final = frozenset(AbortiveDraw)


@dataclass(frozen=True, slots=True)
class GameRules(Frozen):
    """Every switch that changes how a game is played and settled, but not what a hand is worth.

    Points are in points (25,000, not 25); uma lists what each place receives, first to last.
    """

    #: Players at the table: 4, or 3 (sanma: the tiles 2m-8m are out of the game, no North seat, no chi).
    players: int = 4
    starting_points: int = 25000
    #: The return points (genten): final scores are measured from here.
    target_points: int = 30000
    #: The score someone must reach for the game to end after its last hand (else the extension) and for
    #: agari-yame; ``None``: the return points. Mahjong Soul's games run to 30,000 and settle from 25,000.
    extension_points: int | None = None
    #: Uma by place, first to last: one entry a player (sums to 0).
    uma: tuple[int, ...] = (20000, 10000, -10000, -20000)
    #: The difference (target - start) x players goes to first place (oka); off: nobody gets it.
    oka: bool = True
    length: GameLength = GameLength.HANCHAN
    extension: Extension = Extension.SUDDEN_DEATH
    bust: Bust = Bust.BELOW_ZERO
    #: The all-last dealer in first place may end the game after a win (agari-yame).
    agari_yame: bool = True
    #: ... or after an exhaustive draw with the dealer tenpai (tenpai-yame; see :class:`TenpaiYame`).
    tenpai_yame: TenpaiYame = TenpaiYame.AUTOMATIC
    abortive_draws: frozenset[AbortiveDraw] = _ALL_ABORTIVE
    multiple_ron: MultipleRon = MultipleRon.DOUBLE
    #: With several rons on one discard every winner collects the honba; off: only the first.
    #: (The riichi sticks always go to the first: the winner nearest after the discarder.)
    honba_each_winner: bool = False
    #: What one honba adds to a ron (paid by the discarder).
    honba_ron: int = 300
    #: What one honba adds to each payer's share of a tsumo.
    honba_tsumo: int = 100
    #: How a tsumo is paid with three players: the missing North's share lost, or split between the payers.
    sanma_tsumo: SanmaTsumo = SanmaTsumo.TSUMO_LOSS
    #: The noten payment at an exhaustive draw: what the noten players pay in all (0: none).
    noten_total: int = 3000
    #: Live-wall tiles needed to declare riichi (``None``: no minimum).
    riichi_min_wall_tiles: int | None = 4
    #: Points needed to declare riichi (``None``: no minimum).
    riichi_min_points: int | None = 1000
    kan_after_riichi: KanAfterRiichi = KanAfterRiichi.STRICT
    kuikae: Kuikae = Kuikae.FORBIDDEN
    kan_dora_timing: KanDoraTiming = KanDoraTiming.AFTER_DISCARD
    #: A rinshan win on the replacement tile of an open kan is paid wholly by the kan tile's discarder.
    rinshan_pao: bool = False
    paarenchan_count: PaarenchanCount = PaarenchanCount.WINS_ONLY
    leftover_sticks: LeftoverSticks = LeftoverSticks.TO_TOP
    #: Honba are added to a nagashi mangan's payment (100 per payer and honba).
    nagashi_honba: bool = False
    #: Kokushi musou may rob a closed kan (ankan).
    kokushi_robs_ankan: bool = False
    #: A hand waiting only on tiles whose four copies the player holds, some of them in its own melds (a
    #: kan: karaten on its own tiles), counts as tenpai at an exhaustive draw; four in the concealed hand
    #: never do.
    karaten_tenpai: bool = False
    renchan: Renchan = Renchan.TENPAI
    final_rounding: FinalRounding = FinalRounding.EXACT
    ties: Ties = Ties.SEAT_ORDER
    #: A chombo is paid at the table as a mangan tsumo in reverse (the offender pays each other player what
    #: they would pay on its mangan tsumo); the hand is dealt again with the same dealer and honba.
    chombo_payment: bool = True
    #: Points taken off the offender's final result for each chombo, after uma and oka (20,000 = 20.0).
    chombo_penalty: int = 0

    def __post_init__(self) -> None:
        if self.players not in (3, 4):  # noqa: PLR2004
            raise UnknownRulesError(f"rules.players must be 3 or 4, not {self.players!r}")
        if len(self.uma) != self.players:
            raise UnknownRulesError(f"rules.uma has {len(self.uma)} places but rules.players is {self.players}: "
                                    f"give one uma a player, first to last place")
        if sum(self.uma) != 0:
            raise UnknownRulesError(f"rules.uma must sum to 0, not {sum(self.uma)} ({list(self.uma)!r})")


#: Switch names of each half, in field order (a name belongs to one half only).
SCORING_SWITCHES: Final = tuple(f.name for f in fields(ScoringRules))
GAME_SWITCHES: Final = tuple(f.name for f in fields(GameRules))


@dataclass(frozen=True, slots=True)
class RuleSet(Frozen):
    """One rule book: a name, what scores, what plays, and the sources (``description``)."""

    name: str = "custom"
    scoring: ScoringRules = field(default_factory=ScoringRules)
    game: GameRules = field(default_factory=GameRules)
    #: Sources and unconfirmed defaults.
    description: str = ""

    @property
    def players(self) -> int:
        """How many play: 4, or 3 under three-player (sanma) rules."""
        return self.game.players

    @property
    def tiles(self) -> TileSet:
        """The tiles in play under these rules (108 with three players: 2m-8m out), with their red fives."""
        return tile_set(self.game.players, self.scoring.aka)

    def switch(self, name: str) -> object:
        """The value of the switch called ``name``, from whichever half holds it."""
        if name in _IS_SCORING:
            return getattr(self.scoring, name)
        if name in _IS_GAME:
            return getattr(self.game, name)
        raise UnknownRulesError(f"unknown rules switch {name!r}{did_you_mean(name, (*_IS_SCORING, *_IS_GAME))}")

    def replace(self, *, name: str | None = None, description: str | None = None,
                **switches: object) -> RuleSet:
        """This rule set with the named switches changed (values as the dataclass fields take them)."""
        scoring = {k: v for k, v in switches.items() if k in _IS_SCORING}
        game = {k: v for k, v in switches.items() if k in _IS_GAME}
        unknown = [k for k in switches if k not in scoring and k not in game]
        if unknown:
            raise UnknownRulesError(f"unknown rules switch {unknown[0]!r}"
                                    f"{did_you_mean(unknown[0], (*_IS_SCORING, *_IS_GAME))}")
        for key, value in switches.items():
            _check_type(key, value, self.switch(key))
        # Each value has its field's type (checked above), which mypy cannot see through ``**``.
        return RuleSet(
            name=self.name if name is None else name,
            scoring=dataclasses.replace(self.scoring, **scoring) if scoring else self.scoring,  # type: ignore[arg-type]
            game=dataclasses.replace(self.game, **game) if game else self.game,  # type: ignore[arg-type]
            description=self.description if description is None else description,
        )

    def to_dict(self) -> dict[str, object]:
        """The name, every switch of both halves (JSON-able values) and the description."""
        out: dict[str, object] = {"name": self.name}
        for half in (self.scoring, self.game):
            for f in fields(half):
                out[f.name] = _jsonable(getattr(half, f.name))
        out["description"] = self.description
        return out

    def differences(self, other: RuleSet) -> dict[str, tuple[object, object]]:
        """Switches that differ from ``other``: name -> (self's value, other's value)."""
        a, b = self.to_dict(), other.to_dict()
        return {k: (a[k], b[k]) for k in a if k not in ("name", "description") and a[k] != b[k]}


_IS_SCORING: Final = frozenset(SCORING_SWITCHES)
_IS_GAME: Final = frozenset(GAME_SWITCHES)


#: Switches that may be ``None`` (no limit).
_OPTIONAL: Final = frozenset({"max_yakuman", "riichi_min_wall_tiles", "riichi_min_points", "extension_points"})
#: Switches that hold a set of yaku.
_YAKU_SETS: Final = frozenset({"local_yaku", "pao"})


def _check_type(key: str, value: object, current: object) -> None:
    """Refuse a value of another type than the switch's (a bool for a number, a string for an enum, a set of
    names for a set of :class:`Yaku`)."""
    if value is None and key in _OPTIONAL:
        return
    expected = int if current is None else type(current)
    if type(value) is not expected:
        raise UnknownRulesError(f"rules switch {key!r} takes a {expected.__name__}, not {value!r}")
    if key in _YAKU_SETS and not all(isinstance(v, Yaku) for v in value):  # type: ignore[attr-defined]
        raise UnknownRulesError(f"rules switch {key!r} takes a frozenset of Yaku (Yaku.parse('sanrenkou')), "
                                f"not {value!r}")


def _jsonable(value: object) -> object:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, frozenset):
        return sorted(v.value if isinstance(v, enum.Enum) else v for v in value)
    if isinstance(value, tuple):
        return list(value)
    return value
