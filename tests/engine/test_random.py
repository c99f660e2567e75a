"""tf.random: TF's global/op seed semantics (checked against what TF 2.21 does: which calls
repeat and which differ), distributions, the ops recorded, and TF's errors. That the numbers
are TF's own is checked by tests/engine/test_philox.py and the differential corpus
(differential/cases_random.py)."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError


@pytest.fixture(autouse=True)
def _no_global_seed_afterwards():
    """Tests here set global seeds; later tests (in any file) start from an unseeded state."""
    yield
    tf.random.set_seed(None)


def _u(**kwargs):
    return float(tf.random.uniform([], **kwargs))


def test_an_op_seed_alone_gives_a_stream_that_set_seed_restarts():
    # TF 2.21: two calls with seed=1 differ; after set_seed(None) the same two values come back.
    tf.random.set_seed(None)
    first = (_u(seed=1), _u(seed=1))
    tf.random.set_seed(None)
    again = (_u(seed=1), _u(seed=1))
    assert first[0] != first[1]
    assert first == again


def test_a_global_seed_makes_the_whole_program_repeat():
    tf.random.set_seed(5)
    run1 = [
        _u(),
        _u(seed=1),
        _u(seed=1),
        _u(),
        float(tf.random.normal([])),
        tf.random.shuffle(np.arange(10), seed=2).numpy().tolist(),
    ]
    tf.random.set_seed(5)
    run2 = [
        _u(),
        _u(seed=1),
        _u(seed=1),
        _u(),
        float(tf.random.normal([])),
        tf.random.shuffle(np.arange(10), seed=2).numpy().tolist(),
    ]
    assert run1 == run2
    assert len(set(run1[:5])) == 5


def test_different_global_seeds_give_different_numbers():
    tf.random.set_seed(1)
    a = tf.random.normal([8]).numpy()
    tf.random.set_seed(2)
    b = tf.random.normal([8]).numpy()
    assert not np.array_equal(a, b)


def test_each_op_type_and_dtype_has_its_own_stream():
    # TF 2.21: a float64 draw with seed=1 in between does not shift the float32 stream, nor
    # does a normal draw shift the uniform one.
    tf.random.set_seed(5)
    first = _u(seed=1)
    tf.random.uniform([], seed=1, dtype=tf.float64)
    tf.random.normal([3], seed=1)
    second = _u(seed=1)
    tf.random.set_seed(5)
    assert (_u(seed=1), _u(seed=1)) == (first, second)


def test_unseeded_draws_differ():
    tf.random.set_seed(None)
    assert not np.array_equal(tf.random.normal([8]).numpy(), tf.random.normal([8]).numpy())


def test_distributions_dtypes_and_ranges():
    tf.random.set_seed(3)
    normal = tf.random.normal([20000], mean=2.0, stddev=3.0)
    assert normal.dtype == tf.float32 and normal.shape.as_list() == [20000]
    assert abs(float(np.mean(normal.numpy())) - 2.0) < 0.1
    assert abs(float(np.std(normal.numpy())) - 3.0) < 0.1
    truncated = tf.random.truncated_normal([20000], dtype=tf.float64).numpy()
    assert truncated.dtype == np.float64 and np.abs(truncated).max() <= 2.0
    assert 0.8 < float(np.std(truncated)) < 0.9  # a normal cut at 2 sigma has std 0.88
    uniform = tf.random.uniform([2, 3, 1000], minval=-1.0, maxval=3.0).numpy()
    assert uniform.shape == (2, 3, 1000) and uniform.min() >= -1.0 and uniform.max() < 3.0
    integers = tf.random.uniform([1000], 0, 5, dtype=tf.int32)
    assert integers.dtype == tf.int32 and set(integers.numpy().tolist()) == {0, 1, 2, 3, 4}
    assert tf.random.normal([]).shape.as_list() == []


def test_shuffle_permutes_the_first_axis_and_has_no_gradient():
    x = tf.constant(np.arange(12.0).reshape(6, 2))
    shuffled = tf.random.shuffle(x, seed=4).numpy()
    assert sorted(map(tuple, shuffled)) == sorted(map(tuple, x.numpy()))
    assert all(row[1] == row[0] + 1 for row in shuffled)  # rows move whole
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.random.shuffle(x, seed=4)
    assert tape.gradient(y, x) is None  # TF 2.21 prints None: RandomShuffle is not differentiable
    assert float(tf.random.shuffle(tf.constant(1.0), seed=1)) == 1.0


def test_mean_and_stddev_get_gradients_through_mul_and_add():
    mean, stddev = tf.constant(1.0), tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([mean, stddev])
        z = tf.random.normal([5], mean=mean, stddev=stddev, seed=3)
        total = tf.reduce_sum(z)
    assert [r.op.type for r in tape._records][:2] == ["Mul", "AddV2"]  # RandomStandardNormal: no
    sample = (z.numpy() - 1.0) / 2.0
    np.testing.assert_allclose(float(tape.gradient(total, stddev)), sample.sum(), rtol=1e-5)
    assert float(tape.gradient(total, mean)) == 5.0


def test_uniform_with_default_bounds_is_the_raw_sample_and_other_bounds_scale_it():
    lo, hi = tf.constant(1.0), tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch([lo, hi])
        tf.random.uniform([4], seed=1)
        tf.random.uniform([4], minval=lo, maxval=hi, seed=1)
    assert [r.op.type for r in tape._records] == ["Sub", "Mul", "AddV2"]  # as TF's eager ops


def test_errors_are_tensorflows():
    with pytest.raises(ValueError, match=r"^Must specify maxval for integer dtype tf.int32$"):
        tf.random.uniform([2], dtype=tf.int32)
    with pytest.raises(ValueError) as raised:
        tf.random.uniform([2], dtype=tf.bool)
    assert str(raised.value) == (
        "Argument `dtype` got invalid value <dtype: 'bool'>. Accepted dtypes are (tf.float16, "
        "tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64)."
    )
    with pytest.raises(InvalidArgumentError) as raised:
        tf.random.uniform([2], 5, 5, dtype=tf.int32, seed=1)
    assert str(raised.value) == "Need minval < maxval, got 5 >= 5 [Op:RandomUniformInt]"
    with pytest.raises(InvalidArgumentError) as raised:
        tf.random.normal([-2], seed=1)
    assert str(raised.value) == "Dimension -2 must be >= 0 [Op:RandomStandardNormal]"
    with pytest.raises(TypeError, match=r"^Cannot convert 0.0 to EagerTensor of dtype int32"):
        tf.random.normal([2], dtype=tf.int32)


def test_other_random_functions_are_named_as_missing():
    with pytest.raises(
        AttributeError,
        match=r"engine does not implement tf.random.stateless_parameterized_truncated_normal",
    ):
        tf.random.stateless_parameterized_truncated_normal


def test_a_forked_process_draws_fresh_unseeded_numbers():
    """The sandbox forks each program from one template process: unseeded draws must differ."""
    import os

    tf.random.set_seed(None)
    tf.random.normal([1])  # the parent has used its unseeded generator
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: report one unseeded draw and leave at once
        os.write(write_end, tf.random.normal([4]).numpy().tobytes())
        os._exit(0)
    os.waitpid(pid, 0)
    child = np.frombuffer(os.read(read_end, 16), np.float32)
    os.close(read_end)
    os.close(write_end)
    assert not np.array_equal(child, tf.random.normal([4]).numpy())
