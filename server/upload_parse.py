"""Parsing an uploaded capture in a process of its own.

Validating tens of megabytes of JSON holds the interpreter for seconds (pydantic-core keeps the
GIL), so doing it in a thread of the server would still stall every other request. A small
process pool does it instead and hands back only what the store needs: the summary's JSON, the
title and the capture's JSON (re-serialized only if a cap cut something). The JSON parser itself
bounds nesting depth (pydantic-core: 200 levels) and refuses lone surrogates.
"""

import asyncio
import multiprocessing
import os
import resource
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import datetime

from pydantic import ValidationError

from engine.debug.schema import Capture

from .bounds import bound_capture
from .errors import ApiError, describe_validation
from .parent_death import die_with
from .summary import summarize, title_of

PARSER_MEMORY_BYTES = 4 * 1024**3


class ParsedUpload:
    def __init__(self, summary_json: str, title: str, capture_json: bytes):
        self.summary_json, self.title, self.capture_json = summary_json, title, capture_json


def parse_upload(body: bytes, run_id: str, created: datetime) -> ParsedUpload | str:
    """In the parser process: a ParsedUpload, or the validation error's description."""
    try:
        capture = Capture.model_validate_json(body, strict=True)
    except ValidationError as error:
        return describe_validation(error.errors())
    try:
        changed = bound_capture(capture)
        status = "error" if capture.error is not None else "ok"
        summary = summarize(run_id, created, "upload", status, capture)
        payload = capture.to_json().encode() if changed else body
    except (ValueError, RecursionError, MemoryError) as error:
        return f"the capture could not be read: {type(error).__name__}"
    return ParsedUpload(summary.model_dump_json(), title_of(capture), payload)


def _start_parser(server_pid: int) -> None:
    """The parser process's set-up: it dies with its server (one killed outright would leave
    it behind, an orphan holding its memory) and holds at most PARSER_MEMORY_BYTES."""
    die_with(server_pid)
    resource.setrlimit(resource.RLIMIT_AS, (PARSER_MEMORY_BYTES, PARSER_MEMORY_BYTES))


class UploadParser:
    """One parser process (started on the first upload), restarted if it dies."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_parser,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def parse(self, body: bytes, run_id: str, created: datetime) -> ParsedUpload:
        loop = asyncio.get_running_loop()
        try:
            result = await loop.run_in_executor(
                self._executor(), parse_upload, body, run_id, created
            )
        except (BrokenProcessPool, MemoryError):
            self.close()
            raise ApiError(
                413, "capture_too_complex", "the capture took too much memory to read"
            ) from None
        if isinstance(result, str):
            raise ApiError(422, "invalid_request", result)
        return result

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
