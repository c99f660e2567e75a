"""The capture's JSON Schema, generated from the pydantic models (schema.py).

`python -m engine.debug.json_schema` rewrites the checked-in `schemas/capture.schema.json`;
tests/debug/test_serialization.py fails when the file and the models disagree, and validates
real captures against the file.
"""

import json
import sys
from pathlib import Path

from .schema import Capture

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "schemas" / "capture.schema.json"


def generate():
    schema = Capture.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


def text():
    return json.dumps(generate(), indent=2, sort_keys=True) + "\n"


def main(argv=None):
    SCHEMA_FILE.parent.mkdir(parents=True, exist_ok=True)
    SCHEMA_FILE.write_text(text())
    print(f"wrote {SCHEMA_FILE}")


if __name__ == "__main__":
    main(sys.argv[1:])
