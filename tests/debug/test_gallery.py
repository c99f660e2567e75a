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
    serious = sorted((f.code, f.line) for f in capture.findings
                     if f.severity in ("error", "warning"))
    every = {(f.code, f.line) for f in capture.findings}
    assert set(expected) <= every, capture.findings
    assert set(serious) <= set(expected), capture.findings


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example_replays_exactly(example):
    with ReturnedGradients() as returned:
        capture = capture_program(example.code, f"{example.id}.py", value_cap=10**6)
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
