"""CPU-time ratios for the capture benchmarks.

The machines here are shared by several busy processes: wall time measures the neighbours as
much as the code. These helpers time with `time.process_time()` (this process's CPU time),
alternate subject and baseline so both see the same conditions, and keep the best of each.
"""

import gc
import time


def best_cpu_time(fn, repeats):
    best = float("inf")
    for _ in range(repeats):
        gc.collect()  # each run starts from the same heap, not from the previous run's garbage
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def cpu_ratio(subject, baseline, rounds=5, repeats=5):
    """(best subject CPU time / best baseline CPU time, subject s, baseline s)."""
    subject(), baseline()  # warm up: imports, caches, parsed sources
    s_best = b_best = float("inf")
    for _ in range(rounds):
        s_best = min(s_best, best_cpu_time(subject, repeats))
        b_best = min(b_best, best_cpu_time(baseline, repeats))
    return s_best / b_best, s_best, b_best
