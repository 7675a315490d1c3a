"""The club's operations on its database: each one transaction, checked against who makes it, written to the
audit log.

Who acts is an :class:`Actor`: an organiser (signed in), a table (signed in with its code: that table of that
round only) or nobody (the public pages, which only read). Every write checks the actor first: an organiser
writes only to their own events; a table enters, corrects and undoes hands of its own game only.

A game is kept as the score sheet's game object (the event's rules, the seated players' names, the hands or the
final scores) and its result, recomputed through :func:`riichi.sheet.score_sheet` (or ``score_final``) on every
write; a hand the sheet refuses is refused with the sheet's error and nothing is written. Each game has a
``version``, raised by every write: a write names the version it was made against, and one made against an
older version is refused (``conflict``, HTTP 409) with the game as it now is, so two phones at one table never
overwrite each other's hand.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy import (
    Connection,
    CursorResult,
    Engine,
    RowMapping,
    delete,
    func,
    insert,
    select,
    update,
)

from riichi.club import security
from riichi.club.database import reader
from riichi.club.schema import (
    AUDIT,
    EVENTS,
    GAMES,
    LOGIN_FAILURES,
    ORGANISERS,
    PENALTIES,
    PLAYERS,
    ROUNDS,
    SESSIONS,
    TABLES,
)
from riichi.club.stops import StopInWrite
from riichi.errors import ClubError, RiichiError, SheetError
from riichi.formats.detect import read_record
from riichi.formats.sheet import game_object, read_game, result_object
from riichi.sheet import FinalScoresGame, score_final, score_sheet
from riichi.sheet.records import sheet_of_record

__all__ = ["ANONYMOUS", "Actor", "Club", "SeatedRound", "TableCode", "dumps"]

#: Longest name (organiser, event, player) and reason a request may give.
MAX_TEXT: Final = 200
EVENT_KINDS: Final = ("tournament", "league")


@dataclass(frozen=True, slots=True)
class Actor:
    """Who makes a request: ``kind`` is ``organiser``, ``table`` or ``anonymous``."""

    kind: str
    name: str
    organiser_id: int | None = None
    table_id: int | None = None
    csrf: str = ""


ANONYMOUS: Final = Actor("anonymous", "anonymous")


@dataclass(frozen=True, slots=True)
class TableCode:
    """A table's entry code as it is made: told once to the organiser, kept only as its hash."""

    round: int
    table: int
    game: int
    code: str

    def as_json(self) -> dict[str, object]:
        return {"round": self.round, "table": self.table, "game": self.game, "code": self.code}


@dataclass(frozen=True, slots=True)
class SeatedRound:
    """A round just seated: its number and its tables' codes."""

    number: int
    codes: tuple[TableCode, ...]


