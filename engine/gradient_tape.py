"""tf.GradientTape: recording context, watch rules, gradient calls, TF's misuse errors.

The tape's life follows TF's: the recording state (records, tracked ids, watched variables)
is created when the tape is first entered and dropped when a non-persistent tape has computed
its one set of gradients; entering it again starts a fresh one. `jacobian` and
`batch_jacobian` live in engine/jacobians.py.
"""

from . import hooks, nest, recording
from .backprop import release_all, run_backward
from .gradient_calls import (
    NON_PERSISTENT_REUSED,
    UnconnectedGradients,
    accumulate,
    as_differentiable,
    finished,
    initial_gradients,
    is_variable,
    shaped_result,
    started,
    unconnected_mode,
    warn,
)
from .hooks import Finished
from .jacobians import batch_jacobian, jacobian
from .tensor import TRACKED_DTYPES, Tensor

PERSISTENT_INSIDE_CONTEXT = (
    "Calling GradientTape.gradient on a persistent tape inside its context is significantly less "
    "efficient than calling it outside the context (it causes the gradient ops to be recorded on "
    "the tape, leading to increased CPU and memory usage). Only call GradientTape.gradient inside "
    "the context if you actually want to trace the gradient in order to compute higher order "
    "derivatives."
)


def watchable(structure):
    """The tensors and variables of a nested structure; TF's error for anything else, Keras 3's
    variables included (they wrap a tf.Variable: `tape.watch(v.value)` is TF's spelling)."""
    for item in nest.flatten(structure):
        if not (isinstance(item, Tensor) or is_variable(item)) or hasattr(item, "_wraps_variable"):
            raise ValueError(
                f"Passed in object {item} of type {type(item).__name__!r}, not "
                f"tf.Tensor or tf.Variable or ExtensionType."
            )
        yield item


