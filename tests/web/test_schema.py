"""The HTTP API keeps to its own OpenAPI document, found by a schema-driven test (schemathesis).

For every operation of ``/openapi.json``, schemathesis makes requests from the schema (valid ones,
and ones that break it on purpose) and checks each answer: no 5xx, a status code and a content type
the document lists, a body that matches the document's schema for that status, and a request the
document calls invalid refused with a 4xx (every field typed and checked, unknown fields refused).
The number of examples per operation is bounded so that the suite stays quick.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from riichi.web.app import create_app

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app())
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          negative_data_rejection]


@schema.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
def test_every_operation_keeps_to_the_openapi_document(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=CHECKS)


#: The notation errors that say the text is not notation at all (as against notation of an impossible meld or a
#: winning tile the hand lacks, which no pattern can see): a hand matching the schema's pattern never gets one.
SYNTAX = ("unexpected character", "digits without a suit letter", "concealed tiles come before the melds",
          "unknown meld type", "the winning tile (win:TILE) is the last word", "needs 3 tiles", "needs 4 tiles",
          "the winning tile is one tile", "a meld is written TYPE:TILES")


def test_what_the_schema_calls_a_hand_is_notation_the_readers_take() -> None:
    import re

    from hypothesis import given
    from hypothesis import strategies as st

    from riichi import Hand
    from riichi.errors import NotationError
    from riichi.web.schema import HAND_PATTERN, TILES_PATTERN

    # the forms the documentation shows, and the reading line, match; text that is not notation does not
    for text in ("234567m34p678s55p", "123m 456p 789s 11122z", "234m 406p 11z pon:777z@W chi:789s@N win:2m", ""):
        assert re.fullmatch(HAND_PATTERN, text), text
    for text in ("123M", "123m pon:77z", "123mwin:2m", "win:2m 123m", "123m  pon:777zpon:555z", "8z"):
        assert not re.fullmatch(HAND_PATTERN, text), text
    assert re.fullmatch(TILES_PATTERN, "3m 7z") and not re.fullmatch(TILES_PATTERN, "3m7")

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(st.from_regex(HAND_PATTERN, fullmatch=True))
    def reads(text: str) -> None:
        try:
            Hand.parse_with_win(text)
        except NotationError as e:
            assert not any(words in e.message for words in SYNTAX), (text, e.message)

    reads()
