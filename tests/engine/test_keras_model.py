"""Subclassed keras.Model and keras.layers.Layer: weights made in __init__ and build, sublayers
in attributes and lists, variable paths, frozen weights and gradients, as in TF 2.21/Keras 3."""

import numpy as np
import pytest

import engine as tf

K = tf.keras


@pytest.fixture(autouse=True)
def fresh_keras_names():
    K.backend.clear_session()


class MyModel(K.Model):
    def __init__(self):
        super().__init__()
        self.d1 = K.layers.Dense(3, activation="relu", kernel_initializer="ones")
        self.blocks = [
            K.layers.Dense(2, kernel_initializer="ones"),
            K.layers.Dense(1, kernel_initializer="ones"),
        ]
        self.w = self.add_weight(shape=(1,), initializer="ones", name="scale")

    def call(self, x, training=False):
        x = self.d1(x)
        for block in self.blocks:
            x = block(x)
        return x * self.w


class MyLayer(K.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.k = self.add_weight(shape=(input_shape[-1], self.units), initializer="ones", name="k")
        self.b = self.add_weight(
            shape=(self.units,), initializer="zeros", trainable=False, name="b"
        )

    def call(self, x):
        return tf.matmul(x, self.k) + self.b


def paths(variables):
    return [v.path for v in variables]


def test_subclassed_model_collects_its_weights_and_its_layers_weights():
    model = MyModel()
    assert (model.name, model.built) == ("my_model", False)
    assert model(tf.ones([1, 2])).numpy().tolist() == [[12.0]]
    expected = [
        "my_model/scale",
        "my_model/dense/kernel",
        "my_model/dense/bias",
        "my_model/dense_1/kernel",
        "my_model/dense_1/bias",
        "my_model/dense_2/kernel",
        "my_model/dense_2/bias",
    ]
    assert paths(model.trainable_variables) == expected and paths(model.variables) == expected
    assert [layer.name for layer in model.layers] == ["dense", "dense_1", "dense_2"]
    assert repr(model) == "<MyModel name=my_model, built=True>"
    assert MyModel().name == "my_model_1"


def test_gradients_of_a_subclassed_model_match_tensorflow():
    model = MyModel()
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(model(tf.ones([1, 2])))
    grads = tape.gradient(y, model.trainable_variables)
    assert [g.numpy().tolist() for g in grads] == [
        [12.0],
        [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0]],
        [2.0, 2.0, 2.0],
        [[2.0, 2.0], [2.0, 2.0], [2.0, 2.0]],
        [1.0, 1.0],
        [[6.0], [6.0]],
        [1.0],
    ]


def test_custom_layer_builds_its_weights_on_first_call():
    layer = MyLayer(2)
    assert layer.name == "my_layer"
    assert layer(tf.ones([1, 3])).numpy().tolist() == [[3.0, 3.0]]
    assert paths(layer.variables) == ["my_layer/k", "my_layer/b"]
    assert paths(layer.trainable_variables) == ["my_layer/k"]
    assert paths(layer.non_trainable_variables) == ["my_layer/b"]


def test_a_weight_made_non_trainable_is_not_watched_by_tapes():
    layer = MyLayer(2)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(layer(tf.ones([1, 3])))
    assert [v.name for v in tape.watched_variables()] == ["my_layer/k:0"]
    assert tape.gradient(y, layer.b) is None


def test_nested_custom_layers_nest_their_paths():
    MyLayer(1)  # takes the name 'my_layer'

    class Outer(K.layers.Layer):
        def __init__(self):
            super().__init__()
            self.inner = MyLayer(2)
            self.w0 = self.add_weight(shape=(), name="w0")

        def call(self, x):
            return self.inner(x) * self.w0

    outer = Outer()
    outer(tf.ones([1, 3]))
    assert outer.name == "outer"
    assert paths(outer.variables) == ["outer/w0", "outer/my_layer_1/k", "outer/my_layer_1/b"]


def test_training_a_subclassed_model_with_adam():
    model = MyModel()
    optimizer = K.optimizers.Adam(0.01)
    x, y = tf.ones([2, 2]), tf.constant([[1.0], [1.0]])
    losses = []
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = K.losses.MeanSquaredError()(y, model(x))
        optimizer.apply_gradients(
            zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables)
        )
        losses.append(float(loss))
    # TF 2.21 / Keras 3.15 printed these for the same loop.
    np.testing.assert_allclose(losses, [121.0, 108.98182678222656, 97.99317169189453], rtol=2e-6)
    expected = [
        [0.9701237678527832],
        [[0.9701103568077087] * 3] * 2,
        [-0.029889646917581558] * 3,
        [[0.9701191186904907] * 2] * 3,
        [-0.029906313866376877] * 2,
        [[0.970122218132019]] * 2,
        [-0.029922086745500565],
    ]
    for variable, want in zip(model.trainable_variables, expected):
        np.testing.assert_allclose(variable.numpy(), want, rtol=2e-6, atol=1e-7)


def test_whole_model_saving_names_the_gap():
    with pytest.raises(
        AttributeError, match=r"^engine does not implement tf\.keras\.MyModel\.save$"
    ):
        MyModel().save


def test_keras_variable_from_a_value_or_an_initializer():
    v = K.Variable(1.0)
    assert (v.path, v.trainable, v.dtype) == ("variable", True, tf.float32)
    w = K.Variable("ones", shape=(2,), name="w")
    assert (w.path, w.numpy().tolist()) == ("w", [1.0, 1.0])
    c = K.Variable(K.initializers.Constant(3.0), shape=(2,), trainable=False)
    assert (c.path, c.numpy().tolist(), c.trainable) == ("variable_1", [3.0, 3.0], False)
    with pytest.raises(
        ValueError,
        match=r"When creating a Variable from an initializer, the "
        r"`shape` argument should be specified\.",
    ):
        K.Variable("ones")
