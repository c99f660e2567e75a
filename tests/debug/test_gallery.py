"""Every gallery program, run under capture_program: exactly its expected findings (code and
line), no other error or warning, and every gradient call replays to what the engine returned."""

import numpy as np
import pytest

from engine.debug import capture_program
from engine.debug.replay import replay
from server.gallery import load_examples

from .returned_gradients import ReturnedGradients

EXAMPLES = load_examples()


def test_the_gallery_has_at_least_twenty_programs_with_titles_and_tags():
    assert len(EXAMPLES) >= 20
    for example in EXAMPLES:
        assert example.title and example.summary and example.tags, example.id


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example_runs_and_gets_exactly_its_findings(example):
    capture = capture_program(example.code, f"{example.id}.py", value_cap=10**6)
    assert capture.error is None, capture.error
    expected = sorted((e.code, e.line) for e in example.expect)
    serious = sorted(
        (f.code, f.line) for f in capture.findings if f.severity in ("error", "warning")
    )
    every = {(f.code, f.line) for f in capture.findings}
    assert set(expected) <= every, capture.findings
    assert set(serious) <= set(expected), capture.findings


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example_replays_exactly(example):
    with ReturnedGradients() as returned:
        # keep="all": every call is in the capture, to compare with every call the engine made
        capture = capture_program(example.code, f"{example.id}.py", value_cap=10**6, keep="all")
    assert len(returned.calls) == len(capture.calls)
    for call, actual in zip(capture.calls, returned.calls):
        if call.error is not None:
            assert isinstance(actual, BaseException)
            continue
        replayed = replay(capture, call.id)
        assert len(replayed) == len(actual)
        for mine, theirs in zip(replayed, actual):
            if theirs is None:
                assert mine is None
            else:
                assert mine is not None
                assert mine.dtype == theirs.dtype
                np.testing.assert_array_equal(mine.reshape(theirs.shape), theirs)


def _run_plain(code):
    """The program with no capture: its stdout, with tensorflow mapped to the engine."""
    import contextlib
    import io
    import sys
    import warnings

    import engine
    import engine.contrib.eager

    saved = {
        name: sys.modules.get(name)
        for name in ("tensorflow", "tensorflow.contrib", "tensorflow.contrib.eager")
    }
    sys.modules.update(
        {
            "tensorflow": engine,
            "tensorflow.contrib": engine.contrib,
            "tensorflow.contrib.eager": engine.contrib.eager,
        }
    )
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(compile(code, "plain.py", "exec"), {"__name__": "__main__"})
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
    return out.getvalue()


# Keras layers draw their initial weights differently on each run in one process (as in TF),
# so only the programs whose output does not depend on that are compared run against run.
REPEATABLE = [e for e in EXAMPLES if "keras.layers" not in e.code]


@pytest.mark.parametrize("example", REPEATABLE, ids=[e.id for e in REPEATABLE])
def test_capturing_changes_no_printed_result(example):
    capture = capture_program(example.code, f"{example.id}.py")
    assert capture.stdout == _run_plain(example.code)


def test_the_gallery_shows_every_finding_code():
    from engine.debug import CODES

    shown = {expected.code for example in EXAMPLES for expected in example.expect}
    assert shown == set(CODES)
