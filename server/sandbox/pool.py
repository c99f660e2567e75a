"""The server's side of the sandbox: a zygote, a few forked workers kept ready, a queue.

`SandboxPool.run(code)` takes a ready worker (a fresh process, engine imported), sends it the
program, and waits for its capture or its limit report. Beyond `workers` running and `queue`
waiting, it refuses at once with `SandboxBusy` instead of piling up. A worker that outlives its
wall time is killed through the zygote; a dead zygote is started again on the next run.
"""

import asyncio
import contextlib
import itertools
import json
import logging
import math
import os
import signal
import socket
import struct
import sys
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from engine.debug.output import CappedOutput

from . import bubblewrap, protocol
from .cgroups import RunCgroups
from .entry import CaptureEntry, capture_in_sandbox, reference
from .limits import Limits
from .protocol import ProtocolError
from .zygote import BOOTSTRAP

log = logging.getLogger("tapescope.sandbox")
GRACE_SECONDS = 2.0  # beyond the wall limit, for the worker's own report to arrive
START_TIMEOUT = 60.0
HELLO_TIMEOUT = 10.0  # a forked worker sets up its namespaces in milliseconds
PING_TIMEOUT = 2.0  # the health check's wait for the template's answer


class SandboxBusy(Exception):
    def __init__(self, retry_after: int):
        super().__init__(f"all workers are busy; retry in {retry_after} s")
        self.retry_after = retry_after


class SandboxUnavailable(Exception):
    pass


@dataclass
class RunOutcome:
    """What came back from one worker: a capture, or the limit it hit, or how it died (then
    with what it printed and the last snapshot of what it recorded, if any)."""

    duration_ms: float
    capture_json: bytes | None = None
    limit: str | None = None  # time, cpu, memory, capture
    line: int | None = None
    detail: str = ""
    crash: str | None = None  # why the worker died without a report
    stdout: str = ""
    stdout_truncated: bool = False
    values_npz: bytes | None = None  # the full values kept beside the capture (.npz)
    partial_json: bytes | None = None  # the capture so far, when the run ended without one


