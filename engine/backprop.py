"""The backward pass: one short loop over a tape's records in reverse order.

Records were appended in execution order, so reverse order is a topological order: when a
record is reached, every consumer of its outputs has already contributed to their gradients,
and those gradients can be popped. Observation (engine.debug) plugs in through `observer`.
"""
from .ops.registry import gradient_of


def run_backward(records, seeds, source_ids, tracked, accumulate, observer=None, release=False):
    """Propagates `seeds` ({tensor id: gradient}) back to `source_ids`; returns {id: gradient}.

    Like TF, every record the targets' gradients reach is run (an op with no registered
    gradient raises even off the sources' paths), but an input the tape never tracked (a
    constant) gets no gradient computed. `accumulate(a, b)` adds two gradients with engine
    ops, so outer tapes can record the sum. With `release`, each record is dropped from
    `records` once used (a non-persistent tape).
    """
    grads = dict(seeds)
    results = {}
    for index in range(len(records) - 1, -1, -1):
        rec = records[index]
        if rec is None:
            continue
        upstream = []
        for i in rec.output_ids:
            g = grads.pop(i, None)
            if i in source_ids and g is not None:
                results[i] = g
            upstream.append(g)
        if release:
            records[index] = None
            if observer is not None:
                observer.released(rec)
        if all(g is None for g in upstream):
            continue
        gradient = gradient_of(rec.op)
        if type(gradient) is tuple:
            # One function per input, called only for inputs the tape tracks (TF's
            # skip_input_indices): a constant operand costs nothing.
            produced = [None if fn is None or i not in tracked else fn(rec, *upstream)
                        for fn, i in zip(gradient, rec.input_ids)]
        else:
            produced = gradient(rec, *upstream)
        for i, g in zip(rec.input_ids, produced):
            if g is None:
                continue
            previous = grads.get(i)
            if previous is None:
                grads[i] = g
            else:
                grads[i] = total = accumulate(previous, g)
                if observer is not None:
                    observer.accumulated(i, g, total)
        if observer is not None:
            observer.step(rec, upstream, produced)
    for i in source_ids:
        if i not in results and i in grads:
            results[i] = grads[i]
    if observer is not None:
        observer.finished(results)
    return results


def release_all(records, observer=None):
    """What a non-persistent tape does after its one gradient call: drop every record."""
    for index, rec in enumerate(records):
        if rec is not None:
            records[index] = None
            if observer is not None:
                observer.released(rec)
