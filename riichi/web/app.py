"""The web calculator and its HTTP API, as a FastAPI application.

Endpoints (documented at ``/docs`` and ``/openapi.json``):

* ``POST /api/score``: an interchange win case -> its result; a bad case is
  answered 4xx with the interchange error object.
* ``POST /api/evaluate``: what the calculator page asks: the score of a hand
  that wins, and the analysis of one that does not; 200 whenever the case can
  be read.
* ``POST /api/compare``: the same case under every preset.
* ``POST /api/analyze``: shanten, waits and discards of a hand.
* ``POST /api/hand``: hand notation read by the library's reader, as the
  calculator page holds a hand (:mod:`riichi.web.reading`).
* ``GET /api/rules``: the presets and their switches.
* ``GET /api/svg/tiles``, ``/api/svg/hand``, ``/api/svg/sprite``: pictures
  drawn by :mod:`riichi.svg`.
* ``GET /``: the calculator page (``riichi/web/static``).
* ``GET /play`` and ``/api/play/...``: a game against the built-in players (:mod:`riichi.web.play_api`).

Bodies larger than :data:`MAX_BODY` bytes are refused with 413, bodies that
are not strict JSON (RFC 8259: no NaN, no lone surrogates, no duplicate keys;
:mod:`riichi.formats.strict_json`) with 400 (``invalid_json``), and a field
of the wrong type or an unknown field with 422 (``invalid_case``). An error
nobody foresaw (a bug) is logged with its traceback and answered 500 with the
same error object (``internal_error``). Every answer, errors and 5xx included,
carries a Content-Security-Policy that allows the page's own scripts and
styles only, ``X-Content-Type-Options: nosniff`` and
``Referrer-Policy: no-referrer``. The server's own limits on slow clients
are in :mod:`riichi.web.server`.
"""

from __future__ import annotations

import enum
import functools
import gzip
import importlib.util
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from riichi import svg
from riichi.errors import InvalidCaseError, RiichiError, UnknownRulesError
from riichi.extras import install_hint
from riichi.formats import strict_json
from riichi.rules import find_rules
from riichi.scoring.yaku.table import GLOSSES
from riichi.web import schema
from riichi.web.reading import read_hand_request

__all__ = ["MAX_BODY", "MAX_RECORD", "create_app", "serve"]

#: Largest request body accepted, in bytes.
MAX_BODY: Final = 64 * 1024
#: Largest game record ``POST /api/replay`` reads, in bytes as sent (plain or gzip).
MAX_RECORD: Final = 1024 * 1024
#: Longest tile or hand text the picture endpoints draw.
MAX_NOTATION: Final = 200

_STATIC: Final = Path(__file__).with_name("static")
_SVG: Final = "image/svg+xml"
_HTTP_CODES: Final = {404: "not_found", 405: "method_not_allowed", 413: "request_too_large"}
#: Headers of every answer: the page's own scripts, styles and pictures only; no type sniffing; no referrer.
SECURITY_HEADERS: Final = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
#: Error codes of a case the page cannot have meant (its own request is wrong), answered 4xx by /api/evaluate.
_UNREADABLE: Final = frozenset({"invalid_json", "invalid_case", "invalid_notation", "unknown_rules"})
#: Error codes of a hand that does not win yet, which /api/evaluate answers with an analysis.
_NOT_YET: Final = frozenset({"not_winning", "wrong_tile_count", "no_yaku"})


