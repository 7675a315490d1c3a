"""A game record replayed for the replay page (``POST /api/replay``): every hand with the position after
each event, each win's full scoring, and the engine's values beside the record's.

The replay is :func:`riichi.replay.replay_game` itself (the same engine, the same comparison as
``riichi replay``); this module only watches it (its ``observe`` hook) and writes down each position
the engine reaches: each seat's hand, melds, river and Norths set aside (three seats in a three-player
game), the dora indicators, scores, sticks and the live wall. Nothing is recomputed here.

Limits keep a request cheap and bounded (the app limits the bytes it reads,
:data:`riichi.web.app.MAX_RECORD`): at most :data:`MAX_UNPACKED` bytes after gzip is undone, at most
:data:`MAX_EVENTS` events, and :data:`TIME_BUDGET` seconds of reading and replaying (counted from the moment
the record is handed over, before gzip is undone); beyond any of them the request is refused with a
:class:`Refused` naming the limit.
"""

from __future__ import annotations

import time
from typing import Final

from riichi.formats.detect import FORMATS, detect_format, read_record, refusal
from riichi.formats.gzipped import GzipError, ungzip
from riichi.formats.interchange import score_to_result
from riichi.formats.record import GameRecord, HandRecord
from riichi.game.game import Game, WinResult
from riichi.game.round import Round
from riichi.game.wall import MAX_INDICATORS
from riichi.hand import Hand
from riichi.notation import format_tiles
from riichi.replay.run import replay_game
from riichi.rules import RuleSet
from riichi.tiles import Tile

__all__ = ["MAX_EVENTS", "MAX_UNPACKED", "TIME_BUDGET", "Refused", "replay_record", "unpack"]

#: Largest record once gzip is undone, in bytes.
MAX_UNPACKED: Final = 4 * 1024 * 1024
#: Most events replayed (the longest of 175 real Tenhou hanchan has 1,991).
MAX_EVENTS: Final = 5_000
#: Seconds of replaying one request may take.
TIME_BUDGET: Final = 20.0


class Refused(Exception):
    """A record the replay will not answer with hands: the HTTP status, the error code and message, and the
    record's error objects (the replay contract's ``error`` objects) when it has any."""

    def __init__(self, status: int, code: str, message: str, errors: tuple[dict[str, object], ...] = ()) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors


class _Stop(Exception):
    def __init__(self, refused: Refused) -> None:
        super().__init__(refused.message)
        self.refused = refused


def unpack(data: bytes) -> bytes:
    """The record's bytes with gzip undone (when it is gzip), refusing more than :data:`MAX_UNPACKED`."""
    try:
        return ungzip(data, limit=MAX_UNPACKED)
    except GzipError as exc:
        if exc.too_large:
            raise Refused(413, "request_too_large", exc.message) from None
        raise Refused(422, "invalid_log", exc.message) from None


def _hand_text(tiles: list[Tile] | tuple[Tile, ...], apart: Tile | None) -> tuple[str, str | None]:
    """Concealed tiles in MPSZ, sorted, with ``apart`` (a drawn or winning tile) taken out and given apart."""
    rest = list(tiles)
    if apart is not None and apart in rest:
        rest.remove(apart)
    else:
        apart = None
    return format_tiles(rest), (str(apart) if apart is not None else None)


def _position(game: Game, r: Round, event: object, won: dict[int, tuple[Hand, Tile]]) -> dict[str, object]:
    """The table after ``event``: what the page draws for one step."""
    seats = []
    for seat in range(r.players):
        if seat in won:  # the winning hand, the winning tile apart
            hand, tile = won[seat]
            concealed, apart = _hand_text(hand.concealed, tile)
        else:
            drawn = r.drawn if seat == r.turn else None
            concealed, apart = _hand_text(r.hands[seat], drawn)
        seats.append({
            "wind": str(r.seat_wind(seat)), "hand": concealed, "drawn": apart,
            "melds": [str(m) for m in r.melds[seat]], "river": [str(d) for d in r.rivers[seat]],
            "riichi": r.riichi[seat], "won": seat in won, "kita": r.kita[seat],
        })
    scores, sticks = game.table()
    return {
        "event": str(event).partition(" wall=")[0], "kind": str(event).split(" ", 1)[0],
        "seat": getattr(event, "seat", None), "seats": seats, "dora": [str(t) for t in r.dora],
        "scores": list(scores), "sticks": sticks, "wall": r.live_tiles_left, "turn": r.turn,
        "wall_drawn": [r.live_draws, r.replacements - (1 if r.needs_rinshan else 0)],
    }


def _wall_view(r: Round) -> dict[str, object] | None:
    """A hand's wall when the record carries it (a Tenhou record's seed gives it): the live wall in drawing
    order after the deal, the replacement tiles, the dora indicators and the ura indicator under each. A
    step's ``wall`` and ``wall_drawn`` say which are still to come."""
    wall = r.wall
    if wall is None:
        return None
    return {
        "live": [str(wall.live_tile(n)) for n in range(wall.live_end - wall.dealt)],
        "rinshan": [str(wall.rinshan(k)) for k in range(wall.max_replacements)],
        "dora": [str(wall.dora_indicator(k)) for k in range(MAX_INDICATORS)],
        "ura": [str(wall.ura_indicator(k)) for k in range(MAX_INDICATORS)],
    }


