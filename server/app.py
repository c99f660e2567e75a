"""The app factory: routers, error shape, security layers, the sandbox and the store."""

import asyncio
import contextlib
import logging
from contextlib import asynccontextmanager

from fastapi import FastAPI

from .errors import install_error_handlers
from .rate_limit import RateLimit
from .routes import captures, examples, export, health, pages, pins, predictions, runs
from .run_service import RunService
from .sandbox.limits import Limits
from .sandbox.pool import SandboxPool, SandboxUnavailable
from .security import (
    BodyLimit,
    SameOrigin,
    SecurityHeaders,
    TokenAuth,
    TrustedHost,
    openapi_error_shape,
)
from .settings import Settings, is_loopback
from .static_site import mount_web_app
from .store import RunStore
from .store.rate_windows import shared_windows
from .version import __version__

RETENTION_SECONDS = 600.0  # how often expired runs are deleted on an idle server
JSON_OVERHEAD = 6  # JSON may spell a character as \uXXXX: a body holds up to 6x the code's bytes


def limits_of(settings: Settings) -> Limits:
    return Limits(
        wall_seconds=settings.wall_seconds,
        cpu_seconds=settings.cpu_seconds,
        memory_bytes=settings.memory_bytes,
        file_size_bytes=settings.file_size_bytes,
        stdout_bytes=settings.stdout_bytes,
        capture_bytes=settings.capture_bytes,
        kept_array_bytes=settings.kept_array_bytes,
        kept_total_bytes=settings.kept_total_bytes,
    )


def make_pool(settings: Settings, **sandbox_options) -> SandboxPool:
    return SandboxPool(
        limits_of(settings),
        workers=settings.workers,
        queue=settings.queue,
        isolation=settings.sandbox,
        hidden_paths=[settings.data_dir],
        **sandbox_options,
    )


def create_app(settings: Settings | None = None, **sandbox_options) -> FastAPI:
    """`sandbox_options` go to SandboxPool (tests use them to swap the capture function)."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = RunStore(settings.resolved_database_url)
        pool = make_pool(settings, **sandbox_options)
        service: RunService | None = None
        try:
            pool.choose_isolation()
            if pool.isolation != "bubblewrap" and not is_loopback(settings.host):
                raise SandboxUnavailable(
                    f"refusing to serve {settings.host} without OS isolation: {pool.isolation_note}"
                )
            await pool.start()
            service = app.state.runs = RunService(settings, store, pool)
            app.state.shared_rate_windows = shared_windows(
                store.engine, settings.rate_limit, settings.rate_window_seconds
            )
            retention = asyncio.create_task(_retain_periodically(service))
            yield
            retention.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await retention
        finally:
            if hasattr(app.state, "runs"):
                await app.state.runs.live.close()  # background runs end before their pool
            if service is not None:
                service.close()
            await pool.close()
            store.close()

    app = FastAPI(
        title="TapeScope",
        version=__version__,
        lifespan=lifespan,
        description="Run TensorFlow-style programs on TapeScope's engine in a sandbox, "
        "and read their captured tapes, backward steps and diagnosis.",
        docs_url=None,
        redoc_url=None,
    )
    app.state.settings = settings
    install_error_handlers(app)
    for router in (
        health.router,
        examples.router,
        runs.router,
        pins.router,
        predictions.router,
        export.router,
        captures.router,
        pages.router,
    ):
        app.include_router(router)
    mount_web_app(app, settings.resolved_static_dir)

    default_openapi = app.openapi

    def openapi() -> dict:
        if app.openapi_schema is None:
            app.openapi_schema = openapi_error_shape(default_openapi())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]  # FastAPI's documented override
    # Outermost last: headers go on every answer, the Host and the token are checked first.
    app.add_middleware(
        BodyLimit,
        default_bytes=settings.code_bytes * JSON_OVERHEAD + 4096,
        per_path={"/api/captures": settings.upload_bytes},
    )
    app.add_middleware(
        RateLimit,
        limit=settings.rate_limit,
        window=settings.rate_window_seconds,
        trust_forwarded_for=settings.trust_forwarded_for,
    )
    app.add_middleware(SameOrigin, allowed_origins=frozenset(settings.allowed_origins))
    app.add_middleware(TokenAuth, token=settings.token)
    app.add_middleware(
        TrustedHost,
        enabled=is_loopback(settings.host) or bool(settings.allowed_hosts),
        allowed_hosts=frozenset(settings.allowed_hosts),
    )
    app.add_middleware(SecurityHeaders, frame_ancestors=settings.frame_ancestors)
    return app


async def _retain_periodically(service: RunService) -> None:
    """Expiry happens on an idle server too (limits on count and bytes apply at each add)."""
    while True:
        try:
            await asyncio.to_thread(service.retain)
        except Exception:  # a database hiccup must not end the loop
            logging.getLogger("tapescope").exception("retention failed")
        await asyncio.sleep(RETENTION_SECONDS)
