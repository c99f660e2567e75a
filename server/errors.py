"""One JSON error shape for every 4xx and 5xx: {"error": code, "message": text}."""

import logging
from http import HTTPStatus

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Route

from .models import ErrorBody

log = logging.getLogger("tapescope")


class ApiError(Exception):
    """Raised by the service's functions; the app turns it into the error shape."""

    def __init__(self, status: int, code: str, message: str, headers: dict | None = None):
        super().__init__(message)
        self.status, self.code, self.message, self.headers = status, code, message, headers


def not_found(what: str) -> ApiError:
    return ApiError(404, "not_found", f"{what} does not exist")


def error_response(status: int, code: str, message: str, headers=None) -> JSONResponse:
    body = ErrorBody(error=code, message=message).model_dump()
    return JSONResponse(body, status_code=status, headers=headers)


def _code_for(status: int) -> str:
    """A stable snake_case code from the HTTP status: 404 -> not_found, 405 ->
    method_not_allowed."""
    try:
        return HTTPStatus(status).phrase.lower().replace(" ", "_").replace("-", "_")
    except ValueError:
        return "http_error"


def describe_validation(errors) -> str:
    parts = []
    for error in list(errors)[:5]:
        where = ".".join(str(part) for part in error.get("loc", ()) if part != "body") or "body"
        parts.append(f"{where}: {error.get('msg', 'invalid')}")
    return "invalid request: " + "; ".join(parts)


def _allowed_methods(app: FastAPI, path: str) -> list[str]:
    """Every method some route offers at `path` (Starlette names only the first route's)."""
    methods: set[str] = set()
    for route in app.router.routes:
        if isinstance(route, Route) and route.methods and route.path_regex.match(path):
            methods |= route.methods
    return sorted(methods)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError):
        return error_response(exc.status, exc.code, exc.message, exc.headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        message = exc.detail if isinstance(exc.detail, str) else _code_for(exc.status_code)
        headers = getattr(exc, "headers", None)
        if exc.status_code == 404 and message == "Not Found":
            message = f"no such path: {request.url.path}"
        if exc.status_code == 405:
            allowed = _allowed_methods(app, request.url.path)
            headers = {**(headers or {}), "Allow": ", ".join(allowed)}
            message = f"{request.method} is not allowed here; use {' or '.join(allowed)}"
        return error_response(exc.status_code, _code_for(exc.status_code), message, headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError):
        return error_response(422, "invalid_request", describe_validation(exc.errors()))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception):
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return error_response(500, "internal_error", f"the server failed: {type(exc).__name__}")
