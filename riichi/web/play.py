"""A game against the built-in players in the browser (``/play``): the game held on the server, stepped on
the same driver as every other player (:class:`~riichi.game.engine.Table`), and what one seat may see of it.

A :class:`PlayGame` is one game: the rule set, the opponents (built-in players by name), the seat of the
person playing and the seed of the walls. The seed and every hand but the person's own stay here: the
page is sent :meth:`PlayGame.state`, built from the seat's :class:`~riichi.game.players.SeatView` and the
public table only (rivers, melds, dora indicators, scores, sticks, the tiles left). Other hands are shown
only once the rules show them: a winning hand, the tenpai hands at an exhaustive draw, an open riichi.

The bots move at once; the game stops at each decision of the person's seat (a decision with a single
legal action, such as the discard of the drawn tile in riichi, is played for them). An action is sent as
the engine writes it (``"discard 0 5m"``, ``"pon 0 5m<3 55m"``, ``"pass 0"``) with the number of moves
the page saw; an action that is not legal now, or sent for a position the page no longer shows, is
refused with the reason (:class:`PlayRefused`).

A game is its choices: the same rule set, opponents, seat and seed with the person's actions played again
give the same game event for event (the built-in players choose from seeded generators). So a game is
kept as that small JSON object (:meth:`PlayGame.saved`) and made again from it (:meth:`PlayGame.restore`):
:class:`GameStore` keeps each game in memory and, when given a folder, also on disk, so that the games
survive a restart of the server.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from riichi.bots.spec import PLAYERS
from riichi.errors import IllegalActionError, RiichiError
from riichi.game.danger import danger_of_kinds
from riichi.game.engine import Decision, Table
from riichi.game.events import (
    Ankan,
    Chi,
    Discard,
    Event,
    Kita,
    Minkan,
    Pon,
    Riichi,
    Ryuukyoku,
    Shouminkan,
    Win,
)
from riichi.game.game import Game, HandResult
from riichi.game.legal import Action, Pass
from riichi.game.players import Player, SeatView
from riichi.game.round import Round
from riichi.notation import format_tiles
from riichi.rules import PRESETS, RuleSet, find_rules
from riichi.shapes.waits import wait_kinds
from riichi.tiles import KIND_OF, Tile, kind_name, sort_tiles

__all__ = ["BUILT_IN_PLAYERS", "DEFAULT_OPPONENT", "HELP_EV_SECONDS", "HELP_EV_STATES", "IDLE_SECONDS", "MAX_GAMES",
           "GameStore", "PlayGame", "PlayRefused"]

#: The strongest built-in player: the opponents' default.
DEFAULT_OPPONENT: Final = "expert"
#: The names of the built-in players a game may seat.
BUILT_IN_PLAYERS: Final = tuple(PLAYERS)
#: A game nobody has touched for this many seconds is dropped (and its saved copy deleted).
IDLE_SECONDS: Final = 2 * 60 * 60
#: Games held at once; a new game beyond them is refused until one ends or goes idle.
MAX_GAMES: Final = 200
#: The budget of the help's expected values, each time the help is asked for (the search stops past either
#: and the help answers without them: ``too_complex``).
HELP_EV_SECONDS: Final = 1.0
HELP_EV_STATES: Final = 200_000
#: The name the record gives the person's seat.
PLAYER_NAME: Final = "you"

_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{20,64}")


class PlayRefused(Exception):
    """A request the game refuses: the HTTP status, the error code and the reason."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Setup:
    """What a game is made of: its rule set's name, each seat's player (``None``: the person), the seed."""

    rules: str
    players: tuple[str | None, ...]
    seed: int

    @property
    def seat(self) -> int:
        return self.players.index(None)


def new_setup(rules: str, opponents: list[str] | None, seat: int | None) -> Setup:
    """A new game's setup from a request's choices, refused with :class:`PlayRefused` when one is wrong:
    ``rules`` a preset, ``opponents`` built-in players (one name for all, or one per other seat; the
    default :data:`DEFAULT_OPPONENT`), ``seat`` the person's seat (random when None)."""
    if rules not in PRESETS:
        raise PlayRefused(422, "unknown_rules", f"unknown rule set {rules!r}: one of {', '.join(PRESETS)}")
    n = PRESETS[rules].players
    names = list(opponents) if opponents else [DEFAULT_OPPONENT]
    if len(names) == 1:
        names *= n - 1
    if len(names) != n - 1:
        raise PlayRefused(422, "invalid_players", f"{rules} seats {n - 1} opponents, not {len(names)}")
    for name in names:
        if name not in PLAYERS:
            raise PlayRefused(422, "invalid_players",
                              f"unknown player {name!r}: one of {', '.join(BUILT_IN_PLAYERS)}")
    if seat is None:
        seat = secrets.randbelow(n)
    elif not 0 <= seat < n:
        raise PlayRefused(422, "invalid_seat", f"{rules} has seats 0 to {n - 1}, not {seat}")
    players: list[str | None] = [*names]
    players.insert(seat, None)
    return Setup(rules, tuple(players), secrets.randbits(63))


