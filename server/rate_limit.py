"""A per-client limit on the requests that add runs (POST /api/runs, POST /api/captures):
a sliding window of `limit` requests per `window` seconds per client address; beyond it,
429 with a Retry-After saying when the oldest request leaves the window. Kept in memory, so
each replica counts on its own (behind a load balancer, a client gets up to `limit` per
replica)."""

import time
from collections import deque

from .errors import error_response
from .security import _header, _reply

LIMITED_PATHS = frozenset({"/api/runs", "/api/captures"})
MAX_CLIENTS = 100_000


class RateLimit:
    def __init__(self, app, limit: int, window: float, trust_forwarded_for: bool = False):
        self.app, self.limit, self.window = app, limit, window
        self.trust_forwarded_for = trust_forwarded_for
        self.clients: dict[str, deque[float]] = {}

    def _client(self, scope) -> str:
        if self.trust_forwarded_for:
            # the last address is the one our own proxy added (earlier ones the client may forge)
            forwarded = _header(scope, b"x-forwarded-for").split(",")[-1].strip()
            if forwarded:
                return forwarded
        client = scope.get("client")
        return client[0] if client else "unknown"

    async def __call__(self, scope, receive, send):
        if (
            not self.limit
            or scope["type"] != "http"
            or scope["method"] != "POST"
            or scope["path"].rstrip("/") not in LIMITED_PATHS
        ):
            return await self.app(scope, receive, send)
        now = time.monotonic()
        key = self._client(scope)
        times = self.clients.get(key)
        if times is None:
            if len(self.clients) >= MAX_CLIENTS:
                self._forget_idle(now)
            times = self.clients[key] = deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.limit:
            retry_after = max(1, int(times[0] + self.window - now + 0.999))
            return await _reply(
                send,
                error_response(
                    429,
                    "rate_limited",
                    f"at most {self.limit} runs per {self.window:g} s from one client; "
                    f"retry in {retry_after} s",
                    headers={"Retry-After": str(retry_after)},
                ),
            )
        times.append(now)
        await self.app(scope, receive, send)

    def _forget_idle(self, now: float) -> None:
        for key in [k for k, t in self.clients.items() if not t or t[-1] <= now - self.window]:
            del self.clients[key]
        if len(self.clients) >= MAX_CLIENTS:
            self.clients.clear()
