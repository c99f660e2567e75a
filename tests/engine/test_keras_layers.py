"""keras.layers.Dense and Flatten: naming, building on the first call, values, dtypes, the
trainable flag, errors, and the name scope their ops are recorded under. Expected values and
messages are what TF 2.21 + Keras 3 give for the same code."""

import warnings

import numpy as np
import pytest

import engine as tf
from engine import hooks, name_scopes

K = tf.keras
Constant = K.initializers.Constant


@pytest.fixture(autouse=True)
def fresh_keras_names():
    K.backend.clear_session()


def test_seed_004_dense_gradients_and_variable_names():
    layer = tf.keras.layers.Dense(2, activation="relu")
    x = tf.constant([[1.0, 2.0, 3.0]])
    with tf.GradientTape() as tape:
        y = layer(x)
        loss = tf.reduce_mean(y**2)
    grad = tape.gradient(loss, layer.trainable_variables)
    printed = [f"{var.name}, shape: {g.shape}" for var, g in zip(layer.trainable_variables, grad)]
    # The seed prints tf.keras 2's names ('dense/kernel:0'); TF 2.21's Keras 3 prints the bare
    # name and keeps the path in .path, and the wrapped tf.Variable has the old name.
    assert printed == ["kernel, shape: (3, 2)", "bias, shape: (2,)"]
    assert [v.path for v in layer.trainable_variables] == ["dense/kernel", "dense/bias"]
    assert [v.value.name for v in layer.trainable_variables] == ["dense/kernel:0", "dense/bias:0"]


def test_default_names_count_up_per_kind():
    names = [
        K.layers.Dense(1).name,
        K.layers.Dense(1).name,
        K.layers.Flatten().name,
        K.layers.Dense(1, name="head").name,
    ]
    assert names == ["dense", "dense_1", "flatten", "head"]


def test_dense_builds_on_first_call_from_the_last_dimension():
    layer = K.layers.Dense(2, kernel_initializer="ones")
    assert not layer.built and layer.trainable_variables == [] and layer.weights == []
    with pytest.raises(
        AttributeError,
        match=r"^You must build the layer before accessing "
        r"`kernel`\.$",
    ):
        layer.kernel
    out = layer(tf.ones([1, 3]))
    assert layer.built and out.numpy().tolist() == [[3.0, 3.0]]
    assert layer.kernel.shape == (3, 2) and layer.bias.shape == (2,)
    assert repr(layer) == "<Dense name=dense, built=True>"


def test_dense_on_rank_3_inputs_matches_tensorflow():
    x = tf.reshape(tf.range(24, dtype=tf.float32) / 10.0, [2, 4, 3])
    layer = K.layers.Dense(
        2,
        activation="tanh",
        kernel_initializer=Constant([[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]]),
        bias_initializer=Constant([0.05, -0.05]),
    )
    np.testing.assert_allclose(
        layer(x).numpy(),
        [
            [
                [-0.019997334107756615, 0.10955849289894104],
                [-0.04995837062597275, 0.33637556433677673],
                [-0.07982975989580154, 0.5298956632614136],
                [-0.10955847799777985, 0.6804760694503784],
            ],
            [
                [-0.13909244537353516, 0.7894612550735474],
                [-0.16838102042675018, 0.8642753958702087],
                [-0.1973753273487091, 0.913785457611084],
                [-0.22602833807468414, 0.9457605481147766],
            ],
        ],
        rtol=2e-6,
        atol=1e-7,
    )


def test_dense_inputs_are_converted_like_keras():
    ones = K.initializers.Ones()
    assert K.layers.Dense(2, kernel_initializer=ones)(
        tf.constant([[1, 2, 3]])
    ).numpy().tolist() == [[6.0, 6.0]]  # integers are computed in floats
    out = K.layers.Dense(1)(tf.ones([1, 2], tf.float64))
    assert out.dtype == tf.float32  # float inputs are cast to the layer's dtype
    assert K.layers.Dense(2, kernel_initializer=ones)(np.ones((1, 3))).numpy().tolist() == [
        [3.0, 3.0]
    ]
    assert (
        K.layers.Dense(2, dtype="float64", kernel_initializer=ones)(tf.ones([1, 3])).dtype
        == tf.float64
    )


