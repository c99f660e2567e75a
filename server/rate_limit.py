"""A per-client limit on the requests that add runs (POST /api/runs, POST /api/captures):
a sliding window of `limit` requests per `window` seconds per client address; beyond it,
429 with a Retry-After saying when the oldest request leaves the window.

One process counts in memory (LocalWindows). Replicas over one PostgreSQL database count in
it (store/rate_windows.py, set up by the app's lifespan as `app.state.shared_rate_windows`):
otherwise a client spread over N replicas by the load balancer would get N times the limit."""

import time
from collections import deque

from starlette.concurrency import run_in_threadpool

from .errors import error_response
from .security import _header, _reply

LIMITED_PATHS = frozenset({"/api/runs", "/api/captures"})
MAX_CLIENTS = 100_000


class LocalWindows:
    """The sliding windows of one process."""

    def __init__(self, limit: int, window: float):
        self.limit, self.window = limit, window
        self.clients: dict[str, deque[float]] = {}

    def hit(self, client: str) -> float | None:
        """Count a request; None if it is within the limit, else seconds until it would be."""
        now = time.monotonic()
        times = self.clients.get(client)
        if times is None:
            if len(self.clients) >= MAX_CLIENTS:
                self._forget_idle(now)
            times = self.clients[client] = deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.limit:
            return times[0] + self.window - now
        times.append(now)
        return None

    def _forget_idle(self, now: float) -> None:
        for key in [k for k, t in self.clients.items() if not t or t[-1] <= now - self.window]:
            del self.clients[key]
        if len(self.clients) >= MAX_CLIENTS:
            self.clients.clear()


class RateLimit:
    def __init__(self, app, limit: int, window: float, trust_forwarded_for: bool = False):
        self.app, self.limit, self.window = app, limit, window
        self.trust_forwarded_for = trust_forwarded_for
        self.local = LocalWindows(limit, window)

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
        key = self._client(scope)
        shared = getattr(scope["app"].state, "shared_rate_windows", None)
        wait = self.local.hit(key) if shared is None else await run_in_threadpool(shared.hit, key)
        if wait is None:
            return await self.app(scope, receive, send)
        retry_after = max(1, int(wait + 0.999))
        await _reply(
            send,
            error_response(
                429,
                "rate_limited",
                f"at most {self.limit} runs per {self.window:g} s from one client; "
                f"retry in {retry_after} s",
                headers={"Retry-After": str(retry_after)},
            ),
        )
