"""Shared timing for benchmarks: best-of-N times, and ratios against a baseline timed in the
same process (machines here are shared and noisy, so only ratios are meaningful).

Each run is timed twice at once: wall time (perf_counter) and this process's CPU time
(process_time). On a loaded machine wall time also measures the neighbours (a run that is
descheduled for a few ms looks slow), so engine_speed reports the CPU-time ratio first and
the wall-time ratio next to it.
"""

import time
from typing import NamedTuple


def best_time(fn, repeats=15, warmup=2):
    """Best wall time of `repeats` runs."""
    return best_times(fn, repeats, warmup)[0]


def best_times(fn, repeats=15, warmup=2):
    """(best wall time, best CPU time) of `repeats` runs, each taken over its own runs."""
    for _ in range(warmup):
        fn()
    wall = cpu = float("inf")
    for _ in range(repeats):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        c1, w1 = time.process_time(), time.perf_counter()
        wall, cpu = min(wall, w1 - w0), min(cpu, c1 - c0)
    return wall, cpu


class Ratio(NamedTuple):
    cpu: float  # best subject CPU time / best baseline CPU time
    wall: float
    subject_cpu: float  # seconds
    baseline_cpu: float
    subject_wall: float
    baseline_wall: float


def interleaved_ratio(subject, baseline, rounds=7, repeats=5):
    """Best subject time over best baseline time, alternating the two so that load changes on
    the machine hit both alike; in CPU time and in wall time."""
    s_wall = s_cpu = b_wall = b_cpu = float("inf")
    for _ in range(rounds):
        wall, cpu = best_times(subject, repeats, warmup=1)
        s_wall, s_cpu = min(s_wall, wall), min(s_cpu, cpu)
        wall, cpu = best_times(baseline, repeats, warmup=1)
        b_wall, b_cpu = min(b_wall, wall), min(b_cpu, cpu)
    return Ratio(s_cpu / b_cpu, s_wall / b_wall, s_cpu, b_cpu, s_wall, b_wall)


def report(name, ratio, subject, baseline, target):
    verdict = "meets" if ratio <= target else "MISSES"
    print(
        f"{name:<44} {ratio:6.2f}x  (engine {subject * 1e3:8.2f} ms, baseline "
        f"{baseline * 1e3:8.2f} ms; target <= {target}x: {verdict})"
    )


def report_ratio(name, r, target=None):
    """An interleaved_ratio: the CPU-time ratio judged against the target, wall time beside."""
    verdict = (
        ""
        if target is None
        else (f"; target <= {target}x: {'meets' if r.cpu <= target else 'MISSES'}")
    )
    print(
        f"{name:<44} {r.cpu:6.2f}x CPU  (engine {r.subject_cpu * 1e3:7.2f} ms, baseline "
        f"{r.baseline_cpu * 1e3:7.2f} ms; wall {r.wall:5.2f}x{verdict})"
    )
