"""The values a multi-valued rule switch takes: one enum per switch.

Each member's value is the word a rule spec uses (``{"preset": "tenhou", "kazoe": "sanbaiman"}``).
"""

from __future__ import annotations

import enum
from typing import Final

from riichi.yaku import Yaku

__all__ = [
    "LOCAL_YAKU",
    "PAO_YAKUMAN",
    "AbortiveDraw",
    "Bust",
    "Extension",
    "FinalRounding",
    "GameLength",
    "KanAfterRiichi",
    "KanDoraTiming",
    "Kazoe",
    "Kuikae",
    "LeftoverSticks",
    "MultipleRon",
    "MultipleYakuman",
    "PaarenchanCount",
    "PaoScope",
    "Renchan",
    "Renhou",
    "SanmaTsumo",
    "TenpaiYame",
    "Ties",
]


# -- what scores ----------------------------------------------------------------

class Kazoe(enum.Enum):
    """What 13 or more han without a real yakuman is worth."""

    YAKUMAN = "yakuman"  #: one yakuman (kazoe yakuman)
    SANBAIMAN = "sanbaiman"  #: capped at sanbaiman
    MULTIPLE = "multiple"  #: 13 han per yakuman: 26 han is a double


class MultipleYakuman(enum.Enum):
    """The three treatments of several yakuman in one hand."""

    SINGLE = "single"  #: never more than one yakuman
    CUMULATIVE = "cumulative"  #: distinct yakuman add up; double forms count once
    FULL = "full"  #: they add up and the double forms count twice


class Renhou(enum.Enum):
    """How a non-dealer's ron in the first uninterrupted go-around is paid."""

    YAKUMAN = "yakuman"
    MANGAN = "mangan"  #: a mangan, or the hand's normal value when that is higher
    YAKU = "yaku"  #: a 4-han yaku that adds to the others
    NONE = "none"  #: not recognised


class PaoScope(enum.Enum):
    """What a liable player (pao) covers."""

    WHOLE_HAND = "whole_hand"  #: the whole hand, other yakuman included (Tenhou)
    YAKUMAN_SHARE = "yakuman_share"  #: only the share of the yakuman fed (Mahjong Soul)


#: Every local yaku a rule set can switch on (the interchange ``local_yaku``), in the order of :class:`Yaku`:
#: the members the registry marks local.
LOCAL_YAKU: Final = tuple(y for y in Yaku if y.is_local)

#: The yakuman whose feeder a rule set may hold liable (pao), in the order of :class:`Yaku`: the members the
#: registry marks so (the yaku table gives each of their rows the way to find the feeder).
PAO_YAKUMAN: Final = tuple(y for y in Yaku if y.has_pao)


# -- what plays -----------------------------------------------------------------

class GameLength(enum.Enum):
    """How many rounds a game has."""

    EAST_ONLY = "east_only"  #: tonpuusen: the East round
    HANCHAN = "hanchan"  #: East and South rounds


class Extension(enum.Enum):
    """What happens when the last hand ends and nobody has reached the return points."""

    NONE = "none"  #: the game ends
    #: Play goes on into the next wind (West after a hanchan, South after an east-only game) and ends
    #: after the first hand that leaves someone at or above the return points, at the latest after
    #: that wind's fourth hand (forced end).
    SUDDEN_DEATH = "sudden_death"


class Bust(enum.Enum):
    """When a player's score ends the game at once (tobi)."""

    NONE = "none"  #: play continues below zero
    BELOW_ZERO = "below_zero"  #: a score below 0 ends the game; exactly 0 plays on
    AT_ZERO = "at_zero"  #: a score of 0 or less ends the game


class AbortiveDraw(enum.Enum):
    """The abortive draws (tochuu ryuukyoku) a rule set plays; in each no points move."""

    KYUUSHU_KYUUHAI = "kyuushu_kyuuhai"  #: nine different terminals and honours on the first draw
    SUUFON_RENDA = "suufon_renda"  #: the same wind discarded by all four on the first go-around
    SUUCHA_RIICHI = "suucha_riichi"  #: a fourth riichi accepted
    SUUKAIKAN = "suukaikan"  #: four kans by two or more players
    SANCHAHOU = "sanchahou"  #: three players ron the same discard


