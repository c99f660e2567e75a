"""What every request passes through: the token, the Host check, body limits, security headers.

Plain ASGI middlewares (no BaseHTTPMiddleware): they wrap `receive`/`send` and never buffer a
response, so a large capture streams through untouched.
"""

import json
import secrets
from http.cookies import SimpleCookie
from urllib.parse import parse_qs

from .errors import error_response
from .sandbox.limits import format_bytes

TOKEN_COOKIE = "tapescope_token"
# The web app's scripts are all files of its own: no inline script, no eval, no other origin.
# Styles may be inline (Plotly and Cytoscape set style attributes at run time).
APP_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self' data:; worker-src 'self' blob:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
    "form-action 'self'"
)
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
]
# Exact names only: a name that merely begins with "127." (127.evil.example) is a DNS name an
# attacker controls, which DNS rebinding can point at this machine.
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _header(scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin-1")
    return ""


async def _reply(send, response) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": response.status_code,
            "headers": response.raw_headers,
        }
    )
    await send({"type": "http.response.body", "body": response.body})


def app_csp(frame_ancestors: str | None = None) -> str:
    """APP_CSP, with the origins (e.g. a notebook's) allowed to show the app in a frame."""
    return (
        APP_CSP
        if not frame_ancestors
        else APP_CSP.replace("frame-ancestors 'none'", f"frame-ancestors {frame_ancestors}")
    )


class SecurityHeaders:
    """Security headers on every response; a page's own CSP (e.g. /docs) is left as it set it.
    No page may be framed, except by the origins in `frame_ancestors` (then the CSP says which,
    and X-Frame-Options, which can only say "none" or "same origin", is left out)."""

    def __init__(self, app, frame_ancestors: str | None = None):
        self.app = app
        self.csp = app_csp(frame_ancestors).encode()
        self.headers = [
            h for h in SECURITY_HEADERS if not (frame_ancestors and h[0] == b"x-frame-options")
        ]

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        is_api = scope["path"].startswith("/api/")

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {key.lower() for key, _ in headers}
                headers += [h for h in self.headers if h[0] not in names]
                if b"content-security-policy" not in names:
                    headers.append((b"content-security-policy", self.csp))
                if is_api and b"cache-control" not in names:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def host_name(host: str) -> str:
    """The name part of a Host header: `[::1]:8765` -> `::1`, `Localhost:80` -> `localhost`."""
    if host.startswith("["):
        return host[1 : host.find("]")].lower() if "]" in host else ""
    return host.rsplit(":", 1)[0].lower() if host.count(":") == 1 else host.lower()


class TrustedHost:
    """Only the names this server is meant to be reached by: loopback literals and `localhost`
    when it listens on loopback, plus the names the operator configured (`allowed_hosts`). A
    page on another site that rebinds its DNS name to 127.0.0.1 must not reach the API."""

    def __init__(self, app, enabled: bool, allowed_hosts: frozenset[str] = frozenset()):
        self.app, self.enabled = app, enabled
        self.allowed = LOOPBACK_HOSTS | {name.lower() for name in allowed_hosts}

    async def __call__(self, scope, receive, send):
        if self.enabled and scope["type"] == "http":
            host = _header(scope, b"host")
            if host_name(host) not in self.allowed:
                return await _reply(
                    send,
                    error_response(
                        400,
                        "bad_host",
                        f"this server answers to {', '.join(sorted(self.allowed))} only, "
                        f"not to {host[:100]!r}",
                    ),
                )
        await self.app(scope, receive, send)


