"""The one narrow interface through which engine.debug observes the engine.

Observers are objects deriving from `Observer`; the engine calls them only while at least one
is installed, so an empty list costs one truth test per event on the hot paths.
"""

from dataclasses import dataclass
from typing import Any

observers: list["Observer"] = []


class Observer:
    """Every event the engine reports. Subclasses override what they need."""

    def op_executed(self, op_type, inputs, outputs, record):
        """An op ran. `record` is the shared tape Record if any tape recorded it, else None."""

    def tape_event(self, tape, kind, tensor=None):
        """kind: enter (the `with` block starts), exit, stop_recording, resume, reset, watch
        (tape.watch of a tensor or a variable), watch_variable (a variable read while the tape
        records), deleted, reused (a gradient/jacobian call on a spent tape, just before its
        RuntimeError)."""

    def constant_created(self, tensor):
        """tf.constant made `tensor` (so a debugger knows the line a constant comes from)."""

    def variable_event(self, variable, kind, snapshot=None):
        """kind: created, read (snapshot is the Tensor the read produced), assign."""

    def escaped(self, tensor, how):
        """A tensor's value left the engine: how is numpy, __array__, float, int, bool, index;
        or it went into a variable's state: assign (Variable.assign*), optimizer (an optimizer
        applies it as a gradient to the variables and its slots)."""

    def warning(self, message):
        """The engine emitted a TF-style warning."""

    def function_called(self, function, python_function):
        """A tf.function is about to run `python_function` eagerly where TF would run the
        graph it traced (not under tf.config.run_functions_eagerly(True))."""

    def gradient_started(self, tape, kind, targets, sources, output_gradients, unconnected):
        """A gradient/jacobian call began. Returns a BackwardObserver for its steps, or None."""
        return None

    def gradient_finished(self, tape, results, error):
        """The call ended with `results` (structure like sources) or with `error`."""


class BackwardObserver:
    """What the backward loop reports for one gradient/jacobian call, through its one hook."""

    def on_backward(self, event):
        """One event of the call's backward passes, in order: a pass begins (Seeded); a tensor
        used more than once receives another contribution (Accumulated); a record ran its
        gradient (Stepped), or was dropped without running it (Released); the call's results
        are known (Finished). A jacobian runs one pass per row, each Seeded."""


# The events: small records, made only while an observer listens.


@dataclass(slots=True)
class Seeded:
    """A backward pass begins from `seeds` ({tensor id: gradient})."""

    seeds: dict


@dataclass(slots=True)
class Accumulated:
    """The next Stepped record's gradient for `tensor_id` was added to the one it had: `total`
    is the partial sum."""

    tensor_id: int
    contribution: Any
    total: Any


@dataclass(slots=True)
class Stepped:
    """`record` ran its gradient: `upstream` gradients per output, `produced` per input;
    `released`: a non-persistent tape dropped the record (and the tensors it saved) just after."""

    record: Any
    upstream: tuple
    produced: Any
    released: bool


@dataclass(slots=True)
class Released:
    """A non-persistent tape dropped `record` without running its gradient: no gradient reached
    it, or the call is over and the tape lets go of what is left."""

    record: Any


@dataclass(slots=True)
class Finished:
    """The call's results: `gradients` maps source tensor ids to their gradient (or None)."""

    gradients: dict


def notify(method, *args):
    for observer in observers:
        getattr(observer, method)(*args)