def dumps(value: object) -> str:
    """Strict JSON text."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _text(value: object, field: str, *, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()) or len(value) > MAX_TEXT:
        raise ClubError(f"{field}: a text of 1 to {MAX_TEXT} characters", code="invalid_input", status=422)
    if any(ord(ch) < 32 for ch in value):
        raise ClubError(f"{field}: no control characters", code="invalid_input", status=422)
    return value.strip()


def _int(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ClubError(f"{field}: a whole number, not {value!r}"[:300], code="invalid_input", status=422)
    return value


def _new_id(result: CursorResult[Any]) -> int:
    """The id an INSERT gave its row."""
    key = result.inserted_primary_key
    assert key is not None
    return int(key[0])


def _forbidden(what: str) -> ClubError:
    return ClubError(what, code="forbidden", status=403)


def _missing(what: str) -> ClubError:
    return ClubError(f"{what}: not found", code="not_found", status=404)


class Club:
    """The operations over one database (an engine whose schema is migrated)."""

    def __init__(self, engine: Engine, *, clock: Any = time.time, stop_in_write: StopInWrite | None = None) -> None:
        self.engine = engine
        self.reading = reader(engine)
        self.clock = clock
        self.stop_in_write = stop_in_write

    def _stop(self, point: str, game_id: int) -> None:
        if self.stop_in_write is not None:
            self.stop_in_write.reach(point, game_id)

    # -- accounts and sessions -----------------------------------------------------------------------------

    def add_organiser(self, name: str, password: str) -> int:
        name = _text(name, "name")
        if len(password) < 8:
            raise ClubError("password: at least 8 characters", status=422)
        with self.engine.begin() as c:
            if c.execute(select(ORGANISERS.c.id).where(ORGANISERS.c.name == name)).first() is not None:
                raise ClubError(f"organiser {name!r} exists", code="conflict", status=409)
            oid = _new_id(c.execute(insert(ORGANISERS).values(
                name=name, password_hash=security.hash_password(password), created_at=self.clock())))
            self._audit(c, Actor("system", "command line"), None, "add_organiser", f"organiser {oid}", None,
                        {"name": name})
            return int(oid)

    def _limit(self, c: Connection, keys: Sequence[str]) -> None:
        since = self.clock() - security.FAILURE_WINDOW
        for key in keys:
            n = c.execute(select(func.count()).select_from(LOGIN_FAILURES)
                          .where(LOGIN_FAILURES.c.key == key, LOGIN_FAILURES.c.at > since)).scalar_one()
            if n >= security.MAX_FAILURES:
                raise ClubError("too many failed sign-ins: wait a quarter of an hour", code="too_many_attempts",
                                status=429)

    def _failed(self, keys: Sequence[str]) -> None:
        with self.engine.begin() as c:
            for key in keys:
                c.execute(insert(LOGIN_FAILURES).values(key=key, at=self.clock()))

    def _session(self, c: Connection, *, organiser_id: int | None = None,
                 table_id: int | None = None) -> tuple[str, str]:
        token, csrf = security.new_token(), security.new_token()
        c.execute(delete(SESSIONS).where(SESSIONS.c.expires_at < self.clock()))
        c.execute(insert(SESSIONS).values(token_hash=security.token_hash(token), organiser_id=organiser_id,
                                          table_id=table_id, csrf=csrf,
                                          expires_at=self.clock() + security.SESSION_SECONDS))
        return token, csrf

    def sign_in(self, name: str, password: str, client: str) -> tuple[str, str]:
        """A new organiser session (token, CSRF token); refused after too many failures by name or client."""
        name, password = str(name)[:MAX_TEXT], str(password)[:1000]
        keys = (f"organiser:{name}", f"client:{client}")
        with self.engine.begin() as c:
            self._limit(c, keys)
            row = c.execute(select(ORGANISERS).where(ORGANISERS.c.name == name)).mappings().first()
        if not security.verify_password(None if row is None else row["password_hash"], password):
            self._failed(keys)
            raise ClubError("wrong name or password", code="unauthorised", status=401)
        with self.engine.begin() as c:
            c.execute(delete(LOGIN_FAILURES).where(LOGIN_FAILURES.c.key == keys[0]))
            return self._session(c, organiser_id=int(row["id"]))  # type: ignore[index]

    def table_sign_in(self, code: str, client: str) -> tuple[str, str, int]:
        """A new table session (token, CSRF token, game id) for the table whose code this is (found by the code's
        hash, see :mod:`riichi.club.security`)."""
        keys = (f"client:{client}",)
        code = security.normal_code(str(code)[:100])
        with self.engine.begin() as c:
            self._limit(c, keys)
            row = c.execute(select(TABLES.c.id, TABLES.c.code_hash, GAMES.c.id.label("game_id"))
                            .join(GAMES, GAMES.c.table_id == TABLES.c.id)
                            .where(TABLES.c.code_hash == security.code_hash(code))).first()
        if row is None or not security.codes_match(row.code_hash, code):
            self._failed(keys)
            raise ClubError("no table has this code", code="unauthorised", status=401)
        with self.engine.begin() as c:
            token, csrf = self._session(c, table_id=int(row.id))
        return token, csrf, int(row.game_id)

    def actor(self, token: str | None) -> Actor:
        """Who holds this session token (anonymous for none, an unknown or an expired one)."""
        if not token:
            return ANONYMOUS
        with self.reading.connect() as c:
            row = c.execute(select(SESSIONS, ORGANISERS.c.name)
                            .outerjoin(ORGANISERS, ORGANISERS.c.id == SESSIONS.c.organiser_id)
                            .where(SESSIONS.c.token_hash == security.token_hash(token))).mappings().first()
        if row is None or row["expires_at"] < self.clock():
            return ANONYMOUS
        if row["organiser_id"] is not None:
            return Actor("organiser", row["name"], organiser_id=row["organiser_id"], csrf=row["csrf"])
        return Actor("table", f"table {row['table_id']}", table_id=row["table_id"], csrf=row["csrf"])

    def table_game(self, actor: Actor) -> int | None:
        """The game a table session enters (None for any other actor)."""
        if actor.kind != "table":
            return None
        with self.reading.connect() as c:
            return c.execute(select(GAMES.c.id).where(GAMES.c.table_id == actor.table_id)).scalar_one_or_none()

    def sign_out(self, token: str) -> None:
        with self.engine.begin() as c:
            c.execute(delete(SESSIONS).where(SESSIONS.c.token_hash == security.token_hash(token)))

    # -- events -------------------------------------------------------------------------------------------

    def _own_event(self, c: Connection, actor: Actor, event_id: int) -> RowMapping:
        event = c.execute(select(EVENTS).where(EVENTS.c.id == event_id)).mappings().first()
        if event is None:
            raise _missing(f"event {event_id}")
        if actor.kind != "organiser" or event["organiser_id"] != actor.organiser_id:
            raise _forbidden(f"event {event_id} is not yours")
        return event

    def create_event(self, actor: Actor, name: object, kind: object = "tournament", rules: object = "tenhou") -> int:
        if actor.kind != "organiser":
            raise _forbidden("only an organiser creates events")
        name = _text(name, "name")
        if kind not in EVENT_KINDS:
            raise ClubError(f"kind: one of {', '.join(EVENT_KINDS)}", status=422)
        try:
            read_game({"rules": rules, "hands": []})
        except SheetError as e:
            raise ClubError(f"rules: {e}", status=422) from None
        with self.engine.begin() as c:
            eid = _new_id(c.execute(insert(EVENTS).values(organiser_id=actor.organiser_id, name=name, kind=kind,
                                                          rules=dumps(rules), created_at=self.clock())))
            self._audit(c, actor, eid, "create_event", f"event {eid}", None, {"name": name, "kind": kind,
                                                                              "rules": rules})
        return eid

    def set_rules(self, actor: Actor, event_id: int, rules: object) -> None:
        """The event's rule set changed, while no game of it has a hand or final scores entered; each seated
        (empty) game is scored again under the new rules. Seated tables keep their size: a change between three
        and four players is refused once a round is seated."""
        try:
            players = read_game({"rules": rules, "hands": []})[0].rules.players
        except SheetError as e:
            raise ClubError(f"rules: {e}", status=422) from None
        with self.engine.begin() as c:
            event = self._own_event(c, actor, event_id)
            games = c.execute(select(GAMES.c.id, GAMES.c.seats, GAMES.c.hands, GAMES.c.final_scores)
                              .join(TABLES, TABLES.c.id == GAMES.c.table_id)
                              .join(ROUNDS, ROUNDS.c.id == TABLES.c.round_id)
                              .where(ROUNDS.c.event_id == event_id).with_for_update()).all()
            for g in games:
                if g.hands != "[]" or g.final_scores is not None:
                    raise ClubError(f"event {event_id}: a game is entered (game {g.id}); the rules stay as they are",
                                    code="conflict", status=409)
                seats = json.loads(g.seats)
                if len(seats) != players:
                    raise ClubError(f"rules: {players} players a table, but the seated tables have {len(seats)}",
                                    status=422)
                result = self._score(rules, [self._name(c, p) for p in seats], [], None)
                c.execute(update(GAMES).where(GAMES.c.id == g.id).values(result=dumps(result),
                                                                        version=GAMES.c.version + 1,
                                                                        updated_at=self.clock()))
            c.execute(update(EVENTS).where(EVENTS.c.id == event_id).values(rules=dumps(rules)))
            self._audit(c, actor, event_id, "set_rules", f"event {event_id}", {"rules": json.loads(event["rules"])},
                        {"rules": rules})

    def add_players(self, actor: Actor, event_id: int, players: object) -> list[int]:
        """Players by name (``{"name", "ema_number", "country"}`` objects or plain names)."""
        if not isinstance(players, list) or not players or len(players) > 2000:
            raise ClubError("players: a list of 1 to 2000 players", status=422)
        rows = []
        for i, p in enumerate(players):
            obj = {"name": p} if isinstance(p, str) else p
            if not isinstance(obj, dict):
                raise ClubError(f"players[{i}]: a name or an object", status=422)
            rows.append({"name": _text(obj.get("name"), f"players[{i}].name"),
                         "ema_number": _text(obj.get("ema_number", ""), f"players[{i}].ema_number", empty=True),
                         "country": _text(obj.get("country", ""), f"players[{i}].country", empty=True)})
        with self.engine.begin() as c:
            self._own_event(c, actor, event_id)
            have = set(c.execute(select(PLAYERS.c.name).where(PLAYERS.c.event_id == event_id)).scalars())
            ids = []
            for row in rows:
                if row["name"] in have:
                    raise ClubError(f"player {row['name']!r} is already in the event", code="conflict", status=409)
                have.add(row["name"])
                ids.append(_new_id(c.execute(insert(PLAYERS).values(event_id=event_id, **row))))
            self._audit(c, actor, event_id, "add_players", f"event {event_id}", None, rows)
        return ids

    def seat_round(self, actor: Actor, event_id: int, tables: object) -> SeatedRound:
        """The next round, its tables given as lists of player ids in seat order (East first); each table gets
        its code and an empty game. The round's number and its tables' codes, which are not kept (only their
        hashes are): the only time they are told."""
        with self.engine.begin() as c:
            event = self._own_event(c, actor, event_id)
            size = read_game({"rules": json.loads(event["rules"]), "hands": []})[0].rules.players
            known: set[int] = set(c.execute(select(PLAYERS.c.id).where(PLAYERS.c.event_id == event_id)).scalars())
            if not isinstance(tables, list) or not tables:
                raise ClubError("tables: a list of tables", status=422)
            seen: set[int] = set()
            for k, t in enumerate(tables):
                if not isinstance(t, list) or len(t) != size:
                    raise ClubError(f"tables[{k}]: {size} player ids", status=422)
                for p in t:
                    if _int(p, f"tables[{k}]") not in known:
                        raise ClubError(f"tables[{k}]: player {p} is not in event {event_id}", status=422)
                    if p in seen:
                        raise ClubError(f"tables[{k}]: player {p} is seated twice", status=422)
                    seen.add(p)
            number = (c.execute(select(func.max(ROUNDS.c.number)).where(ROUNDS.c.event_id == event_id))
                      .scalar_one() or 0) + 1
            rid = _new_id(c.execute(insert(ROUNDS).values(event_id=event_id, number=number)))
            codes = []
            for k, t in enumerate(tables):
                code = security.new_code()
                tid = _new_id(c.execute(insert(TABLES).values(round_id=rid, number=k + 1,
                                                              code_hash=security.code_hash(code))))
                names = [self._name(c, p) for p in t]
                result = self._score(json.loads(event["rules"]), names, [], None)
                gid = _new_id(c.execute(insert(GAMES).values(table_id=tid, seats=dumps(t), hands="[]",
                                                             final_scores=None, result=dumps(result), version=0,
                                                             updated_at=self.clock())))
                codes.append(TableCode(number, k + 1, gid, code))
            self._audit(c, actor, event_id, "seat_round", f"round {number}", None, {"tables": tables})
        return SeatedRound(number, tuple(codes))

    def new_table_code(self, actor: Actor, game_id: int) -> TableCode:
        """A new code for the table of ``game_id`` (its organiser's: a code lost, or seen by someone it should
        not have been); the old code stops working and the table's phones are signed out."""
        with self.engine.begin() as c:
            row = self._game_row(c, game_id)
            self._own_event(c, actor, row["event_id"])
            code = security.new_code()
            c.execute(update(TABLES).where(TABLES.c.id == row["table_id"]).values(code_hash=security.code_hash(code)))
            c.execute(delete(SESSIONS).where(SESSIONS.c.table_id == row["table_id"]))
            self._audit(c, actor, row["event_id"], "new_table_code", f"game {game_id}", None,
                        {"round": row["round"], "table": row["table"]})
        return TableCode(row["round"], row["table"], game_id, code)

    @staticmethod
    def _name(c: Connection, player_id: int) -> str:
        return str(c.execute(select(PLAYERS.c.name).where(PLAYERS.c.id == player_id)).scalar_one())

    def add_penalty(self, actor: Actor, event_id: int, player_id: object, points: object, reason: object) -> int:
        if isinstance(points, bool) or not isinstance(points, (int, float)) or not -1000 <= points <= 1000:
            raise ClubError("points: a number from -1000 to 1000", status=422)
        reason = _text(reason, "reason")
        with self.engine.begin() as c:
            self._own_event(c, actor, event_id)
            pid = _int(player_id, "player")
            if c.execute(select(PLAYERS.c.id).where(PLAYERS.c.id == pid, PLAYERS.c.event_id == event_id)
                         ).first() is None:
                raise _missing(f"player {pid} of event {event_id}")
            row = {"player_id": pid, "points": float(points), "reason": reason}
            nid = _new_id(c.execute(insert(PENALTIES).values(event_id=event_id, created_at=self.clock(), **row)))
            self._audit(c, actor, event_id, "add_penalty", f"penalty {nid}", None, row)
        return nid

    # -- games ----------------------------------------------------------------------------------------------

    @staticmethod
    def _score(rules: object, names: list[str], hands: list[Any], final: list[Any] | None) -> dict[str, object]:
        obj: dict[str, object] = {"rules": rules, "names": names}
        if final is not None:
            obj["final_scores"] = final
        else:
            obj["hands"] = hands
        try:
            game = read_game(obj)[0]
            result = score_final(game) if isinstance(game, FinalScoresGame) else score_sheet(game)
        except SheetError as e:
            raise ClubError(f"{e}", code=e.code, status=422) from None
        return result_object(result)

    def _game_row(self, c: Connection, game_id: int) -> RowMapping:
        row = c.execute(select(GAMES, TABLES.c.number.label("table"), ROUNDS.c.number.label("round"),
                               EVENTS.c.id.label("event_id"), EVENTS.c.organiser_id, EVENTS.c.rules,
                               EVENTS.c.name.label("event"))
                        .join(TABLES, TABLES.c.id == GAMES.c.table_id).join(ROUNDS, ROUNDS.c.id == TABLES.c.round_id)
                        .join(EVENTS, EVENTS.c.id == ROUNDS.c.event_id).where(GAMES.c.id == game_id)
                        ).mappings().first()
        if row is None:
            raise _missing(f"game {game_id}")
        return row

    def _state(self, c: Connection, row: RowMapping) -> dict[str, object]:
        seats = json.loads(row["seats"])
        return {"game": row["id"], "event": row["event_id"], "event_name": row["event"], "round": row["round"],
                "table": row["table"], "version": row["version"], "rules": json.loads(row["rules"]),
                "seats": seats, "names": [self._name(c, p) for p in seats], "hands": json.loads(row["hands"]),
                "final_scores": None if row["final_scores"] is None else json.loads(row["final_scores"]),
                "result": json.loads(row["result"])}

    def game(self, game_id: int) -> dict[str, object]:
        """A game as the pages show it: its place in the event, the sheet, the result, the version."""
        with self.reading.connect() as c:
            return self._state(c, self._game_row(c, game_id))

    def _may_enter(self, actor: Actor, row: RowMapping) -> None:
        if actor.kind == "table" and actor.table_id == row["table_id"]:
            return
        if actor.kind == "organiser" and actor.organiser_id == row["organiser_id"]:
            return
        raise _forbidden(f"game {row['id']}: only its table and its event's organiser write to it")

    def _write(self, actor: Actor, game_id: int, version: object, action: str,
               change: Any) -> dict[str, object]:
        """One write to a game: checked, rescored through the sheet, stored if the version is still ``version``,
        audited; all in one transaction."""
        version = _int(version, "version")
        with self.engine.begin() as c:
            row = self._game_row(c, game_id)
            self._may_enter(actor, row)
            before = self._state(c, row)
            if row["version"] != version:
                raise ClubError(f"game {game_id} is at version {row['version']}, not {version}: someone wrote "
                                "to it first", code="conflict", status=409, state=before)
            hands, final = change(list(before["hands"]), before["final_scores"])  # type: ignore[call-overload]
            result = self._score(before["rules"], list(before["names"]), hands, final)  # type: ignore[call-overload]
            done = c.execute(update(GAMES).where(GAMES.c.id == game_id, GAMES.c.version == version)
                             .values(hands=dumps(hands), final_scores=None if final is None else dumps(final),
                                     result=dumps(result), version=version + 1, updated_at=self.clock()))
            if done.rowcount != 1:
                raise ClubError(f"game {game_id} was written by someone else meanwhile", code="conflict",
                                status=409, state=self._state(c, self._game_row(c, game_id)))
            self._stop("written", game_id)
            after = self._state(c, self._game_row(c, game_id))
            self._audit(c, actor, row["event_id"], action, f"game {game_id}",
                        {"hands": before["hands"], "final_scores": before["final_scores"]},
                        {"hands": hands, "final_scores": final})
        self._stop("committed", game_id)
        return after

    def enter_hand(self, actor: Actor, game_id: int, version: object, hand: object) -> dict[str, object]:
        """Add a hand (the score sheet's hand object) at the end of the game's sheet."""
        if not isinstance(hand, dict):
            raise ClubError("hand: a score sheet hand object", status=422)

        def change(hands: list[Any], final: Any) -> tuple[list[Any], None]:
            if final is not None:
                raise ClubError("this game has final scores: correct those", code="conflict", status=409)
            return [*hands, hand], None
        return self._write(actor, game_id, version, "enter_hand", change)

    def correct_hand(self, actor: Actor, game_id: int, version: object, index: object,
                     hand: object) -> dict[str, object]:
        """Replace hand ``index``; the hands after it are rescored with it (and refused if they no longer can
        be)."""
        i = _int(index, "index")
        if not isinstance(hand, dict):
            raise ClubError("hand: a score sheet hand object", status=422)

        def change(hands: list[Any], final: Any) -> tuple[list[Any], None]:
            if not 0 <= i < len(hands):
                raise ClubError(f"index: 0 to {len(hands) - 1}, not {i}", status=422)
            return [*hands[:i], hand, *hands[i + 1:]], None
        return self._write(actor, game_id, version, "correct_hand", change)

    def undo_hand(self, actor: Actor, game_id: int, version: object) -> dict[str, object]:
        """Take the last hand off the sheet."""
        def change(hands: list[Any], final: Any) -> tuple[list[Any], None]:
            if not hands:
                raise ClubError("no hand to undo", status=422)
            return hands[:-1], None
        return self._write(actor, game_id, version, "undo_hand", change)

    def enter_final_scores(self, actor: Actor, game_id: int, version: object,
                           scores: object) -> dict[str, object]:
        """A game known by its final scores only (the organiser's entry; it replaces any hands)."""
        if actor.kind != "organiser":
            raise _forbidden("only the organiser enters final scores")
        if not isinstance(scores, list):
            raise ClubError("final_scores: a list of scores, one a seat", status=422)

        def change(hands: list[Any], final: Any) -> tuple[list[Any], list[Any]]:
            return [], scores
        return self._write(actor, game_id, version, "final_scores", change)

    def import_record(self, actor: Actor, game_id: int, version: object, data: bytes,
                      name: str = "") -> dict[str, object]:
        """The game's hands taken from an online game's record (Tenhou, tenhou.net/6, Mahjong Soul, Riichi City,
        mjai: whatever ``riichi replay`` reads), replayed by the engine and written down as its score sheet under
        the event's rules; the organiser's, replacing any hands."""
        if actor.kind != "organiser":
            raise _forbidden("only the organiser imports records")
        with self.reading.connect() as c:
            row = self._game_row(c, game_id)
        rules = read_game({"rules": json.loads(row["rules"]), "hands": []})[0].rules
        try:
            record = read_record(data, name=name[:MAX_TEXT], strict=False)
            hands = game_object(sheet_of_record(record, rules=rules))["hands"]
        except RiichiError as e:
            raise ClubError(f"the record: {e}"[:500], code=e.code, status=422) from None

        def change(_hands: list[Any], _final: Any) -> tuple[list[Any], None]:
            return list(hands), None  # type: ignore[call-overload]
        return self._write(actor, game_id, version, "import_record", change)

    # -- reading ----------------------------------------------------------------------------------------------

    def events(self) -> list[dict[str, object]]:
        with self.reading.connect() as c:
            return [{"id": r.id, "name": r.name, "kind": r.kind} for r in
                    c.execute(select(EVENTS.c.id, EVENTS.c.name, EVENTS.c.kind).order_by(EVENTS.c.id))]

    def event(self, event_id: int, actor: Actor = ANONYMOUS) -> dict[str, object]:
        """An event as the public sees it (``mine`` tells its organiser; nobody sees a table's code again)."""
        with self.reading.connect() as c:
            event = c.execute(select(EVENTS).where(EVENTS.c.id == event_id)).mappings().first()
            if event is None:
                raise _missing(f"event {event_id}")
            owner = actor.kind == "organiser" and actor.organiser_id == event["organiser_id"]
            players = [{"id": p.id, "name": p.name, "ema_number": p.ema_number, "country": p.country}
                       for p in c.execute(select(PLAYERS).where(PLAYERS.c.event_id == event_id)
                                          .order_by(PLAYERS.c.id))]
            rounds: list[dict[str, object]] = []
            for r in c.execute(select(ROUNDS).where(ROUNDS.c.event_id == event_id).order_by(ROUNDS.c.number)):
                tables = []
                for t in c.execute(select(TABLES, GAMES.c.id.label("game_id"), GAMES.c.seats, GAMES.c.result,
                                          GAMES.c.version).join(GAMES, GAMES.c.table_id == TABLES.c.id)
                                   .where(TABLES.c.round_id == r.id).order_by(TABLES.c.number)).mappings():
                    result = json.loads(t["result"])
                    entry: dict[str, object] = {"table": t["number"], "game": t["game_id"],
                                                "seats": json.loads(t["seats"]), "over": result["over"],
                                                "scores": result.get("scores"), "version": t["version"]}
                    tables.append(entry)
                rounds.append({"round": r.number, "tables": tables})
            penalties = [dict(p) for p in c.execute(
                select(PENALTIES.c.id, PENALTIES.c.player_id, PENALTIES.c.points, PENALTIES.c.reason)
                .where(PENALTIES.c.event_id == event_id).order_by(PENALTIES.c.id)).mappings()]
        return {"id": event_id, "name": event["name"], "kind": event["kind"], "rules": json.loads(event["rules"]),
                "mine": owner, "players": players, "rounds": rounds, "penalties": penalties}

    def finished_games(self, event_id: int) -> list[dict[str, object]]:
        """The event's finished games in play order (round, table): the sheet's game object and result."""
        out = []
        with self.reading.connect() as c:
            ids = [int(r.id) for r in c.execute(
                select(GAMES.c.id).join(TABLES, TABLES.c.id == GAMES.c.table_id)
                .join(ROUNDS, ROUNDS.c.id == TABLES.c.round_id).where(ROUNDS.c.event_id == event_id)
                .order_by(ROUNDS.c.number, TABLES.c.number))]
            for gid in ids:
                state = self._state(c, self._game_row(c, gid))
                result = state["result"]
                if isinstance(result, dict) and result.get("over"):
                    out.append(state)
        return out

    def audit_log(self, actor: Actor, event_id: int) -> list[dict[str, object]]:
        with self.reading.connect() as c:
            self._own_event(c, actor, event_id)
            return [{"at": r.at, "actor": r.actor, "action": r.action, "target": r.target,
                     "before": None if r.before is None else json.loads(r.before),
                     "after": None if r.after is None else json.loads(r.after)}
                    for r in c.execute(select(AUDIT).where(AUDIT.c.event_id == event_id).order_by(AUDIT.c.id))]

    def _audit(self, c: Connection, actor: Actor, event_id: int | None, action: str, target: str,
               before: object, after: object) -> None:
        c.execute(insert(AUDIT).values(at=self.clock(), actor=f"{actor.kind}:{actor.name}", event_id=event_id,
                                       action=action, target=target,
                                       before=None if before is None else dumps(before),
                                       after=None if after is None else dumps(after)))