def _win_view(w: WinResult) -> dict[str, object]:
    """One win as the calculator shows it: the winning hand and the scorer's full result."""
    c = w.context
    return {
        "winner": w.winner, "from": w.from_seat, "seat_wind": str(c.seat_wind), "round_wind": str(c.round_wind),
        "hand": str(w.hand), "win": str(c.win), "tsumo": c.tsumo,
        "dora": format_tiles(c.dora, sort=False), "ura": format_tiles(c.ura, sort=False),
        "riichi": c.riichi, "honba": w.honba, "riichi_sticks": w.riichi_sticks,
        "result": score_to_result(w.score),
    }


class _Watcher:
    """Collects the steps of each hand and the full scoring of each win, within the limits."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.events = 0
        self.steps: dict[int, list[dict[str, object]]] = {}
        self.wins: dict[int, list[dict[str, object]]] = {}
        self.walls: dict[int, dict[str, object] | None] = {}

    def overdue(self) -> Refused | None:
        """The refusal of a record whose reading and replaying have taken :data:`TIME_BUDGET` seconds."""
        if time.monotonic() > self.deadline:
            return Refused(413, "request_too_large", f"reading and replaying the record takes longer than "
                                                     f"{TIME_BUDGET:g} s")
        return None

    def __call__(self, game: Game, hand: HandRecord, position: int) -> None:
        self.events += 1
        if self.events > MAX_EVENTS:
            raise _Stop(Refused(413, "request_too_large", f"the record has more than {MAX_EVENTS} events"))
        late = self.overdue()
        if late is not None:
            raise _Stop(late)
        r = game.round
        if r is None:  # the game's start: no table yet
            return
        won = {w.event.seat: (w.hand, w.context.win) for w in r.wins}
        step = _position(game, r, hand.events[position], won)
        if hand.index not in self.walls:
            self.walls[hand.index] = _wall_view(r)
        steps = self.steps.setdefault(hand.index, [])
        if steps:  # a seat the event did not change is the previous step's object (a game's steps share most)
            before, now = steps[-1]["seats"], step["seats"]
            assert isinstance(before, list) and isinstance(now, list)
            step["seats"] = [b if b == n else n for b, n in zip(before, now, strict=True)]
        steps.append(step)
        result = game.hand_result
        if result is not None:  # the hand is over (a second ron on the same discard comes after the first)
            self.wins[hand.index] = [_win_view(w) for w in result.wins]


def _rules_view(record: GameRecord, rules: RuleSet | None) -> dict[str, object]:
    """The rules the game was replayed under (``name``), the record's own (``record``), and what it states."""
    own = record.ruleset()
    return {"name": (rules or own).name, "record": own.name, "chosen": rules is not None,
            "players": own.players, "red_fives": record.rules.red_fives, "open_tanyao": record.rules.open_tanyao,
            "hanchan": record.rules.hanchan, "room": record.rules.room}


def read_upload(data: bytes, fmt: str, name: str) -> tuple[GameRecord, str]:
    """A record sent to the server (raw bytes, plain or gzip, in ``fmt`` or detected), read leniently, and its
    format; raises :class:`Refused` for an empty record, one beyond the unpacked limit, or one in no format
    read here (the refusal names what it looks like)."""
    if not data.strip():
        raise Refused(422, "invalid_log", "the record is empty")
    data = unpack(data)
    found = detect_format(data) if fmt == "auto" else fmt
    if found not in FORMATS:
        raise Refused(422, "invalid_log", refusal(data))
    return read_record(data, found, name=name, strict=False), found


def replay_record(data: bytes, fmt: str = "auto", *, name: str = "", rules: RuleSet | None = None) -> dict[str, object]:
    """The replay page's view of a record (raw bytes, plain or gzip, in ``fmt`` or detected), replayed under
    ``rules`` (None: the record's own); raises :class:`Refused` for a record with no hand that can be
    replayed, or beyond the limits. The record is read leniently: what was forgiven is each hand's ``notes``."""
    watcher = _Watcher(time.monotonic() + TIME_BUDGET)  # the budget covers reading the record too
    record, found = read_upload(data, fmt, name)
    late = watcher.overdue()
    if late is not None:
        raise late
    hands: list[dict[str, object]] = []
    errors: list[dict[str, object]] = []
    end: dict[str, object] | None = None
    try:
        for obj in replay_game(record, file=name, observe=watcher, rules=rules):
            if obj["type"] == "kyoku":
                index = int(obj["kyoku"])  # type: ignore[call-overload]
                hands.append({"index": index, "kyoku": obj, "steps": watcher.steps.get(index, []),
                              "wins": watcher.wins.get(index, []), "wall": watcher.walls.get(index)})
            elif obj["type"] == "game_end":
                end = obj
            else:
                errors.append(obj)
                stopped = obj.get("kyoku")
                if isinstance(stopped, int) and stopped in watcher.steps and all(
                        h["index"] != stopped for h in hands):
                    # The hand the engine refused part-way: its positions up to the refusal, no result.
                    hands.append({"index": stopped, "kyoku": None, "steps": watcher.steps[stopped], "wins": [],
                                  "wall": watcher.walls.get(stopped)})
    except _Stop as stop:
        raise stop.refused from None
    if not hands:
        first = errors[0]["error"] if errors else {"code": "invalid_log", "message": "the record has no hand"}
        assert isinstance(first, dict)
        raise Refused(422, str(first["code"]), str(first["message"]), tuple(errors))
    return {"ok": True, "format": found, "names": list(record.names), "rules": _rules_view(record, rules),
            "hands": hands, "game_end": end, "errors": errors}

