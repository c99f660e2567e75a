"""Keras's recurrent layers in the engine: gradients with respect to inputs, initial states and
weights against central finite differences in float64 (second order too, as TF has it), and
the per-step ops the debugger relies on (each step's MatMul/Sigmoid/Tanh under the cell's name
scope, as Keras 3's TF backend runs them on a CPU).
TF's own values are checked by the differential corpus (differential/cases_keras_rnn.py)."""

import numpy as np
import pytest

import engine as tf
from engine import hooks, name_scopes
from tests.engine.finite_differences import check_gradients

L = tf.keras.layers
X = np.cos(np.arange(2 * 4 * 3) * 0.9).reshape(2, 4, 3)
MASK = np.array([[True, True, False, True], [False, True, True, True]])


def fixed_weights(layer, scale=0.5):
    layer.set_weights(
        [
            np.sin(np.arange(w.size) * 0.7 + i).reshape(w.shape) * scale
            for i, w in enumerate(layer.get_weights())
        ]
    )
    return layer


def built(layer, shape=(2, 4, 3)):
    layer.build(shape)
    return fixed_weights(layer)


def weight_gradients_match_finite_differences(layer, call, eps=1e-6, rtol=1e-5, atol=1e-7):
    """d(sum of squares of call(layer))/d(each weight): the tape's against central differences
    taken by setting the weights."""
    with tf.GradientTape() as tape:
        loss = _loss(call(layer))
    grads = tape.gradient(loss, layer.trainable_variables)
    base = [np.array(w) for w in layer.get_weights()]  # 0-d weights come back as scalars
    for index, grad in enumerate(grads):
        expected = np.zeros_like(base[index])
        for k in range(base[index].size):
            values = []
            for sign in (1, -1):
                weights = [w.copy() for w in base]
                weights[index].reshape(-1)[k] += sign * eps
                layer.set_weights(weights)
                values.append(float(_loss(call(layer)).numpy()))
            expected.reshape(-1)[k] = (values[0] - values[1]) / (2 * eps)
        layer.set_weights(base)
        got = np.asarray(tf.convert_to_tensor(grad))
        np.testing.assert_allclose(got, expected, rtol=rtol, atol=atol, err_msg=f"weight {index}")


def _loss(outputs):
    return tf.add_n([tf.reduce_sum(tf.square(o)) for o in tf.nest.flatten(outputs)])


RECURRENT = {
    "SimpleRNN": lambda **kw: L.SimpleRNN(3, dtype="float64", **kw),
    "LSTM": lambda **kw: L.LSTM(3, dtype="float64", **kw),
    "GRU": lambda **kw: L.GRU(3, dtype="float64", **kw),
    "GRU(reset_after=False)": lambda **kw: L.GRU(3, reset_after=False, dtype="float64", **kw),
}
OPTIONS = [
    {},
    {"return_sequences": True},
    {"go_backwards": True, "unroll": True},
    {"return_state": True, "implementation": 1},
]


@pytest.mark.parametrize("kind", RECURRENT)
@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_input_gradients_match_finite_differences(kind, options):
    if kind == "SimpleRNN" and "implementation" in options:
        options = {"return_state": True}
    layer = built(RECURRENT[kind](**options))
    check_gradients(lambda x: _loss(layer(x)), X)


@pytest.mark.parametrize("kind", RECURRENT)
def test_masked_steps_carry_state_and_gradients_as_finite_differences(kind):
    layer = built(RECURRENT[kind](return_sequences=True, return_state=True))
    mask = tf.constant(MASK)
    check_gradients(lambda x: _loss(layer(x, mask=mask)), X)
    outputs = layer(tf.constant(X), mask=mask)[0].numpy()
    # a masked step repeats the previous output (zeros before the first unmasked step)
    np.testing.assert_array_equal(outputs[0, 2], outputs[0, 1])
    np.testing.assert_array_equal(outputs[1, 0], np.zeros(3))


@pytest.mark.parametrize("kind", RECURRENT)
def test_weight_gradients_match_finite_differences(kind):
    layer = built(RECURRENT[kind](return_sequences=True))
    weight_gradients_match_finite_differences(layer, lambda lay: lay(tf.constant(X)))


def test_lstm_second_order_input_gradients_match_finite_differences():
    layer = built(L.LSTM(2, dtype="float64"), (1, 3, 3))
    check_gradients(lambda x: _loss(layer(x)), X[:1, :3], order=2)


def test_gru_second_order_input_gradients_match_finite_differences():
    layer = built(L.GRU(2, dtype="float64"), (1, 3, 3))
    check_gradients(lambda x: _loss(layer(x)), X[:1, :3], order=2)


def test_initial_state_gradients_match_finite_differences():
    layer = built(L.LSTM(3, dtype="float64", return_sequences=True))
    x = tf.constant(X)
    check_gradients(lambda h, c: _loss(layer(x, initial_state=[h, c])), X[:, 0], -X[:, 1])