class PlayGame:
    """One game of a person against built-in players (see the module description)."""

    def __init__(self, setup: Setup, *, moves: tuple[str, ...] = (), acknowledged: int = 0) -> None:
        self.setup = setup
        self.rules: RuleSet = find_rules(setup.rules)
        self.seat = setup.seat
        self.events: list[Event] = []
        #: Each hand's end as the page shows it, in order.
        self.endings: list[dict[str, object]] = []
        #: The hand ends the page has been shown and closed.
        self.acknowledged = acknowledged
        #: The person's actions so far, as the engine writes them.
        self.moves: list[str] = []
        self.touched = time.monotonic()
        self._bots: dict[int, Player] = {seat: PLAYERS[name](setup.seed + seat)
                                         for seat, name in enumerate(setup.players) if name is not None}
        names = tuple(PLAYER_NAME if name is None else name for name in setup.players)
        self.game = Game(self.rules)
        self.table = Table(self.rules, seed=setup.seed, names=names, listener=self._listen, game=self.game)
        self._run()
        for text in moves:  # a saved game played again: every move was legal when it was made
            self.act(text, len(self.moves))
        self.acknowledged = min(acknowledged, len(self.endings))

    # -- stepping ---------------------------------------------------------------------------------------------

    def _listen(self, event: Event) -> None:
        self.events.append(event)
        game = self.game
        result = game.hand_result
        if result is not None and game.round is not None:  # the hand is over (a second ron comes after the first)
            ending = _ending(game.round, result)
            index = len(game.results)
            if index < len(self.endings):
                self.endings[index] = ending
            else:
                self.endings.append(ending)

    def _run(self) -> None:
        """Let the bots move, and play the person's forced moves, until the person has a choice (or the end)."""
        table = self.table
        while (d := table.decision) is not None:
            if d.seat != self.seat:
                table.step(self._bots[d.seat].choose(d.view, d.actions))
            elif len(d.actions) == 1 and not isinstance(d.actions[0], Win):
                table.step(d.actions[0])
            else:
                return

    def act(self, text: str, moves: int) -> None:
        """Play the person's action ``text`` (as the engine writes it), sent when the page had seen ``moves``
        of the person's moves; refused with :class:`PlayRefused` saying why."""
        d = self.table.decision
        if d is None:
            raise PlayRefused(409, "game_over", "the game has ended")
        if moves != len(self.moves):
            raise PlayRefused(409, "stale_position", f"the action was chosen at move {moves}, but the game is at "
                                                     f"move {len(self.moves)}: reload the position")
        if d.seat != self.seat:  # cannot happen: the bots have moved before any answer leaves
            raise PlayRefused(409, "not_your_turn", "it is not your move")
        chosen = next((a for a in d.actions if str(a) == text), None)
        if chosen is None:
            raise PlayRefused(422, "illegal_action", _why_not(text, d))
        self.table.step(chosen)
        self.moves.append(text)
        self._run()

    def acknowledge(self, count: int) -> None:
        """The page has shown the first ``count`` hand ends."""
        self.acknowledged = max(self.acknowledged, min(count, len(self.endings)))

    # -- what the seat sees -----------------------------------------------------------------------------------

    def state(self) -> dict[str, object]:
        """What the person's seat may see now, as the page draws it (see the module description)."""
        game = self.game
        r = game.round
        out: dict[str, object] = {
            "ok": True, "playing": True, "rules": self.rules.name, "players": game.players, "seat": self.seat,
            "names": [PLAYER_NAME if n is None else n for n in self.setup.players],
            "moves": len(self.moves), "acknowledged": self.acknowledged,
            # the hand ends not yet shown and closed (the first is hand number ``acknowledged``, from 0)
            "endings": self.endings[self.acknowledged:],
            "hands_played": len(game.results) + (1 if r is not None and r.is_over else 0),
            "over": self._final() if game.ended else None,
        }
        if r is None:
            out["table"] = None
            out["actions"] = []
            return out
        view = SeatView(r, self.seat)
        out["table"] = _table(game, r, view)
        out["me"] = _own(r, view)
        d = self.table.decision
        out["to_move"] = d.seat if d is not None else None
        out["actions"] = [_action(a) for a in d.actions] if d is not None and d.seat == self.seat else []
        return out

    def _final(self) -> dict[str, object]:
        final = self.game.final
        return {"scores": list(final.scores), "places": list(final.places), "points": list(final.points),
                "uma": list(self.rules.game.uma), "oka": self.rules.game.oka,
                "starting_points": self.rules.game.starting_points, "target_points": self.rules.game.target_points}

    def help(self) -> dict[str, object]:
        """The analysis request of the person's hand as the seat sees it (no other hand), for the help table:
        ``POST /api/analyze`` answers it."""
        r = self.game.round
        if r is None or r.is_over:
            raise PlayRefused(409, "no_hand", "no hand is in play")
        view = SeatView(r, self.seat)
        visible: list[Tile] = list(view.dora_indicators)
        for s in range(r.players):
            visible.extend(d.tile for d in view.river(s) if not d.called)
            for m in view.melds(s):
                if s != self.seat:
                    visible.extend(m.tiles)
        hand = " ".join([format_tiles(view.hand), *(str(m) for m in view.melds(self.seat))])
        request: dict[str, object] = {
            "hand": hand, "rules": self.rules.name, "seat_wind": str(view.seat_wind),
            "round_wind": str(view.round_wind), "dora": format_tiles(view.dora_indicators, sort=False),
            "visible": format_tiles(visible), "discards": format_tiles([d.tile for d in view.river(self.seat)]),
            "tiles_left": view.live_tiles_left, "points": view.scores[self.seat], "riichi": view.riichi[self.seat],
        }
        if view.drawn is not None and len(view.hand) % 3 == 2:
            request["drawn"] = str(view.drawn)
            # the expected value of each discard (the table model), from the seat's draws so far to the wall's end
            request["ev"] = {"model": "table", "first_turn": min(len(view.river(self.seat)) + 1, 136)}
        if view.kita(self.seat):
            request["kita"] = view.kita(self.seat)
        return request

    def danger(self) -> list[dict[str, object]]:
        """The danger of each kind in the person's hand, from what the seat sees (the river, the riichi, the
        calls and the tiles in view: :mod:`riichi.game.danger`): the chance that discarding it now deals into
        each seat (0 for the person's own) and into any (their sum)."""
        r = self.game.round
        if r is None or r.is_over:
            raise PlayRefused(409, "no_hand", "no hand is in play")
        view = SeatView(r, self.seat)
        kinds = sorted({KIND_OF[t] for t in view.hand})
        return [{"tile": kind_name(kind), "seats": [round(x, 4) for x in row], "any": round(min(sum(row), 1.0), 4)}
                for kind, row in zip(kinds, danger_of_kinds(view, kinds), strict=True)]

    def record(self, fmt: str) -> str:
        """The finished game as a record in ``fmt`` (``mjai``, ``tenhou6`` or ``mjlog``)."""
        from riichi.cli.play import game_record
        from riichi.replay.convert import write_record

        if not self.game.ended:
            raise PlayRefused(409, "game_not_over", "the record is given once the game has ended: it shows every hand")
        return write_record(game_record(self.game, self.events), fmt, self.rules)

    # -- keeping ---------------------------------------------------------------------------------------------

    def saved(self) -> dict[str, object]:
        """The game as a small JSON object: made again by :meth:`restore`."""
        return {"rules": self.setup.rules, "players": list(self.setup.players), "seed": self.setup.seed,
                "moves": self.moves, "acknowledged": self.acknowledged}

    @classmethod
    def restore(cls, saved: object) -> PlayGame:
        """The game :meth:`saved` wrote; raises ValueError (or a RiichiError) for anything else."""
        if not isinstance(saved, dict):
            raise ValueError("a saved game is a JSON object")  # noqa: TRY004 - one error for any bad file
        rules, players, seed = saved.get("rules"), saved.get("players"), saved.get("seed")
        moves, acknowledged = saved.get("moves"), saved.get("acknowledged", 0)
        if (not isinstance(rules, str) or not isinstance(players, list) or not isinstance(seed, int)
                or not isinstance(moves, list) or not isinstance(acknowledged, int)
                or not all(isinstance(m, str) for m in moves)
                or not all(p is None or p in PLAYERS for p in players) or players.count(None) != 1):
            raise ValueError("the saved game's fields are wrong")
        setup = Setup(rules, tuple(players), seed)
        try:
            return cls(setup, moves=tuple(moves), acknowledged=acknowledged)
        except PlayRefused as exc:
            raise ValueError(f"the saved game cannot be played again: {exc.message}") from None


