"""Full values above the inline cap are kept beside the capture (capture.values), within a
per-array and a per-run budget, equal to the engine's arrays, without touching the JSON."""

import io
import json
import textwrap
import zipfile

import numpy as np
import pytest

import engine as tf
import engine.debug
from engine.debug import capture_program
from engine.debug.kept_values import KEPT_ARRAY_BYTES, KEPT_TOTAL_BYTES, KeptValues
from engine.debug.summaries import summarize, value_from_json, value_to_json

MLP = """
    import numpy as np
    import tensorflow as tf
    rng = np.random.default_rng(3)
    x = tf.constant(rng.normal(size=(16, 784)).astype(np.float32))
    w = tf.Variable(rng.normal(size=(784, 256)).astype(np.float32) * 0.05)
    b = tf.Variable(np.zeros(256, np.float32))
    with tf.GradientTape() as tape:
        h = tf.nn.relu(x @ w + b)
        loss = tf.reduce_sum(h * h)
    grad_w, grad_b = tape.gradient(loss, [w, b])
    """


def run(source, **options):
    return capture_program(textwrap.dedent(source), "program.py", **options)


def named(capture, name):
    return next(t for t in capture.tensors if t.name == name)


def mlp_arrays():
    """The MLP's inputs, as the program makes them, and its gradient for w, computed in float64
    with NumPy alone: d/dw sum(relu(xw + b)^2) = x^T (2 relu(xw + b))."""
    rng = np.random.default_rng(3)
    x = rng.normal(size=(16, 784)).astype(np.float32)
    w = rng.normal(size=(784, 256)).astype(np.float32) * np.float32(0.05)
    h = np.maximum(x.astype(np.float64) @ w.astype(np.float64), 0.0)
    return x, w, x.astype(np.float64).T @ (2.0 * h)


def test_a_784x256_weight_and_its_gradient_are_kept_and_equal_the_engines_arrays():
    capture = run(MLP)
    x, w, grad_w = mlp_arrays()
    w_info, g_info, x_info = named(capture, "w"), named(capture, "grad_w"), named(capture, "x")
    assert w_info.shape == [784, 256] and w_info.summary.value is None  # above the inline cap
    assert w_info.summary.full_value == g_info.summary.full_value == "kept"
    np.testing.assert_array_equal(capture.values[w_info.id], w)
    np.testing.assert_array_equal(capture.values[x_info.id], x)
    kept_grad = capture.values[g_info.id]
    assert kept_grad.dtype == np.float32 and kept_grad.shape == (784, 256)
    np.testing.assert_allclose(kept_grad, grad_w, rtol=1e-4, atol=1e-4)
    # ...and it is exactly the array the engine returned, run again without a capture.
    namespace = {}
    exec(textwrap.dedent(MLP).replace("import tensorflow as tf", "import engine as tf"), namespace)
    np.testing.assert_array_equal(kept_grad, namespace["grad_w"].numpy())


def test_small_values_stay_inline_and_are_not_kept_twice():
    capture = run(MLP)
    b = named(capture, "b")
    assert b.summary.value is not None and b.summary.full_value is None
    assert b.id not in capture.values
    assert all(
        t.summary.size > capture.limits["value_cap"]
        for t in capture.tensors
        if t.id in capture.values
    )


def test_the_json_only_gains_the_full_value_field_and_the_limits():
    kept = json.loads(run(MLP).to_json())
    plain = json.loads(run(MLP, keep_values=False).to_json())
    for document in (kept, plain):
        document.pop("created")
        for step in document["steps"]:
            step.pop("seconds")
        for tensor in document["tensors"]:
            tensor["summary"].pop("full_value", None)
        document["limits"].pop("kept_array_bytes")
        document["limits"].pop("kept_total_bytes")
    assert kept == plain
    capture = run(MLP)  # the JSON stays small: the 1.6 MB of large values are beside it
    assert len(capture.to_json()) < 40_000 and capture.values.nbytes > 1_600_000


def test_budgets_are_recorded_in_the_limits():
    assert run(MLP).limits["kept_array_bytes"] == KEPT_ARRAY_BYTES == 4 * 2**20
    assert run(MLP).limits["kept_total_bytes"] == KEPT_TOTAL_BYTES == 64 * 2**20
    limits = run(MLP, kept_array_bytes=1000, kept_total_bytes=5000).limits
    assert limits["kept_array_bytes"] == 1000 and limits["kept_total_bytes"] == 5000


def test_an_array_over_the_per_array_cap_is_not_kept_and_says_so():
    capture = run(MLP, kept_array_bytes=784 * 256 * 4 - 1)
    w, x = named(capture, "w"), named(capture, "x")
    assert w.summary.full_value == "array_too_large" and w.id not in capture.values
    assert x.summary.full_value == "kept"  # 16x784 float32 = 50,176 bytes
    assert all(capture.values[i].nbytes <= 784 * 256 * 4 - 1 for i in capture.values)


def test_the_run_budget_keeps_the_first_values_in_program_order():
    source = """
        import tensorflow as tf
        parts = [tf.ones([100, 100]) * float(i) for i in range(6)]
        """
    capture = run(source, kept_total_bytes=3 * 100 * 100 * 4)
    large = [t for t in capture.tensors if t.summary.size > capture.limits["value_cap"]]
    assert len(large) == 12  # each ones() and each product, in program order
    assert [t.summary.full_value for t in large] == ["kept"] * 3 + ["run_budget_used"] * 9
    assert sorted(capture.values) == [t.id for t in large[:3]]
    assert [capture.ops[t.op].type for t in large[:3] if t.op is not None][-1] == "Mul"
    product = next(t for t in large[:3] if t.op is not None and capture.ops[t.op].type == "Mul")
    np.testing.assert_array_equal(capture.values[product.id], np.zeros((100, 100)))
    assert capture.values.nbytes == 3 * 100 * 100 * 4


