"""`tapescope serve` replicas from this checkout over one database, each in a directory of its
own: for the tests of what replicas share."""

import contextlib
from collections.abc import Iterator

from tests.live_server import serve


@contextlib.contextmanager
def replica_set(
    tmp_path_factory, database: str, count: int = 2, env: dict | None = None
) -> Iterator[list[str]]:
    """Yields the replicas' base URLs; two workers each."""
    with contextlib.ExitStack() as stack:
        yield [
            stack.enter_context(
                serve(
                    tmp_path_factory.mktemp(f"replica{i}"),
                    *("--database-url", database, "--workers", "2"),
                    env=env,
                )
            )
            for i in range(count)
        ]