# -- the seat's view as JSON ------------------------------------------------------------------------------------

def _table(game: Game, r: Round, view: SeatView) -> dict[str, object]:
    """The public table, and each seat's part of it that everyone sees."""
    seats = []
    for s in range(r.players):
        shown = view.open_hand(s) if s != view.seat else None
        seats.append({
            "seat": s, "wind": str(r.seat_wind(s)), "score": view.scores[s], "riichi": view.riichi[s],
            "concealed": len(r.hands[s]),
            "melds": [str(m) for m in view.melds(s)], "kita": view.kita(s),
            "river": [{"tile": str(d.tile), "tsumogiri": d.tsumogiri, "riichi": d.riichi, "called": d.called}
                      for d in view.river(s)],
            "open_hand": format_tiles(shown) if shown is not None else None,
        })
    last = view.table_tile
    return {
        "round_wind": str(view.round_wind), "round_number": r.deal.round_number,
        "dealer": r.dealer, "honba": r.honba, "sticks": r.sticks, "dora": [str(t) for t in view.dora_indicators],
        "tiles_left": view.live_tiles_left, "turn": r.turn, "phase": view.phase.value, "seats": seats,
        "last": {"seat": last[0], "tile": str(last[1])} if last is not None and not r.is_over else None,
    }


def _own(r: Round, view: SeatView) -> dict[str, object]:
    """The seat's own hand: its tiles (sorted, the drawn tile apart), its waits and furiten when tenpai."""
    tiles = list(view.hand)
    drawn = view.drawn if len(tiles) % 3 == 2 else None
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
    out: dict[str, object] = {"hand": [str(t) for t in sort_tiles(tiles)],
                              "drawn": str(drawn) if drawn is not None else None, "waits": [], "furiten": None}
    if len(view.hand) % 3 == 1:
        counts = [0] * 34
        for t in view.hand:
            counts[KIND_OF[t]] += 1
        waits = sorted(wait_kinds(counts, n_melds=len(view.melds(view.seat))))
        out["waits"] = [kind_name(k) for k in waits]
        if waits:
            out["furiten"] = _furiten(r, view.seat, frozenset(waits))
    return out


