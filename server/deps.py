"""What handlers receive: `Annotated` dependencies on the services the app started."""
from typing import Annotated

from fastapi import Depends, Path, Request

from .runs import RunService
from .sandbox.pool import SandboxPool
from .settings import Settings


def _runs(request: Request) -> RunService:
    return request.app.state.runs


def _settings(request: Request) -> Settings:
    return request.app.state.settings


def _pool(request: Request) -> SandboxPool | None:
    return request.app.state.runs.pool


RunsDep = Annotated[RunService, Depends(_runs)]
SettingsDep = Annotated[Settings, Depends(_settings)]
PoolDep = Annotated[SandboxPool | None, Depends(_pool)]
RunId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,64}$", description="the run's id")]
