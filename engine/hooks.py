"""The one narrow interface through which engine.debug observes the engine.

Observers are objects deriving from `Observer`; the engine calls them only while at least one
is installed, so an empty list costs one truth test per event on the hot paths.
"""

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
    """What the backward loop reports, step by step, for one backward pass."""

    def seeded(self, seeds):
        """A backward pass begins from `seeds` ({tensor id: gradient}); a jacobian runs one
        pass per row, each announced here."""

    def step(self, record, upstream, produced):
        """`record` ran its gradient: upstream grads per output, produced grads per input."""

    def accumulated(self, tensor_id, contribution, total):
        """A tensor used more than once received another contribution; `total` is the partial
        sum."""

    def released(self, record):
        """A non-persistent tape dropped `record` and the tensors it saved."""

    def finished(self, gradients):
        """The pass ended; `gradients` maps source tensor ids to their gradient (or None)."""


def notify(method, *args):
    for observer in observers:
        getattr(observer, method)(*args)