def test_dense_options():
    x = tf.constant([[1.0, -2.0]])
    layer = K.layers.Dense(
        2,
        activation=tf.nn.relu,
        use_bias=False,
        kernel_initializer=Constant([[1.0, -1.0], [1.0, 1.0]]),
    )
    assert layer(x).numpy().tolist() == [[0.0, 0.0]]
    assert layer.bias is None and [v.path for v in layer.weights] == ["dense/kernel"]
    assert layer.activation is tf.nn.relu
    named = K.layers.Dense(2, activation="sigmoid")
    assert named.activation is K.activations.sigmoid and named.units == 2
    assert K.layers.Dense(2).activation is K.activations.linear


def test_a_frozen_layer_keeps_its_weights_out_of_trainable_variables_but_tapes_still_watch():
    layer = K.layers.Dense(2, trainable=False, kernel_initializer="ones")
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(layer(tf.ones([1, 3])))
    assert layer.trainable_variables == []
    assert [v.path for v in layer.non_trainable_variables] == ["dense/kernel", "dense/bias"]
    assert [v.trainable for v in layer.variables] == [False, False]
    # TF 2.21: the Keras flag does not change the wrapped tf.Variable, which tapes watch.
    assert [v.name for v in tape.watched_variables()] == ["dense/kernel:0", "dense/bias:0"]
    assert tape.gradient(y, layer.kernel).numpy().tolist() == [[1.0, 1.0]] * 3


def test_setting_trainable_after_building_freezes_and_unfreezes():
    layer = K.layers.Dense(2)
    layer(tf.ones([1, 3]))
    layer.trainable = False
    assert layer.trainable_variables == [] and [v.trainable for v in layer.variables] == [
        False,
        False,
    ]
    layer.trainable = True
    assert len(layer.trainable_variables) == 2


def test_weights_can_be_read_and_set():
    layer = K.layers.Dense(2)
    assert layer.get_weights() == []
    layer(tf.ones([1, 2]))
    layer.set_weights([np.ones((2, 2)), np.zeros(2)])
    assert layer(tf.ones([1, 2])).numpy().tolist() == [[2.0, 2.0]]
    with pytest.raises(
        ValueError,
        match=r"^You called `set_weights\(weights\)` on layer 'dense' "
        "with a weight list of length 1, but the layer was "
        "expecting 2 weights.$",
    ):
        layer.set_weights([np.ones((2, 2))])


@pytest.mark.parametrize("units", [0, -1, 1.5, "3"])
def test_units_must_be_a_positive_integer(units):
    with pytest.raises(
        ValueError,
        match="^Received an invalid value for `units`, expected a "
        f"positive integer. Received: units={units}$",
    ):
        K.layers.Dense(units)


@pytest.mark.parametrize(
    "make, error, message",
    [
        (
            lambda: K.layers.Dense(2, activation="nope"),
            ValueError,
            "^Could not interpret activation function identifier: nope$",
        ),
        (
            lambda: K.layers.Dense(2, kernel_initializer="nope"),
            ValueError,
            "^Could not interpret initializer identifier: nope$",
        ),
        (
            lambda: K.layers.Dense(2, foo=1),
            ValueError,
            r"^Unrecognized keyword arguments passed to Dense: \{'foo': 1\}$",
        ),
        (
            lambda: K.layers.Dense(2, kernel_regularizer="l2"),
            AttributeError,
            "^engine does not implement tf.keras.layers.Dense.kernel_regularizer$",
        ),
    ],
)
def test_bad_arguments(make, error, message):
    with pytest.raises(error, match=message):
        make()


@pytest.mark.parametrize(
    "shape, message",
    [
        ([3], "expected min_ndim=2, found ndim=1. Full shape received: (3,)"),
        ([], "expected min_ndim=2, found ndim=0. Full shape received: ()"),
    ],
)
def test_dense_needs_a_batch_axis(shape, message):
    with pytest.raises(ValueError) as raised:
        K.layers.Dense(2)(tf.ones(shape))
    assert str(raised.value) == (
        f"Input 0 with name 'None' of layer 'dense' is incompatible with the layer: {message}"
    )


