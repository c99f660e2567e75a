"""GradientTape.jacobian and batch_jacobian, from the tape's records without re-running user code.

TF vectorizes one backward pass per target element with pfor. The engine runs those passes
one after another over the same records: row k seeds the target with a one-hot gradient at
element k, so its result is d target[k] / d source. Rows are stacked with engine ops, so an
outer tape records the whole computation (a Hessian is a jacobian of a gradient, or a
gradient of a jacobian). The records are released only after the last row (non-persistent).

Observers see each pass's steps in order, then one `finished` with the stacked results.
"""

from typing import Any

import numpy as np

from . import nest
from .backprop import run_backward
from .gradient_calls import (
    NON_PERSISTENT_REUSED,
    UnconnectedGradients,
    accumulate,
    as_differentiable,
    finished,
    started,
    unconnected_mode,
)
from .hooks import Finished
from .ops.creation import zeros_like
from .ops.joining import stack
from .ops.shape_ops import reshape
from .recording import notify_tape
from .tensor import Tensor, convert_to_tensor

# TF's batch_jacobian drops a space in this message ("used tocompute"); kept as TF words it.
BATCH_NON_PERSISTENT_REUSED = (
    "A non-persistent GradientTape can only be used tocompute one set of gradients (or jacobians)"
)


def jacobian(tape, target, sources, unconnected_gradients, use_pfor):
    if not tape._has_tape:
        notify_tape(tape, "reused")
        raise RuntimeError(NON_PERSISTENT_REUSED)
    target_shape = tuple(target.shape)  # TF reads target.shape first: AttributeError for lists
    if not use_pfor and not tape._persistent:
        raise RuntimeError(
            "GradientTape must be created with persistent=True to compute the "
            "jacobian with eager execution enabled and with  experimental_use_pfor "
            "set to False."
        )
    mode = _vectorized_mode(unconnected_gradients, "jacobian")
    tape._begin_call()
    target = as_differentiable(target, "target")
    flat_sources = [as_differentiable(s, "source") for s in nest.flatten(sources)]
    rows, observer = _rows(
        tape,
        "jacobian",
        target,
        flat_sources,
        mode,
        target._value.size,
        lambda k: _one_hot(target._value, k),
    )
    results = []
    for source, per_row in zip(flat_sources, rows):
        full_shape = target_shape + tuple(source.shape)
        if per_row is None:
            results.append(
                _zeros(full_shape, source) if mode is UnconnectedGradients.ZERO else None
            )
        else:
            results.append(_stacked(per_row, source, full_shape, axis=0))
    return _finish(tape, observer, flat_sources, results, nest.pack_sequence_as(sources, results))


def batch_jacobian(tape, target, source, unconnected_gradients, use_pfor):
    if not tape._has_tape:
        notify_tape(tape, "reused")
        raise RuntimeError(BATCH_NON_PERSISTENT_REUSED)
    target_shape, source_shape = target.shape, source.shape
    batch = target_shape.dims[0]  # IndexError for a scalar target, as in TF
    _rank_at_least_2(target_shape)
    _rank_at_least_2(source_shape)
    if batch != source_shape[0]:
        raise ValueError(
            f"Need first dimension of target shape ({target_shape}) and source "
            f"shape ({source_shape}) to match."
        )
    if not use_pfor and not tape._persistent:
        raise RuntimeError(
            "GradientTape must be created with persistent=True to compute the "
            "batch_jacobian with eager execution enabled and  with "
            "experimental_use_pfor set to False."
        )
    mode = _vectorized_mode(unconnected_gradients, "batch_jacobian")
    tape._begin_call(BATCH_NON_PERSISTENT_REUSED)
    target = as_differentiable(target, "target")
    source = as_differentiable(source, "source")
    row_size = target._value.size // batch if batch else 0
    # Row j seeds element j of every example at once: examples are independent (TF assumes
    # the same), so example b's gradient is d target[b, j] / d source[b].
    rows, observer = _rows(
        tape,
        "batch_jacobian",
        target,
        [source],
        mode,
        row_size,
        lambda j: _batch_one_hot(target._value, j),
    )
    rows = rows[0]
    full_shape = tuple(target_shape) + tuple(source_shape[1:])
    if rows is None:  # TF returns zeros of the target's dtype here, whatever the mode
        result = _zeros(full_shape, target)
    else:
        result = _stacked(rows, source, full_shape, axis=1)
    return _finish(tape, observer, [source], [result], result)


def _rows(tape, kind, target, flat_sources, mode, count, seed_at):
    """One backward pass per row. Per source, the list of row gradients, or None if no row
    reached it; and the call's BackwardObserver."""
    observer = started(tape, kind, [target], flat_sources, None, mode)
    source_ids = {s._id for s in flat_sources}
    records = list(tape._records)  # rows computed inside a persistent context append records
    try:
        per_source: list[list[Any]] = [[] for _ in flat_sources]
        connected = [False] * len(flat_sources)
        for k in range(max(count, 1)):
            seed = seed_at(k) if count else Tensor(np.zeros_like(target._value))
            found = run_backward(
                records, {target._id: seed}, source_ids, tape._tracked, accumulate, observer
            )
            for index, s in enumerate(flat_sources):
                g = found.get(s._id)
                if g is not None:
                    connected[index] = True
                    g = _dense(g)
                per_source[index].append(g)
        rows = [per_row[:count] if ok else None for per_row, ok in zip(per_source, connected)]
    except BaseException as error:
        tape._end_call(observer)
        finished(tape, None, error)
        raise
    return rows, observer


def _finish(tape, observer, flat_sources, flat_results, result):
    if observer is not None:
        observer.on_backward(Finished({s._id: r for s, r in zip(flat_sources, flat_results)}))
    tape._end_call(observer)
    finished(tape, result, None)
    return result


def _vectorized_mode(value, kind):
    """TF validates unconnected_gradients inside pfor, which rewraps the error."""
    try:
        return unconnected_mode(value)
    except ValueError as error:
        raise ValueError(
            f"Encountered an exception while vectorizing the {kind} computation. "
            "Vectorization can be disabled by setting experimental_use_pfor to "
            "False."
        ) from error


def _rank_at_least_2(shape):
    if len(shape) < 2:
        raise ValueError(f"Shape {shape} must have rank at least 2")


def _one_hot(value, k):
    seed = np.zeros(value.size, dtype=value.dtype)
    seed[k] = 1
    return Tensor(seed.reshape(value.shape))


def _batch_one_hot(value, j):
    seed = np.zeros((value.shape[0], value.size // value.shape[0]), dtype=value.dtype)
    seed[:, j] = 1
    return Tensor(seed.reshape(value.shape))


def _dense(gradient):
    return gradient if type(gradient) is Tensor else convert_to_tensor(gradient)


def _zeros(shape, like):
    return Tensor(np.zeros(shape, dtype=like._value.dtype))


def _stacked(per_row, source, full_shape, axis):
    """Rows (None where a row was unconnected) stacked on `axis` and shaped `full_shape`."""
    rows = [zeros_like(source) if g is None else g for g in per_row]
    if not rows:  # an empty target
        return _zeros(full_shape, source)
    return reshape(stack(rows, axis=axis), full_shape)
