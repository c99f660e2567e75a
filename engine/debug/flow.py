"""Following gradients through a call's recorded steps, as the backward loop moved them.

The loop keeps one pending gradient per tensor: a step pops the gradients of its op's outputs
(a source's popped gradient becomes its result) and adds what it produced for each input,
summing into a gradient already pending (an accumulation). `walk` re-enacts exactly that from
the capture's data; memory.py counts the bytes of what is pending after each step, and
replay.py carries values through it to reproduce the call's results.

A variable's reads (one RawTensor per version) all flow into the variable itself, as in the
engine, where every read carries the variable's id.
"""

from typing import Any


def flow_key(tensor):
    return tensor.variable if tensor.variable is not None else tensor.id


def walk(call, convert=None, add=None):
    """Yields (pass_index, step, pending, results) after each step, and (pass_index, None,
    pending, final results) at the end of each pass. `pending`/`results` map flow keys to
    `convert(gradient RawTensor)` (the RawTensor itself by default); an accumulation keeps
    `add(previous, convert(contribution), total RawTensor)` (the recorded total by default)."""
    convert = convert or (lambda g: g)
    source_keys = {flow_key(s) for s in call.sources}
    seeds: dict[int, list[Any]] = {}
    steps: dict[int, list[Any]] = {}
    for pass_index, target, gradient in call.seeds:
        seeds.setdefault(pass_index, []).append((target, gradient))
    for step in call.steps:
        steps.setdefault(step.pass_index, []).append(step)
    for pass_index in range(call.passes):
        pending = {flow_key(t): convert(g) for t, g in seeds.get(pass_index, ())}
        results = {}
        for step in steps.get(pass_index, ()):
            for out, _ in step.upstream:
                key = flow_key(out)
                popped = pending.pop(key, None)
                if popped is not None and key in source_keys:
                    results[key] = popped
            accumulations = iter(step.accumulations)
            for inp, gradient in step.produced:
                if gradient is None:
                    continue
                key = flow_key(inp)
                previous = pending.get(key)
                if previous is None:
                    pending[key] = convert(gradient)
                    continue
                _, contribution, total = next(accumulations)
                pending[key] = (
                    convert(total) if add is None else add(previous, convert(contribution), total)
                )
            yield pass_index, step, pending, results
        yield pass_index, None, pending, final_results(call, pending, results)


def final_results(call, pending, results):
    """What the loop returns at the end of a pass: popped results, then sources still pending."""
    out = dict(results)
    for source in call.sources:
        key = flow_key(source)
        if key not in out and key in pending:
            out[key] = pending[key]
    return out
