"""tf.autodiff.ForwardAccumulator: forward-mode autodiff (Jacobian-vector products).

The accumulator joins `tape.recording_tapes` like a GradientTape (it has `_tracked` and
`_append`), so it sees every op that consumes a tensor with a tangent. Instead of a table of
forward rules it uses each op's registered gradient (the "double vjp" trick): the gradient
g(dy) = J^T dy is linear in dy, so for a zero dy watched by a small tape,
d<g(dy), t>/d(dy) = J t is the output tangent. Every op with a gradient gets forward mode for
free, and since the tangent is computed with engine ops, an outer GradientTape records it
(backward-over-forward) and an accumulator around a GradientTape sees the gradient ops
(forward-over-backward: Hessian-vector products).
"""

import weakref
from typing import Any

import numpy as np

from . import nest, recording
from .backprop import run_backward
from .gradient_calls import UnconnectedGradients, accumulate, is_variable, warn
from .ops.creation import zeros_like
from .ops.registry import NOT_DIFFERENTIABLE
from .tensor import Tensor, convert_to_tensor


class ForwardAccumulator:
    """Computes JVPs of every op run inside its context, as tf.autodiff.ForwardAccumulator."""

    _watch_accessed_variables = False  # the recording protocol of engine/recording.py

    def __init__(self, primals, tangents):
        self._tracked = set()  # ids that may carry a tangent
        self._tangents = {}  # id -> tangent Tensor
        self._lifetimes = {}  # id -> weak reference to the op output whose tangent it is
        self._recording = False
        _assert_same_structure(primals, tangents)
        for primal, tangent in zip(nest.flatten(primals), nest.flatten(tangents)):
            self._watch(primal, tangent)

    def _watch(self, primal, tangent):
        primal_id = primal._id
        dtype = primal.dtype
        if not dtype.is_floating:
            warn(
                f"The dtype of the watched primal must be floating (e.g. tf.float32), got {dtype!r}"
            )
        tangent = convert_to_tensor(tangent, dtype=dtype)
        if primal_id in self._tangents:
            # TF's message, whose "{}" is never filled in.
            raise ValueError(
                "Tensor {} was specified as a primal multiple times. This may "
                "indicate an error. If it was intended, please sum the "
                "corresponding tangents."
            )
        self._tangents[primal_id] = tangent
        if dtype.is_floating:
            self._tracked.add(primal_id)

    # --- the recording context -------------------------------------------------------------
    def __enter__(self):
        if self._recording:
            raise ValueError("Accumulator is already recording.")
        recording.push(self)
        self._recording = True
        return self

    def __exit__(self, *exc_info):
        if self._recording:
            recording.pop(self)
            self._recording = False

    def _append(self, record):
        # Tangents are computed once every tape has recorded the op (see engine/recording.py).
        recording.forward_pending.append(self)

    def _watch_variable(self, variable):
        pass  # never called: accumulators do not watch accessed variables

    # --- tangents --------------------------------------------------------------------------
    def _forward(self, record, inputs, outputs):
        """Stores the tangents of `outputs` from those of `inputs`, through the op's gradient."""
        tangents = self._tangents
        wanted = [(k, tangents[t._id]) for k, t in enumerate(inputs) if t._id in tangents]
        if not wanted:
            return
        if record.op.gradient is NOT_DIFFERENTIABLE:
            return
        dys = [
            Tensor(np.zeros_like(o._value)) if o._value.dtype.kind == "f" else None for o in outputs
        ]
        float_dys = [dy for dy in dys if dy is not None]
        if not float_dys:  # IsFinite, Equal, ...: nothing to carry a tangent
            return
        wanted_ids = {record.input_ids[k] for k, _ in wanted}
        with _hidden_accumulators(self):
            recorder = _VjpRecorder(float_dys)
            with recorder:
                # LookupError for an op with no gradient, as TF
                all_vjps = record.op.backward(record, dys, wanted_ids)
                vjps = [all_vjps[k] for k, _ in wanted]
                vjps = [None if v is None else convert_to_tensor(v) for v in vjps]
            seeds: dict[int, Any] = {}
            for vjp, (_, tangent) in zip(vjps, wanted):
                if vjp is not None:  # d<vjp, tangent>/d(dy), summed over the inputs
                    previous = seeds.get(vjp._id)
                    seeds[vjp._id] = tangent if previous is None else accumulate(previous, tangent)
            if not seeds:
                return
            found = run_backward(
                recorder._records,
                seeds,
                {dy._id for dy in float_dys},
                recorder._tracked,
                accumulate,
                release=True,
            )
        out_tangents = [found.get(dy._id) for dy in float_dys]
        float_outputs = [o for o in outputs if o._value.dtype.kind == "f"]
        for output, tangent in zip(float_outputs, out_tangents):
            if tangent is not None:
                tangents[output._id] = tangent
                # A tangent lives only as long as its primal: nobody can ask for it later,
                # and a long loop under an accumulator would otherwise keep every tangent.
                # (Only op outputs: variable reads share the variable's id.)
                self._lifetimes[output._id] = weakref.ref(output, self._forget(output._id))

    def _forget(self, tensor_id):
        tangents, tracked, lifetimes = self._tangents, self._tracked, self._lifetimes

        def forget(_):
            tangents.pop(tensor_id, None)
            tracked.discard(tensor_id)
            lifetimes.pop(tensor_id, None)

        return forget

    def jvp(self, primals, unconnected_gradients=UnconnectedGradients.NONE):
        """The tangents of `primals` (a nested structure), or None (zeros) where unconnected."""
        mode = UnconnectedGradients(unconnected_gradients)  # Python's enum error, as TF's

        def tangent_of(primal):
            tangent = self._tangents.get(primal._id)
            if tangent is None and mode is UnconnectedGradients.ZERO:
                return zeros_like(primal._snapshot() if is_variable(primal) else primal)
            return tangent

        return nest.map_structure(tangent_of, primals)


class _VjpRecorder:
    """The small tape of one tangent computation: records the op's gradient function applied
    to watched zeros. Not a GradientTape, so debuggers do not see it as the user's tape."""

    _watch_accessed_variables = False

    def __init__(self, watched):
        self._tracked = {t._id for t in watched}
        self._records: list[Any] = []
        self._append = self._records.append

    def __enter__(self):
        recording.push(self)

    def __exit__(self, *exc_info):
        recording.pop(self)


class _hidden_accumulators:
    """While an accumulator computes tangents, it and the accumulators inside it stop
    recording (their forward passes are not part of its computation); tapes and the
    accumulators outside it keep recording, for backward-over-forward and forward-over-forward."""

    def __init__(self, accumulator):
        self._accumulator = accumulator

    def __enter__(self):
        tapes = recording.recording_tapes
        self._saved = tapes[:]
        inside = False
        kept = []
        for t in self._saved:
            inside = inside or t is self._accumulator
            if not (inside and isinstance(t, ForwardAccumulator)):
                kept.append(t)
        tapes[:] = kept

    def __exit__(self, *exc_info):
        recording.recording_tapes[:] = self._saved


def _assert_same_structure(primals, tangents):
    if _structure(primals) != _structure(tangents):
        raise ValueError(
            "The two structures don't have the same nested structure.\n\n"
            f"First structure: type={type(primals).__name__} str={primals}\n\n"
            f"Second structure: type={type(tangents).__name__} str={tangents}"
        )


def _structure(value):
    if isinstance(value, dict):
        return {key: _structure(value[key]) for key in value}
    if isinstance(value, (list, tuple)):
        return [_structure(item) for item in value]
    return None
