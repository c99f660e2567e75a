"""Keeping a long capture's memory bounded.

The recorder keeps each tensor's array so that summaries and diagnosis can be computed once,
at the end. A long training loop would keep every activation of every step that way. When the
arrays it holds pass HELD_BYTES_CAP, the oldest ones are summarized (with the same code as at
the end), what the diagnosis needs from them is kept (memory keys, activation statistics), and
the arrays are let go, down to half the cap. Variables' versions are never dropped. A dropped
array's full value is still in its summary up to the value cap, so replay is not affected, and
above the cap it was offered to the capture's kept values (kept_values.py) before it went.
"""

import numpy as np

from .diagnosis.vocabulary import THRESHOLDS
from .memory import account_op
from .raw import complete
from .summaries import summarize

HELD_BYTES_CAP = 256 * 2**20
_CHECK_EVERY = 1024  # tensors between two looks at the bytes held (a comparison per op)
_TYPICAL_BYTES = 4096  # a small cap is looked at more often (1 tensor / 4 kB of cap)
ACTIVATIONS = ("Relu", "Relu6", "Sigmoid", "Tanh")


class Spill:
    def __init__(self, recorder):
        self.recorder = recorder
        self.every = max(1, min(_CHECK_EVERY, recorder.held_cap // _TYPICAL_BYTES))
        self.next_check = self.every
        self.drops = 0
        self.held = 0
        self._checked = 0  # tensors counted in `held`
        self._dropped = 0  # tensors before this index are summarized (or kept: variables)
        self._accounted = 0  # ops whose memory keys are computed
        self.activation_stats = {}  # tensor id -> activation statistics (diagnosis/activations)

    def check(self):
        recorder = self.recorder
        tensors = recorder.tensors
        # (counted, not completed: keys are given when an array is let go or at the end, not
        # to the arrays of every step a long run drops, which would each leave an entry)
        for t in tensors[self._checked :]:
            if t.array is not None and not t.counted:
                t.counted = True
                self.held += t.array.nbytes
        self._checked = len(tensors)
        self.next_check = len(tensors) + self.every
        if self.held > recorder.held_cap:
            self._drop(self.held - recorder.held_cap // 2)

    def _drop(self, amount):
        self.drops += 1
        recorder = self.recorder
        keys = recorder.array_keys
        for op in recorder.ops[self._accounted :]:
            complete(op.inputs, keys)  # while the arrays it saved are still here to be identified
            complete(op.outputs, keys)
            account_op(op)
        self._accounted = len(recorder.ops)
        recorder.keeper.consider(recorder.tensors, self._checked)  # while the arrays are here
        chunk, freed, index = [], 0, self._dropped
        tensors = recorder.tensors
        while index < self._checked and freed < amount:
            t = tensors[index]
            index += 1
            if t.array is not None and t.kind != "variable":
                chunk.append(t)
                freed += t.array.nbytes
        self._dropped = index
        complete(chunk, keys)  # (the capture still tells their sizes and arrays apart)
        self.held -= sum(t.nbytes for t in chunk if t.counted)
        for t, summary in zip(chunk, summarize([t.array for t in chunk], recorder.value_cap)):
            t.summary = summary
        for t in chunk:
            if t.op is not None and t.op.type in ACTIVATIONS and t.op.outputs[0] is t:
                self.activation_stats[t.id] = activation_statistics(
                    t.array, THRESHOLDS["saturation_margin"]
                )
            t.array = None
            t.counted = False


def activation_statistics(array, margin):
    """What the activation findings need from an output, without the output itself: the
    number of examples and units (last axis), the dead units (0 for every example), and the
    share of values within `margin` (< 0.5) of sigmoid's limits and of tanh's."""
    a = np.asarray(array)
    units = (
        a.reshape(1, 1)
        if a.ndim == 0
        else (a.reshape(-1, a.shape[-1]) if a.ndim > 1 else a.reshape(1, -1))
    )
    return {
        "examples": units.shape[0],
        "units": units.shape[1],
        "dead": int(np.count_nonzero(~units.any(axis=0))) if a.size else 0,
        "sigmoid_saturated": saturated_share(a, margin, "Sigmoid"),
        "tanh_saturated": saturated_share(a, margin, "Tanh"),
    }


def saturated_share(array, margin, op_type):
    """The share of the values within `margin` (< 0.5) of sigmoid's limits (op_type
    "Sigmoid") or of tanh's ("Tanh"): all a finding needs of an output still held."""
    a = np.asarray(array)
    size = max(a.size, 1)
    low, high = _bounds(a.dtype, margin, 1 - margin)
    if op_type == "Sigmoid":
        return (np.count_nonzero(a <= low) + np.count_nonzero(a >= high)) / size
    # (a <= -1 + margin) | (a >= 1 - margin): float64 rounding is symmetric
    return np.count_nonzero(np.abs(a) >= high) / size


def _bounds(dtype, low, high):
    """`low` and `high` as scalars that compare with values of `dtype` as the float64 numbers
    do: for float32/16 the float32 numbers on the same side (float32 comparisons run several
    times faster than float64 ones over float32 data)."""
    if dtype not in (np.float32, np.float16):
        return np.float64(low), np.float64(high)
    low32, high32 = np.float32(low), np.float32(high)
    if float(low32) > low:
        low32 = np.nextafter(low32, np.float32(-np.inf))
    if float(high32) < high:
        high32 = np.nextafter(high32, np.float32(np.inf))
    return low32, high32
