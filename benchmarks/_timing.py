"""Shared timing for benchmarks: best-of-N wall time, and ratios against a baseline timed in
the same process (machines here are shared and noisy, so only ratios are meaningful)."""
import time


def best_time(fn, repeats=15, warmup=2):
    for _ in range(warmup):
        fn()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def interleaved_ratio(subject, baseline, rounds=5, repeats=5):
    """Best subject time over best baseline time, alternating the two so that load changes on
    the machine hit both alike. Returns (ratio, subject_seconds, baseline_seconds)."""
    s_best = b_best = float("inf")
    for _ in range(rounds):
        s_best = min(s_best, best_time(subject, repeats, warmup=1))
        b_best = min(b_best, best_time(baseline, repeats, warmup=1))
    return s_best / b_best, s_best, b_best


def report(name, ratio, subject, baseline, target):
    verdict = "meets" if ratio <= target else "MISSES"
    print(f"{name:<44} {ratio:6.2f}x  (engine {subject * 1e3:8.2f} ms, baseline "
          f"{baseline * 1e3:8.2f} ms; target <= {target}x: {verdict})")
