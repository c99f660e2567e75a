"""Captures of any size built from the schema, for the large-tape measurements.

A real program of 20,000 recorded ops takes the sandbox longer to run and store than the browser
test should spend waiting, so the big tapes are built here directly as schema-valid `Capture`s
and uploaded through `POST /api/captures`, exactly as a user's `engine.debug` script would.
The network is a deep MLP: per layer a name scope with MatMul, AddV2 (bias) and an activation;
values and gradients are computed with NumPy so that the stepper has real numbers to show.
"""

import numpy as np

from engine.debug.schema import (
    BackwardStep,
    Capture,
    GradientCall,
    GradientResult,
    Histogram,
    MemoryPoint,
    MemoryTimeline,
    OpInfo,
    ProgramInfo,
    SavedTensor,
    SourceLocation,
    StepGradient,
    TapeInfo,
    TensorInfo,
    ValueSummary,
    WatchInfo,
)

FILE = "<synthetic>"


def summarize(value):
    value = np.asarray(value, dtype=np.float32)
    finite = value[np.isfinite(value)]
    lo, hi = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 0.0)
    span = (lo, hi) if hi - lo > 1e-30 else (lo - 0.5, lo + 0.5)
    counts, edges = np.histogram(finite.astype(np.float64), bins=8, range=span)
    return ValueSummary(
        shape=list(value.shape),
        dtype="float32",
        size=int(value.size),
        bytes=int(value.nbytes),
        min=float(finite.min()),
        max=float(finite.max()),
        mean=float(finite.mean()),
        std=float(finite.std()),
        norm=float(np.linalg.norm(finite)),
        zeros=int((value == 0).sum()),
        nans=int(np.isnan(value).sum()),
        infs=int(np.isinf(value).sum()),
        histogram=Histogram(edges=[float(e) for e in edges], counts=[int(c) for c in counts]),
        value=value.tolist() if value.size <= 64 else None,
    )


class _Builder:
    def __init__(self, source_lines):
        self.tensors, self.ops, self.values = [], [], {}
        self.seq = 0
        self.lines = source_lines

    def tensor(self, value, kind, name=None, op=None, line=1):
        tid = len(self.tensors)
        self.values[tid] = np.asarray(value, dtype=np.float32)
        self.tensors.append(
            TensorInfo(
                id=tid,
                name=name,
                dtype="float32",
                shape=list(np.shape(value)),
                kind=kind,
                op=op,
                location=SourceLocation(file=FILE, line=line, function="<module>"),
                summary=summarize(value),
            )
        )
        return tid

    def op(self, op_type, inputs, value, scope, line, saved_roles, pruned_roles):
        oid = len(self.ops)
        out = self.tensor(value, "intermediate", op=oid, line=line)
        saved = [self._saved(role, i, t) for role, i, t in self._roles(saved_roles, inputs, out)]
        pruned = [self._saved(role, i, t) for role, i, t in self._roles(pruned_roles, inputs, out)]
        self.seq += 1
        self.ops.append(
            OpInfo(
                id=oid,
                type=op_type,
                inputs=list(inputs),
                outputs=[out],
                scope=scope,
                location=SourceLocation(file=FILE, line=line, function="<module>"),
                tapes=[0],
                saved=saved,
                pruned=pruned,
                saved_bytes=sum(s.bytes for s in saved),
                unpruned_bytes=sum(s.bytes for s in saved + pruned),
                gradient="registered",
                seq=self.seq,
            )
        )
        return out

    @staticmethod
    def _roles(roles, inputs, out):
        for role in roles:
            if role == "out":
                yield "output", 0, out
            else:
                yield "input", role, inputs[role]

    def _saved(self, role, index, tid):
        return SavedTensor(tensor=tid, bytes=int(self.values[tid].nbytes), role=role, index=index)


SOURCE = """import tensorflow as tf

x = tf.constant(tf.random.normal((2, 4)))
layers = [tf.keras.layers.Dense(4, activation="sigmoid") for _ in range(LAYERS)]
with tf.GradientTape() as tape:
    h = x
    for layer in layers:
        h = layer(h)
    loss = tf.reduce_mean(tf.square(h))
grads = tape.gradient(loss, [v for layer in layers for v in layer.trainable_variables])
"""


