"""tf.data pipelines as a debugger and a fit loop see them: map's ops are observed but not
taped (TF runs them in the dataset's graph), every loop starts a fresh iterator, and
elements are engine tensors in the structure they were built with."""

import numpy as np
import pytest

import engine as tf
from engine import hooks


class _OpLog(hooks.Observer):
    def __init__(self):
        self.ops = []

    def op_executed(self, op_type, inputs, outputs, record):
        self.ops.append((op_type, record))


@pytest.fixture
def op_log():
    log = _OpLog()
    hooks.observers.append(log)
    yield log
    hooks.observers.remove(log)


def test_map_ops_reach_observers_when_elements_are_produced(op_log):
    ds = tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0]).map(lambda x: tf.exp(x) * 2.0)
    op_log.ops.clear()  # building the dataset ran the function only to learn its spec
    with tf.GradientTape() as tape:
        values = [float(x) for x in ds]
    assert np.allclose(values, 2 * np.exp([1.0, 2.0, 3.0]))
    assert [op for op, _ in op_log.ops if op == "Exp"] == ["Exp"] * 3
    assert all(record is None for _, record in op_log.ops)  # no tape recorded them
    assert tape.watched_variables() == ()


def test_working_out_a_map_spec_is_not_shown_to_observers(op_log):
    tf.data.Dataset.range(3).map(lambda x: tf.cast(x, tf.float32) + 1.0)
    assert op_log.ops == []


def test_no_gradient_flows_from_mapped_elements_to_captured_variables():
    w = tf.Variable(3.0)
    ds = tf.data.Dataset.range(3).map(lambda x: tf.cast(x, tf.float32) * w)
    with tf.GradientTape() as tape:
        loss = tf.add_n(list(ds))
    assert float(loss) == 9.0
    assert tape.gradient(loss, w) is None


def test_ops_on_elements_inside_the_tape_are_recorded():
    w = tf.Variable(2.0)
    ds = tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        loss = tf.add_n([x * w for x in ds])
    assert float(tape.gradient(loss, w)) == 6.0


def test_each_loop_gets_a_fresh_iterator():
    ds = tf.data.Dataset.range(4).map(lambda x: x + 1)
    assert [int(x) for x in ds] == [int(x) for x in ds] == [1, 2, 3, 4]
    it = iter(ds)
    next(it)
    assert [int(x) for x in it] == [2, 3, 4]
    with pytest.raises(StopIteration):
        next(it)
    with pytest.raises(tf.errors.OutOfRangeError):
        it.get_next()


def test_a_fit_loop_can_consume_tuple_and_dict_elements():
    x = np.random.default_rng(0).random((10, 3)).astype(np.float32)
    y = np.arange(10, dtype=np.int64)
    for xb, yb in tf.data.Dataset.from_tensor_slices((x, y)).batch(4):
        assert isinstance(xb, tf.Tensor) and xb.dtype == tf.float32 and xb.shape[1:] == [3]
        assert yb.dtype == tf.int64 and yb.shape[0] == xb.shape[0]
    features, labels = next(iter(tf.data.Dataset.from_tensor_slices(({"a": x}, y)).batch(5)))
    assert list(features) == ["a"] and features["a"].shape == [5, 3]
    assert labels.numpy().tolist() == [0, 1, 2, 3, 4]


def test_elements_take_tfs_conversion_dtypes():
    first = next(iter(tf.data.Dataset.from_tensor_slices(([1.0], np.array([1.0]), [1], [True]))))
    assert [t.dtype for t in first] == [tf.float32, tf.float64, tf.int32, tf.bool]


def test_elements_are_new_tensors_not_the_sources_slices():
    source = tf.constant([1.0, 2.0])
    ds = tf.data.Dataset.from_tensor_slices(source)
    with tf.GradientTape() as tape:
        tape.watch(source)
        total = tf.add_n(list(ds))
    assert tape.gradient(total, source) is None


def test_map_spec_marks_dimensions_that_vary_as_unknown():
    ragged = tf.data.Dataset.range(1, 4).map(lambda n: tf.range(n))
    assert ragged.element_spec.shape.as_list() == [None]
    batched = tf.data.Dataset.from_tensor_slices(np.zeros((6, 2))).batch(4)
    assert batched.map(lambda b: b * 2.0).element_spec.shape.as_list() == [None, 2]
    assert batched.map(tf.reduce_sum).element_spec.shape.as_list() == []


def test_a_dataset_is_true_even_when_empty_or_infinite():
    assert bool(tf.data.Dataset.range(0)) and bool(tf.data.Dataset.range(1).repeat())


def test_cache_replays_the_first_full_pass():
    calls = []

    def note(x):
        calls.append(int(x))
        return x

    ds = tf.data.Dataset.range(3).map(note).cache()
    calls.clear()
    assert [int(x) for x in ds] == [int(x) for x in ds] == [0, 1, 2]
    assert calls == [0, 1, 2]


def test_missing_tf_data_symbols_say_so():
    with pytest.raises(
        AttributeError, match=r"engine does not implement tf\.data\.TFRecordDataset"
    ):
        tf.data.TFRecordDataset
    with pytest.raises(AttributeError, match=r"tf\.data\.experimental\.make_csv_dataset"):
        tf.data.experimental.make_csv_dataset


def test_building_a_map_prints_nothing_iterating_prints_each_element(capsys):
    ds = tf.data.Dataset.range(2).map(lambda x: print("element", int(x)) or x)
    assert capsys.readouterr().out == ""
    list(ds)
    assert capsys.readouterr().out == "element 0\nelement 1\n"


def test_windows_of_an_endless_dataset_are_made_lazily():
    windows = tf.data.Dataset.counter().window(3, shift=2)
    firsts = [[int(x) for x in w] for w in windows.take(3)]
    assert firsts == [[0, 1, 2], [2, 3, 4], [4, 5, 6]]


def test_from_generator_calls_the_generator_anew_for_each_iteration():
    calls = []

    def gen():
        calls.append(1)
        yield from range(3)

    ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec([], tf.int64))
    assert [int(x) for x in ds] == [int(x) for x in ds] == [0, 1, 2]
    assert len(calls) == 2


def test_as_numpy_iterator_hands_out_values_without_escape_events():
    class Escapes(hooks.Observer):
        count = 0

        def escaped(self, tensor, how):
            Escapes.count += 1

    observer = Escapes()
    hooks.observers.append(observer)
    try:
        values = list(tf.data.Dataset.range(3).as_numpy_iterator())
    finally:
        hooks.observers.remove(observer)
    assert values == [0, 1, 2] and Escapes.count == 0


def test_working_out_a_spec_leaves_a_single_use_generator_untouched():
    single_use = iter(range(4))
    ds = tf.data.Dataset.from_generator(
        lambda: single_use, output_signature=tf.TensorSpec([], tf.int32)
    ).map(lambda x: tf.range(x))
    assert ds.element_spec.shape.as_list() == [None]
    assert [x.shape[0] for x in ds] == [0, 1, 2, 3]
