"""A helper process that ends when the process that started it does.

A server killed outright (SIGKILL, the OOM killer) runs no cleanup: a process it started would
live on, orphaned, holding its memory for good. A thread of the helper waits on a pidfd of its
parent and exits the helper when it becomes readable (the parent ended). Not the kernel's
parent-death signal: that follows the *thread* that started the helper, and the server starts
its helpers from whichever thread submits work (a test client's portal thread ends early).
"""

import os
import select
import threading
import time


def die_with(parent_pid: int) -> None:
    """Called in the helper: it exits when `parent_pid` ends (at once if it already has)."""
    try:
        pidfd = os.pidfd_open(parent_pid)
    except OSError:  # the parent is gone already (or Linux before 5.3: see _poll)
        pidfd = None
    if os.getppid() != parent_pid:  # it ended before the pidfd was opened
        os._exit(1)
    threading.Thread(target=_wait, args=(pidfd, parent_pid), daemon=True).start()


def _wait(pidfd: int | None, parent_pid: int) -> None:
    if pidfd is not None:
        select.select([pidfd], [], [])
    else:
        while os.getppid() == parent_pid:
            time.sleep(1.0)
    os._exit(1)
