"""What handlers receive: `Annotated` dependencies on the services the app started. Routes
import this module, the service, the models and the errors, and nothing else of the server
(.importlinter): whatever else a handler needs reaches it from here."""

from collections.abc import Callable
from functools import partial
from typing import Annotated

from fastapi import Depends, Path, Request, Response

from .gallery import Example, load_examples
from .pages import IMAGE_NAME, PAGE_NAME, DocPages
from .responses import gzip_json
from .run_service import RunService
from .settings import Settings


# app.state is untyped (Starlette's State): each service is named with its type here.
def _runs(request: Request) -> RunService:
    runs: RunService = request.app.state.runs
    return runs


def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def _docs(request: Request) -> DocPages:
    return DocPages(_settings(request))


def _gallery() -> list[Example]:
    return load_examples()


def _stored_json(request: Request) -> Callable[[bytes], Response]:
    return partial(gzip_json, request=request)


RunsDep = Annotated[RunService, Depends(_runs)]
SettingsDep = Annotated[Settings, Depends(_settings)]
DocsDep = Annotated[DocPages, Depends(_docs)]
GalleryDep = Annotated[list[Example], Depends(_gallery)]
# sends a stored gzip JSON body as it is, or unpacked for a client that does not accept gzip
StoredJsonDep = Annotated[Callable[[bytes], Response], Depends(_stored_json)]
RunId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,64}$", description="the run's id")]
PageName = Annotated[str, Path(pattern=PAGE_NAME)]
ImageName = Annotated[str, Path(pattern=IMAGE_NAME)]