class _Refused(Exception):
    """A request answered with an error object instead of a result."""

    def __init__(self, status: int, code: str, message: str, *, case_id: object = None,
                 errors: list[dict[str, object]] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.case_id = case_id
        self.errors = errors


def _error(status: int, code: str, message: str, case_id: object = None,
           errors: list[dict[str, object]] | None = None) -> JSONResponse:
    content: dict[str, object] = {"id": case_id, "ok": False, "error": {"code": code, "message": message}}
    if errors is not None:
        content["errors"] = errors
    return JSONResponse(content, status_code=status)


def _status_of(result: dict[str, Any]) -> int:
    """HTTP status of an interchange result: 200, 400 for ``invalid_json``, else 422; an analysis whose
    expected values ran out of their budget (``too_complex``) is 200: the rest of the analysis is the answer."""
    if result.get("ok"):
        return 200
    code = result.get("error", {}).get("code")
    if code == "too_complex":
        return 200
    return 400 if code == "invalid_json" else 422


async def _read_body(request: Request, limit: int, code: str) -> bytes:
    """The request body, refusing more than ``limit`` bytes (413) and a body cut short (400 with ``code``)."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise _Refused(413, "request_too_large", f"the request body is larger than {limit} bytes")
    size = 0
    chunks: list[bytes] = []
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise _Refused(413, "request_too_large", f"the request body is larger than {limit} bytes")
            chunks.append(chunk)
    except ClientDisconnect:  # the client went away, or the server's deadline cut it off: nobody to answer
        raise _Refused(400, code, "the connection closed before the body was complete") from None
    return b"".join(chunks)


async def _read_json(request: Request) -> object:
    """The request body as JSON, refusing more than MAX_BODY bytes and malformed text."""
    body = await _read_body(request, MAX_BODY, "invalid_json")
    if not body.strip():
        raise _Refused(400, "invalid_json", "the request body is empty; send one JSON object")
    try:
        return strict_json.loads(body)
    except RiichiError as exc:
        raise _Refused(400, "invalid_json", f"the request body is not strict JSON: {exc}") from None


async def _read_case(request: Request) -> dict[str, Any]:
    case = await _read_json(request)
    if not isinstance(case, dict):
        raise _Refused(422, "invalid_case", f"a win case is a JSON object, not {type(case).__name__}")
    return case


def _score_case() -> Callable[[dict[str, Any]], dict[str, Any]]:
    try:
        from riichi.formats.interchange import score_case
    except ImportError:
        raise _Refused(503, "not_available", "the scoring engine is not installed") from None
    return score_case


#: The most an analysis request's expected values may search (docs/analysis.md): well inside the request
#: deadline, so that a search the budget stops still answers, as ``too_complex``, in time.
EV_MAX_SECONDS: Final = 2.0
EV_MAX_STATES: Final = 400_000


def _analyze_case() -> Callable[[dict[str, Any]], dict[str, Any]]:
    try:
        from riichi.formats.analysis import analyze_case
    except ImportError:
        raise _Refused(501, "not_available", "hand analysis is not available in this version") from None
    return functools.partial(analyze_case, max_ev_seconds=EV_MAX_SECONDS, max_ev_states=EV_MAX_STATES)


# -- rule sets ---------------------------------------------------------------


def _switch_kind(value: object) -> tuple[str, list[object] | None]:
    if isinstance(value, bool):
        return "bool", None
    if isinstance(value, enum.Enum):
        return "choice", [m.value for m in type(value)]
    if isinstance(value, int):
        return "int", None
    if isinstance(value, frozenset):
        return "set", None
    return "int_or_null", None


@functools.cache
def _rules_listing() -> dict[str, object]:
    from riichi.rules import LOCAL_YAKU, PAO_YAKUMAN, PRESETS, SCORING_SWITCHES

    switches: list[dict[str, object]] = []
    for name in SCORING_SWITCHES:  # the calculator's switches: what scores
        # The kind of a switch is read from the values the presets give it.
        values = [r.switch(name) for r in PRESETS.values()]
        kind, choices = _switch_kind(next((v for v in values if v is not None), None))
        if name == "max_yakuman":
            kind = "int_or_null"
        if name == "local_yaku":
            choices = [y.value for y in LOCAL_YAKU]
        elif name == "pao":
            choices = [y.value for y in PAO_YAKUMAN]
        switches.append({"name": name, "kind": kind, "values": choices})
    presets = [{"name": name, "description": r.description, "players": r.players,
                "switches": {k: v for k, v in r.to_dict().items() if k in SCORING_SWITCHES}}
               for name, r in PRESETS.items()]
    return {"default": "tenhou", "presets": presets, "switches": switches}


def _compared_presets(case: dict[str, Any]) -> tuple[str, ...]:
    """The presets a comparison runs through: those with as many players as the case's rules; raises a
    :class:`~riichi.errors.RiichiError` when those rules name no rule set (said once, not by every preset)."""
    from riichi.formats.interchange import case_rules  # noqa: PLC0415 - as the listing imports its modules
    from riichi.rules import presets_for  # noqa: PLC0415

    return presets_for(case_rules(case).players)


# -- pictures ------------------------------------------------------------------


def _picture(draw: Callable[[], str]) -> Response:
    try:
        return Response(draw(), media_type=_SVG, headers={"Cache-Control": "public, max-age=3600"})
    except RiichiError as exc:
        raise _Refused(422, exc.code, str(exc)) from None
    except ValueError as exc:
        raise _Refused(422, "invalid_notation", str(exc)) from None


def _checked(text: str, what: str) -> str:
    if len(text) > MAX_NOTATION:
        raise _Refused(422, "invalid_notation", f"{what} is longer than {MAX_NOTATION} characters")
    return text


@functools.cache
def _page_html(name: str) -> str:
    """A page of ``static/`` with the tile sprite inlined where it says ``<!--SPRITE-->``."""
    page = (_STATIC / name).read_text(encoding="utf-8")
    return page.replace("<!--SPRITE-->", svg.sprite())


class RecordFormat(enum.Enum):
    """The ``format`` of ``POST /api/replay``: one of the record formats, or ``auto`` (detected)."""

    AUTO = "auto"
    MJLOG = "mjlog"
    TENHOU6 = "tenhou6"
    MJAI = "mjai"
    SOUL = "soul"
    RIICHICITY = "riichicity"


def _replay(data: bytes, fmt: str, name: str, rules: str = "") -> dict[str, object]:
    from riichi.web.replay import Refused, replay_record

    try:
        chosen = find_rules(rules) if rules else None
    except UnknownRulesError as exc:
        raise _Refused(422, exc.code, str(exc)) from None
    try:
        return replay_record(data, fmt, name=name, rules=chosen)
    except Refused as exc:
        raise _Refused(exc.status, exc.code, exc.message, errors=list(exc.errors)) from None


class ReviewPlayer(enum.Enum):
    """The ``player`` of ``POST /api/review``: a built-in player (never code or a process named by a request)."""

    EFFICIENT = "efficient"
    EXPERT = "expert"
    TSUMOGIRI = "tsumogiri"
    RANDOM = "random"


def _review(data: bytes, seat: int, player: str, fmt: str, name: str, rules: str = "") -> dict[str, object]:
    from riichi.web.replay import Refused
    from riichi.web.review import review_record

    try:
        chosen = find_rules(rules) if rules else None
    except UnknownRulesError as exc:
        raise _Refused(422, exc.code, str(exc)) from None
    try:
        return review_record(data, seat, player, fmt, name=name, rules=chosen)
    except Refused as exc:
        raise _Refused(exc.status, exc.code, exc.message, errors=list(exc.errors)) from None


def _json_answer(request: Request, content: dict[str, object]) -> Response:
    """A JSON answer, gzip-compressed when the client accepts it (a game's positions shrink 25 times)."""
    body = JSONResponse(content).body
    headers = {"Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", "").lower():
        body = gzip.compress(body, compresslevel=6)
        headers["Content-Encoding"] = "gzip"
    return Response(body, media_type="application/json", headers=headers)


def _evaluate(case: dict[str, Any]) -> dict[str, Any]:
    """The score of a case, and the analysis of its hand when it does not win yet (13 or 14 tiles)."""
    from riichi.formats.interchange import score_case

    scored = score_case(case)
    if scored["ok"]:
        return {"id": scored["id"], "ok": True, "score": scored, "analysis": None}
    error = scored["error"]
    assert isinstance(error, dict)
    if error["code"] in _UNREADABLE:
        return scored
    analysis = None
    size = _hand_size(case)
    if error["code"] in _NOT_YET and size in (13, 14):
        request = {key: value for key, value in case.items() if key != "win" or size == 14}
        analysis = _analyze_case()(request)
    return {"id": case.get("id"), "ok": True, "score": scored, "analysis": analysis}


def _hand_size(case: dict[str, Any]) -> int | None:
    """Tiles of a case's hand, a meld counting 3 (as analysis counts them); None when it cannot be read."""
    from riichi.notation import parse_tiles

    hand, melds = case.get("hand"), case.get("melds") or []
    if not isinstance(hand, str) or not isinstance(melds, list):
        return None
    try:
        return len(parse_tiles(hand)) + 3 * len(melds)
    except RiichiError:
        return None


# -- the application -------------------------------------------------------------


def _json(model: dict[str, object]) -> dict[str, object]:
    return {"content": {"application/json": {"schema": model}}}


def _body(model: dict[str, object]) -> dict[str, object]:
    return {"requestBody": {"required": True, **_json(model)}}


_ERRORS: Final[dict[int | str, dict[str, Any]]] = {
    400: {"description": "Malformed JSON (`invalid_json`)", **_json(schema.ERROR)},
    413: {"description": f"Body larger than {MAX_BODY} bytes (`request_too_large`)", **_json(schema.ERROR)},
    422: {"description": "A case the rules reject: the interchange error object", **_json(schema.ERROR)},
}


def _swagger_ui_assets() -> Path:
    """Swagger UI 5's files as shipped in the swagger-ui-py package (found without importing it)."""
    spec = importlib.util.find_spec("swagger_ui")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"Swagger UI's files (swagger-ui-py) are missing: {install_hint('web')}")
    return Path(next(iter(spec.submodule_search_locations))) / "static"


def create_app() -> FastAPI:
    """The calculator page and the HTTP API as one FastAPI application."""
    app = FastAPI(
        title="riichi",
        summary="Riichi mahjong scoring and hand analysis over HTTP.",
        description="Score win cases of the interchange format under named rule sets, compare the "
                    "presets, analyse incomplete hands and draw tiles as SVG.",
        version=_version(),
        docs_url=None,  # served below from local assets: the API docs work offline
        redoc_url=None,
    )

    @app.exception_handler(_Refused)
    async def refused(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, _Refused)
        return _error(exc.status, exc.code, exc.message, exc.case_id, exc.errors)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        return _error(exc.status_code, _HTTP_CODES.get(exc.status_code, "http_error"), str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def invalid_parameters(_request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        problems = "; ".join(f"{'.'.join(str(part) for part in e['loc'])}: {e['msg']}" for e in exc.errors())
        return _error(422, "invalid_case", f"the request's parameters are wrong: {problems}")

    @app.post("/api/score", tags=["scoring"], response_model=None, openapi_extra=_body(schema.WIN_CASE),
              responses={200: {"description": "The result", **_json(schema.RESULT)}, **_ERRORS})
    async def score(request: Request) -> JSONResponse:
        """Score one win case (the interchange format); errors come back as the interchange error object."""
        case = await _read_case(request)
        result = await run_in_threadpool(_score_case(), case)
        return JSONResponse(result, status_code=_status_of(result))

    @app.post("/api/evaluate", tags=["scoring"], response_model=None, openapi_extra=_body(schema.WIN_CASE),
              responses={200: {"description": "The score, and the analysis of a hand that does not win yet",
                               **_json(schema.EVALUATION)}, **_ERRORS})
    async def evaluate(request: Request) -> JSONResponse:
        """Score the case; when its hand does not win yet, analyse it too. A case that can be read is
        answered 200, whatever its hand: ``score`` holds the result or its error object."""
        case = await _read_case(request)
        result = await run_in_threadpool(_evaluate, case)
        return JSONResponse(result, status_code=_status_of(result))

    @app.post("/api/compare", tags=["scoring"], response_model=None, openapi_extra=_body(schema.WIN_CASE),
              responses={200: {"description": "One result per preset", **_json(schema.COMPARE_RESULT)},
                         **_ERRORS})
    async def compare(request: Request) -> JSONResponse:
        """Score the case under every preset with as many players as its own ``rules`` (four unless they are a
        three-player rule set); its other rules are ignored."""
        case = await _read_case(request)
        score_case = _score_case()
        try:
            names = _compared_presets(case)
        except RiichiError as e:  # rules that name no rule set: the caller's mistake
            from riichi.formats.interchange import error_result  # noqa: PLC0415

            refused = error_result(case.get("id"), e)
            return JSONResponse(refused, status_code=_status_of(refused))
        listing = _rules_listing()["presets"]
        assert isinstance(listing, list)
        listing = [p for p in listing if p["name"] in names]

        def run() -> list[dict[str, object]]:
            return [{"preset": p["name"], "description": p["description"],
                     "result": score_case({"red_fives_as_plain": True, **case, "rules": p["name"]})}
                    for p in listing]  # a compare view reads red fives leniently, unless the case says not to

        results = await run_in_threadpool(run)
        first = results[0]["result"]
        assert isinstance(first, dict)
        if not first.get("ok") and first["error"]["code"] in ("invalid_json", "invalid_case", "invalid_notation"):
            # A case that no rule set could read is the caller's mistake, not a comparison.
            return JSONResponse(first, status_code=_status_of(first))
        return JSONResponse({"id": case.get("id"), "ok": True, "results": results})

    @app.post("/api/analyze", tags=["analysis"], response_model=None,
              openapi_extra=_body(schema.ANALYZE_REQUEST),
              responses={200: {"description": "Shanten, waits with their value, discards",
                               **_json(schema.ANALYSIS)},
                         501: {"description": "Analysis not available", **_json(schema.ERROR)}, **_ERRORS})
    async def analyze(request: Request) -> JSONResponse:
        """Analyse a hand: shanten, waits with the value of each, and the best discards."""
        body = await _read_case(request)
        result = await run_in_threadpool(_analyze_case(), body)
        return JSONResponse(result, status_code=_status_of(result))

    @app.post("/api/hand", tags=["notation"], response_model=None, openapi_extra=_body(schema.HAND_REQUEST),
              responses={200: {"description": "The hand read, or the notation's error naming the word at fault",
                               **_json(schema.HAND_READING)}, **_ERRORS})
    async def hand(request: Request) -> JSONResponse:
        """Read hand notation as the page holds a hand: the concealed tiles as written, the melds with the seat
        each was called from (and where it sits from ``seat_wind``), and the winning tile (marked ``win:TILE``,
        else the last concealed tile). A request that can be read is answered 200: notation the reader refuses
        is the ``reading``, an error object naming the word at fault."""
        body = await _read_json(request)
        if not isinstance(body, dict):
            raise _Refused(422, "invalid_case", f"a hand request is a JSON object, not {type(body).__name__}")
        try:
            return JSONResponse(read_hand_request(body))
        except InvalidCaseError as exc:
            raise _Refused(422, exc.code, str(exc), case_id=body.get("id")) from None

    @app.post("/api/replay", tags=["replay"], response_model=None,
              openapi_extra={"requestBody": {"required": True, "content": {
                  "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
                  "text/plain": {"schema": {"type": "string"}}}}},
              responses={200: {"description": "The game hand by hand, with every position and the scoring of "
                                              "every win", **_json(schema.REPLAY)},
                         400: {"description": "The connection closed before the body was complete "
                                              "(`invalid_log`)", **_json(schema.REPLAY_ERROR)},
                         413: {"description": f"A record larger than {MAX_RECORD} bytes, or larger than "
                                              "that unpacked, or with too many events (`request_too_large`)",
                               **_json(schema.REPLAY_ERROR)},
                         422: {"description": "A record with no hand that can be replayed: the first error, "
                                              "and every error in `errors`", **_json(schema.REPLAY_ERROR)}})
    async def replay(
        request: Request,
        format: RecordFormat = Query(RecordFormat.AUTO, description="The record's format; `auto` detects it"),  # noqa: B008
        name: str = Query("", max_length=MAX_NOTATION,
                          description="The record's file name: a Tenhou log id in it dates the game"),
        rules: str = Query("", max_length=MAX_NOTATION,
                           description="A preset to replay the game under instead of the record's own rules "
                                       "(empty: the record's own)"),
    ) -> Response:
        """Replay a game record (Tenhou mjlog XML, tenhou.net/6 JSON or mjai JSON lines; plain or gzip) through
        the engine: each hand with the position after every event, the engine's values and the record's
        side by side (the ``kyoku`` objects of ``riichi replay --jsonl``), and every win's full scoring."""
        data = await _read_body(request, MAX_RECORD, "invalid_log")
        return _json_answer(request, await run_in_threadpool(_replay, data, format.value, name, rules))

    @app.post("/api/review", tags=["replay"], response_model=None,
              openapi_extra={"requestBody": {"required": True, "content": {
                  "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
                  "text/plain": {"schema": {"type": "string"}}}}},
              responses={200: {"description": "The seat's decisions beside the player's, and the agreement rate",
                               **_json(schema.REVIEW)},
                         400: {"description": "The connection closed before the body was complete "
                                              "(`invalid_log`)", **_json(schema.REPLAY_ERROR)},
                         413: {"description": f"A record larger than {MAX_RECORD} bytes, or larger than "
                                              "that unpacked, with too many events, or whose review takes too "
                                              "long (`request_too_large`)", **_json(schema.REPLAY_ERROR)},
                         422: {"description": "A record that cannot be read (`invalid_log`), a seat the game "
                                              "does not have (`invalid_seat`) or unknown rules",
                               **_json(schema.REPLAY_ERROR)}})
    async def review(
        request: Request,
        seat: int = Query(..., ge=0, le=3, description="The seat to review (0 the first dealer)"),
        player: ReviewPlayer = Query(ReviewPlayer.EFFICIENT, description="The built-in player that reviews"),  # noqa: B008
        format: RecordFormat = Query(RecordFormat.AUTO, description="The record's format; `auto` detects it"),  # noqa: B008
        name: str = Query("", max_length=MAX_NOTATION,
                          description="The record's file name: a Tenhou log id in it dates the game"),
        rules: str = Query("", max_length=MAX_NOTATION,
                           description="A preset to replay the game under instead of the record's own rules "
                                       "(empty: the record's own)"),
    ) -> Response:
        """Review one seat of a game record (the formats of `POST /api/replay`) with a built-in player, as
        ``riichi review`` does: at each of the seat's decisions, what the record shows it did and what the
        player would have done, and the agreement rate."""
        data = await _read_body(request, MAX_RECORD, "invalid_log")
        return _json_answer(request, await run_in_threadpool(_review, data, seat, player.value, format.value,
                                                             name, rules))

    @app.get("/api/rules", tags=["rules"], responses={200: {"description": "Presets and switches",
                                                          **_json(schema.RULES)}})
    async def rules() -> JSONResponse:
        """Every preset with its switches, and what kind of value each switch takes."""
        return JSONResponse(_rules_listing())

    @app.get("/api/yaku", tags=["rules"], responses={200: {"description": "Yaku names in English or Japanese"}})
    async def yaku_names(lang: str = Query("en", description="`en`: English glosses; `ja`: the kanji")) -> JSONResponse:
        """Every name a result can list (yaku, yakuman, dora entries) with its English name (or, with
        ``lang=ja``, its name in kanji)."""
        if lang == "ja":
            from riichi.yaku import Yaku

            return JSONResponse({y.value: y.kanji for y in Yaku})
        return JSONResponse(dict(GLOSSES))

    @app.get("/api/i18n", tags=["pages"], responses={200: {"description": "The pages' catalogue"}})
    async def messages(request: Request, lang: str = Query("", max_length=20,
                                                            description="A language code; empty: the browser's")
                       ) -> JSONResponse:
        """The catalogue of the pages' text in ``lang`` (else the first language of the browser's
        ``Accept-Language`` there is one of, else English): English message to translated text."""
        from riichi.web.i18n import LANGUAGES, catalogue, choose_language

        chosen = choose_language(lang, request.headers.get("accept-language"))
        return JSONResponse({"lang": chosen, "languages": LANGUAGES, "messages": catalogue(chosen)},
                            headers={"Vary": "Accept-Language"})

    @app.get("/api/svg/tiles", tags=["pictures"], response_class=Response,
             responses={200: {"content": {_SVG: {}}, "description": "An SVG picture"}, **_ERRORS})
    async def svg_tiles(t: str = Query(..., description="Tiles in MPSZ notation, e.g. `123m0p77z`")) -> Response:
        """A row of tiles as SVG."""
        return _picture(lambda: svg.tiles(_checked(t, "the tile text")))

    @app.get("/api/svg/hand", tags=["pictures"], response_class=Response,
             responses={200: {"content": {_SVG: {}}, "description": "An SVG picture"}, **_ERRORS})
    async def svg_hand(
        h: str = Query(..., description="A hand: `234m406p11z pon:777z@W ankan:1111s`"),
        win: str | None = Query(None, description="The winning tile, drawn apart"),
        seat: str = Query("E", description="The owner's seat wind: which way called tiles turn"),
    ) -> Response:
        """A hand with its melds as SVG (called tiles sideways, concealed kans with two backs)."""
        return _picture(lambda: svg.hand(_checked(h, "the hand text"), win=win or None, seat=seat))

    @app.get("/api/svg/meld", tags=["pictures"], response_class=Response,
             responses={200: {"content": {_SVG: {}}, "description": "An SVG picture"}, **_ERRORS})
    async def svg_meld(
        m: str = Query(..., description="A meld: `pon:777z@W`, `ankan:1111s`"),
        seat: str = Query("E", description="The owner's seat wind: which way the called tile turns"),
        players: int = Query(4, ge=3, le=4, description="Players at the table: 3 has no seat across"),
    ) -> Response:
        """One meld as SVG."""
        return _picture(lambda: svg.meld(_checked(m, "the meld text"), seat=seat, players=players))

    @app.get("/api/svg/sprite", tags=["pictures"], response_class=Response,
             responses={200: {"content": {_SVG: {}}, "description": "Every tile as an SVG symbol"}})
    async def svg_sprite() -> Response:
        """Every tile as a ``<symbol id="tile-5p">``, for pages that draw many tiles."""
        return _picture(svg.sprite)

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return _picture(lambda: svg.tile("7z"))

    @app.get("/", include_in_schema=False)
    async def index() -> HTMLResponse:
        return HTMLResponse(_page_html("index.html"), headers={"Cache-Control": "no-cache"})

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> HTMLResponse:
        return HTMLResponse(_page_html("replay.html"), headers={"Cache-Control": "no-cache"})

    from riichi.web.play_api import add_play_routes  # the play page's routes, in their own module

    add_play_routes(app, _read_json, _page_html)
    app.mount("/static", StaticFiles(directory=_STATIC), name="static")
    app.mount("/docs-assets", StaticFiles(directory=_swagger_ui_assets()), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def api_docs() -> HTMLResponse:
        """Swagger UI for /openapi.json, from the assets the swagger-ui-py package ships (started by a
        script of the page's own, static/docs.js: the security policy allows no inline script)."""
        return HTMLResponse((_STATIC / "docs.html").read_text(encoding="utf-8"))

    app.add_middleware(_CatchAll)  # inside the security headers: its 500 carries them too
    app.add_middleware(_SecurityHeaders)
    return app


class _SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP answer."""

    _RAW: Final = [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in SECURITY_HEADERS.items()]

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self._RAW]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class _CatchAll:
    """ASGI middleware answering an error nobody foresaw with the API's error object (500 ``internal_error``),
    and logging it with its traceback. (Starlette's own handler of such errors sits outside every other
    middleware, so its answer would lack the security headers.)"""

    _LOG: Final = logging.getLogger("riichi.web")

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception as exc:
            self._LOG.exception("%s %s failed", scope.get("method"), scope.get("path"))
            if started:  # part of an answer is out: the server ends the connection
                raise
            name = type(exc).__name__
            answer = _error(500, "internal_error", f"the server failed on this request ({name})")
            await answer(scope, receive, send)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("riichi")
    except PackageNotFoundError:
        return "0"


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the calculator at http://HOST:PORT until interrupted, with the limits of :mod:`riichi.web.server`."""
    from riichi.web import server

    server.serve(host, port)
