"""Creating tensors: constant, zeros, ones, *_like, fill, range, linspace, eye, one_hot.
Values and dtypes as TF prints them; Fill and LinSpace gradients; TF's errors."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError
from tests.engine.finite_differences import check_gradients


def values(t):
    return t.numpy().tolist()


# --- constant -----------------------------------------------------------------------------
def test_constant_follows_tf_conversions():
    assert tf.constant(1, dtype=tf.float32).dtype == tf.float32
    assert values(tf.constant(np.array([1.5]), dtype=tf.int32)) == [1]  # NumPy data is cast
    assert tf.constant(np.float64(1)).dtype == tf.float64
    assert tf.constant(2**40).dtype == tf.int64
    assert tf.constant(1, dtype="float64").dtype == tf.float64
    assert int(tf.constant(300, dtype=tf.uint8)) == 44  # TF wraps out-of-range ints
    assert int(tf.constant(-1, dtype=tf.uint8)) == 255
    assert values(tf.constant([1, 200], dtype=tf.int8)) == [1, -56]
    assert int(tf.constant(True, dtype=tf.int32)) == 1
    assert values(tf.constant(np.array([True]), dtype=tf.float32)) == [1.0]
    assert float(tf.constant(tf.Variable(1.0), dtype=tf.float64)) == 1.0


def test_constant_with_shape_fills_or_reshapes():
    assert values(tf.constant(7.0, shape=[2, 3])) == [[7.0] * 3] * 2
    assert values(tf.constant([[1.0, 2.0], [3.0, 4.0]], shape=[4])) == [1.0, 2.0, 3.0, 4.0]
    assert values(tf.constant(tf.constant([1.0, 2.0, 3.0, 4.0]), shape=[2, 2])) == [
        [1.0, 2.0],
        [3.0, 4.0],
    ]
    assert tf.constant([], shape=[0, 2]).shape == (0, 2)
    assert tf.constant([5.0], shape=[]).shape == ()


def test_constant_of_a_tensor_is_that_tensor_so_gradients_flow_as_in_tf():
    x = tf.constant([1.0, 2.0])
    assert tf.constant(x) is x and tf.constant(x, dtype=tf.float32) is x
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.constant(x) * 2.0
        z = tf.constant(x, shape=[2, 1]) * 2.0
    assert values(tape.gradient(y, x)) == [2.0, 2.0]
    assert tape.gradient(z, x) is None


@pytest.mark.parametrize(
    "call,error,message",
    [
        (
            lambda: tf.constant([1, 2], shape=(2, 2)),
            TypeError,
            "Eager execution of tf.constant with unsupported shape. Tensor [1 2] (converted from [1, 2])"
            " has 2 elements, but got `shape` (2, 2) with 4 elements).",
        ),
        (
            lambda: tf.constant(tf.constant([1, 2]), dtype=tf.float32),
            TypeError,
            "Expected tensor [1 2] with dtype tf.float32, but got dtype tf.int32.",
        ),
        (
            lambda: tf.constant(1.5, dtype=tf.int32),
            TypeError,
            "Cannot convert 1.5 to EagerTensor of dtype int32",
        ),
        (
            lambda: tf.constant(None),
            ValueError,
            "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
            "Tensor.",
        ),
        (
            lambda: tf.constant([[1], [1, 2]]),
            ValueError,
            "Can't convert non-rectangular Python sequence to Tensor.",
        ),
        (lambda: tf.constant(1.0, shape=[-1]), ValueError, "Dimension -1 must be >= 0"),
    ],
)
def test_constant_errors_as_tf(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert type(info.value) is error and str(info.value) == message


# --- zeros, ones, fill --------------------------------------------------------------------
def test_zeros_ones_and_likes():
    assert values(tf.zeros(3)) == [0.0, 0.0, 0.0] and tf.zeros(3).dtype == tf.float32
    z = tf.zeros((2, 3), tf.int32)
    assert z.dtype == tf.int32 and z.shape == (2, 3)
    assert tf.zeros([]).shape == () and tf.zeros(tf.constant([2, 1])).shape == (2, 1)
    assert values(tf.ones(2, tf.bool)) == [True, True]
    assert values(tf.zeros_like([1, 2])) == [0, 0] and tf.zeros_like([1, 2]).dtype == tf.int32
    o = tf.ones_like([1.0, 2.0], dtype=tf.int32)
    assert o.dtype == tf.int32 and values(o) == [1, 1]


def test_fill_takes_the_values_dtype_and_differentiates_to_the_sum():
    f = tf.fill([2, 2], 7)
    assert f.dtype == tf.int32 and values(f) == [[7, 7], [7, 7]]
    assert tf.fill(tf.constant([2]), tf.constant(3.0, tf.float64)).dtype == tf.float64
    a = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = tf.fill([2, 3], a)
    assert float(tape.gradient(y, a)) == 6.0  # as TF prints
    check_gradients(lambda t: tf.fill([2, 3], t) ** 3, np.array(0.7), order=2)


@pytest.mark.parametrize(
    "call,op_type,message",
    [
        (lambda: tf.fill([2, -1], 1.0), "Fill", "Dimension -1 must be >= 0"),
        (lambda: tf.zeros([2, -1]), "Fill", "Dimension -1 must be >= 0"),
        (lambda: tf.eye(-1), "Fill", "Dimension -1 must be >= 0"),
        (lambda: tf.fill([2], [1.0, 2.0]), "Fill", "value must represent a scalar, got shape [2]"),
        (
            lambda: tf.fill(tf.constant([2.0]), 1.0),
            "Fill",
            "Value for attr 'index_type' of float is not in the list of allowed values: int32, int64",
        ),
        (lambda: tf.range(0, 5, 0), "Range", "Requires delta != 0: 0"),
        (lambda: tf.range(5, 0, 1), "Range", "Requires start <= limit when delta > 0: 5/0"),
        (lambda: tf.range(0, 5, -1), "Range", "Requires start >= limit when delta < 0: 0/5"),
        (
            lambda: tf.linspace(0.0, 1.0, -1),
            "Range",
            "Requires start <= limit when delta > 0: 1/-1",
        ),
        (lambda: tf.one_hot([0, 1], -2), "OneHot", "depth must be non-negative, got: -2"),
        (
            lambda: tf.one_hot([0, 1], 3, axis=5),
            "OneHot",
            "Expected axis to be -1 or between [0, 2).  But received: 5",
        ),
        (
            lambda: tf.one_hot([0.0, 2.0], 3),
            "OneHot",
            "Value for attr 'TI' of float is not in the list of allowed values: uint8, int8, int32, "
            "int64",
        ),
    ],
)
def test_creation_errors_as_tf(call, op_type, message):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == f"{message} [Op:{op_type}]"


def test_zeros_with_a_float_shape_is_a_type_error():
    with pytest.raises(TypeError, match=r"^Cannot convert \[2.5\] to EagerTensor of dtype int32$"):
        tf.zeros([2.5])


# --- range, linspace ----------------------------------------------------------------------
def test_range_infers_the_widest_dtype_as_tf():
    r = tf.range(5)
    assert r.dtype == tf.int32 and values(r) == [0, 1, 2, 3, 4]
    assert tf.range(5.0).dtype == tf.float32
    assert values(tf.range(1, 5, 0.5)) == [1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5]
    assert tf.range(5, dtype=tf.float64).dtype == tf.float64
    assert values(tf.range(5, 0, -2)) == [5, 3, 1]
    assert tf.range(tf.constant(5, tf.int64)).dtype == tf.int64
    assert tf.range(0).shape == (0,)
    mixed = tf.range(tf.constant(1.0, tf.float64), 3)
    assert mixed.dtype == tf.float64 and values(mixed) == [1.0, 2.0]
    assert values(tf.range(0, 1, tf.constant(0.25, tf.float64))) == [0.0, 0.25, 0.5, 0.75]


def test_range_values_are_start_plus_i_times_delta_in_float32_as_tf():
    r = tf.range(0.0, 100.0, 0.7).numpy()
    expected = np.float32(0.7) * np.arange(143, dtype=np.float32)
    np.testing.assert_array_equal(r, expected)
    assert values(tf.range(0.0, 1.0, 0.1)) == [
        0.0,
        0.10000000149011612,
        0.20000000298023224,
        0.30000001192092896,
        0.4000000059604645,
        0.5,
        0.6000000238418579,
        0.699999988079071,
        0.800000011920929,
        0.9000000357627869,
    ]


def test_range_is_not_differentiable():
    a = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = tf.range(a, 5.0)
    assert tape.gradient(y, a) is None


def test_linspace_values_and_dtypes_as_tf():
    assert values(tf.linspace(0.1, 0.7, 7)) == [
        0.10000000149011612,
        0.19999998807907104,
        0.29999998211860657,
        0.3999999761581421,
        0.4999999701976776,
        0.5999999642372131,
        0.699999988079071,
    ]
    ints = tf.linspace(0, 1, 5)
    assert ints.dtype == tf.float64 and values(ints) == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert values(tf.linspace([0.0, 1.0], [1.0, 3.0], 3, axis=1)) == [
        [0.0, 0.5, 1.0],
        [1.0, 2.0, 3.0],
    ]
    assert values(tf.linspace([0.0, 1.0], [1.0, 3.0], 3, axis=-1)) == [
        [0.0, 0.5, 1.0],
        [1.0, 2.0, 3.0],
    ]
    assert values(tf.linspace([0.0, 5.0], [10.0, 40.0], 5, axis=0)) == [
        [0.0, 5.0],
        [2.5, 13.75],
        [5.0, 22.5],
        [7.5, 31.25],
        [10.0, 40.0],
    ]
    assert tf.linspace(0.0, 1.0, 0).shape == (0,)
    assert values(tf.linspace(0.0, 1.0, tf.constant(3))) == [0.0, 0.5, 1.0]


def test_linspace_gradients_match_tf():
    def grads(start, stop, num):
        start, stop = tf.constant(start), tf.constant(stop)
        with tf.GradientTape(persistent=True) as tape:
            tape.watch([start, stop])
            y = tf.linspace(start, stop, num)
        return values(tape.gradient(y, start)), values(tape.gradient(y, stop))

    assert grads(1.0, 3.0, 5) == (2.5, 2.5)
    assert grads(1.0, 3.0, 1) == (1.0, 0.0)
    assert grads([1.0, 2.0], [3.0, 5.0], 3) == ([1.5, 1.5], [1.5, 1.5])
    check_gradients(
        lambda a, b: tf.linspace(a, b, 4, axis=1) ** 2,
        np.array([0.3, -1.2]),
        np.array([2.0, 0.5]),
        order=2,
    )


def test_linspace_stop_must_convert_to_starts_dtype():
    with pytest.raises(
        ValueError,
        match=r"^stop: Tensor conversion requested dtype float32 for "
        r"Tensor with dtype float64",
    ):
        tf.linspace(0.0, tf.constant(1.0, tf.float64), 3)


# --- eye, one_hot -------------------------------------------------------------------------
def test_eye():
    assert values(tf.eye(2)) == [[1.0, 0.0], [0.0, 1.0]]
    assert tf.eye(2, dtype=tf.int32).dtype == tf.int32
    assert values(tf.eye(2, 3)) == [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    assert tf.eye(2, batch_shape=[1, 2]).shape == (1, 2, 2, 2)
    assert values(tf.eye(2, 3, batch_shape=[2])) == [[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]] * 2
    assert values(tf.eye(2, dtype=tf.bool)) == [[True, False], [False, True]]


def test_one_hot_as_tf():
    assert values(tf.one_hot([0, -1, 2, 5], 3)) == [[1, 0, 0], [0, 0, 0], [0, 0, 1], [0, 0, 0]]
    assert values(tf.one_hot([0, 2], 3, axis=0)) == [[1.0, 0.0], [0.0, 0.0], [0.0, 1.0]]
    hot = tf.one_hot([0, 2], 3, on_value=5, off_value=-1)
    assert hot.dtype == tf.int32 and values(hot) == [[5, -1, -1], [-1, -1, 5]]
    assert tf.one_hot([0, 2], 3, dtype=tf.float64).dtype == tf.float64
    assert tf.one_hot([0, 2], 3, on_value=tf.constant(2.0, tf.float64)).dtype == tf.float64
    assert tf.one_hot([[0, 2]], 3).shape == (1, 2, 3)
    assert tf.one_hot(tf.constant([0, 1], tf.int64), 3).dtype == tf.float32
    with pytest.raises(TypeError) as info:
        tf.one_hot([0, 1], 3, on_value=1, off_value=0.0)
    assert str(info.value) == (
        "dtype <dtype: 'int32'> of on_value does not match dtype <dtype: 'float32'> of off_value"
    )


def test_one_hot_is_not_differentiable_even_in_its_values():
    on = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(on)
        y = tf.one_hot([0, 1], 3, on_value=on)
    assert tape.gradient(y, on) is None
