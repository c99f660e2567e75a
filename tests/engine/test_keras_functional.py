"""The functional API: KerasTensors, the graph Keras builds (its layer order, shared layers,
nested models), shape inference that records nothing, and running the graph on real tensors
with exactly the ops of calling the layers by hand."""

import numpy as np
import pytest

import engine as tf
from engine import hooks

K = tf.keras


@pytest.fixture(autouse=True)
def fresh_keras_names():
    K.backend.clear_session()


class OpTypes(hooks.Observer):
    def __init__(self):
        self.types = []

    def op_executed(self, op_type, inputs, outputs, record):
        self.types.append(op_type)


def recorded_ops(function):
    observer = OpTypes()
    hooks.observers.append(observer)
    try:
        function()
    finally:
        hooks.observers.remove(observer)
    return observer.types


def test_inputs_are_keras_tensors_with_unknown_batch():
    x = K.Input((3,), name="pixels")
    assert (x.shape, x.dtype, x.name, x.ndim) == ((None, 3), "float32", "pixels", 2)
    layer, node_index, tensor_index = x._keras_history
    assert (type(layer).__name__, layer.name, node_index, tensor_index) == (
        "InputLayer",
        "pixels",
        0,
        0,
    )


def test_building_a_graph_runs_no_op_anyone_sees():
    def build():
        x = K.Input((3,))
        y = K.layers.Dense(4, activation="relu")(x)
        K.Model(x, K.layers.Dense(1)(y))

    assert recorded_ops(build) == []


def test_unknown_sizes_stay_unknown_through_a_layer_without_compute_output_shape():
    class Double(K.layers.Layer):
        def call(self, x):
            return tf.concat([x, x], axis=1)

    x = K.Input((None, 2))
    y = Double()(x)
    assert y.shape == (None, None, 2)
    z = Double()(K.Input((3, 2)))
    assert z.shape == (None, 6, 2)


def test_the_model_runs_the_same_ops_as_calling_the_layers_by_hand():
    x = K.Input((3,))
    hidden = K.layers.Dense(4, activation="tanh")
    out = K.layers.Dense(2)
    model = K.Model(x, out(hidden(x)))
    data = tf.constant(np.arange(6, dtype="float32").reshape(2, 3))
    by_model = recorded_ops(lambda: model(data))
    by_hand = recorded_ops(lambda: out(hidden(data)))
    assert by_model == by_hand == ["MatMul", "BiasAdd", "Tanh", "MatMul", "BiasAdd"]
    np.testing.assert_array_equal(model(data).numpy(), out(hidden(data)).numpy())


def test_layer_order_follows_keras_depths_and_walk():
    a = K.Input((3,), name="a")
    b = K.Input((2,), name="b")
    h = K.layers.Dense(2, name="h")(a)

    class Join(K.layers.Layer):
        def call(self, inputs):
            return tf.concat(inputs, axis=-1)

    joined = Join(name="join")([h, b])
    model = K.Model(
        [a, b], [K.layers.Dense(1, name="o1")(joined), K.layers.Dense(2, name="o2")(joined)]
    )
    # As TF 2.21 lists them for the same graph: deepest first, ties in walk order
    assert [layer.name for layer in model.layers] == ["a", "h", "b", "join", "o1", "o2"]
    assert [v.path for v in model.weights] == [
        "h/kernel",
        "h/bias",
        "o1/kernel",
        "o1/bias",
        "o2/kernel",
        "o2/bias",
    ]


def test_a_shared_layer_has_one_node_per_call_and_one_set_of_weights():
    shared = K.layers.Dense(2, kernel_initializer="ones")
    a, b = K.Input((3,)), K.Input((3,))
    model = K.Model([a, b], [shared(a), shared(b)])
    assert len(shared._inbound_nodes) == 2 and len(model.weights) == 2
    first, second = model([tf.ones((1, 3)), tf.ones((1, 3)) * 2.0])
    assert first.numpy().tolist() == [[3.0, 3.0]] and second.numpy().tolist() == [[6.0, 6.0]]


def test_a_nested_model_is_one_layer_of_the_outer_one():
    inner = K.Sequential(
        [K.Input((3,)), K.layers.Dense(2, kernel_initializer="ones")], name="inner"
    )
    x = K.Input((3,))
    outer = K.Model(x, K.layers.Dense(1, kernel_initializer="ones")(inner(x)))
    assert [layer.name for layer in outer.layers][1] == "inner"
    assert outer(tf.ones((1, 3))).numpy().tolist() == [[6.0]]
    with tf.GradientTape() as tape:
        y = outer(tf.ones((1, 3)))
    grads = tape.gradient(y, outer.trainable_variables)
    assert [g.shape.as_list() for g in grads] == [[3, 2], [2], [2, 1], [1]]


def test_inputs_by_name_and_wrong_counts():
    a, b = K.Input((3,), name="a"), K.Input((3,), name="b")
    model = K.Model([a, b], K.layers.Dense(1)(a))
    assert model({"a": tf.ones((2, 3)), "b": tf.ones((2, 3))}).shape == (2, 1)
    with pytest.raises(ValueError, match=r'Layer "functional" expects 2 named input\(s\)'):
        model(tf.ones((2, 3)))


def test_a_mask_follows_the_tensors_and_reaches_layers_that_take_one():
    seen = []

    class Zeros(K.layers.Layer):
        def compute_mask(self, inputs, mask=None):
            return tf.not_equal(inputs, 0.0)

        def call(self, inputs):
            return inputs

    class Show(K.layers.Layer):
        def call(self, inputs, mask=None):
            seen.append(None if mask is None else mask.numpy().tolist())
            return inputs

    y = Zeros()(tf.constant([[1.0, 0.0]]))
    Show()(y)
    Show()(K.layers.Dense(2)(y))  # Dense passes its input's mask on, as Keras's does
    assert seen == [[[True, False]], [[True, False]]]


def test_a_tf_op_on_a_keras_tensor_is_refused_as_tf_does():
    with pytest.raises(
        ValueError, match="A KerasTensor cannot be used as input to a TensorFlow function"
    ):
        tf.reduce_sum(K.Input((3,)))
