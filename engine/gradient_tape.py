"""tf.GradientTape: recording context, watch rules, gradient/jacobian calls, TF's misuse errors."""
import enum
import warnings

from . import hooks, nest, tape as tape_module
from .backprop import release_all, run_backward
from .tensor import Tensor, convert_to_tensor

NON_PERSISTENT_REUSED = ("A non-persistent GradientTape can only be used to compute one set of "
                         "gradients (or jacobians)")
PERSISTENT_INSIDE_CONTEXT = (
    "Calling GradientTape.gradient on a persistent tape inside its context is significantly less "
    "efficient than calling it outside the context (it causes the gradient ops to be recorded on "
    "the tape, leading to increased CPU and memory usage). Only call GradientTape.gradient inside "
    "the context if you actually want to trace the gradient in order to compute higher order "
    "derivatives.")


class UnconnectedGradients(enum.Enum):
    NONE = "none"
    ZERO = "zero"


def _unconnected_mode(value):
    try:
        return UnconnectedGradients(value)
    except ValueError:
        raise ValueError(f"Unknown value for unconnected_gradients: {value!r}") from None


def warn(message):
    """TF logs these as warnings; the engine emits a Python warning with TF's wording."""
    warnings.warn(message, stacklevel=4)
    if hooks.observers:
        hooks.notify("warning", message)


def _is_variable(value):
    return hasattr(value, "_as_tensor") and hasattr(value, "assign")


def _as_differentiable(value, role):
    """A target or source as a Tensor. Variables keep their identity (their id is the handle's)."""
    if value is None:
        return None
    tensor = value._snapshot() if _is_variable(value) else convert_to_tensor(value)
    if tensor._value.dtype.kind != "f":
        warn(f"The dtype of the {role} tensor must be floating (e.g. tf.float32) when calling "
             f"GradientTape.gradient, got {tensor.dtype!r}")
    return tensor


class GradientTape:
    """Records operations on watched tensors for automatic differentiation, as tf.GradientTape."""

    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._persistent = persistent
        self._watch_accessed_variables = watch_accessed_variables
        self._tracked = set()  # ids of tensors/variables whose consumers this tape records
        self._records = []
        self._append = self._records.append
        self._watched_variables = {}  # id -> Variable, in the order they were first watched
        self._recording = False
        self._consumed = False

    # --- the recording context -------------------------------------------------------------
    def __enter__(self):
        self._push()
        return self

    def __exit__(self, *exc_info):
        if self._recording:
            self._pop()
        tape_module.notify_tape(self, "exit")

    def _push(self):
        if self._recording:
            raise ValueError("Tape is still recording, This can happen if you try to "
                             "re-enter an already-active tape.")
        self._recording = True
        tape_module.push(self)
        tape_module.notify_tape(self, "enter")

    def _pop(self):
        if not self._recording:
            raise ValueError("Tape is not recording.")
        tape_module.pop(self)
        self._recording = False

    def stop_recording(self):
        """Context in which this tape records nothing."""
        return _StopRecording(self)

    def reset(self):
        """Clears everything recorded so far; the tape keeps recording."""
        self._pop()
        self._tracked = set()
        self._records = []
        self._append = self._records.append
        self._watched_variables = {}
        self._consumed = False
        self._push()
        tape_module.notify_tape(self, "reset")

    # --- watching --------------------------------------------------------------------------
    def watch(self, tensor):
        for t in nest.flatten(tensor):
            if _is_variable(t):
                self._watch_variable(t)
                continue
            if not isinstance(t, Tensor):
                raise ValueError("Passed in object of type {}, not tf.Tensor or tf.Variable or "
                                 "ExtensionType.".format(type(t)))
            if t._value.dtype.kind != "f":
                warn("The dtype of the watched tensor must be floating (e.g. tf.float32), "
                     f"got {t.dtype!r}")
            else:
                self._tracked.add(t._id)
            tape_module.notify_tape(self, "watch", t)

    def _watch_variable(self, variable):
        if variable._id not in self._watched_variables:
            self._watched_variables[variable._id] = variable
            if variable._value.dtype.kind == "f":
                self._tracked.add(variable._id)
            tape_module.notify_tape(self, "watch_variable", variable)

    def watched_variables(self):
        return tuple(self._watched_variables.values())

    # --- gradients -------------------------------------------------------------------------
    def _begin_call(self):
        if self._consumed:
            raise RuntimeError(NON_PERSISTENT_REUSED)
        if self._recording:
            if not self._persistent:
                self._pop()  # TF stops a non-persistent tape at its first gradient call
            else:
                warn(PERSISTENT_INSIDE_CONTEXT)

    def _end_call(self, observer):
        if not self._persistent:
            self._consumed = True
            release_all(self._records, observer)

    def gradient(self, target, sources, output_gradients=None,
                 unconnected_gradients=UnconnectedGradients.NONE):
        """d(sum of targets)/d(source) for every source, shaped like `sources`."""
        self._begin_call()
        if target is None:
            raise TypeError("Argument `target` should be a list or nested structure of Tensors, "
                            "Variables or CompositeTensors to be differentiated, but received "
                            "None.")
        mode = _unconnected_mode(unconnected_gradients)
        flat_targets = [_as_differentiable(t, "target") for t in nest.flatten(target)]
        flat_sources_raw = nest.flatten(sources)
        flat_sources = [_as_differentiable(s, "source") for s in flat_sources_raw]
        seeds = _seeds(flat_targets, output_gradients)
        observer = _started(self, "gradient", flat_targets, flat_sources, output_gradients, mode)
        try:
            found = run_backward(self._records, seeds, {s._id for s in flat_sources},
                                 self._tracked, _accumulate, observer,
                                 release=not self._persistent)
            flat = [_result(found.get(s._id), s, mode) for s in flat_sources]
        except BaseException as error:
            _finished(self, None, error)
            raise
        finally:
            self._end_call(observer)
        result = nest.pack_sequence_as(sources, flat)
        _finished(self, result, None)
        return result

    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE,
                 parallel_iterations=None, experimental_use_pfor=True):
        """d(target[i...])/d(source[j...]) shaped target.shape + source.shape, per source."""
        from .jacobians import jacobian
        return jacobian(self, target, sources, _unconnected_mode(unconnected_gradients))

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """Per-example jacobians: [b, y...] by [b, x...] gives [b, y..., x...]."""
        from .jacobians import batch_jacobian
        return batch_jacobian(self, target, source, _unconnected_mode(unconnected_gradients))

    def _backward_once(self, targets, seeds, sources, observer):
        """One backward pass that keeps the records (jacobians run several)."""
        return run_backward(self._records, seeds, {s._id for s in sources}, self._tracked,
                            _accumulate, observer)

    def __del__(self):
        if hooks.observers:
            hooks.notify("tape_event", self, "deleted", None)


