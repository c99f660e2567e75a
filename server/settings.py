"""Every setting of the service, in one place: command-line flags and `TAPESCOPE_*` variables."""

import ipaddress
import re
from pathlib import Path
from typing import Literal

import platformdirs
from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from .shipped import shipped_dir, static_candidates

GIB = 1024**3
MIB = 1024**2
_ORIGIN = re.compile(r"https?://[A-Za-z0-9.\-\[\]:]+")  # scheme, host and port: nothing else


def default_data_dir() -> Path:
    return platformdirs.user_data_path("tapescope", appauthor=False)


class Settings(BaseSettings):
    """Read from `TAPESCOPE_<NAME>` environment variables; the CLI passes its flags in directly."""

    model_config = SettingsConfigDict(env_prefix="TAPESCOPE_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = 8765
    data_dir: Path = Field(default_factory=default_data_dir)
    database_url: str | None = Field(
        None,
        description="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db; "
        "default: SQLite in data_dir",
    )
    token: str | None = Field(
        None,
        description="required on every request when set; `tapescope serve` generates one "
        "on non-loopback addresses",
    )

    frame_ancestors: str | None = Field(
        None,
        description="origins that may show the web app in a frame, space-separated, e.g. "
        "a notebook's http://localhost:8888 (engine.debug.show); default: none",
    )

    allowed_hosts: list[str] = Field(
        default_factory=list,
        description="Host names the server answers to besides 127.0.0.1, [::1] and localhost, "
        'e.g. ["lecture-host"]; when set, other names get 400 bad_host on any address',
    )
    allowed_origins: list[str] = Field(
        default_factory=list,
        description="origins besides the server's own whose pages may POST and DELETE, "
        'e.g. ["https://course.example"]',
    )

    # Running code
    workers: int = Field(2, ge=1, le=64, description="programs running at once")
    queue: int = Field(32, ge=0, description="requests waiting for a worker before 503")
    sandbox: Literal["auto", "bubblewrap", "none"] = Field(
        "auto",
        description="auto: bubblewrap when it works here, else rlimits and the Python "
        "allowlist only (loopback serving only)",
    )
    wall_seconds: float = Field(10.0, gt=0)
    cpu_seconds: int = Field(
        12,
        gt=0,
        description="a backstop behind the wall time: a program "
        "holding the interpreter in C code still stops",
    )
    memory_bytes: int = Field(GIB, gt=0, description="address space of a worker")
    file_size_bytes: int = Field(0, ge=0, description="largest file a worker may write")
    stdout_bytes: int = Field(256 * 1024, gt=0, description="stdout kept per run; the rest is cut")
    capture_bytes: int = Field(64 * MIB, gt=0, description="largest capture JSON a run may store")
    kept_array_bytes: int = Field(
        4 * MIB,
        ge=0,
        description="largest full value of one tensor above the capture's inline "
        "cap that a run keeps beside its capture (?value=true)",
    )
    kept_total_bytes: int = Field(
        64 * MIB,
        ge=0,
        description="full values a run keeps beside its capture in all; 0 keeps none",
    )

    # Request bodies
    code_bytes: int = Field(100_000, gt=0, description="largest program POST /api/runs accepts")
    upload_bytes: int = Field(64 * MIB, gt=0, description="largest POST /api/captures body")

    # Stored runs, and who may add them how fast (0: no limit)
    max_runs: int = Field(0, ge=0, description="runs kept; the oldest unpinned go first")
    max_stored_bytes: int = Field(
        0, ge=0, description="bytes of stored captures and values; the oldest unpinned go first"
    )
    expire_days: float = Field(0, ge=0, description="unpinned runs older than this are deleted")
    rate_limit: int = Field(
        0, ge=0, description="runs and uploads one client may POST per rate_window_seconds"
    )
    rate_window_seconds: float = Field(60.0, gt=0)
    replica_timeout_seconds: float = Field(
        30.0,
        ge=5,  # a replica beats every live_runs.BEAT_SECONDS (2 s)
        description="a replica that has not beaten for its running runs this long is taken as "
        "dead (killed, crashed): another replica stores those runs as crashed",
    )
    trust_forwarded_for: bool = Field(
        False,
        description="take the client's address from X-Forwarded-For (behind your own "
        "reverse proxy only)",
    )

    # Where things are
    static_dir: Path | None = Field(
        None, description="web app to serve; default server/static if present, else web/dist"
    )
    docs_dir: Path = shipped_dir("docs")
    findings_doc: Path = shipped_dir("docs") / "findings.md"

    @field_validator("frame_ancestors")
    @classmethod
    def _origins_only(cls, value: str | None) -> str | None:
        origins = (value or "").split()
        for origin in origins:
            if not _ORIGIN.fullmatch(origin):
                raise ValueError(f"{origin!r} is not an origin like http://localhost:8888")
        return " ".join(origins) or None

    @field_validator("allowed_origins")
    @classmethod
    def _allowed_origins_only(cls, value: list[str]) -> list[str]:
        for origin in value:
            if not _ORIGIN.fullmatch(origin):
                raise ValueError(f"{origin!r} is not an origin like https://course.example")
        return value

    @property
    def resolved_database_url(self) -> str:
        return self.database_url or f"sqlite:///{self.data_dir / 'tapescope.db'}"

    @property
    def resolved_static_dir(self) -> Path | None:
        candidates = [self.static_dir] if self.static_dir else static_candidates()
        return next((path for path in candidates if path and (path / "index.html").is_file()), None)


def is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
