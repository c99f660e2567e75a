"""The backward pass: one short loop over a tape's records in reverse order.

Records were appended in execution order, so reverse order is a topological order: when a
record is reached, every consumer of its outputs has already contributed to their gradients,
and those gradients can be popped. Each record's gradient rule has one shape, whatever form
its op module wrote it in (`OpDef.backward`, made by define(): engine/ops/gradient_rules.py).
Observation (engine.debug) plugs in through one hook, `observer.on_backward(event)` (an
engine.hooks.BackwardObserver; the events are engine/hooks.py's records: Seeded, Accumulated,
Stepped, Released). The caller reports Finished once the call's results are known (a jacobian
runs one pass per target element).
"""

from .hooks import Accumulated, Released, Seeded, Stepped
from .indexed_slices import sparse_backward
from .tensor import Tensor


def run_backward(records, seeds, source_ids, tracked, accumulate, observer=None, release=False):
    """Propagates `seeds` ({tensor id: gradient}) back to `source_ids`; returns {id: gradient}.

    Like TF, every record the targets' gradients reach is run (an op with no registered
    gradient raises even off the sources' paths), but an input the tape does not track (a
    constant, or a tensor only another tape watches) gets no gradient. `accumulate(a, b)` adds
    two gradients with engine ops, so outer tapes can record the sum. With `release`, each
    record is dropped from `records` once visited (a non-persistent tape).
    """
    observe = None if observer is None else observer.on_backward
    if observe is not None:
        observe(Seeded(seeds))
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
        if len(output_ids) == 1:  # most ops: no loop
            i = output_ids[0]
            dy = pop(i, None)
            if dy is None:
                upstream = None
            else:
                if i in source_ids:  # a source an op produced: its gradient so far
                    results[i] = dy
                upstream = (dy,)
                dense = type(dy) is Tensor
        else:
            upstream, dense = _upstream(output_ids, pop, source_ids, results)
        if upstream is None:  # no gradient reached the op's outputs
            if release and observe is not None:
                observe(Released(rec))
            continue
        # a gather's IndexedSlices (or a custom_gradient's number): engine/indexed_slices.py
        if dense:
            produced = rec.op.backward(rec, upstream, tracked)
        else:
            upstream, produced = sparse_backward(rec, upstream, tracked)
        k = -1
        for i in rec.input_ids:  # not zip() or enumerate(): they triple this loop's cost
            k += 1
            g = produced[k]
            if g is not None:
                previous = get(i)
                if previous is None:
                    grads[i] = g
                else:
                    grads[i] = total = accumulate(previous, g)
                    if observe is not None:
                        observe(Accumulated(i, g, total))
        if observe is not None:
            observe(Stepped(rec, upstream, produced, release))
    for i in source_ids:
        if i not in results and i in grads:
            results[i] = grads[i]
    return results


def _upstream(output_ids, pop, source_ids, results):
    """(one gradient per output, or None if none reached them; whether all are Tensors)."""
    upstream = []
    connected = False
    dense = True
    for i in output_ids:  # one pass (comprehensions and generators cost more)
        g = pop(i, None)
        upstream.append(g)
        if g is not None:  # not count(None): it calls Tensor.__eq__
            connected = True
            dense = dense and type(g) is Tensor
            if i in source_ids:
                results[i] = g
    return (tuple(upstream) if connected else None), dense


def release_all(records, observer=None):
    """What a non-persistent tape does after its one gradient call: drop every record."""
    if not any(records):  # the backward pass dropped them all already (any: at C speed)
        return
    for index, rec in enumerate(records):
        if rec is not None:
            records[index] = None
            if observer is not None:
                observer.on_backward(Released(rec))