@pytest.mark.parametrize("merge_mode", ["concat", "sum", "mul", "ave"])
def test_bidirectional_gradients_match_finite_differences(merge_mode):
    layer = built(
        L.Bidirectional(
            L.GRU(2, dtype="float64", return_sequences=True),
            merge_mode=merge_mode,
            dtype="float64",  # else the float32 wrapper rounds the inputs first
        )
    )
    check_gradients(lambda x: _loss(layer(x)), X)
    weight_gradients_match_finite_differences(layer, lambda lay: lay(tf.constant(X)))


def test_stacked_cells_and_time_distributed_gradients_match_finite_differences():
    cells = [L.LSTMCell(2, dtype="float64"), L.SimpleRNNCell(2, dtype="float64")]
    # a float64 stack: RNN(cells) stacks them in a float32 layer, which rounds, as Keras's does
    stacked = built(L.RNN(L.StackedRNNCells(cells, dtype="float64"), dtype="float64"))
    check_gradients(lambda x: _loss(stacked(x)), X)
    dense = built(
        L.TimeDistributed(L.Dense(2, activation="tanh", dtype="float64"), dtype="float64")
    )
    check_gradients(lambda x: _loss(dense(x)), X)
    weight_gradients_match_finite_differences(dense, lambda lay: lay(tf.constant(X)))


def test_embedding_gradient_is_indexed_slices_matching_finite_differences():
    layer = L.Embedding(5, 2, dtype="float64")
    layer.build()
    fixed_weights(layer)
    ids = tf.constant([[1, 0, 4], [1, 1, 2]])
    with tf.GradientTape() as tape:
        loss = _loss(layer(ids))
    grad = tape.gradient(loss, layer.embeddings)
    assert type(grad).__name__ == "IndexedSlices"
    assert grad.indices.numpy().tolist() == [1, 0, 4, 1, 1, 2]
    weight_gradients_match_finite_differences(layer, lambda lay: lay(ids))


class _OpsByScope(hooks.Observer):
    def __init__(self):
        self.ops = []

    def op_executed(self, op_type, inputs, outputs, record):
        self.ops.append((name_scopes.current(), op_type))


def _recorded_ops(fn):
    observer = _OpsByScope()
    hooks.observers.append(observer)
    try:
        fn()
    finally:
        hooks.observers.remove(observer)
    return observer.ops


def test_lstm_runs_each_steps_ops_under_the_cells_name_scope():
    layer = built(L.LSTM(3))
    x = tf.constant(X.astype(np.float32))
    ops = _recorded_ops(lambda: layer(x))
    cell = [op for scope, op in ops if scope == f"{layer.name}/lstm_cell"]
    steps = X.shape[1]
    assert cell.count("MatMul") == 2 * steps
    assert cell.count("Sigmoid") == 3 * steps
    assert cell.count("Tanh") == 2 * steps
    assert cell.count("BiasAdd") == steps
    assert cell.count("Split") == steps
    outer = [op for scope, op in ops if scope == layer.name]
    # zero initial states (Fill), the first step sliced (for dropout masks), time-major steps,
    # the last output stacked and sliced, the outputs swapped back: as Keras's TF backend
    # runs them, unused ones too
    assert outer == [
        "Shape",
        "Fill",
        "Fill",
        "StridedSlice",
        "Transpose",
        "Unpack",
        "Pack",
        "StridedSlice",
        "Transpose",
    ]


def test_gru_and_masks_record_keras_ops():
    layer = built(L.GRU(3, return_sequences=True))
    x = tf.constant(X.astype(np.float32))
    ops = _recorded_ops(lambda: layer(x, mask=tf.constant(MASK)))
    outer = [op for scope, op in ops if scope == layer.name]
    assert outer.count("SelectV2") == 2 * X.shape[1]  # the output and the state, per step
    cell = [op for scope, op in ops if scope == f"{layer.name}/gru_cell"]
    assert cell.count("MatMul") == 2 * X.shape[1]
    assert cell.count("Sigmoid") == 2 * X.shape[1]


def test_vanishing_gradient_through_time_is_visible_per_step():
    # With small recurrent weights, the gradient of the last output wrt early inputs shrinks.
    layer = L.SimpleRNN(4, dtype="float64")
    layer.build((1, 30, 2))
    kernel, _, bias = layer.get_weights()
    layer.set_weights([np.full_like(kernel, 0.3), np.eye(4) * 0.2, np.zeros_like(bias)])
    x = tf.constant(np.ones((1, 30, 2)))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(layer(x))
    per_step = np.abs(tape.gradient(y, x).numpy()[0]).sum(axis=1)
    assert per_step[0] < 1e-12 < per_step[-1]
    assert np.all(np.diff(per_step) > 0)


def test_errors_name_the_layer():
    with pytest.raises(ValueError, match="layer 'lstm' is incompatible with the layer: expected"):
        L.LSTM(3, name="lstm")(np.ones((2, 4), np.float32))
    with pytest.raises(AttributeError, match="engine does not implement"):
        L.LSTM(3, stateful=True)
