"""Talking to a TapeScope server from the command line (standard library only)."""

import json
import os
import urllib.error
import urllib.request


class ServerError(Exception):
    pass


def request(
    server: str, method: str, path: str, token: str | None, body: bytes | None = None
) -> bytes:
    token = token or os.environ.get("TAPESCOPE_TOKEN")
    headers = {"Accept": "application/json"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    url = server.rstrip("/") + path
    try:
        with urllib.request.urlopen(
            urllib.request.Request(url, body, headers, method=method), timeout=120
        ) as response:
            payload: bytes = response.read()
            return payload
    except urllib.error.HTTPError as error:
        try:
            message = json.loads(error.read()).get("message", error.reason)
        except ValueError:
            message = error.reason
        raise ServerError(f"{server} answered {error.code}: {message}") from None
    except urllib.error.URLError as error:
        raise ServerError(f"cannot reach {server}: {error.reason}") from None