def _furiten(r: Round, seat: int, waits: frozenset[int]) -> str | None:
    """Why the seat may not ron (its own discards, a wait passed in riichi, one passed this go-around), or None."""
    if any(KIND_OF[d.tile] in waits for d in r.rivers[seat]):
        return "own_discard"
    if r.furiten_riichi[seat]:
        return "passed_in_riichi"
    if r.furiten_temporary[seat]:
        return "passed"
    return None


def _action(a: Action) -> dict[str, object]:
    """A legal action as the page offers it: its text (sent back to play it), its kind and tiles."""
    out: dict[str, object] = {"id": str(a), "kind": a.name if not isinstance(a, Pass) else "pass"}
    if isinstance(a, Discard):
        out.update(tile=str(a.tile), tsumogiri=a.tsumogiri)
    elif isinstance(a, Chi | Pon | Minkan):
        out.update(tile=str(a.tile), own=[str(t) for t in a.own], from_seat=a.from_seat)
    elif isinstance(a, Shouminkan):
        out.update(tile=str(a.tile))
    elif isinstance(a, Ankan):
        out.update(tiles=[str(t) for t in a.tiles])
    elif isinstance(a, Riichi):
        out.update(open=a.open)
    elif isinstance(a, Win):
        out.update(kind="tsumo" if a.from_seat is None else "ron", tile=str(a.tile))
    elif isinstance(a, Ryuukyoku):
        out.update(kind="kyuushu")
    elif isinstance(a, Kita):
        out.update(tile="4z")
    return out