def deep_mlp_capture(layers, width=4, batch=2, seed=0):
    """A capture of `layers` Dense layers (3 ops each) plus the loss (2 ops), all on one tape."""
    rng = np.random.default_rng(seed)
    b = _Builder(SOURCE)
    x = b.tensor(rng.normal(size=(batch, width)), "constant", name="x", line=3)
    h, params, forward = x, [], []
    for i in range(layers):
        scope = f"dense_{i}" if i else "dense"
        w = b.tensor(
            rng.normal(size=(width, width)) * 0.9, "variable", name=f"{scope}/kernel:0", line=4
        )
        bias = b.tensor(np.zeros(width), "variable", name=f"{scope}/bias:0", line=4)
        params += [w, bias]
        z = b.op("MatMul", (h, w), b.values[h] @ b.values[w], scope, 8, (0, 1), ())
        forward.append(("MatMul", len(b.ops) - 1))
        a = b.op("AddV2", (z, bias), b.values[z] + b.values[bias], scope, 8, (), ())
        forward.append(("AddV2", len(b.ops) - 1))
        s = 1 / (1 + np.exp(-b.values[a]))
        h = b.op("Sigmoid", (a,), s, scope, 8, ("out",), (0,))
        forward.append(("Sigmoid", len(b.ops) - 1))
    sq = b.op("Square", (h,), np.square(b.values[h]), "", 9, (0,), ())
    loss = b.op("Mean", (sq,), np.mean(b.values[sq]), "", 9, (), (0,))
    op_ids = [o.id for o in b.ops]
    capture = Capture(
        program=ProgramInfo(filename=FILE, source=SOURCE.replace("LAYERS", str(layers))),
        tensors=b.tensors,
        ops=b.ops,
    )
    capture.tapes = [
        TapeInfo(
            id=0,
            persistent=False,
            watch_accessed_variables=True,
            location=SourceLocation(file=FILE, line=5, function="<module>"),
            watched=[WatchInfo(tensor=p, seq=0, how="variable_read") for p in params],
            records=op_ids,
        )
    ]
    steps, grads = _backward(b, loss, params)
    results = [
        GradientResult(source_index=i, path=f"[{i}]", tensor=p, gradient=grads.get(p))
        for i, p in enumerate(params)
    ]
    capture.tensors = b.tensors
    capture.calls = [
        GradientCall(
            id=0,
            tape=0,
            kind="gradient",
            location=SourceLocation(file=FILE, line=10, function="<module>"),
            targets=[loss],
            sources=params,
            results=results,
            steps=steps,
            seq=b.seq + 1,
        )
    ]
    capture.memory = _memory(b, steps)
    return capture


def _backward(b, loss, params):
    """Reverse-mode over the recorded ops with NumPy; gradient tensors are appended to b.tensors."""
    grad_of = {loss: b.tensor(np.ones_like(b.values[loss]), "gradient", line=10)}
    steps = []
    for op in reversed(b.ops):
        out = op.outputs[0]
        if out not in grad_of:
            continue
        g = b.values[grad_of[out]]
        ins = [b.values[i] for i in op.inputs]
        if op.type == "MatMul":
            local = [g @ ins[1].T, ins[0].T @ g]
        elif op.type == "AddV2":
            local = [g, g.sum(axis=0)]
        elif op.type == "Sigmoid":
            s = b.values[out]
            local = [g * s * (1 - s)]
        elif op.type == "Square":
            local = [2 * ins[0] * g]
        else:  # Mean
            local = [np.full(ins[0].shape, g / ins[0].size, dtype=np.float32)]
        produced = []
        for tid, value in zip(op.inputs, local):
            gid = b.tensor(value, "gradient", line=10)
            produced.append(StepGradient(tensor=tid, gradient=gid))
            grad_of[tid] = gid
        steps.append(
            BackwardStep(
                index=len(steps),
                op=op.id,
                upstream=[StepGradient(tensor=out, gradient=grad_of[out])],
                produced=produced,
                accumulations=[],
                released_ops=[op.id],
                released_bytes=op.saved_bytes,
                bytes_alive=0,
            )
        )
    return steps, {p: grad_of.get(p) for p in params}


def _memory(b, steps):
    points, held, unpruned = [], 0, 0
    for op in b.ops:
        held += op.saved_bytes
        unpruned += op.unpruned_bytes
        points.append(
            MemoryPoint(
                index=len(points),
                phase="forward",
                op=op.id,
                tapes={"0": held},
                gradients=0,
                total=held,
                unpruned=unpruned,
            )
        )
    peak, peak_index = held, len(points) - 1
    in_flight = 0
    for step in steps:
        held -= step.released_bytes
        in_flight = sum(
            b.tensors[g.gradient].summary.bytes for g in step.produced if g.gradient is not None
        )
        step.bytes_alive = held + in_flight
        points.append(
            MemoryPoint(
                index=len(points),
                phase="backward",
                op=step.op,
                call=0,
                step=step.index,
                tapes={"0": held},
                gradients=in_flight,
                total=held + in_flight,
                unpruned=unpruned,
            )
        )
    return MemoryTimeline(points=points, peak=peak, peak_index=peak_index, unpruned_peak=unpruned)


if __name__ == "__main__":
    import sys

    layers = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(deep_mlp_capture(layers).to_json())
