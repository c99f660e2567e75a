"""Write the server's OpenAPI schema to web/src/api/openapi.json (the web app's types come from it).

After any change to the server's models run, from the project root,
    .venv/bin/python web/scripts/dump_openapi.py && (cd web && npm run gen-types)
tests/web/test_api_types.py fails until you do, and `npm run build` fails when schema.d.ts was
not regenerated from the snapshot.
"""

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "api" / "openapi.json"


def server_openapi():
    from server.app import create_app

    return create_app().openapi()


def main():
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    OUT.write_text(json.dumps(server_openapi(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