class GradientTape:
    """Records operations on watched tensors for automatic differentiation, as tf.GradientTape."""

    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._persistent = persistent
        self._watch_accessed_variables = watch_accessed_variables
        self._recording = False
        self._has_tape = False  # TF's `self._tape is not None`
        self._tracked = set()  # ids of tensors/variables whose consumers this tape records
        self._records: list[recording.Record] = []
        self._append = self._records.append
        self._watched_variables = {}  # id -> Variable

    def _new_tape(self):
        self._has_tape = True
        self._tracked = set()
        self._records = []
        self._append = self._records.append
        self._watched_variables = {}

    # --- the recording context -------------------------------------------------------------
    def __enter__(self):
        self._push()
        recording.notify_tape(self, "enter")  # not in _push: resume and reset push too
        return self

    def __exit__(self, *exc_info):
        if self._recording:
            self._pop()
        recording.notify_tape(self, "exit")

    def _push(self):
        if self._recording:
            raise ValueError(
                "Tape is still recording, This can happen if you try to "
                "re-enter an already-active tape."
            )
        if not self._has_tape:
            self._new_tape()
        recording.push(self)
        self._recording = True

    def _pop(self):
        if not self._recording:
            raise ValueError("Tape is not recording.")
        recording.pop(self)
        self._recording = False

    def stop_recording(self):
        """Context in which this tape records nothing."""
        return _StopRecording(self)

    def reset(self):
        """Clears everything recorded so far; the tape keeps recording."""
        self._pop()
        self._release_records()
        self._has_tape = False
        self._push()
        recording.notify_tape(self, "reset")

    # --- watching --------------------------------------------------------------------------
    def watch(self, tensor):
        """Tracks tensors (or variables) of a nested structure: ops on them get recorded."""
        for t in watchable(tensor):
            if t._value.dtype.kind not in "fc":
                warn(
                    "The dtype of the watched tensor must be floating (e.g. tf.float32), "
                    f"got {t.dtype!r}"
                )
            if not self._has_tape:
                raise AttributeError("'NoneType' object has no attribute '_tape'")
            if not recording.recording_tapes:
                continue  # TF watches only while some tape records (not in stop_recording)
            if is_variable(t):
                self._watch_variable(t, explicit=True)
                continue
            if t._value.dtype.kind in "fc":
                self._tracked.add(t._id)
            recording.notify_tape(self, "watch", t)

    def _watch_variable(self, variable, explicit=False):
        if variable._id not in self._watched_variables:
            self._watched_variables[variable._id] = variable
            if type(variable._value.dtype) in TRACKED_DTYPES:
                self._tracked.add(variable._id)
            if hooks.observers:  # "watch": tape.watch(v); "watch_variable": v read while recording
                recording.notify_tape(self, "watch" if explicit else "watch_variable", variable)

    def watched_variables(self):
        """The variables this tape watched, in the order they were created (as TF sorts them)."""
        return tuple(self._watched_variables[i] for i in sorted(self._watched_variables))

    # --- gradients -------------------------------------------------------------------------
    def _begin_call(self, message=NON_PERSISTENT_REUSED):
        """TF's checks at the start of gradient/jacobian: a tape exists; stop or warn."""
        if not self._has_tape:
            recording.notify_tape(self, "reused")
            raise RuntimeError(message)
        if self._recording:
            if not self._persistent:
                self._pop()  # TF stops a non-persistent tape at its first gradient call
            else:
                warn(PERSISTENT_INSIDE_CONTEXT)

    def _end_call(self, observer=None):
        """A non-persistent tape is spent after one call: its records go, the ids too."""
        if not self._persistent:
            self._release_records(observer)
            self._has_tape = False

    def _release_records(self, observer=None):
        release_all(self._records, observer)
        self._records = []
        self._append = self._records.append
        self._tracked = set()

    def gradient(
        self,
        target,
        sources,
        output_gradients=None,
        unconnected_gradients=UnconnectedGradients.NONE,
    ):
        """d(sum of targets)/d(source) for every source, shaped like `sources`."""
        self._begin_call()
        if target is None:
            raise TypeError(
                "Argument `target` should be a list or nested structure of Tensors, "
                "Variables or CompositeTensors to be differentiated, but received "
                "None."
            )
        flat_targets = [as_differentiable(t, "target") for t in _leaves(target)[0]]
        source_leaves, simple_sources = _leaves(sources)
        flat_sources = [as_differentiable(s, "source") for s in source_leaves]
        seeds = initial_gradients(flat_targets, output_gradients)
        mode = unconnected_mode(unconnected_gradients)
        observer = started(self, "gradient", flat_targets, flat_sources, output_gradients, mode)
        try:
            found = run_backward(
                self._records,
                seeds,
                {s._id for s in flat_sources},
                self._tracked,
                accumulate,
                observer,
                release=not self._persistent,
            )
            flat = [found.get(s._id) for s in flat_sources]
            if mode is UnconnectedGradients.ZERO:
                flat = [shaped_result(g, s, mode) for g, s in zip(flat, flat_sources)]
            if observer is not None:
                observer.on_backward(Finished({s._id: g for s, g in zip(flat_sources, flat)}))
        except BaseException as error:
            self._end_call(observer)
            finished(self, None, error)
            raise
        self._end_call(observer)
        if not simple_sources:
            result = nest.pack_sequence_as(sources, flat)
        else:
            result = type(sources)(flat) if type(sources) in (list, tuple) else flat[0]
        if hooks.observers:
            finished(self, result, None)
        return result

    def jacobian(
        self,
        target,
        sources,
        unconnected_gradients=UnconnectedGradients.NONE,
        parallel_iterations=None,
        experimental_use_pfor=True,
    ):
        """d(target[i...])/d(source[j...]) shaped target.shape + source.shape, per source."""
        return jacobian(self, target, sources, unconnected_gradients, experimental_use_pfor)

    def batch_jacobian(
        self,
        target,
        source,
        unconnected_gradients=UnconnectedGradients.NONE,
        parallel_iterations=None,
        experimental_use_pfor=True,
    ):
        """Per-example jacobians: [b, y...] by [b, x...] gives [b, y..., x...]."""
        return batch_jacobian(self, target, source, unconnected_gradients, experimental_use_pfor)

    def __del__(self):
        if hooks.observers:
            hooks.notify("tape_event", self, "deleted", None)


class _StopRecording:
    """`with tape.stop_recording():` as TF's: the checks happen on entering."""

    def __init__(self, tape):
        self._tape = tape

    def __enter__(self):
        if not self._tape._has_tape:
            raise RuntimeError("Trying to stop recording a tape which is not recording.")
        self._tape._pop()
        recording.notify_tape(self._tape, "stop_recording")

    def __exit__(self, *exc_info):
        self._tape._push()
        recording.notify_tape(self._tape, "resume")


def _leaves(structure):
    """(nest.flatten(structure), simple): `simple` when the structure is a leaf or a plain
    list or tuple of leaves (the usual targets and sources), which re-pack without nest."""
    kind = type(structure)
    if kind is list or kind is tuple:
        for item in structure:
            if isinstance(item, (list, tuple, dict)):
                return nest.flatten(structure), False
        return structure, True
    if isinstance(structure, (list, tuple, dict)):
        return nest.flatten(structure), False
    return [structure], True
