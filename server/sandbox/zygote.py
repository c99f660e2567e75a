"""The worker template: imports the engine once, then forks one fresh worker per program.

Runs inside the sandbox, started by the pool as `python -I -c <bootstrap> <config json>`.
stdin is a SOCK_SEQPACKET control socket to the server: "spawn <id>" arrives with the new
worker's socket attached (SCM_RIGHTS); "kill <id>" ends a worker; the zygote answers "ready"
once, and "exit <id> <wait status>" whenever a worker ends. Forking from a warmed-up template
gives each program a pristine process in a few milliseconds instead of a 0.4 s interpreter start.
"""

import gc
import json
import os
import selectors
import signal
import socket
import sys
from dataclasses import asdict

from . import seccomp
from .run_isolation import isolate

NOBODY = 65534
WARM_UP = """
import tensorflow as tf
import numpy as np
x = tf.Variable(np.float32(1.5))
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.square(x) * 2.0)
print(tape.gradient(y, x), np.arange(3.0), tf.constant([[1.0, 2.0]]))
"""


def main(config_json: str) -> None:
    config = json.loads(config_json)
    if config.get("drop_privileges") and os.getuid() == 0:
        # bubblewrap started as root keeps root inside; the template runs as nobody, keeping
        # root only as its saved uid so that each run's keeper can take the run's own uid
        # (run_isolation.py). No program ever runs with either.
        os.setgroups([])
        os.setresgid(NOBODY, NOBODY, 0)
        os.setresuid(NOBODY, NOBODY, 0)
    sys.path[:0] = config["paths"]
    from .child import Child
    from .entry import resolve
    from .guard.module_views import ModuleViews
    from .guard.policy import PROGRAM_MODULES
    from .limits import Limits

    limits = Limits.from_json(config["limits"])
    seccomp.supported()  # loads libseccomp once, before any run is forked
    capture = resolve(config["capture"])
    views = ModuleViews()
    for name in PROGRAM_MODULES:
        views.import_module(name)
    _warm_up(capture, views, limits)
    gc.collect()
    # keep the template's objects out of the children's collections (fewer copied pages)
    gc.freeze()
    cgroup_memory = bool(config.get("cgroup_memory"))
    Zygote(
        socket.socket(fileno=0),
        lambda channel: Child(channel, limits, capture, views),
        cgroup_memory,
    ).serve()


def _warm_up(capture, views, limits) -> None:
    """Run a small program once so lazy imports and serializers are ready in every child."""
    from engine.debug.output import CappedOutput

    from .entry import CaptureRequest
    from .guard.program import program_namespace

    saved_main = sys.modules.get("__main__")
    request = CaptureRequest(
        source=WARM_UP,
        filename="warm_up.py",
        namespace=program_namespace(views),
        output=CappedOutput(limits.stdout_bytes),
        limits=limits,
        keep=None,
        compile_source=None,
        checkpoint=_warm_snapshot,
    )
    try:
        capture(request).to_json()
    finally:
        if saved_main is not None:
            sys.modules["__main__"] = saved_main


def _warm_snapshot(snapshot) -> None:
    snapshot().to_json()  # the snapshot path, warmed up too


class Zygote:
    def __init__(self, control: socket.socket, make_child, cgroup_memory: bool):
        self.control = control
        self.make_child = make_child
        self.cgroup_memory = cgroup_memory
        self.children: dict[int, str] = {}  # pid -> worker id
        self.pids: dict[str, int] = {}

    def serve(self) -> None:
        layers = self._probe_layers()
        wake_read, wake_write = os.pipe()
        os.set_blocking(wake_write, False)
        signal.set_wakeup_fd(wake_write)
        signal.signal(signal.SIGCHLD, lambda *_: None)  # wakes the selector through the pipe
        selector = selectors.DefaultSelector()
        selector.register(self.control, selectors.EVENT_READ, "control")
        selector.register(wake_read, selectors.EVENT_READ, "children")
        self.control.send(b"ready " + json.dumps(layers).encode())
        while True:
            for key, _ in selector.select():
                if key.data == "children":
                    os.read(wake_read, 4096)
                    self._reap()
                elif not self._command(wake_read, wake_write):
                    return  # the server closed the control socket: stop (bubblewrap ends the rest)

    def _command(self, *inherited_fds) -> bool:
        message, fds, _flags, _address = socket.recv_fds(self.control, 4096, 4)
        if not message:
            return False
        verb, _, worker_id = message.decode().partition(" ")
        if verb == "ping":
            self.control.send(b"pong")
        elif verb == "spawn" and fds and worker_id.isdigit():
            self._spawn(worker_id, fds[0], inherited_fds)
        elif verb == "kill" and worker_id in self.pids:
            _kill(self.pids[worker_id])
        for fd in fds[1:]:
            os.close(fd)
        return True

    def _spawn(self, worker_id: str, channel_fd: int, inherited_fds) -> None:
        pid = os.fork()
        if pid == 0:
            status = 1
            try:
                signal.set_wakeup_fd(-1)
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                self.control.close()
                for fd in inherited_fds:
                    os.close(fd)
                layers = isolate(int(worker_id), self.cgroup_memory)
                self.make_child(socket.socket(fileno=channel_fd)).run(layers)
                status = 0
            finally:
                os._exit(status)
        os.close(channel_fd)
        self.children[pid] = worker_id
        self.pids[worker_id] = pid

    def _probe_layers(self) -> dict:
        """The isolation a run gets here: one run's set-up, tried in a throwaway fork."""
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                layers = isolate(0, self.cgroup_memory)
                os.write(write_end, json.dumps(asdict(layers)).encode())
            finally:
                os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end, "rb") as pipe:
            report = pipe.read()
        os.waitpid(pid, 0)
        try:
            return json.loads(report)
        except ValueError:
            return {"active": [], "missing": {"namespaces": "the probe did not report"}}

    def _reap(self) -> None:
        while self.children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            worker_id = self.children.pop(pid, None)
            if worker_id is not None:
                self.pids.pop(worker_id, None)
                self.control.send(f"exit {worker_id} {status}".encode())


def _kill(pid: int) -> None:
    """SIGKILL a run's keeper, which runs under the run's own uid: as nobody the template may
    not, so it takes back root (kept as its saved uid) for the one call (CAP_KILL)."""
    try:
        os.kill(pid, signal.SIGKILL)
        return
    except ProcessLookupError:
        return
    except PermissionError:
        if os.getresuid()[2] != 0:
            return
    effective = os.geteuid()
    try:
        os.seteuid(0)
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
    finally:
        os.seteuid(effective)


BOOTSTRAP = (
    "import sys; sys.path[:0] = {paths!r}; "
    "from server.sandbox.zygote import main; main(sys.argv[1])"
)

if __name__ == "__main__":
    main(sys.argv[1])
