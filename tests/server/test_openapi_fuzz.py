"""Property-based fuzzing of the OpenAPI schema (schemathesis) against `tapescope serve`:
whatever the generated request, the answer is never a 5xx, and it matches the documented status
codes, content types and response shapes."""

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from server.app import create_app
from tests.live_server import LiveServer

schema = schemathesis.openapi.from_dict(create_app().openapi())


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    server = LiveServer(tmp_path_factory.mktemp("data"))
    yield server.base
    server.stop()


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_makes_the_server_fail(case, base_url):
    case.call_and_validate(base_url=base_url)
