"""tf.function: the Python function runs eagerly at every call (ops recorded, gradients exact),
while traces are counted, input signatures checked and results converted as TF does. What TF
prints is pinned in the differential corpus (cases_function.py); these tests check what it
cannot: the observer event, per-instance binding, concrete-function errors."""

import numpy as np
import pytest

import engine as tf
from engine import hooks
from tests.engine.finite_differences import SHAPES, check_gradients


class FunctionCalls(hooks.Observer):
    def __init__(self):
        self.calls = []

    def function_called(self, function, python_function):
        self.calls.append((function, python_function))


@pytest.fixture
def observed():
    observer = FunctionCalls()
    hooks.observers.append(observer)
    yield observer.calls
    hooks.observers.remove(observer)


def test_every_call_runs_the_python_function_and_is_reported(observed):
    runs = []

    def body(x):
        runs.append(x)
        return x * 2.0

    f = tf.function(body)
    for value in (1.0, 2.0, 3.0):
        f(tf.constant(value))
    assert len(runs) == 3
    assert [p for _, p in observed] == [body, body, body]
    assert f.experimental_get_tracing_count() == 1


def test_run_functions_eagerly_reports_nothing_and_keeps_python_results(observed):
    f = tf.function(lambda: 1)
    assert isinstance(f(), tf.Tensor)
    tf.config.run_functions_eagerly(True)
    try:
        assert f() == 1 and type(f()) is int
    finally:
        tf.config.run_functions_eagerly(False)
    assert len(observed) == 1


def test_ops_inside_are_recorded_on_the_outer_tape():
    w = tf.Variable([1.0, -2.0])

    @tf.function
    def loss(x):
        return tf.reduce_sum(tf.square(w * x))

    with tf.GradientTape() as tape:
        y = loss(tf.constant([3.0, 0.5]))
    types = [record.op.type for record in tape._records]
    assert types == ["Mul", "Square", "Sum"]
    np.testing.assert_allclose(tape.gradient(y, w).numpy(), [18.0, -1.0])


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_gradients_through_a_tf_function_match_finite_differences(shape):
    f = tf.function(lambda a: tf.sin(a) * tf.exp(-a))
    sample = np.random.default_rng(len(shape)).uniform(-1, 1, shape)
    check_gradients(f, sample, order=2)


def test_methods_bind_per_instance_with_their_own_traces():
    class Scale(tf.Module):
        def __init__(self, w):
            self.w = tf.Variable(w)

        @tf.function
        def __call__(self, x):
            return x * self.w

    a, b = Scale(2.0), Scale(3.0)
    assert float(a(tf.constant(1.0))) == 2.0 and float(b(tf.constant(1.0))) == 3.0
    a(tf.constant([1.0]))
    assert a.__call__ is a.__call__ and a.__call__ is not b.__call__
    assert a.__call__.experimental_get_tracing_count() == 2
    assert b.__call__.experimental_get_tracing_count() == 1
    assert Scale.__call__.experimental_get_tracing_count() == 0


def test_keras_layer_call_decorated_keeps_its_signature():
    class Double(tf.keras.layers.Layer):
        @tf.function
        def call(self, inputs, training=None):
            return inputs * (3.0 if training else 2.0)

    layer = Double()
    np.testing.assert_allclose(layer(tf.constant([1.0])).numpy(), [2.0])
    np.testing.assert_allclose(layer(tf.constant([1.0]), training=True).numpy(), [3.0])


def test_executing_eagerly_is_false_only_inside_a_traced_call():
    seen = []
    f = tf.function(lambda: seen.append(tf.executing_eagerly()))
    f()
    assert seen == [False] and tf.executing_eagerly()


def test_an_exception_inside_leaves_the_function_state_clean():
    @tf.function
    def fails(x):
        raise KeyError("inside")

    with pytest.raises(KeyError):
        fails(tf.constant(1.0))
    assert tf.executing_eagerly()


def test_reduce_retracing_generalizes_shapes():
    f = tf.function(lambda x: x, reduce_retracing=True)
    counts = []
    for shape in ([1], [2], [3], [1, 1], [1, 2]):
        f(tf.zeros(shape))
        counts.append(f.experimental_get_tracing_count())
    assert counts == [1, 2, 2, 3, 3]


def test_input_signature_converts_python_values_to_the_spec_dtype():
    f = tf.function(lambda x: x, input_signature=[tf.TensorSpec([2], tf.float64)])
    out = f([1, 2])
    assert out.dtype == tf.float64
    with pytest.raises(TypeError, match="Can not cast TensorSpec"):
        f(tf.constant([1.0, 2.0]))  # a float32 tensor is not converted


def test_concrete_function_rejects_a_tensor_of_another_dtype():
    f = tf.function(lambda x: x * 2)
    concrete = f.get_concrete_function(tf.TensorSpec([None], tf.float32))
    np.testing.assert_allclose(concrete(tf.constant([1.0, 2.0])).numpy(), [2.0, 4.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected to be a float tensor"):
        concrete(tf.constant([1]))
    with pytest.raises(TypeError, match="too many positional arguments"):
        concrete(tf.constant([1.0]), tf.constant([1.0]))
    assert concrete.name.startswith(b"__inference_<lambda>_")
    with pytest.raises(AttributeError, match="engine does not implement"):
        concrete.graph


def test_a_variable_created_at_every_call_raises_as_tf_does():
    @tf.function
    def f(x):
        v = tf.Variable(1.0)
        return v * x

    with pytest.raises(ValueError, match=r"only supports singleton tf\.Variables") as raised:
        f(tf.constant(2.0))
    assert "v = tf.Variable(1.0)" in str(raised.value)
    assert str(raised.value).startswith("in user code:")


def test_a_variable_created_once_under_a_guard_is_tf_s_supported_pattern():
    class Lazy(tf.Module):
        def __init__(self):
            self.v = None

        @tf.function
        def __call__(self, x):
            if self.v is None:
                self.v = tf.Variable(2.0)
            return self.v * x

    lazy = Lazy()
    assert float(lazy(tf.constant(1.0))) == 2.0 and float(lazy(tf.constant(3.0))) == 6.0
    assert lazy.__call__.experimental_get_tracing_count() == 2  # TF traces it twice
