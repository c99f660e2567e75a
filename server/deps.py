"""What handlers receive: `Annotated` dependencies on the services the app started."""

from typing import Annotated

from fastapi import Depends, Path, Request

from .runs import RunService
from .sandbox.pool import SandboxPool
from .settings import Settings


# app.state is untyped (Starlette's State): each service is named with its type here.
def _runs(request: Request) -> RunService:
    runs: RunService = request.app.state.runs
    return runs


def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def _pool(request: Request) -> SandboxPool | None:
    return _runs(request).pool


RunsDep = Annotated[RunService, Depends(_runs)]
SettingsDep = Annotated[Settings, Depends(_settings)]
PoolDep = Annotated[SandboxPool | None, Depends(_pool)]
RunId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,64}$", description="the run's id")]
