"""Full values beside a capture: what the server accepts from a run, and why one is missing.

A capture inlines values up to its value cap; engine.debug keeps larger ones beside the JSON
(engine/debug/kept_values.py) and the sandbox worker sends them as one .npz. The server trusts
the worker no more than the program inside it: it reads the .npz with its own caps and keeps
only arrays that match a tensor of the capture above the inline cap (same dtype and shape).
"""

import logging
from collections.abc import Mapping

import numpy as np

from engine.debug.kept_values import KeptValues
from engine.debug.schema import Capture, TensorInfo

from .errors import ApiError
from .sandbox.limits import format_bytes
from .settings import Settings
from .store.values import StoredValue, stored_value

log = logging.getLogger("tapescope")


def values_from_npz(npz: bytes | None, capture: Capture, settings: Settings) -> list[StoredValue]:
    """The values to store with a sandboxed run, from the worker's .npz; none at all when it
    breaks the server's caps or is malformed."""
    if not npz or settings.kept_total_bytes <= 0:
        return []
    try:
        kept = KeptValues.from_npz(
            npz,
            max_array_bytes=settings.kept_array_bytes,
            max_total_bytes=settings.kept_total_bytes,
            max_arrays=len(capture.tensors),
        )
    except ValueError as error:
        log.warning("a run's kept values were refused: %s", error)
        return []
    return accept_values(kept, capture, settings)


def accept_values(
    kept: Mapping[int, np.ndarray], capture: Capture, settings: Settings
) -> list[StoredValue]:
    """The arrays of `kept` (tensor id -> array) that belong to large tensors of the capture
    (same dtype and shape, no inline value), in id order, within the server's caps."""
    tensors = {t.id: t for t in capture.tensors}
    accepted, total = [], 0
    for tensor_id in sorted(kept):
        array = np.asarray(kept[tensor_id])
        tensor = tensors.get(tensor_id)
        if (
            tensor is None
            or tensor.summary.value is not None
            or tensor.shape != list(array.shape)
            or tensor.dtype != array.dtype.name
        ):
            log.warning("a kept value matches no large tensor of its capture: t%s", tensor_id)
            continue
        if (
            array.nbytes > settings.kept_array_bytes
            or total + array.nbytes > settings.kept_total_bytes
        ):
            continue
        total += array.nbytes
        accepted.append(stored_value(tensor_id, array))
    return accepted


def value_not_kept(run_id: str, tensor: TensorInfo, origin: str, capture: Capture) -> ApiError:
    """The error for ?value=true on a tensor whose full value the run does not have, saying
    why: 413 when it is larger than a kept value may be, 404 otherwise."""
    what = f"tensor {tensor.id} of run {run_id} ({format_bytes(tensor.summary.bytes)})"
    state = tensor.summary.full_value
    inline = capture.limits.get("value_cap")
    cap_note = f" (the capture inlines values up to {inline:,} elements)" if inline else ""
    if state == "array_too_large":
        cap = capture.limits.get("kept_array_bytes", 0)
        return ApiError(
            413,
            "value_too_large",
            f"the full value of {what} was not kept: it is larger than the "
            f"{format_bytes(cap)} a kept value may be{cap_note}; its summary and "
            f"histogram are in the capture",
        )
    if state == "run_budget_used":
        cap = capture.limits.get("kept_total_bytes", 0)
        reason = (
            f"the run had already kept {format_bytes(cap)} of full values, its budget, "
            f"when this tensor was made"
        )
    elif state == "off":
        reason = "the capture was made with keep_values=False"
    elif origin == "upload":
        reason = (
            "the run was uploaded (POST /api/captures), which carries the capture's JSON "
            "only, not the full values kept beside it"
        )
    elif state == "kept":
        reason = "the server did not store it (the run's values broke the server's caps)"
    else:
        reason = "the capture did not keep full values above its inline cap"
    return ApiError(
        404, "value_not_kept", f"the full value of {what} was not kept: {reason}{cap_note}"
    )
