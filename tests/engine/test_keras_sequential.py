"""keras.Sequential and keras.Input: building (on first call or ahead of data), variable paths,
adding and removing layers, freezing, errors, as TF 2.21 + Keras 3 behave."""

import numpy as np
import pytest

import engine as tf

K = tf.keras


@pytest.fixture(autouse=True)
def fresh_keras_names():
    K.backend.clear_session()


def paths(variables):
    return [v.path for v in variables]


def test_builds_on_first_call_under_the_model_path():
    model = K.Sequential([K.layers.Dense(4, activation="tanh"), K.layers.Dense(2)])
    assert (model.name, [layer.name for layer in model.layers]) == (
        "sequential",
        ["dense", "dense_1"],
    )
    assert not model.built and model.trainable_variables == []
    model(tf.ones([1, 3]))
    assert paths(model.trainable_variables) == [
        "sequential/dense/kernel",
        "sequential/dense/bias",
        "sequential/dense_1/kernel",
        "sequential/dense_1/bias",
    ]
    assert model.trainable_variables[0].name == "kernel"
    assert model.trainable_variables[0].value.name == "sequential/dense/kernel:0"
    assert repr(model) == "<Sequential name=sequential, built=True>"


def test_flatten_then_dense_computes_as_tensorflow():
    model = K.Sequential([K.layers.Flatten(), K.layers.Dense(2, kernel_initializer="ones")])
    assert model(tf.ones([2, 2, 3])).numpy().tolist() == [[6.0, 6.0], [6.0, 6.0]]
    assert model.layers[1].kernel.shape == (6, 2)
    assert paths(model.variables) == ["sequential/dense/kernel", "sequential/dense/bias"]


def test_keras_input_builds_the_model_ahead_of_data():
    model = K.Sequential([K.Input(shape=(3,)), K.layers.Dense(2)])
    assert model.built and paths(model.variables) == [
        "sequential/dense/kernel",
        "sequential/dense/bias",
    ]
    assert [layer.name for layer in model.layers] == ["dense"]  # the input is not a layer
    added = K.Sequential()
    added.add(K.Input(shape=(2, 3)))
    added.add(K.layers.Flatten())
    added.add(K.layers.Dense(1))
    assert added.built and added.layers[1].kernel.shape == (6, 1)


def test_an_input_shape_argument_builds_ahead_too():
    with pytest.warns(UserWarning, match="Do not pass an `input_shape`"):
        model = K.Sequential([K.layers.Dense(2, input_shape=(3,))])
    assert model.built and paths(model.variables) == [
        "sequential/dense/kernel",
        "sequential/dense/bias",
    ]


def test_nested_models_nest_their_paths():
    inner = K.Sequential([K.layers.Dense(2)])
    outer = K.Sequential([inner, K.layers.Dense(1)])
    outer(tf.ones([1, 3]))
    assert paths(outer.variables) == [
        "sequential_1/sequential/dense/kernel",
        "sequential_1/sequential/dense/bias",
        "sequential_1/dense_1/kernel",
        "sequential_1/dense_1/bias",
    ]


def test_add_pop_and_get_layer():
    model = K.Sequential()
    assert (model.layers, model.trainable_variables, model.built) == ([], [], False)
    model.add(K.layers.Dense(2, kernel_initializer="ones"))
    assert model(tf.ones([1, 3])).numpy().tolist() == [[3.0, 3.0]]
    removed = model.pop()
    assert removed.name == "dense" and model.layers == []
    model.add(K.layers.Dense(1))
    assert model(tf.ones([1, 3])).shape == (1, 1)
    assert paths(model.variables) == ["sequential/dense_1/kernel", "sequential/dense_1/bias"]
    assert model.get_layer(index=0).name == "dense_1"
    assert model.get_layer("dense_1") is model.layers[0]
    with pytest.raises(
        ValueError,
        match=r"^No such layer: nope. Existing layers are: "
        r"\['dense_1'\].$",
    ):
        model.get_layer("nope")


def test_training_argument_and_numpy_inputs():
    model = K.Sequential([K.layers.Dense(1, kernel_initializer="ones")])
    assert model(np.ones((2, 3)), training=False).numpy().tolist() == [[3.0], [3.0]]


def test_freezing_the_model_freezes_its_layers():
    model = K.Sequential([K.layers.Dense(2)])
    model(tf.ones([1, 3]))
    model.trainable = False
    assert model.trainable_variables == [] and not model.layers[0].trainable
    assert len(model.non_trainable_variables) == 2


@pytest.mark.parametrize(
    "make, error, message",
    [
        (
            lambda: K.Sequential()(tf.ones([1, 2])),
            ValueError,
            r"^Sequential model sequential cannot be built because it has no layers. Call "
            r"`model.add\(layer\)`.$",
        ),
        (
            lambda: K.Sequential().add(3),
            ValueError,
            r"^Only instances of `keras.Layer` can be added to a Sequential model. Received: 3 "
            r"\(of type <class 'int'>\)$",
        ),
        (lambda: K.Sequential([3]), ValueError, "^Only instances of `keras.Layer` can be added"),
        (lambda: K.Sequential(K.layers.Dense(2)), TypeError, "'Dense' object is not iterable"),
        (
            lambda: K.Sequential([K.layers.Dense(2, name="a"), K.layers.Dense(2, name="a")]),
            ValueError,
            "^All layers added to a Sequential model should have unique names. Name 'a' "
            "is already the name of a layer in this model.",
        ),
    ],
)
def test_misuse(make, error, message):
    with pytest.raises(error, match=message):
        make()


def test_a_built_model_rejects_another_input_size():
    model = K.Sequential([K.layers.Dense(2)])
    model(tf.ones([1, 3]))
    with pytest.raises(
        ValueError,
        match="expected axis -1 of input shape to have value 3, but "
        r"received input with shape \(1, 4\)",
    ):
        model(tf.ones([1, 4]))


def test_the_same_layer_twice_is_allowed():
    layer = K.layers.Dense(3)
    model = K.Sequential([layer, layer])
    model(tf.ones([1, 3]))
    assert len(model.variables) == 2


def test_whole_model_saving_is_outside_the_subset():
    model = K.Sequential([K.layers.Dense(2)])
    for method in ("save", "to_json"):
        with pytest.raises(
            AttributeError, match=f"^engine does not implement tf.keras.Sequential.{method}$"
        ):
            getattr(model, method)


def test_the_model_casts_float64_inputs_to_its_float32_dtype_as_tf_does():
    x = tf.constant([[1.0000001, 2.0, 3.0]], tf.float64)
    model = K.Sequential([K.layers.Dense(2, dtype="float64", kernel_initializer="ones")])
    y = model(x)
    # TF 2.21 prints float64 [[6.0000001192092896, ...]]: x went through float32 first.
    assert y.dtype == tf.float64 and y.numpy().tolist() == [[6.0000001192092896] * 2]
    assert K.Sequential([K.layers.Dense(2)])(x).dtype == tf.float32