def _why_not(text: str, d: Decision) -> str:
    """Why ``text`` is not among the decision's actions."""
    try:
        event = Event.parse(text)
    except RiichiError as exc:
        if text.startswith("pass "):
            return f"a pass is not offered now: {', '.join(str(a) for a in d.actions)}"
        return f"{text!r} is no action: {exc}"
    if getattr(event, "seat", d.seat) != d.seat:
        return f"you play seat {d.seat}, not seat {getattr(event, 'seat', '?')}"
    offered = ", ".join(str(a) for a in d.actions)
    return f"{text} is not legal now; the legal actions are: {offered}"


def _ending(r: Round, result: HandResult) -> dict[str, object]:
    """A hand's end as the page shows it: each win scored as the calculator and the replay page show it, or
    the draw with the hands shown (tenpai at an exhaustive draw), the score changes and the scores after."""
    from riichi.web.replay import _win_view

    shown: dict[str, str] = {}
    if result.tenpai is not None:
        for s in result.tenpai:
            shown[str(s)] = " ".join([format_tiles(r.hands[s]), *(str(m) for m in r.melds[s])])
    return {
        "round_wind": str(result.round_wind), "round_number": result.round_number, "honba": result.honba,
        "outcome": result.outcome.value, "wins": [_win_view(w) for w in result.wins],
        "draw": result.draw.value if result.draw is not None else None,
        "tenpai": list(result.tenpai) if result.tenpai is not None else None, "tenpai_hands": shown,
        "nagashi": list(result.nagashi) if result.nagashi is not None else None,
        "deltas": list(result.deltas), "scores": list(result.scores_end), "game_over": result.game_over,
        "winds": [str(r.seat_wind(s)) for s in range(r.players)],
    }


# -- the games held --------------------------------------------------------------------------------------------

class GameStore:
    """The games in play, one per browser session (its token), at most ``limit`` at once, each dropped after
    ``idle`` seconds untouched; kept in ``folder`` too when given (one small JSON file a game, written whole),
    where a restarted server finds them again. One lock serialises the games' steps (a step is a few
    milliseconds of the bots' moves)."""

    def __init__(self, *, limit: int = MAX_GAMES, idle: float = IDLE_SECONDS, folder: Path | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.idle = idle
        self.folder = folder
        self.clock = clock
        self.lock = threading.Lock()
        self._games: dict[str, PlayGame] = {}

    @staticmethod
    def valid_token(token: str | None) -> bool:
        return token is not None and _TOKEN.fullmatch(token) is not None

    def _sweep(self) -> None:
        now = self.clock()
        for token in [t for t, g in self._games.items() if now - g.touched > self.idle]:
            del self._games[token]
            self._forget(token)
        if self.folder is not None:
            cutoff = time.time() - self.idle
            for path in self.folder.glob("*.json"):
                try:
                    if path.stat().st_mtime < cutoff:
                        path.unlink()
                except OSError:
                    pass

    def __len__(self) -> int:
        return len(self._games)

    def get(self, token: str | None) -> PlayGame | None:
        """The session's game (from memory, else from the folder), or None."""
        if token is None or not self.valid_token(token):
            return None
        self._sweep()
        game = self._games.get(token)
        if self.folder is not None:  # the kept copy is the game (another worker process may have moved it)
            saved = self._read(token)
            if saved is None:
                game = None
            elif game is None or game.saved() != saved:
                game = self._restore(saved)
            if game is None:
                self._games.pop(token, None)
            else:
                self._games[token] = game
        if game is not None:
            game.touched = self.clock()
        return game

    def start(self, token: str, setup: Setup) -> PlayGame:
        """A new game for the session ``token`` (replacing its game), or :class:`PlayRefused` when full."""
        self._sweep()
        if token not in self._games and len(self._games) >= self.limit:
            raise PlayRefused(503, "too_many_games", f"the server holds {self.limit} games, its most; try again "
                                                     "later")
        game = PlayGame(setup)
        game.touched = self.clock()
        self._games[token] = game
        self.save(token, game)
        return game

    def save(self, token: str, game: PlayGame) -> None:
        if self.folder is None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps(game.saved())
        fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(tmp, self.folder / f"{token}.json")
        except OSError:
            Path(tmp).unlink(missing_ok=True)
            raise

    def _read(self, token: str) -> object:
        assert self.folder is not None
        try:
            return json.loads((self.folder / f"{token}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    @staticmethod
    def _restore(saved: object) -> PlayGame | None:
        try:
            return PlayGame.restore(saved)
        except (ValueError, RiichiError, IllegalActionError):
            return None

    def _forget(self, token: str) -> None:
        if self.folder is not None:
            (self.folder / f"{token}.json").unlink(missing_ok=True)