class MultipleRon(enum.Enum):
    """How many players may ron one discard.

    When more call ron than the rule allows, those nearest after the discarder in turn order win
    (head bump), unless three rons are an abortive draw (:attr:`AbortiveDraw.SANCHAHOU`).
    """

    HEAD_BUMP = "head_bump"  #: one winner: the nearest after the discarder
    DOUBLE = "double"  #: up to two winners
    TRIPLE = "triple"  #: up to three winners


class KanAfterRiichi(enum.Enum):
    """Which concealed kans a player in riichi may declare."""

    #: Only when the waits stay the same and the three tiles can be read as nothing but a triplet.
    STRICT = "strict"
    WAITS_ONLY = "waits_only"  #: whenever the waits stay the same
    FORBIDDEN = "forbidden"  #: never


class Kuikae(enum.Enum):
    """Which discards are forbidden right after a call (swap-calling, kuikae)."""

    #: The called tile and, after a chi, the tile at the other end of the run (suji kuikae).
    FORBIDDEN = "forbidden"
    SAME_TILE = "same_tile"  #: only the called tile itself
    ALLOWED = "allowed"  #: any tile


class KanDoraTiming(enum.Enum):
    """When the indicator of an open or added kan is revealed (a closed kan's always at once)."""

    IMMEDIATE = "immediate"  #: at once, before the replacement draw: a rinshan win sees it
    AFTER_DISCARD = "after_discard"  #: after the replacement draw's discard (or the next kan)


class PaarenchanCount(enum.Enum):
    """What counts toward paarenchan (eight dealer wins in a row), where it is played."""

    WINS_ONLY = "wins_only"  #: eight dealer wins in a row; a dealer repeat on a draw resets the count
    ACROSS_DRAWS = "across_draws"  #: draws the dealer survives neither count nor reset


class LeftoverSticks(enum.Enum):
    """Where riichi sticks still on the table at the end of the game go."""

    TO_TOP = "to_top"  #: to the player in first place
    UNCLAIMED = "unclaimed"  #: to nobody


class Renchan(enum.Enum):
    """When the dealer keeps the seat (an abortive draw always repeats the hand)."""

    TENPAI = "tenpai"  #: after a dealer win, or an exhaustive draw with the dealer tenpai
    WIN_ONLY = "win_only"  #: only after a dealer win


class TenpaiYame(enum.Enum):
    """Whether an exhaustive draw with the all-last dealer tenpai and in first place ends the game.

    Tenhou's rule list is read as an automatic stop (the arcturus.su translation of tenhou.net's rules),
    but its client has an "automatic tenpai-stop" setting (自動聴牌止め, tenhou.net/man): the stop is the
    dealer's, made for them when the setting is on. Real records show both: a 2022 houou game ends there,
    another goes on into the next hand with the same dealer.
    """

    NONE = "none"  #: the dealer plays on
    AUTOMATIC = "automatic"  #: the game ends
    #: The game ends unless the dealer plays on: a record shows the choice by dealing the next hand; the
    #: engine's own players always stop.
    DEALERS_CHOICE = "dealers_choice"


class FinalRounding(enum.Enum):
    """How final scores become final points (in thousands)."""

    EXACT = "exact"  #: kept to the hundred (shown with one decimal)
    #: Each final score but the top's rounded to a whole thousand, halves away from zero; the top takes the rest.
    THOUSANDS = "thousands"


class SanmaTsumo(enum.Enum):
    """How a win by self-draw is paid when there are three players (no North seat).

    The four-player shares are worked out as usual (the dealer pays double); what the missing North would
    have paid is:
    """

    #: Not paid: a non-dealer's mangan by tsumo is 2,000 + 4,000 (tenhou.net; its real three-player games).
    TSUMO_LOSS = "tsumo_loss"
    #: Split between the two payers, each half rounded up to 100 (Mahjong Soul's "north bisection"): a
    #: non-dealer's mangan by tsumo is 3,000 + 5,000, a dealer's 6,000 all.
    NORTH_BISECTION = "north_bisection"


class Ties(enum.Enum):
    """How players with equal final scores are placed."""

    SPLIT = "split"  #: they share the uma and oka of the places they occupy
    SEAT_ORDER = "seat_order"  #: the one nearer the first dealer in seat order ranks higher
