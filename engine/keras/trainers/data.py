"""What fit/evaluate/predict iterate over: batches of (x, y, sample_weight) from NumPy arrays,
tensors, lists of them, or any iterable yielding such tuples (a tf.data Dataset, a generator),
as Keras 3's data adapters give them (float64 arrays arrive as float32 tensors)."""

import math

import numpy as np

import engine as tf  # circular on purpose: tensors are made when batches are

from .. import symbolic


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


class ArrayBatches:
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
        self.num_batches = math.ceil(self.size / self.batch_size)
        self._all_batches = self.num_batches
        self._pending = None
        if steps:
            self.num_batches = steps

    def __iter__(self):
        if self.num_batches == self._all_batches:
            yield from self._one_pass()
            return
        # steps_per_epoch: an epoch takes the next batches, where the last one stopped (as
        # Keras's epoch iterator), going over the data again when it runs out.
        for _ in range(self.num_batches):
            batch = next(self._pending, None) if self._pending is not None else None
            if batch is None:
                self._pending = self._one_pass()
                batch = next(self._pending)
            yield batch

    def _one_pass(self):
        order = np.arange(self.size)
        if self.shuffle:
            order = np.random.permutation(self.size)
        for step in range(self._all_batches):
            index = order[step * self.batch_size : (step + 1) * self.batch_size]
            yield tuple(
                part
                for part in (
                    _take(self.x, index),
                    None if self.y is None else _take(self.y, index),
                    None if self.sample_weight is None else _take(self.sample_weight, index),
                )
            )


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


class IterableBatches:
    """Batches from an iterable of tuples (a Dataset, a generator): used as they come."""

    def __init__(self, data, steps=None):
        self.data = data
        self._steps = steps
        self.num_batches = steps
        if steps is None and hasattr(data, "__len__"):
            try:
                self.num_batches = len(data)
            except TypeError:
                self.num_batches = None
        self._iterator = None

    def __iter__(self):
        # With steps_per_epoch an epoch goes on where the last one stopped (a new pass when
        # the data ran out), as Keras's epoch iterator; otherwise each epoch is a new pass.
        if self._steps is None or self._iterator is None:
            self._iterator = iter(self.data)
        step = 0
        while self.num_batches is None or step < self.num_batches:
            batch = next(self._iterator, _END)
            if batch is _END and self._steps is not None and step == 0:
                self._iterator = iter(self.data)
                batch = next(self._iterator, _END)
            if batch is _END:
                return
            x, y, sample_weight = unpack_x_y_sample_weight(batch)
            yield (
                symbolic.map_structure(_as_tensor, x),
                None if y is None else symbolic.map_structure(_as_tensor, y),
                None
                if sample_weight is None
                else symbolic.map_structure(_as_tensor, sample_weight),
            )
            step += 1


_END = object()


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
