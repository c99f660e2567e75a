"""A training loop's program, and its capture stretched to any number of steps, for the training
view's tests and its benchmark (benchmarks/training_view_open.py).

10,000 sandboxed steps take the sandbox about a minute, so a real 5-step run of the same loop is
captured with every step kept and stretched to `steps` per-step records, then uploaded through
`POST /api/captures` as a user's engine.debug script would."""

import json
import urllib.request


def training_loop(steps: int) -> str:
    """A `steps`-step Keras training loop whose inputs grow 6x for step 120."""
    return f'''"""A {steps}-step training loop whose inputs grow 6x for one step"""
import tensorflow as tf

tf.keras.utils.set_random_seed(7)  # weights too: a re-run repeats every step
x = tf.random.normal([64, 8])
y = tf.reduce_sum(x, axis=1, keepdims=True)
model = tf.keras.Sequential([
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(1),
])
optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)

for step in range({steps}):
    inputs = x * 6.0 if step == 120 else x
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(inputs) - y) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
'''


def long_run_capture(steps: int):
    """The loop's capture with `steps` step records: steps 0-2 and the last two are real kept
    steps, the rest copies of step 2 with a decaying loss and a norm jump half way. The records
    are written as rows (schema 1.3, as a stored capture of that version has them), which the
    capture reads as columns."""
    import engine.debug
    from engine.debug.step_rows import step_rows

    short = engine.debug.capture_program(training_loop(5), keep="all")
    real = step_rows(short, None, 0, 5)[0]
    assert len(real) == 5 and all(r.kept for r in real)
    kept_at = {0: real[0], 1: real[1], 2: real[2], steps - 2: real[3], steps - 1: real[4]}
    records = []
    for step in range(steps):
        if step in kept_at:
            records.append(kept_at[step].model_copy(update={"step": step}))
            continue
        decay = 1.0 / (1.0 + step / 500)
        records.append(
            real[2].model_copy(
                update={
                    "step": step,
                    "kept": False,
                    "reasons": [],
                    "calls": [],
                    "tapes": [],
                    "marks": ["jump"] if step == steps // 2 else [],
                    "losses": [real[2].losses[0] * decay],
                    "layer_norms": [n * decay for n in real[2].layer_norms],
                }
            )
        )
    site = short.sites[0].model_copy(update={"steps": steps, "kept": sorted(kept_at)})
    document = json.loads(short.to_json())
    document["schema"] = "1.3"
    document["steps"] = [record.model_dump(mode="json") for record in records]
    document["sites"] = [site.model_dump(mode="json", exclude_none=True)]
    return engine.debug.Capture.from_json(json.dumps(document))


def last_kept_tape(capture) -> str:
    """The first tape of the capture's last step (a kept one)."""
    from engine.debug.step_rows import step_rows

    total = step_rows(capture, None, 0, 0)[1]
    return step_rows(capture, None, total - 1, 1)[0][0].tapes[0]


def upload(base: str, capture) -> dict:
    """POST the capture to the server at `base`; the new run's summary."""
    request = urllib.request.Request(
        base + "/api/captures",
        data=capture.to_json().encode(),
        method="POST",
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=300) as response:
        return json.loads(response.read())
