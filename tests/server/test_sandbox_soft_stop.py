"""Where a soft limit stops the program: decided in the program's own thread (the SIGUSR1
handler of server/sandbox/child.py), from the frame it is in at that moment. The watchdog used
to raise it from its own thread on a frame it had seen earlier; one that arrived inside the
recorder's close of a step left a step neither kept nor dropped (its gradient call in the
capture without its record)."""

import signal
from types import SimpleNamespace

import pytest

import engine.debug.recorder as recorder_module
from engine import hooks
from engine.debug.recorder import Recorder
from server.sandbox.child import Child
from server.sandbox.limits import TimeLimitExceeded


def _frame(filename, globals_, back=None):
    return SimpleNamespace(
        f_code=SimpleNamespace(co_filename=filename), f_globals=globals_, f_lineno=7, f_back=back
    )


@pytest.fixture
def child():
    child = Child.__new__(Child)  # its decisions only: no channel, no limits
    child.namespace = {}
    child.in_snapshot = 0
    child.deferred_stop = None
    child.signalled_stop = None
    return child


@pytest.fixture
def recorder():
    recorder = Recorder()
    hooks.observers.append(recorder)
    yield recorder
    hooks.observers.remove(recorder)


def _signal(child, frame):
    child.signalled_stop = TimeLimitExceeded
    child._soft_limit(signal.SIGUSR1, frame)


def test_in_the_program_the_stop_is_raised_where_it_is(child, recorder):
    program = _frame("main.py", child.namespace)
    with pytest.raises(TimeLimitExceeded):
        _signal(child, _frame("/site-packages/numpy/core.py", {}, back=program))
    assert recorder.stop_requested is None


def test_in_the_recorder_the_stop_waits_for_its_next_event(child, recorder):
    program = _frame("main.py", child.namespace)
    inside = _frame(recorder_module.__file__, {}, back=_frame("engine/ops.py", {}, back=program))
    _signal(child, inside)  # nothing raised in the middle of the recorder's work
    assert recorder.stop_requested is TimeLimitExceeded
    with pytest.raises(TimeLimitExceeded):
        recorder.printed("next event\n")


def test_in_a_snapshot_the_stop_waits_for_its_end(child, recorder):
    child.in_snapshot = 1
    _signal(child, _frame("main.py", child.namespace))
    assert child.deferred_stop is TimeLimitExceeded and recorder.stop_requested is None


def test_once_the_program_has_ended_the_signal_is_ignored(child, recorder):
    _signal(child, _frame(recorder_module.__file__, {}))  # building the capture: no program
    assert child.deferred_stop is None and recorder.stop_requested is None
