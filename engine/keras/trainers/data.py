"""What fit/evaluate/predict iterate over: batches of (x, y, sample_weight) from NumPy arrays,
tensors, lists of them, or any iterable yielding such tuples (a tf.data Dataset, a generator),
as Keras 3's data adapters give them (float64 arrays arrive as float32 tensors)."""

import math
import secrets
import warnings

import numpy as np

from ...ops.philox import Philox
from ...ops.random_distributions import shuffle_indices
from ...ops.random_ops import function_graph_seeds
from .. import _tf as tf, symbolic


def unpack_x_y_sample_weight(data):
    """keras.utils.unpack_x_y_sample_weight."""
    if isinstance(data, list):
        data = tuple(data)
    if not isinstance(data, tuple):
        return data, None, None
    if len(data) == 1:
        return data[0], None, None
    if len(data) == 2:
        return data[0], data[1], None
    if len(data) == 3:
        return data
    raise ValueError(
        "Data is expected to be in format `x`, `(x,)`, `(x, y)`, or `(x, y, sample_weight)`, "
        f"found: {data}"
    )


def _is_array_like(value):
    return value is None or all(
        isinstance(leaf, (np.ndarray, list, int, float)) or tf.is_tensor(leaf)
        for leaf in symbolic.flatten(value)
    )


def _as_array(x):
    array = np.asarray(x.numpy() if tf.is_tensor(x) else x)
    if array.dtype == np.float64:
        array = array.astype(np.float32)  # Keras's adapters cast floats to floatx
    return array


class _EpochBatches:
    """Epochs of batches as Keras's EpochIterator._enumerate_iterator hands them out, over
    passes that `_new_pass()` starts (a new dataset iterator each: for a shuffled Dataset
    each draws its own seeds, so when passes start matters). With the size of a pass known,
    an epoch that uses a pass up starts the next one at its end (which the next epoch drops
    unless steps_per_epoch is set: each such epoch then takes up where the last stopped,
    and ends early, with Keras's warning, when its pass runs out); unknown, an epoch is a
    new pass to its end."""

    def __init__(self, steps, pass_size):
        self._steps = steps
        self._pass_size = pass_size
        self.num_batches = steps or pass_size
        self._current = None
        self._seen = 0

    def _new_pass(self):
        raise NotImplementedError

    def __iter__(self):
        steps = self._steps or self._pass_size
        if not steps:
            self._current, self._seen = self._new_pass(), 0
            for batch in self._current:
                self._seen += 1
                yield batch
            self._pass_size = self._seen + 1  # Keras counts the step that found the end
            _ran_out()
            self._current = None
            return
        if self._current is None or self._steps is None:
            self._current, self._seen = self._new_pass(), 0
        for _ in range(steps):
            if self._pass_size and self._seen >= self._pass_size:
                if self._steps:
                    _ran_out()
                break
            self._seen += 1
            batch = next(self._current, _END)
            if batch is _END:
                if self._pass_size is None:
                    self._pass_size = self._seen
                _ran_out()
                self._current = None
                return
            yield batch
        if self._pass_size and self._seen >= self._pass_size:
            self._current, self._seen = self._new_pass(), 0


def _ran_out():
    warnings.warn(
        "Your input ran out of data; interrupting training. Make sure that your dataset or "
        "generator can generate at least `steps_per_epoch * epochs` batches. You may need to "
        "use the `.repeat()` function when building your dataset.",
        stacklevel=3,
    )


_END = object()


class ArrayBatches(_EpochBatches):
    """Batches of arrays sliced along their first axis."""

    def __init__(
        self,
        x,
        y=None,
        sample_weight=None,
        batch_size=None,
        shuffle=False,
        class_weight=None,
        steps=None,
    ):
        self.x = symbolic.map_structure(_as_array, x)
        self.y = None if y is None else symbolic.map_structure(_as_array, y)
        if sample_weight is not None:
            sample_weight = symbolic.map_structure(_as_array, sample_weight)
        if class_weight is not None and self.y is not None:
            sample_weight = _class_weights(self.y, class_weight)
        self.sample_weight = sample_weight
        self.size = _cardinality(self.x, self.y, self.sample_weight)
        self.batch_size = batch_size or 32
        self.shuffle = shuffle
        super().__init__(steps, math.ceil(self.size / self.batch_size))

    def peek(self):
        """The first batch in sample order (its shapes build the model; nothing is drawn)."""
        return self._batch(np.arange(min(self.batch_size, self.size)))

    def _new_pass(self):
        order = epoch_order(self.size, self.batch_size, self.shuffle)
        return (
            self._batch(order[start : start + self.batch_size])
            for start in range(0, self.size, self.batch_size)
        )

    def _batch(self, index):
        return (
            _take(self.x, index),
            None if self.y is None else _take(self.y, index),
            None if self.sample_weight is None else _take(self.sample_weight, index),
        )


