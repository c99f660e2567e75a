"""The backward pass: one short loop over a tape's records in reverse order.

Records were appended in execution order, so reverse order is a topological order: when a
record is reached, every consumer of its outputs has already contributed to their gradients,
and those gradients can be popped. Observation (engine.debug) plugs in through `observer`
(an engine.hooks.BackwardObserver): `step` after each record's gradient ran, `accumulated`
for every extra contribution to a tensor used more than once, `released` when a
non-persistent tape drops a record. The caller reports `finished` once the call's results
are known (a jacobian runs one pass per target element).
"""

from collections.abc import Sequence
from typing import Any

from .indexed_slices import upstream_gradients
from .ops.registry import gradient_of
from .tensor import Tensor


def run_backward(records, seeds, source_ids, tracked, accumulate, observer=None, release=False):
    """Propagates `seeds` ({tensor id: gradient}) back to `source_ids`; returns {id: gradient}.

    Like TF, every record the targets' gradients reach is run (an op with no registered
    gradient raises even off the sources' paths), but an input the tape does not track (a
    constant, or a tensor only another tape watches) gets no gradient. `accumulate(a, b)` adds
    two gradients with engine ops, so outer tapes can record the sum. With `release`, each
    record is dropped from `records` once visited (a non-persistent tape).
    """
    if observer is not None:
        observer.seeded(seeds)
    grads = dict(seeds)
    pop, get = grads.pop, grads.get
    results = {}
    for index in range(len(records) - 1, -1, -1):
        rec = records[index]
        if rec is None:
            continue
        if release:
            records[index] = None
        output_ids = rec.output_ids
        gradient = rec.op.gradient
        if len(output_ids) == 1:  # most ops: no list
            i = output_ids[0]
            dy = pop(i, None)
            if dy is None:
                if release and observer is not None:
                    observer.released(rec)
                continue
            if i in source_ids:
                results[i] = dy
            # The common case: a dense gradient and one function per input, each called as
            # fn(rec, dy) (a star call costs more) and only for inputs the tape tracks (TF's
            # skip_input_indices: a constant operand costs nothing).
            sparse = type(dy) is not Tensor
            direct = not sparse and type(gradient) is tuple
            upstream: Sequence[Any] = (dy,) if not direct or observer is not None else ()
        else:  # one pass over the outputs (comprehensions and generators cost more)
            collected: list[Any] = []
            connected = sparse = direct = False
            for i in output_ids:
                g = pop(i, None)
                collected.append(g)
                if g is not None:  # not count(None): it calls Tensor.__eq__
                    connected = True
                    sparse = sparse or type(g) is not Tensor
                    if i in source_ids:
                        results[i] = g
            if not connected:
                if release and observer is not None:
                    observer.released(rec)
                continue
            upstream = collected
        if direct:
            whole = None
        elif sparse:  # below a gather (IndexedSlices): densified, or passed on (Identity, ...)
            upstream, whole = upstream_gradients(rec, upstream, tracked)
            if whole is None and type(gradient) is not tuple:
                whole = gradient_of(rec.op)(rec, *upstream)
        else:  # one function for all inputs (`whole`), or several outputs
            whole = None if type(gradient) is tuple else gradient_of(rec.op)(rec, *upstream)
        produced: list[Any] | None = [] if observer is not None else None  # the observer's
        k = -1
        for i in rec.input_ids:
            k += 1
            if i not in tracked:
                g = None
            elif whole is not None:
                g = whole[k]
            else:
                fn = gradient[k]
                g = None if fn is None else fn(rec, dy) if direct else fn(rec, *upstream)
            if produced is not None:
                produced.append(g)
            if g is not None:
                previous = get(i)
                if previous is None:
                    grads[i] = g
                else:
                    grads[i] = total = accumulate(previous, g)
                    if observer is not None:
                        observer.accumulated(i, g, total)
        if observer is not None:
            observer.step(rec, upstream, produced)
            if release:
                observer.released(rec)
    for i in source_ids:
        if i not in results and i in grads:
            results[i] = grads[i]
    return results


def release_all(records, observer=None):
    """What a non-persistent tape does after its one gradient call: drop every record."""
    if not any(records):  # the backward pass dropped them all already (any: at C speed)
        return
    for index, rec in enumerate(records):
        if rec is not None:
            records[index] = None
            if observer is not None:
                observer.released(rec)