def test_keep_values_false_keeps_nothing():
    capture = run(MLP, keep_values=False)
    assert len(capture.values) == 0 and capture.values.to_npz() == b""
    assert named(capture, "w").summary.full_value == "off"
    assert capture.limits["kept_total_bytes"] == 0


def test_values_of_arrays_the_spill_let_go_are_kept_and_exact():
    """With a 200 kB held cap, the 40 kB products are summarized and dropped while the loop
    runs; their full values were kept before they went."""
    session = engine.debug.capture(held_cap=200_000)
    with session as capture:
        for i in range(60):
            tf.ones([100, 100]) * float(i)
    assert session.recorder.spill.drops > 0
    products = [t for t in capture.tensors if t.op is not None and capture.ops[t.op].type == "Mul"]
    assert len(products) == 60 and all(t.summary.full_value == "kept" for t in products)
    for i, t in enumerate(products):
        np.testing.assert_array_equal(capture.values[t.id], np.full((100, 100), float(i)))


def test_values_are_read_only_views_that_do_not_change_results():
    with engine.debug.capture() as capture:
        w = tf.Variable(np.arange(2000, dtype=np.float32))
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(w * w)
        g = tape.gradient(y, w)
    kept = capture.values[next(t.id for t in capture.tensors if t.name == "g")]
    assert not kept.flags.writeable
    with pytest.raises(ValueError):
        kept[0] = 1.0
    np.testing.assert_array_equal(g.numpy(), 2.0 * np.arange(2000, dtype=np.float32))
    np.testing.assert_array_equal(kept, g.numpy())


def test_the_same_program_keeps_the_same_values():
    first, second = run(MLP), run(MLP)
    assert sorted(first.values) == sorted(second.values)
    for tensor_id in first.values:
        np.testing.assert_array_equal(first.values[tensor_id], second.values[tensor_id])


def test_a_capture_read_from_json_has_no_values_but_equals_the_original():
    capture = run(MLP)
    again = engine.debug.Capture.from_json(capture.to_json())
    assert again == capture and len(again.values) == 0


def test_npz_round_trip_and_numpys_own_reader(tmp_path):
    capture = run(MLP)
    data = capture.values.to_npz()
    back = KeptValues.from_npz(data)
    assert sorted(back) == sorted(capture.values)
    with np.load(io.BytesIO(data), allow_pickle=False) as npz:
        for tensor_id, array in capture.values.items():
            np.testing.assert_array_equal(npz[f"t{tensor_id}"], array)
            np.testing.assert_array_equal(back[tensor_id], array)
    capture.values.save(tmp_path / "values.npz")
    assert (tmp_path / "values.npz").read_bytes() == data
    compressed = capture.values.to_npz(compress=True)
    assert len(compressed) < len(data)  # relu's zeros in h and its gradients
    for tensor_id, array in KeptValues.from_npz(compressed).items():
        np.testing.assert_array_equal(array, capture.values[tensor_id])


def _npz(entries):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, array in entries.items():
            with archive.open(name, "w") as entry:
                np.lib.format.write_array(entry, array, allow_pickle=True)
    return buffer.getvalue()


@pytest.mark.parametrize(
    "data, message",
    [
        (_npz({"t1.npy": np.zeros(300, np.float32)}), "per array"),
        (
            _npz({"t1.npy": np.zeros(200, np.float32), "t2.npy": np.zeros(200, np.float32)}),
            "the cap of 1,000",
        ),
        (_npz({"../t1.npy": np.zeros(2, np.float32)}), "unexpected entry"),
        (_npz({"t1.npy": np.array([{"a": 1}], dtype=object)}), "not one the engine makes"),
        (_npz({"t1.npy": np.zeros(2, np.complex64)}), "not one the engine makes"),
        (b"not a zip file", "not an .npz"),
    ],
)
def test_reading_refuses_what_breaks_the_caps_or_the_format(data, message):
    with pytest.raises(ValueError, match=message):
        KeptValues.from_npz(data, max_array_bytes=1000, max_total_bytes=1000)


def test_an_entry_whose_data_is_shorter_than_its_header_is_refused():
    good = _npz({"t1.npy": np.zeros(100, np.float32)})
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(good)) as source, zipfile.ZipFile(buffer, "w") as target:
        target.writestr("t1.npy", source.read("t1.npy")[:-8])
    with pytest.raises(ValueError, match="does not match its header"):
        KeptValues.from_npz(buffer.getvalue())


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "int32", "bool"])
def test_value_to_json_writes_a_value_as_the_capture_writes_it(dtype):
    rng = np.random.default_rng(5)
    array = (rng.normal(size=(30, 40)) * 100).astype(dtype)
    if array.dtype.kind == "f":
        array[0, :3] = [np.nan, np.inf, -np.inf]
    (inline,) = summarize([array], value_cap=10**6)
    encoded = value_to_json(array)
    assert encoded == inline["value"]
    decoded = value_from_json(json.loads(json.dumps(encoded)), dtype, array.shape)
    np.testing.assert_array_equal(decoded, array)
