"""Responses that are not a pydantic model: stored JSON sent as it is."""

import gzip

from fastapi import Request, Response


def gzip_json(compressed: bytes, request: Request) -> Response:
    """Stored captures are gzip already: send them as they are, or unpack for other clients."""
    headers = {"Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(
            compressed,
            media_type="application/json",
            headers={**headers, "Content-Encoding": "gzip"},
        )
    return Response(gzip.decompress(compressed), media_type="application/json", headers=headers)
