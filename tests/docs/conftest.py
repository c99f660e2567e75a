"""A real `tapescope serve` on a free loopback port with a temporary data directory, for the
tests that run the documentation's commands against it."""

import pytest

from tests.live_server import serve


@pytest.fixture(scope="session")
def docs_server(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("docs-data")) as base:
        yield base
