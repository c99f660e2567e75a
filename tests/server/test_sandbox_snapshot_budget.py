"""Snapshots of a running capture take at most their share of the run, counted in CPU time: a
snapshot that waits for a core on a busy machine (wall time) does not use up the budget, one
that computes does."""

import contextlib
import socket
import time

from engine.debug import capture_program
from server.sandbox import protocol
from server.sandbox.limits import Limits
from server.sandbox.streaming import Channel, Snapshots

CAPTURE = capture_program("import tensorflow as tf\nx = tf.constant(1.0)\n")


def _offer_twice(cost) -> int:
    """Two snapshots offered back to back, each costing `cost()`: how many were sent."""
    server_end, worker_end = socket.socketpair()
    snapshots = Snapshots(
        Channel(worker_end), Limits().capture_bytes, lambda: True, contextlib.nullcontext
    )

    def snapshot():
        cost()
        return CAPTURE

    snapshots(snapshot)
    snapshots(snapshot)
    worker_end.close()
    sent = 0
    with server_end.makefile("rb") as replies:
        while header := replies.readline():
            replies.read(protocol.decode_reply(header, Limits())["bytes"])
            sent += 1
    return sent


def test_a_snapshot_slowed_by_a_busy_machine_does_not_skip_the_next():
    assert _offer_twice(lambda: time.sleep(0.15)) == 2


def test_snapshots_that_compute_past_their_share_are_skipped():
    # 0.3 s of CPU each: past the share (0.1 s + a tenth of the run's time) unless the
    # machine stretched the first one past 5 s of wall time
    def compute():
        until = time.thread_time() + 0.3
        while time.thread_time() < until:
            pass

    assert _offer_twice(compute) == 1