class _StopRecording:
    def __init__(self, tape):
        self._tape = tape
        self._stopped = False

    def __enter__(self):
        if not self._tape._recording:
            raise ValueError("Tape.stop_recording() can only be called when the tape is recording")
        self._tape._pop()
        self._stopped = True
        tape_module.notify_tape(self._tape, "stop_recording")

    def __exit__(self, *exc_info):
        if self._stopped:
            self._tape._recording = True
            tape_module.push(self._tape)
            tape_module.notify_tape(self._tape, "resume")


def _seeds(flat_targets, output_gradients):
    """The gradient each target starts with: ones, or the caller's output_gradients."""
    from .ops.array import ones_like
    if output_gradients is not None:
        flat_out = nest.flatten(output_gradients)
        if len(flat_out) != len(flat_targets):
            raise ValueError("target and output_gradients must have the same structure")
    else:
        flat_out = [None] * len(flat_targets)
    seeds = {}
    for t, g in zip(flat_targets, flat_out):
        g = ones_like(t) if g is None else convert_to_tensor(g, dtype=t.dtype)
        seeds[t._id] = g if t._id not in seeds else _accumulate(seeds[t._id], g)
    return seeds


def _accumulate(a, b):
    from .ops.math import add_gradients
    return add_gradients(a, b)


def _result(gradient, source, mode):
    if gradient is None:
        if mode is UnconnectedGradients.ZERO:
            from .ops.array import zeros_like
            return zeros_like(source)
        return None
    from .indexed_slices import IndexedSlices
    if isinstance(gradient, IndexedSlices):
        return gradient
    if gradient.shape != source.shape:  # a gradient never changes its source's shape
        from .ops.array import reshape
        gradient = reshape(gradient, source.shape)
    return gradient


def _started(tape, kind, targets, sources, output_gradients, mode):
    if not hooks.observers:
        return None
    observers = [o.gradient_started(tape, kind, targets, sources, output_gradients, mode)
                 for o in hooks.observers]
    observers = [o for o in observers if o is not None]
    return observers[0] if len(observers) == 1 else (_Fanout(observers) if observers else None)


def _finished(tape, result, error):
    if hooks.observers:
        hooks.notify("gradient_finished", tape, result, error)


class _Fanout:
    def __init__(self, observers):
        self._observers = observers

    def __getattr__(self, name):
        def call(*args):
            for o in self._observers:
                getattr(o, name)(*args)
        return call