def test_a_built_dense_rejects_another_input_size():
    layer = K.layers.Dense(2)
    layer(tf.ones([1, 3]))
    with pytest.raises(ValueError) as raised:
        layer(tf.ones([1, 4]))
    assert str(raised.value) == (
        "Input 0 with name 'None' of layer 'dense' is incompatible with the layer: expected axis "
        "-1 of input shape to have value 3, but received input with shape (1, 4)"
    )


def test_positional_lists_of_numbers_are_rejected_as_keras_does():
    with pytest.raises(
        ValueError,
        match=r"^Only input tensors may be passed as positional "
        r"arguments\. The following argument value should be "
        r"passed as a keyword argument: 1\.0",
    ):
        K.layers.Dense(2)([[1.0, 2.0, 3.0]])


def test_input_shape_argument_warns():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        layer = K.layers.Dense(2, input_shape=(3,))
    assert not layer.built
    assert "Do not pass an `input_shape`/`input_dim` argument to a layer." in str(caught[0].message)


@pytest.mark.parametrize("shape, expected", [([2, 3, 4], [2, 12]), ([2], [2, 1])])
def test_flatten_keeps_the_batch_axis(shape, expected):
    assert K.layers.Flatten()(tf.ones(shape)).shape.as_list() == expected


def test_flatten_channels_first_flattens_in_channels_last_order():
    x = tf.reshape(tf.range(8.0), [2, 2, 2])
    assert K.layers.Flatten(data_format="channels_first")(x).numpy().tolist() == [
        [0.0, 2.0, 1.0, 3.0],
        [4.0, 6.0, 5.0, 7.0],
    ]


def test_flatten_dtypes_and_errors():
    assert K.layers.Flatten()(tf.ones([2, 2], tf.int32)).dtype == tf.int32
    assert K.layers.Flatten()(tf.ones([2, 2], tf.float64)).dtype == tf.float32
    flatten = K.layers.Flatten()
    assert flatten.trainable_variables == [] and not flatten.built
    with pytest.raises(ValueError, match="expected min_ndim=1, found ndim=0"):
        flatten(tf.ones([]))


def test_flatten_passes_gradients_back_in_the_input_shape():
    x = tf.constant(np.arange(12.0).reshape(2, 3, 2), tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(
            K.layers.Flatten()(x) * tf.constant(np.arange(12.0).reshape(2, 6), tf.float32)
        )
    assert tape.gradient(y, x).numpy().tolist() == np.arange(12.0).reshape(2, 3, 2).tolist()


class ScopeRecorder(hooks.Observer):
    def __init__(self):
        self.ops = []

    def op_executed(self, op_type, inputs, outputs, record):
        self.ops.append((op_type, name_scopes.current()))


def recorded_ops(run):
    recorder = ScopeRecorder()
    hooks.observers.append(recorder)
    try:
        run()
    finally:
        hooks.observers.remove(recorder)
    return recorder.ops


def test_a_dense_layer_records_its_ops_under_its_name():
    layer = K.layers.Dense(2, activation="relu", kernel_initializer="ones")
    x = tf.ones([1, 3])

    def run():
        with tf.name_scope("outer"):
            layer(x)
        tf.reduce_sum(x)

    ops = recorded_ops(run)
    # TF 2.21 traces Dense(2, 'relu') to MatMul, BiasAdd, Relu.
    assert [op for op, scope in ops if scope == "outer/dense"] == ["MatMul", "BiasAdd", "Relu"]
    assert ops[-1] == ("Sum", "")
    # The Keras path of the variables ignores the tf.name_scope around the call, as in Keras 3.
    assert [v.path for v in layer.variables] == ["dense/kernel", "dense/bias"]


def test_a_one_unit_dense_adds_its_bias_with_addv2_as_keras_does():
    layer = K.layers.Dense(1)
    x = tf.ones([2, 3])
    layer(x)
    assert [op for op, scope in recorded_ops(lambda: layer(x)) if scope == "dense"] == [
        "MatMul",
        "AddV2",
    ]


def test_dense_on_rank_3_inputs_runs_tensordot_ops_as_tf_traces_them():
    layer = K.layers.Dense(2)
    x = tf.ones([2, 4, 3])
    layer(x)
    # TF 2.21's trace: Reshape, MatMul, Reshape (tensordot), then BiasAdd.
    assert [op for op, _ in recorded_ops(lambda: layer(x))] == [
        "Reshape",
        "MatMul",
        "Reshape",
        "BiasAdd",
    ]
