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
