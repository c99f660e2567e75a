"""The web app's API types come from the server's OpenAPI schema: the committed snapshot
(web/src/api/openapi.json, from which web/src/api/schema.d.ts is generated and which `npm run
build` checks) must equal what the server serves now. After changing the server's models run
`.venv/bin/python web/scripts/dump_openapi.py && (cd web && npm run gen-types)`."""

import json
from pathlib import Path

from tests.web.helpers import api

SNAPSHOT = Path(__file__).resolve().parents[2] / "web" / "src" / "api" / "openapi.json"


def test_openapi_snapshot_matches_the_running_server(server):
    served = api(server, "/openapi.json")
    snapshot = json.loads(SNAPSHOT.read_text())
    assert served == snapshot, (
        "the server's OpenAPI schema changed: regenerate the web app's API types with "
        "`.venv/bin/python web/scripts/dump_openapi.py && (cd web && npm run gen-types)`"
    )
