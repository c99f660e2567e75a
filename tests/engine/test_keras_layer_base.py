"""The base Layer: training and mask arguments as Keras 3 passes them, tracking and the state
lock, configs, counts, input specs, and errors inside `call` retold as Keras retells them."""

import numpy as np
import pytest

import engine as tf

K = tf.keras


@pytest.fixture(autouse=True)
def fresh_keras_names():
    K.backend.clear_session()


class Probe(K.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seen = []

    def call(self, x, training=None):
        self.seen.append(training)
        return x


def test_training_comes_from_the_argument_the_outer_call_or_the_default():
    class Outer(K.layers.Layer):
        def __init__(self):
            super().__init__()
            self.inner = Probe()

        def call(self, x):  # takes no `training`: Keras still passes it down
            return self.inner(x)

    outer = Outer()
    outer(tf.ones(1), training=True)
    outer(tf.ones(1))
    # the first call also ran `call` once to build the unbuilt sublayer, as Keras does
    assert outer.inner.seen == [None, True, None]


def test_fit_trains_with_training_true_and_predict_with_false():
    probe = Probe()
    model = K.Sequential([K.Input((2,)), probe, K.layers.Dense(1)])
    model.compile("sgd", "mse")
    probe.seen.clear()
    model.fit(np.ones((2, 2)), np.ones((2, 1)), verbose=0)
    model.predict(np.ones((2, 2)), verbose=0)
    assert probe.seen == [True, False]


def test_a_built_layer_refuses_new_state():
    class Late(K.layers.Layer):
        def build(self, shape):
            self.w = self.add_weight(shape=(shape[-1],), name="w")

        def call(self, x):
            return x * self.w

    layer = Late()
    layer(tf.ones((1, 2)))
    message = "You cannot add new elements of state"
    with pytest.raises(ValueError, match=message):
        layer.more = K.layers.Dense(2)
    with pytest.raises(ValueError, match=message):
        layer.add_weight(shape=(1,), name="late")
    layer.w = layer.w  # an already tracked variable is fine


def test_tf_variables_are_not_keras_weights():
    class Mixed(K.layers.Layer):
        def build(self, shape):
            self.raw = tf.Variable(tf.ones((shape[-1], 1)))
            self.k = self.add_weight(shape=(1,), name="k", initializer="zeros")

        def call(self, x):
            return x @ self.raw + self.k

    layer = Mixed()
    layer(tf.ones((1, 2)))
    assert [v.name for v in layer.weights] == ["k"] and layer.count_params() == 1


def test_own_trainable_weights_come_before_non_trainable_ones():
    class Order(K.layers.Layer):
        def build(self, shape):
            self.a = self.add_weight(shape=(), name="a", trainable=False)
            self.b = self.add_weight(shape=(), name="b")

        def call(self, x):
            return x

    layer = Order()
    layer(tf.ones(1))
    assert [v.name for v in layer.weights] == ["b", "a"]


def test_config_of_a_layer_without_get_config_is_its_init_arguments():
    class Scaled(K.layers.Layer):
        def __init__(self, factor=2.0, **kwargs):
            super().__init__(**kwargs)
            self.factor = factor

        def call(self, x):
            return x * self.factor

    config = Scaled(3.0, name="s").get_config()
    assert config["factor"] == 3.0 and config["trainable"] is True
    assert config["dtype"]["config"] == {"name": "float32"}
    assert Scaled.from_config(config).factor == 3.0


def test_count_params_of_an_unbuilt_layer_raises():
    with pytest.raises(ValueError, match="isn't built"):
        K.layers.Dense(2).count_params()


def test_input_specs_speak_keras():
    class Matrix(K.layers.Layer):
        def __init__(self):
            super().__init__()
            self.input_spec = K.layers.InputSpec(ndim=2)

        def call(self, x):
            return x

    with pytest.raises(
        ValueError, match=r"expected ndim=2, found ndim=3\. Full shape received: \(1, 2, 3\)"
    ):
        Matrix()(tf.ones((1, 2, 3)))


def test_an_error_inside_call_names_the_layer_and_its_arguments():
    class Broken(K.layers.Layer):
        def call(self, x, training=None):
            raise ValueError("bad input")

    with pytest.raises(ValueError) as raised:
        Broken()(tf.ones((2, 3)), training=True)
    lines = str(raised.value).splitlines()
    assert lines[0] == "Exception encountered when calling Broken.call()."
    assert lines[2] == "\x1b[1mbad input\x1b[0m"
    assert lines[4:] == [
        "Arguments received by Broken.call():",
        "  • x=tf.Tensor(shape=(2, 3), dtype=float32)",
        "  • training=True",
    ]


def test_an_error_is_retold_once_by_the_innermost_layer():
    class Broken(K.layers.Layer):
        def call(self, x):
            raise ValueError("bad input")

    model = K.Sequential([Broken()])
    with pytest.raises(ValueError, match=r"^Exception encountered when calling Broken\.call"):
        model(tf.ones((1, 2)))