class _Zygote:
    """The template process, and the control socket to it."""

    def __init__(self, process, control: socket.socket, stderr_tail: deque):
        self.process = process
        self.control = control
        self.stderr_tail = stderr_tail
        self.exits: dict[str, asyncio.Future] = {}
        self.ready = asyncio.get_running_loop().create_future()
        self.layers: dict = {"active": [], "missing": {}}  # a run's isolation, from its probe
        self.pongs: deque[asyncio.Future] = deque()
        self.stderr_drain: asyncio.Task | None = None  # held: the loop keeps only weak refs

    @property
    def alive(self) -> bool:
        return self.process.returncode is None and self.control.fileno() != -1

    def on_message(self) -> None:
        try:
            message = self.control.recv(4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            message = b""
        if not message:
            self.close()
            return
        verb, _, rest = message.decode(errors="replace").partition(" ")
        if verb == "ready" and not self.ready.done():
            try:
                self.layers = json.loads(rest)
            except ValueError:
                pass
            self.ready.set_result(True)
        elif verb == "pong":
            while self.pongs:
                pong = self.pongs.popleft()
                if not pong.done():
                    pong.set_result(True)
        elif verb == "exit":
            worker_id, _, status = rest.partition(" ")
            future = self.exits.get(worker_id)
            if future is not None and not future.done() and status.lstrip("-").isdigit():
                future.set_result(int(status))

    async def ping(self, timeout: float) -> bool:
        """Does the template answer? (False when it is stopped, wedged or gone.)"""
        if not self.alive:
            return False
        pong = asyncio.get_running_loop().create_future()
        self.pongs.append(pong)
        try:
            self.control.send(b"ping")
            await asyncio.wait_for(pong, timeout)
            return True
        except (OSError, TimeoutError):
            return False

    def spawn(self, worker_id: str) -> socket.socket:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        # every message then carries its sender's pid, uid and gid, as this process sees them
        ours.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
        try:
            self.exits[worker_id] = asyncio.get_running_loop().create_future()
            socket.send_fds(self.control, [f"spawn {worker_id}".encode()], [theirs.fileno()])
        finally:
            theirs.close()
        return ours

    def kill(self, worker_id: str) -> None:
        try:
            self.control.send(f"kill {worker_id}".encode())
        except OSError:
            pass

    async def exit_status(self, worker_id: str, timeout: float) -> int | None:
        future = self.exits.get(worker_id)
        if future is None:
            return None
        try:
            return await asyncio.wait_for(asyncio.shield(future), timeout)
        except TimeoutError:
            return None
        finally:
            if future.done():
                self.exits.pop(worker_id, None)

    def close(self) -> None:
        loop = asyncio.get_running_loop()
        if self.control.fileno() != -1:
            loop.remove_reader(self.control.fileno())
            self.control.close()
        for future in self.exits.values():
            if not future.done():
                future.set_result(None)
        if not self.ready.done():
            self.ready.set_exception(
                SandboxUnavailable(
                    "the sandbox's worker template stopped while starting: "
                    + " | ".join(self.stderr_tail)
                )
            )


@dataclass
class _Worker:
    id: str
    socket: socket.socket
    zygote: _Zygote
    cgroup: bool = False  # in its own cgroup (to remove after the run)


class SandboxPool:
    def __init__(
        self,
        limits: Limits,
        workers: int = 2,
        queue: int = 32,
        isolation: str = "auto",
        capture: CaptureEntry = capture_in_sandbox,
        extra_paths=(),
        hidden_paths=(),
        cgroup_root: Path | None = None,
    ):
        """`cgroup_root`: the cgroup hierarchy for runs when not the one mounted (tests)."""
        self.limits = limits
        self.cgroup_root = cgroup_root
        self.workers = workers
        self.queue = queue
        self.requested_isolation = isolation
        self.isolation = "none"
        self.isolation_note = ""
        self._isolation_chosen = False
        self.capture_target = reference(capture)  # the worker template imports it
        self.extra_paths = list(extra_paths)
        self.hidden_paths = list(hidden_paths)
        self.running = 0
        self.queued = 0
        self._slots: asyncio.Semaphore | None = None
        self._zygote: _Zygote | None = None
        self._ready: deque[_Worker] = deque()
        self._ids = itertools.count()
        self._starting: asyncio.Lock | None = None
        self._recent_ms: deque[float] = deque(maxlen=20)
        self.cgroups: RunCgroups | None = None
        self._stale_cgroups: set[str] = set()
        self._restarting: asyncio.Task | None = None  # held: the loop keeps only weak refs

    # Life cycle -------------------------------------------------------------------------------

    def choose_isolation(self) -> str:
        """bubblewrap if asked for or available; raises SandboxUnavailable if asked and not."""
        self._isolation_chosen = True
        if self.requested_isolation == "none":
            self.isolation, self.isolation_note = "none", "sandbox=none was requested"
            return self.isolation
        works, why = bubblewrap.probe(self.extra_paths)
        if works:
            self.isolation, self.isolation_note = "bubblewrap", ""
        elif self.requested_isolation == "bubblewrap":
            raise SandboxUnavailable(why)
        else:
            self.isolation, self.isolation_note = "none", why
            log.warning("running programs WITHOUT OS isolation: %s", why)
        return self.isolation

    async def start(self) -> None:
        self._slots = asyncio.Semaphore(self.workers)
        self._starting = asyncio.Lock()
        if not self._isolation_chosen:
            self.choose_isolation()
        self.cgroups = RunCgroups(self.limits.memory_bytes, self.cgroup_root)
        if not self.cgroups.available:
            log.warning(
                "no cgroup for runs (%s): memory is bounded by rlimits only", self.cgroups.why_not
            )
        await self._ensure_zygote()
        self._replenish()

    async def close(self) -> None:
        if self._restarting is not None and not self._restarting.done():
            self._restarting.cancel()
        zygote, self._zygote = self._zygote, None
        for worker in self._ready:
            worker.socket.close()
        self._ready.clear()
        if zygote is not None:
            zygote.close()
            if zygote.process.returncode is None:
                try:
                    zygote.process.terminate()
                    await asyncio.wait_for(zygote.process.wait(), 5)
                except (TimeoutError, ProcessLookupError):
                    zygote.process.kill()
        if self.cgroups is not None:
            # the runs' processes end with the template; their cgroups go once they have
            deadline = time.monotonic() + 5
            while not self.cgroups.close() and time.monotonic() < deadline:
                await asyncio.sleep(0.02)

    def _command(self) -> list[str]:
        paths = bubblewrap.import_roots() + [str(path) for path in self.extra_paths]
        config = (
            protocol.encode_header(
                paths=paths,
                limits=self.limits.to_json(),
                capture=self.capture_target,
                drop_privileges=self.isolation == "bubblewrap",
                cgroup_memory=self.cgroups is not None and self.cgroups.available,
            )
            .decode()
            .strip()
        )
        program = [sys.executable, "-I", "-B", "-c", BOOTSTRAP.format(paths=paths), config]
        if self.isolation == "bubblewrap":
            return bubblewrap.bubblewrap_command(program, self.extra_paths, self.hidden_paths)
        return program

    async def _ensure_zygote(self) -> _Zygote:
        assert self._starting is not None, "start() first"
        async with self._starting:
            if self._zygote is not None and self._zygote.alive:
                return self._zygote
            if self._zygote is not None:
                self._zygote.close()
                self._ready.clear()
            self._zygote = await self._start_zygote()
            return self._zygote

    async def _start_zygote(self) -> _Zygote:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        env = bubblewrap.worker_environment() if self.isolation == "none" else None
        try:
            process = await asyncio.create_subprocess_exec(
                *self._command(),
                stdin=theirs.fileno(),
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.PIPE,
                env=env,
                start_new_session=True,
            )
        finally:
            theirs.close()
        ours.setblocking(False)
        tail: deque[str] = deque(maxlen=20)
        zygote = _Zygote(process, ours, tail)
        asyncio.get_running_loop().add_reader(ours.fileno(), zygote.on_message)
        zygote.stderr_drain = asyncio.create_task(self._drain_stderr(process, tail))
        try:
            await asyncio.wait_for(asyncio.shield(zygote.ready), START_TIMEOUT)
        except TimeoutError:
            process.kill()
            zygote.close()
            raise SandboxUnavailable(
                "the sandbox's worker template did not start in time"
            ) from None
        return zygote

    @staticmethod
    async def _drain_stderr(process, tail: deque) -> None:
        while True:
            line = await process.stderr.readline()
            if not line:
                return
            text = line.decode(errors="replace").rstrip()
            tail.append(text)
            log.debug("worker: %s", text)

    def _replenish(self) -> None:
        zygote = self._zygote
        if zygote is None or not zygote.alive:
            return
        while len(self._ready) < self.workers:
            worker_id = str(next(self._ids))
            self._ready.append(_Worker(worker_id, zygote.spawn(worker_id), zygote))

    async def _take_worker(self) -> _Worker:
        zygote = await self._ensure_zygote()
        while self._ready:
            worker = self._ready.popleft()
            if worker.zygote is zygote and not zygote.exits[worker.id].done():
                return worker
            worker.socket.close()
        worker_id = str(next(self._ids))
        return _Worker(worker_id, zygote.spawn(worker_id), zygote)

    # Health -----------------------------------------------------------------------------------

    async def check(self) -> str:
        """The worker template's state: ready (it answered), stopped (gone: the next run starts
        a new one), wedged (alive but silent, e.g. stopped by a signal: it is killed so that the
        next run starts a new one), or starting."""
        zygote = self._zygote
        if zygote is None:
            return "starting" if self._starting is not None else "stopped"
        if not zygote.alive:
            self._restart()
            return "stopped"
        if await zygote.ping(PING_TIMEOUT):
            return "ready"
        log.warning("the worker template does not answer: killing it and starting a new one")
        with contextlib.suppress(ProcessLookupError):
            zygote.process.kill()
        zygote.close()
        self._restart()
        return "wedged"

    def _restart(self) -> None:
        if self._restarting is None or self._restarting.done():
            self._restarting = asyncio.create_task(self._restart_zygote())

    async def _restart_zygote(self) -> None:
        try:
            await self._ensure_zygote()
            self._replenish()
        except SandboxUnavailable as error:
            log.warning("the worker template could not be restarted: %s", error)

    def isolation_layers(self) -> list[str]:
        """What holds a run here: the OS layers a run gets, its memory bound, the allowlist."""
        layers = ["bubblewrap"] if self.isolation == "bubblewrap" else []
        if self._zygote is not None:
            layers += list(self._zygote.layers.get("active", []))
        if self.cgroups is not None and self.cgroups.available:
            layers.append(f"cgroup_{self.cgroups.version}")
        return layers + ["rlimits", "python_allowlist"]

    def memory_limit(self) -> str:
        if self.cgroups is not None and self.cgroups.available:
            return f"cgroup {self.cgroups.version} (all memory, per run) and RLIMIT_AS"
        why = self.cgroups.why_not if self.cgroups is not None else "not started"
        return f"RLIMIT_AS only (address space; no cgroup: {why})"

    # Running ----------------------------------------------------------------------------------

    def retry_after(self) -> int:
        average_s = (sum(self._recent_ms) / len(self._recent_ms) / 1000) if self._recent_ms else 1
        return max(1, math.ceil(average_s * (self.queued + self.running) / self.workers))

    async def run(
        self,
        code: str,
        filename: str = "main.py",
        keep: str | None = None,
        sofar: "SoFar | None" = None,
    ) -> RunOutcome:
        """The run's outcome. `sofar`, when given, collects what the worker sends while it runs:
        a caller whose run is cancelled (the worker is then killed) reads what it kept there."""
        if self.running >= self.workers and self.queued >= self.queue:
            raise SandboxBusy(self.retry_after())
        assert self._slots is not None, "start() first"
        self.queued += 1
        try:
            await self._slots.acquire()
        finally:
            self.queued -= 1
        self.running += 1
        try:
            worker = await self._take_worker()
            outcome = await self._drive(worker, code, filename, keep, sofar)
            self._recent_ms.append(outcome.duration_ms)
            return outcome
        finally:
            self.running -= 1
            self._slots.release()
            self._replenish()  # after the run: the fork does not compete with it for a core

    async def _hello(self, worker: _Worker) -> tuple[int, list[str]]:
        """The worker's first message, and its pid as the kernel gives it (not as it says)."""
        sock, loop = worker.socket, asyncio.get_running_loop()
        sock.setblocking(False)
        readable: asyncio.Future[None] = loop.create_future()

        def on_readable() -> None:
            if not readable.done():
                readable.set_result(None)

        loop.add_reader(sock.fileno(), on_readable)
        try:
            await asyncio.wait_for(readable, HELLO_TIMEOUT)
        finally:
            loop.remove_reader(sock.fileno())
        data, ancillary, _flags, _address = sock.recvmsg(
            protocol.MAX_HELLO_BYTES, socket.CMSG_SPACE(struct.calcsize("iII"))
        )
        pids = [
            struct.unpack("iII", cmsg_data[: struct.calcsize("iII")])[0]
            for level, kind, cmsg_data in ancillary
            if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS
        ]
        if not data:
            raise ConnectionError("the worker ended before it was ready")
        layers = protocol.decode_hello(data)
        if len(pids) != 1 or pids[0] <= 0:
            raise ProtocolError("the worker's hello carried no credentials")
        return pids[0], layers

    def _contain(self, worker: _Worker, pid: int) -> None:
        """Puts the worker in its run's cgroup before it is sent the program."""
        if self.cgroups is None or not self.cgroups.available:
            return
        try:
            self.cgroups.attach(worker.id, pid)
            worker.cgroup = True
        except OSError as error:
            raise ProtocolError(f"the run's cgroup could not be made ({error})") from None

    def _release(self, worker: _Worker) -> None:
        if self.cgroups is None or not worker.cgroup:
            return
        self._stale_cgroups.add(worker.id)
        for run in list(self._stale_cgroups):  # earlier ones whose processes were still ending
            if self.cgroups.remove(run):
                self._stale_cgroups.discard(run)

    def _stop(self, worker: _Worker) -> None:
        worker.zygote.kill(worker.id)
        if self.cgroups is not None and worker.cgroup:
            self.cgroups.kill(worker.id)  # even when the template does not answer

    async def _drive(
        self, worker: _Worker, code: str, filename: str, keep: str | None, sofar: "SoFar | None"
    ) -> RunOutcome:
        started = time.monotonic()
        elapsed_ms = lambda: (time.monotonic() - started) * 1000  # noqa: E731
        try:
            pid, _layers = await self._hello(worker)
            self._contain(worker, pid)
        except (TimeoutError, OSError, ProtocolError) as error:
            self._stop(worker)
            self._release(worker)
            return RunOutcome(elapsed_ms(), crash=f"the worker did not start properly ({error})")
        reader, writer = await asyncio.open_unix_connection(
            sock=worker.socket, limit=protocol.max_header_bytes(self.limits.stdout_bytes)
        )
        deadline = started + self.limits.wall_seconds + GRACE_SECONDS
        if sofar is None:
            sofar = SoFar(self.limits.stdout_bytes)
        try:
            writer.write(protocol.encode_header(code=code, filename=filename, keep=keep))
            await writer.drain()
            while True:
                line = await asyncio.wait_for(reader.readline(), deadline - time.monotonic())
                if not line:
                    return sofar.kept(await self._died(worker, elapsed_ms()))
                if not line.endswith(b"\n"):
                    raise ProtocolError("the reply ended in the middle of its header")
                header = protocol.decode_reply(line, self.limits)
                if header["type"] == "output":
                    sofar.printed(header["text"], header["truncated"])
                elif header["type"] == "stopping":
                    sofar.stopped_at_line = header["line"]
                elif header["type"] == "partial":
                    sofar.snapshot = await asyncio.wait_for(
                        reader.readexactly(header["bytes"]), max(deadline - time.monotonic(), 5.0)
                    )
                elif header["type"] == "limit":
                    outcome = RunOutcome(
                        elapsed_ms(),
                        limit=header["kind"],
                        line=header["line"],
                        detail=header["detail"],
                        stdout=header["stdout"],
                        stdout_truncated=header["stdout_truncated"],
                    )
                    return sofar.kept(outcome)
                else:
                    payload = await asyncio.wait_for(
                        reader.readexactly(header["bytes"]), max(deadline - time.monotonic(), 5.0)
                    )
                    values = await self._read_values(worker, reader, header, deadline)
                    return RunOutcome(
                        elapsed_ms(),
                        capture_json=payload,
                        values_npz=values,
                        stdout_truncated=header["stdout_truncated"],
                    )
        except TimeoutError:
            self._stop(worker)
            return sofar.kept(RunOutcome(elapsed_ms(), limit="time"))
        except asyncio.CancelledError:  # cancelled, or the request went away: so does its worker
            self._stop(worker)
            raise
        except ProtocolError as error:
            self._stop(worker)
            return RunOutcome(elapsed_ms(), crash=f"the worker sent a malformed reply: {error}")
        except (asyncio.LimitOverrunError, ValueError) as error:  # readline over its limit
            self._stop(worker)
            return RunOutcome(
                elapsed_ms(), crash=f"the worker sent a malformed reply: {type(error).__name__}"
            )
        except (asyncio.IncompleteReadError, ConnectionError):
            self._stop(worker)
            return sofar.kept(await self._died(worker, elapsed_ms()))
        finally:
            writer.close()
            self._release(worker)

    async def _read_values(
        self, worker: _Worker, reader, header: dict, deadline: float
    ) -> bytes | None:
        """The .npz of full values sent after the capture; None when there is none, when it
        is over the cap (left unread, the worker stopped) or when it does not arrive whole:
        the run keeps its capture either way."""
        size = header["values_bytes"]  # checked against the cap by protocol.decode_reply
        if size <= 0:
            return None
        try:
            return await asyncio.wait_for(
                reader.readexactly(size), max(deadline - time.monotonic(), 5.0)
            )
        except (TimeoutError, asyncio.IncompleteReadError, ConnectionError):
            self._stop(worker)
            return None

    async def _died(self, worker: _Worker, duration_ms: float) -> RunOutcome:
        status = await worker.zygote.exit_status(worker.id, 2.0)
        if status is not None and os.WIFSIGNALED(status):
            number = os.WTERMSIG(status)
            if (
                number == signal.SIGKILL
                and self.cgroups is not None
                and worker.cgroup
                and self.cgroups.hit_memory_limit(worker.id)
            ):
                return RunOutcome(
                    duration_ms, limit="memory", detail="shared memory and caches counted"
                )
            if number == signal.SIGXCPU or (
                number == signal.SIGKILL and duration_ms >= self.limits.cpu_seconds * 1000
            ):
                return RunOutcome(duration_ms, limit="cpu")
            why = f"signal {signal.Signals(number).name}"
        elif status is not None:
            why = f"exit status {os.WEXITSTATUS(status)}"
        else:
            why = "the sandbox stopped"
        return RunOutcome(duration_ms, crash=f"the worker stopped unexpectedly ({why})")


class SoFar:
    """What a running worker has sent of its output and its capture: what a run that ends
    without a result (a limit, a crash, a cancel) keeps."""

    def __init__(self, stdout_bytes: int):
        self.output = CappedOutput(stdout_bytes)
        self.snapshot: bytes | None = None  # the last whole one
        self.stopped_at_line: int | None = None  # where a soft limit stopped the program

    def printed(self, text: str, truncated: bool) -> None:
        self.output.write(text)
        self.output.truncated = self.output.truncated or truncated

    def kept(self, outcome: RunOutcome) -> RunOutcome:
        """`outcome` with the output so far (unless its own report carried it), the last
        snapshot and, for a limit, the line a soft limit stopped the program at."""
        if not outcome.stdout:
            outcome.stdout = self.output.getvalue()
            outcome.stdout_truncated = outcome.stdout_truncated or self.output.truncated
        outcome.partial_json = self.snapshot
        if outcome.limit is not None and outcome.line is None:
            outcome.line = self.stopped_at_line  # killed while its capture was being built
        return outcome