class SameOrigin:
    """Requests that change something come from this app or a script, never from another
    site's page: a body must be JSON (a cross-site HTML form can only send form data or
    text/plain: 415), and an `Origin` header, which browsers send on every cross-origin POST,
    must name this server (its own Host) or one of `allowed_origins` (403)."""

    def __init__(self, app, allowed_origins: frozenset[str] = frozenset()):
        self.app = app
        self.allowed = {origin.lower().rstrip("/") for origin in allowed_origins}

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] not in UNSAFE_METHODS:
            return await self.app(scope, receive, send)
        origin = _header(scope, b"origin").strip().lower()
        if origin and not self._same_origin(origin, _header(scope, b"host").lower()):
            return await _reply(
                send,
                error_response(
                    403,
                    "foreign_origin",
                    f"requests from {origin[:100]!r} may not change anything here; "
                    "use the TapeScope page this server serves",
                ),
            )
        content_type = _header(scope, b"content-type").split(";", 1)[0].strip().lower()
        length = _header(scope, b"content-length")
        has_body = (
            content_type or (length and length != "0") or _header(scope, b"transfer-encoding")
        )
        if has_body and content_type != "application/json":
            return await _reply(
                send,
                error_response(
                    415,
                    "unsupported_media_type",
                    f"request bodies must be application/json, not {content_type[:100]!r}",
                ),
            )
        await self.app(scope, receive, send)

    def _same_origin(self, origin: str, host: str) -> bool:
        if origin in self.allowed:
            return True
        scheme, _, netloc = origin.partition("://")
        return scheme in ("http", "https") and bool(host) and netloc == host


class TokenAuth:
    """Every request carries the token: as a Bearer header, a cookie, or `?token=` (which then
    becomes a cookie, so the printed URL opens the web app and its API calls just work)."""

    def __init__(self, app, token: str | None):
        self.app, self.token = app, token

    def _valid(self, candidate: str) -> bool:
        token = self.token
        if not candidate or not token:
            return False
        return secrets.compare_digest(candidate.encode(), token.encode())

    async def __call__(self, scope, receive, send):
        if not self.token or scope["type"] != "http":
            return await self.app(scope, receive, send)
        authorization = _header(scope, b"authorization")
        bearer = authorization[7:] if authorization.lower().startswith("bearer ") else ""
        cookie = SimpleCookie(_header(scope, b"cookie")).get(TOKEN_COOKIE)
        query = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [""])[0]
        if self._valid(bearer) or (cookie is not None and self._valid(cookie.value)):
            return await self.app(scope, receive, send)
        if not self._valid(query):
            return await _reply(
                send,
                error_response(
                    401,
                    "unauthorized",
                    "this server needs its token: open the URL `tapescope serve` "
                    "printed (it ends in ?token=...), or send "
                    "'Authorization: Bearer <token>'",
                ),
            )
        cookie_header = (f"{TOKEN_COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict").encode(
            "latin-1"
        )

        async def send_with_cookie(message):
            if message["type"] == "http.response.start":
                message = {
                    **message,
                    "headers": [*message.get("headers", []), (b"set-cookie", cookie_header)],
                }
            await send(message)

        await self.app(scope, receive, send_with_cookie)


class BodyLimit:
    """Refuse bodies over the limit of their route (413): at once when Content-Length says so,
    else as soon as the bytes read pass it. Bodies within the limit are handed on whole."""

    def __init__(self, app, default_bytes: int, per_path: dict[str, int]):
        self.app, self.default_bytes, self.per_path = app, default_bytes, per_path

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS", "DELETE"):
            return await self.app(scope, receive, send)
        limit = self.per_path.get(scope["path"].rstrip("/"), self.default_bytes)
        declared = _header(scope, b"content-length")
        if declared.isdigit() and int(declared) > limit:
            return await _reply(send, _too_large(int(declared), limit))
        chunks, received = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            received += len(chunk)
            if received > limit:
                return await _reply(send, _too_large(received, limit, at_least=True))
            chunks.append(chunk)
            if not message.get("more_body"):
                break
        body, delivered = b"".join(chunks), False

        async def replay():
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _too_large(size: int, limit: int, at_least: bool = False):
    return error_response(
        413,
        "body_too_large",
        f"the request body is {'over ' if at_least else ''}{format_bytes(size)}; "
        f"the limit is {format_bytes(limit)}",
    )


def openapi_error_shape(schema: dict) -> dict:
    """Document FastAPI's validation errors (422) with our one error shape."""
    for path in schema.get("paths", {}).values():
        for operation in path.values():
            response = operation.get("responses", {}).get("422")
            if response is not None:
                response["content"] = {
                    "application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}
                }
    components = schema.get("components", {}).get("schemas", {})
    components.pop("HTTPValidationError", None)
    components.pop("ValidationError", None)
    return json.loads(json.dumps(schema))
