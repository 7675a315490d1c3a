"""A player of this library at an mjai table: :class:`MjaiClient` reads the table's lines and answers each
with one action (``riichi bot SPEC`` runs it on stdin and stdout).

The client follows the hand in a :class:`~riichi.game.round.Round`, so its seat's legal actions and view
are the engine's own. The table hides the other seats' starting hands and draws (``?``); the round needs
tiles there, so the client fills them with tiles it has not seen, and changes a filled tile to the real
one when a seat shows it (a discard, the tiles of a call or a kan). A hidden draw whose discard comes in
the same line is that tile at once (most of them: a line brings the turns since the seat's last
decision), so nothing is filled and changed back. When a seat declares riichi its filled hand is remade
tenpai (the round checks that a riichi hand is), three of a kind in each block and a single wait, and
again around a concealed kan it makes in riichi (the round checks that the kan keeps the waits); a call
never leaves a filled hand only swap-call discards. Nothing of this reaches the player: it sees only its
own hand and the public table.

A line is a JSON array of events (mjai.app) or one event (the original mjai server); the answer is the
player's action when its seat has a decision after the last of them, else ``{"type":"none"}``. The seat
comes from ``start_game``'s ``id``.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Final

from riichi.bots.protocol import HIDDEN, action_message, message_text
from riichi.errors import RiichiError
from riichi.formats import strict_json
from riichi.formats.mjai import tile_from_mjai
from riichi.game import legal
from riichi.game.engine import Decision
from riichi.game.events import (
    Ankan,
    Chi,
    Deal,
    DoraRevealed,
    Kita,
    Minkan,
    Pon,
    Riichi,
    RiichiAccepted,
    Shouminkan,
    discard_event,
    draw_event,
)
from riichi.game.phase import Phase
from riichi.game.players import Player, SeatView
from riichi.game.round import Round
from riichi.game.wall import full_set
from riichi.rules import RuleSet
from riichi.tiles import KIND_OF, Tile, Wind

__all__ = ["MjaiClient"]

_NONE = '{"type":"none"}'
#: Problems kept (the newest), and the longest text of one (a value it names is cut short to fit).
MAX_PROBLEMS: Final = 100
MAX_PROBLEM_TEXT: Final = 300
#: The tiles of each kind, the plain one first (a five's red one after it).
_OF_KIND: Final = tuple(tuple(t for t in Tile if KIND_OF[t] == kind) for kind in range(34))


class MjaiClient:
    """``player`` at an mjai table under ``rules``; :meth:`answer` takes one line and returns the answer.
    Problems (an event the round refuses, a line that is not mjai) are kept in ``problems``, the newest
    :data:`MAX_PROBLEMS`, each at most :data:`MAX_PROBLEM_TEXT` characters (a reader may empty the list as it
    reports them); the client then plays safe (pass, or discard the tile drawn) until the next hand."""

    def __init__(self, player: Player, rules: RuleSet) -> None:
        self.player = player
        self.rules = rules
        self.seat = 0
        self.round: Round | None = None
        self.problems: list[str] = []
        self._pool: Counter[Tile] = Counter()
        self._last_draw: str | None = None  # our seat's last drawn tile, for the safe discard
        self._made_for: Tile | None = None  # the riichi discard a hidden hand was remade for at its declaration

    def answer(self, line: str) -> str:
        """The answer to one line from the table."""
        try:
            message = strict_json.loads(line)
        except ValueError as not_json:
            self.problem(f"not JSON: {str(not_json).splitlines()[0]}")
            return _NONE
        events = message if isinstance(message, list) else [message]
        for i, event in enumerate(events):
            if not isinstance(event, dict):
                self.problem(f"not an mjai event: {_short(repr(event))}")
                continue
            try:
                self._take(event, events[i + 1] if i + 1 < len(events) else None)
            except (RiichiError, ValueError, KeyError, TypeError) as exc:
                self.problem(f"{_short(json.dumps(event))}: {exc}")
                self.round = None  # lost the hand: play safe until the next one
        return self._decide(events)

    def problem(self, text: str) -> None:
        """Keep a problem: its text cut to :data:`MAX_PROBLEM_TEXT` characters, the oldest let go beyond
        :data:`MAX_PROBLEMS`."""
        if len(text) > MAX_PROBLEM_TEXT:
            text = text[:MAX_PROBLEM_TEXT - 3] + "..."
        self.problems.append(text)
        if len(self.problems) > MAX_PROBLEMS:
            del self.problems[0]

    # -- the table's events ---------------------------------------------------------------------------

    def _take(self, event: dict[str, object], after: object) -> None:  # noqa: C901, PLR0912 - one branch per type
        """Follow one event (``after``: the event after it in the line, if any)."""
        kind = event.get("type")
        if kind == "start_game":
            seat = event.get("id", 0)
            self.seat = seat if type(seat) is int and 0 <= seat < 4 else 0  # noqa: PLR2004
            if self.seat != seat or type(seat) is not int:
                self.problem(f"start_game's id must be our seat, 0 to 3, not {_short(repr(seat))}: playing seat 0")
            self.round = None
            return
        if kind == "start_kyoku":
            self._start(event)
            return
        actor = event.get("actor")
        if kind == "tsumo" and type(actor) is int and actor == self.seat:
            self._last_draw = _tile_name(event.get("pai"))  # for the safe discard, when a tile is named
        r = self.round
        if r is None or kind in ("end_kyoku", "end_game", "none", "hora", "ryukyoku"):
            if kind in ("hora", "ryukyoku", "end_kyoku"):
                self.round = None  # the hand is over: nothing more to follow until the next deal
            return
        seat = -1 if kind == "dora" else _seat(event, "actor", len(r.hands))  # a kan indicator has no actor
        hidden = seat != self.seat
        if kind == "tsumo":
            pai = event.get("pai")
            tile = self._hidden_draw(seat, after) if pai == HIDDEN else self._out(tile_from_mjai(pai))
            r.apply(draw_event(seat, tile, rinshan=r.needs_rinshan))
        elif kind == "dahai":
            tile = tile_from_mjai(event.get("pai"))
            tsumogiri = event.get("tsumogiri") is True
            if hidden:
                self._show_discard(r, seat, tile, tsumogiri=tsumogiri)
            r.apply(discard_event(seat, tile, tsumogiri=tsumogiri or (r.riichi[seat] and r.drawn == tile)))
        elif kind in ("chi", "pon", "daiminkan"):
            own = tuple(tile_from_mjai(t) for t in _list(event.get("consumed")))
            target, pai = _seat(event, "target", len(r.hands)), tile_from_mjai(event.get("pai"))
            if hidden:
                self._hold(r, seat, own)
                if kind != "daiminkan":
                    self._keep_a_discard(r, seat, own, legal.kuikae_kinds(self.rules.game.kuikae, pai, own,
                                                                          chi=kind == "chi"))
            call = Chi if kind == "chi" else Pon if kind == "pon" else Minkan
            r.apply(call(seat, pai, target, own))
        elif kind == "kakan":
            tile = tile_from_mjai(event.get("pai"))
            if hidden:
                self._hold(r, seat, (tile,))
            r.apply(Shouminkan(seat, tile))
        elif kind == "ankan":
            tiles = tuple(tile_from_mjai(t) for t in _list(event.get("consumed")))
            if hidden and r.riichi[seat]:  # the kan must keep the riichi hand's waits: remade around it
                self._make_tenpai(r, seat, discard=None, kan=tiles)
            elif hidden:
                self._hold(r, seat, tiles)
            r.apply(Ankan(seat, tiles))
        elif kind == "nukidora":
            north = tile_from_mjai("N")
            if hidden:  # in riichi, the North drawn is set aside
                self._show_discard(r, seat, north, tsumogiri=r.riichi[seat])
            r.apply(Kita(seat))
        elif kind == "reach":
            if hidden:
                self._made_for = self._declared_discard(seat, after)
                self._make_tenpai(r, seat, discard=self._made_for)
            r.apply(Riichi(seat))
        elif kind == "reach_accepted":
            r.apply(RiichiAccepted(seat))
        elif kind == "dora":
            r.apply(DoraRevealed(self._out(tile_from_mjai(event.get("dora_marker")))))
        else:
            raise ValueError(f"unknown message type {kind!r}")

    def _start(self, event: dict[str, object]) -> None:
        hands = _list(event.get("tehais"))
        if not 3 <= len(hands) <= 4 or self.seat >= len(hands):  # noqa: PLR2004 - three or four seats
            raise ValueError(f"tehais holds {len(hands)} hands, not one for each of three or four seats with ours "
                             f"(seat {self.seat})")
        self._pool = Counter(full_set(self.rules.scoring.aka, players=len(hands)))
        mine = tuple(self._out(tile_from_mjai(t)) for t in _list(hands[self.seat]))
        dora = self._out(tile_from_mjai(event.get("dora_marker")))
        dealt = tuple(mine if s == self.seat else tuple(self._fill() for _ in _list(hands[s]))
                      for s in range(len(hands)))
        scores = tuple(int(str(p)) for p in _list(event.get("scores")))
        deal = Deal(Wind.parse(str(event.get("bakaze"))), _int(event, "kyoku"), _int(event, "oya"), dora, dealt,
                    honba=_int(event, "honba"), sticks=_int(event, "kyotaku"), scores=scores)
        self.round = Round(deal, self.rules)

    # -- the tiles the table hides --------------------------------------------------------------------

    def _fill(self, avoid: frozenset[int] = frozenset()) -> Tile:
        """A tile not seen, for a hidden place (the tile with the most copies left, the first in the set's order),
        of no kind in ``avoid``."""
        best, most = None, 0
        for t, n in self._pool.items():  # the pool keeps the set's order: kinds ascending, red fives last
            if n > most and KIND_OF[t] not in avoid:
                best, most = t, n
        if best is None:
            raise ValueError("no tile is left unseen")
        self._pool[best] -= 1
        return best

    def _hidden_draw(self, seat: int, after: object) -> Tile:
        """The tile for another seat's draw: the tile it discards next when the line shows that discard already
        (drawn and let go again, from the hand or not, it leaves the filled hand as it was), else a fill."""
        if isinstance(after, dict) and after.get("type") == "dahai" and after.get("actor") == seat:
            try:
                return self._out(tile_from_mjai(after.get("pai")))
            except ValueError:
                pass  # the discard itself is the problem, said when it is followed
        return self._fill()

    def _out(self, tile: Tile) -> Tile:
        """``tile`` comes into view from the wall: take it from the pool, from a hidden hand if one holds
        the last copy (that place filled again)."""
        if self._pool[tile] <= 0 and self.round is not None:
            r = self.round
            for s in range(len(r.hands)):
                if s != self.seat and tile in r.hands[s]:
                    self._swap(r, s, tile, self._fill())
                    break
        self._pool[tile] -= 1
        return tile

    def _swap(self, r: Round, seat: int, old: Tile, new: Tile) -> None:
        """A hidden seat's filled tile ``old`` becomes ``new`` (``new`` already taken from the pool)."""
        hand = r.hands[seat]
        hand.remove(old)
        hand.append(new)
        r.counts[seat][KIND_OF[old]] -= 1
        r.counts[seat][KIND_OF[new]] += 1
        r.seen[KIND_OF[old]] -= 1
        r.seen[KIND_OF[new]] += 1
        if old not in hand and r.turn == seat and r.drawn == old:
            r.drawn = new
        self._pool[old] += 1

    def _take_from_pool(self, tile: Tile, seat: int) -> None:
        """Take ``tile`` out of the pool for ``seat``'s hand, freeing it from another hidden hand if needed."""
        r = self.round
        if self._pool[tile] <= 0 and r is not None:
            for s in range(len(r.hands)):
                if s not in (seat, self.seat) and tile in r.hands[s]:
                    self._swap(r, s, tile, self._fill())
                    break
            else:
                raise ValueError(f"no {tile} is left unseen")
        self._pool[tile] -= 1

    def _hold(self, r: Round, seat: int, tiles: tuple[Tile, ...]) -> None:
        """Make hidden ``seat`` hold ``tiles`` (for a discard, a call or a kan), changing filled tiles it does
        not need (the tile drawn last of all)."""
        hand = r.hands[seat]
        for tile in dict.fromkeys(tiles):
            for _ in range(tiles.count(tile) - hand.count(tile)):
                spare = next((t for t in hand if t not in tiles and t != r.drawn), None)
                if spare is None:
                    spare = r.drawn if r.drawn in hand and r.drawn not in tiles else None
                if spare is None:
                    raise ValueError(f"seat {seat}'s hand has no place for {tile}")
                self._take_from_pool(tile, seat)
                self._swap(r, seat, spare, tile)

    def _declared_discard(self, seat: int, after: object) -> Tile | None:
        """The riichi discard of hidden ``seat`` when the line shows it after the declaration, else None."""
        if isinstance(after, dict) and after.get("type") == "dahai" and after.get("actor") == seat:
            try:
                return tile_from_mjai(after.get("pai"))
            except ValueError:
                return None
        return None

    def _keep_a_discard(self, r: Round, seat: int, own: tuple[Tile, ...], forbidden: frozenset[int]) -> None:
        """Hidden ``seat`` calls with ``own``: the tiles left in its filled hand must not all be ``forbidden``
        discards (swap-calling), or the call would leave it no discard; a filled one changes kind."""
        rest = list(r.hands[seat])
        for t in own:
            rest.remove(t)
        if not forbidden or any(KIND_OF[t] not in forbidden for t in rest):
            return
        if not rest:
            raise ValueError(f"seat {seat}'s hand has no tile left after the call")
        self._swap(r, seat, rest[0], self._fill(forbidden))

    def _show_discard(self, r: Round, seat: int, tile: Tile, *, tsumogiri: bool) -> None:
        if r.declaring == seat:
            if self._made_for != tile:  # the hand was not already made for this discard at the declaration
                self._make_tenpai(r, seat, discard=tile)
            self._made_for = None
            if tsumogiri:  # the riichi discard is the tile drawn: the remade hand holds it, the filled one stays
                r.drawn = tile
        elif tsumogiri or r.riichi[seat]:
            drawn = r.drawn
            if drawn is not None and drawn != tile:
                if tile not in r.hands[seat]:  # else a filled copy in the hand becomes the tile drawn
                    self._take_from_pool(tile, seat)
                    self._swap(r, seat, drawn, tile)
                r.drawn = tile
        else:
            self._hold(r, seat, (tile,))

    def _block(self, seat: int, used: set[int], free: Counter[Tile], left: list[int]) -> list[Tile]:
        """Three tiles not seen by the client making a block (three of a kind, else a run) of kinds not in
        ``used``, for hidden ``seat``: from the pool, or from another hidden hand (filled again). ``free``
        counts those tiles (the pool and the other hidden hands) and ``left`` them by kind; both lose the
        block's tiles."""
        kinds = [k for k in range(34) if left[k] >= 3 and k not in used]  # noqa: PLR2004
        if kinds:
            chosen = [kinds[0]] * 3
        else:
            runs = [k for k in range(27) if k % 9 <= 6 and all(left[k + i] and k + i not in used for i in range(3))]  # noqa: PLR2004
            if not runs:
                raise ValueError("no block left in the unseen tiles")
            chosen = [runs[0], runs[0] + 1, runs[0] + 2]
        block = []
        for kind in chosen:
            tile = min((t for t in _OF_KIND[kind] if free[t] > 0), key=lambda t: (self._pool[t] <= 0, t.is_red))
            free[tile] -= 1
            left[kind] -= 1
            self._take_from_pool(tile, seat)
            block.append(tile)
        return block

    def _make_tenpai(self, r: Round, seat: int, *, discard: Tile | None, kan: tuple[Tile, ...] = ()) -> None:
        """Remake a hidden seat's filled hand tenpai: three of a kind in each block, and single tiles to its size.
        For riichi it holds the tile drawn and the declaring discard when it is known (tenpai once the discard
        leaves). For a concealed kan in riichi it holds the kan's four tiles, the last of them the tile drawn,
        with no other tile within two of their kind: no reading of the hand makes them anything but a triplet,
        and the kan leaves the waits as they were."""
        drawn = r.drawn
        size = len(r.hands[seat])
        for t in r.hands[seat]:
            self._pool[t] += 1
            r.seen[KIND_OF[t]] -= 1
            r.counts[seat][KIND_OF[t]] -= 1
        r.hands[seat].clear()
        keep = list(kan) if kan else list(dict.fromkeys(t for t in (discard, drawn) if t is not None))
        tiles: list[Tile] = []
        for t in keep:
            self._take_from_pool(t, seat)
            tiles.append(t)
        avoid: frozenset[int] = frozenset()
        if kan:
            k = KIND_OF[kan[0]]
            avoid = frozenset({k} if k >= 27 else {n for n in range(k - 2, k + 3) if 0 <= n < 27 and n // 9 == k // 9})  # noqa: PLR2004
        free = Counter({t: n for t, n in self._pool.items() if n > 0})  # a swap with another hidden hand keeps it
        for s in range(len(r.hands)):
            if s not in (seat, self.seat):
                free.update(r.hands[s])
        left = [0] * 34
        for t, n in free.items():
            left[KIND_OF[t]] += n
        used = {KIND_OF[t] for t in tiles} | avoid
        for _ in range(4 - len(r.melds[seat]) - (1 if kan else 0)):  # noqa: PLR2004 - four blocks and a pair
            block = self._block(seat, used, free, left)
            used.update(KIND_OF[t] for t in block)
            tiles.extend(block)
        while len(tiles) < size:
            tiles.append(self._fill(avoid))
        for t in tiles:
            r.hands[seat].append(t)
            r.counts[seat][KIND_OF[t]] += 1
            r.seen[KIND_OF[t]] += 1
        if kan:
            r.drawn = kan[-1]
        r.waits[seat] = legal.hand_waits(r, seat)

    # -- the answer ------------------------------------------------------------------------------------

    def _decide(self, events: list[object]) -> str:
        r = self.round
        last = events[-1] if events and isinstance(events[-1], dict) else {}
        if r is None:
            if last.get("type") == "tsumo" and last.get("actor") == self.seat and self._last_draw:
                return message_text({"type": "dahai", "actor": self.seat, "pai": self._last_draw, "tsumogiri": True})
            return _NONE
        seat = self.seat
        if r.phase is Phase.TURN:
            if r.turn != seat:
                return _NONE
        elif r.phase not in (Phase.CALLS, Phase.KAN) or r.last is None or r.last[0] == seat:
            return _NONE
        actions = legal.legal_actions(r, seat)
        if not actions:
            return _NONE
        view = SeatView(r, seat)
        action = self.player.choose(view, actions)
        if action not in actions:
            self.problem(f"the player chose {action}, not a legal action")
            action = Decision(seat, actions, view).default
        return message_text(action_message(action))


def _short(text: str) -> str:
    """A value of the table's line, written out for a problem's text, cut short (a line may hold anything)."""
    return text if len(text) <= MAX_PROBLEM_TEXT // 2 else text[:MAX_PROBLEM_TEXT // 2 - 3] + "..."


def _list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list, not {value!r}")
    return value


def _tile_name(value: object) -> str | None:
    """``value`` when it names a tile in mjai, else None."""
    try:
        tile_from_mjai(value)
    except ValueError:
        return None
    return str(value)


def _seat(event: dict[str, object], key: str, players: int) -> int:
    """The seat an event names under ``key`` (``actor``, ``target``): a whole number from 0 to ``players - 1``."""
    value = event.get(key)
    if type(value) is not int or not 0 <= value < players:
        raise ValueError(f"{key} must be a seat from 0 to {players - 1}, not {value!r}")
    return value


def _int(event: dict[str, object], key: str) -> int:
    value = event.get(key, 0)
    if type(value) is not int:
        raise ValueError(f"{key} must be a whole number, not {value!r}")
    return value