def epoch_order(size, batch_size, shuffle):
    """The samples' order in one epoch, as Keras's TensorFlow backend draws it
    (ArrayDataAdapter.get_tf_dataset): tf.random.shuffle of tf.range(size, int64) in a tf.data
    map function or, for shuffle="batch", of each batch's indices in another, one kernel
    drawing for every batch. Either is the first random op of its function's graph, so it
    runs with seeds (global seed, 0), and each epoch's new iterator makes the kernel afresh:
    with a global seed every epoch has the same order, as TF 2.21 with Keras 3.15 gives."""
    order = np.arange(size)
    if not shuffle:
        return order
    seeds = function_graph_seeds(0)
    if seeds[0] is None:
        seeds = secrets.randbits(64), secrets.randbits(64)  # no global seed: fresh entropy
    generator = Philox.from_seeds(*seeds)
    if shuffle != "batch":
        return shuffle_indices(generator, size)
    for start in range(0, size, batch_size):
        chunk = order[start : start + batch_size]
        order[start : start + batch_size] = chunk[shuffle_indices(generator, len(chunk))]
    return order


def _take(structure, index):
    return symbolic.map_structure(lambda a: tf.constant(a[index]), structure)


def _cardinality(*structures):
    sizes = {}
    for name, structure in zip(("x", "y", "sample_weight"), structures):
        if structure is not None:
            sizes[name] = [len(a) for a in symbolic.flatten(structure)]
    if len({n for values in sizes.values() for n in values}) > 1:
        shown = "".join(
            f"'{name}' sizes: {', '.join(map(str, values))}\n" for name, values in sizes.items()
        )
        raise ValueError(
            "Data cardinality is ambiguous. Make sure all arrays contain the same number of "
            f"samples.{shown}"
        )
    return next(iter(sizes.values()))[0]


def _class_weights(y, class_weight):
    labels = symbolic.flatten(y)[0]
    if labels.ndim > 1 and labels.shape[-1] > 1:
        labels = np.argmax(labels, axis=-1)
    labels = labels.reshape(labels.shape[0], -1)[:, 0] if labels.ndim > 1 else labels
    return np.asarray([class_weight.get(int(c), 1.0) for c in labels], dtype=np.float32)


class IterableBatches(_EpochBatches):
    """Batches from an iterable of tuples (a Dataset, a generator): used as they come."""

    def __init__(self, data, steps=None):
        self.data = data
        pass_size = None
        if hasattr(data, "__len__"):
            try:
                pass_size = len(data)
            except TypeError:
                pass_size = None
        super().__init__(steps, pass_size)

    def peek(self):
        """The first batch, or a Dataset's element specs (so that no iterator is made and no
        shuffle seeds drawn, as Keras's TF backend builds the model when it first traces)."""
        spec = getattr(self.data, "element_spec", None)
        if spec is not None:
            return unpack_x_y_sample_weight(spec)
        return next(iter(self), None)

    def _new_pass(self):
        iterator = iter(self.data)  # now: a shuffled Dataset draws its seeds when iterated
        return (_converted(batch) for batch in iterator)


def _converted(batch):
    x, y, sample_weight = unpack_x_y_sample_weight(batch)
    return (
        symbolic.map_structure(_as_tensor, x),
        None if y is None else symbolic.map_structure(_as_tensor, y),
        None if sample_weight is None else symbolic.map_structure(_as_tensor, sample_weight),
    )


def _as_tensor(value):
    if tf.is_tensor(value):
        return value
    return tf.constant(_as_array(value))


def batches(
    x, y=None, sample_weight=None, batch_size=None, shuffle=False, class_weight=None, steps=None
):
    """The right batcher for `x`: arrays (with y, sample_weight) or an iterable of batches."""
    if _is_array_like(x) or isinstance(x, dict):
        return ArrayBatches(x, y, sample_weight, batch_size, shuffle, class_weight, steps)
    kind = "tf.data.Dataset" if hasattr(x, "element_spec") else "generator"
    for name, value, what in (
        ("y", y, "the targets"),
        ("sample_weights", sample_weight, "the sample weights"),
    ):
        if value is not None:
            raise ValueError(
                f"When providing `x` as a {kind}, `{name}` should not be passed. Instead, "
                f"{what} should be included as part of the {kind}."
            )
    return IterableBatches(x, steps)


def split_for_validation(x, y, sample_weight, validation_split):
    """Keras's train_validation_split: the last `validation_split` of the samples."""
    if not _is_array_like(x):
        raise ValueError(
            "`validation_split` is only supported for Tensors or NumPy arrays."
            f"Found incompatible type in the input: {[type(x)]}"
        )
    arrays = [
        symbolic.map_structure(_as_array, s) if s is not None else None
        for s in (x, y, sample_weight)
    ]
    size = len(symbolic.flatten(arrays[0])[0])
    split_at = math.floor(size * (1.0 - validation_split))
    if split_at == 0 or split_at == size:
        raise ValueError(
            f"Training data contains {size} samples, which is not sufficient to split it into "
            f"a validation and training set as specified by `validation_split={validation_split}`. "
            "Either provide more data, or a different value for the `validation_split` argument."
        )
    first = [
        None if a is None else symbolic.map_structure(lambda v: v[:split_at], a) for a in arrays
    ]
    second = [
        None if a is None else symbolic.map_structure(lambda v: v[split_at:], a) for a in arrays
    ]
    return first, second
