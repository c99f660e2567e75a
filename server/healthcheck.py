"""`python -m server.healthcheck [--port N]`: the Docker image's HEALTHCHECK.

Exit status 0 when the server on this machine answers GET /api/health with status "ok". The
check sends TAPESCOPE_TOKEN when the container has one; a server that generated its own token at
start (printed, not shared) answers 401 with its own error shape instead, which shows just as well
that it is up and answering. Anything else (no answer, a timeout, another error) is 1."""

import argparse
import json
import os
import sys
import urllib.error
import urllib.request

TIMEOUT_SECONDS = 4


def healthy(port: int, token: str | None) -> bool:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/health", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            return bool(json.loads(response.read()).get("status") == "ok")
    except urllib.error.HTTPError as error:
        if error.code != 401 or token:
            return False
        try:
            return bool(json.loads(error.read()).get("error") == "unauthorized")
        except ValueError:
            return False
    except (OSError, ValueError):
        return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m server.healthcheck", description=__doc__)
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args(argv)
    return 0 if healthy(args.port, os.environ.get("TAPESCOPE_TOKEN") or None) else 1


if __name__ == "__main__":
    sys.exit(main())
