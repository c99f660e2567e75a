"""keras.layers Rescaling, Normalization (adapt, or a given mean/variance; invert) and
CategoryEncoding (one_hot, multi_hot, count through tf.math.bincount, as Keras's TF backend
encodes inputs of rank <= 2)."""

import itertools
import math
from typing import Any

import numpy as np

from ...missing import missing_attribute
from .. import _tf as tf, naming
from .arguments import base_config, keras_shape
from .layer import Layer


class Rescaling(Layer):
    def __init__(self, scale, offset=0.0, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True  # as Keras: masks pass through
        self.scale = scale
        self.offset = offset
        self.built = True

    def call(self, inputs):
        scale = tf.cast(self.scale, self._dtype)
        offset = tf.cast(self.offset, self._dtype)
        keras_shape(scale)
        return tf.cast(inputs, self._dtype) * scale + offset

    def get_config(self):
        return {**base_config(self), "scale": self.scale, "offset": self.offset}


class Normalization(Layer):
    _build_input_shape: Any  # None until built

    def __init__(self, axis=-1, mean=None, variance=None, invert=False, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True  # as Keras: masks pass through
        if axis is None:
            axis = ()
        elif isinstance(axis, int):
            axis = (axis,)
        else:
            axis = tuple(axis)
        self.axis = axis
        self.input_mean = mean
        self.input_variance = variance
        self.invert = invert
        self._build_input_shape = None
        self.mean = None
        if (mean is not None) != (variance is not None):
            raise ValueError(
                "When setting values directly, both `mean` and `variance` "
                f"must be set. Received: mean={mean} and variance={variance}"
            )
        if mean is not None:
            if np.shape(mean) != np.shape(variance):
                raise ValueError(
                    "When setting values directly, `mean` and `variance` "
                    "must have the same shape. Received: "
                    f"mean shape {np.shape(mean)} and variance shape {np.shape(variance)}"
                )
            if len(np.shape(mean)) > len(self.axis):
                raise ValueError(
                    "The rank of `mean` must be less than or equal to the "
                    f"number of axes ({len(self.axis)}). Received: "
                    f"mean shape {np.shape(mean)} for axis {self.axis}"
                )

    def build(self, input_shape):
        ndim = len(input_shape)
        self._build_input_shape = input_shape
        if any(a < -ndim or a >= ndim for a in self.axis):
            raise ValueError(
                "All `axis` values must be in the range [-ndim, ndim). "
                f"Received inputs with ndim={ndim}, while axis={self.axis}"
            )
        self._keep_axis = tuple(sorted(d if d >= 0 else d + ndim for d in self.axis))
        for d in self._keep_axis:
            if input_shape[d] is None:
                raise ValueError(
                    "All `axis` values to be kept must have a known shape. "
                    f"Received axis={self.axis}, inputs.shape={input_shape}, "
                    f"with unknown axis at index {d}"
                )
        self._reduce_axis = tuple(d for d in range(ndim) if d not in self._keep_axis)
        self._broadcast_shape = [input_shape[d] if d in self._keep_axis else 1 for d in range(ndim)]
        shape = tuple(input_shape[d] for d in self._keep_axis)
        self._mean_and_var_shape = shape
        if self.input_mean is None:
            self.adapt_mean = self.add_weight(
                name="mean", shape=shape, initializer="zeros", trainable=False
            )
            self.adapt_variance = self.add_weight(
                name="variance", shape=shape, initializer="ones", trainable=False
            )
            self.count = self.add_weight(
                name="count", shape=(), dtype="int64", initializer="zeros", trainable=False
            )
            self.built = True
            self.finalize_state()
        else:
            mean = tf.convert_to_tensor(self.input_mean)
            variance = tf.convert_to_tensor(self.input_variance)
            if mean.shape.rank != 0:
                expanded = [1] * ndim
                for i in range(1, mean.shape.rank + 1):
                    expanded[self._keep_axis[-i]] = mean.shape[-i]
                mean, variance = tf.reshape(mean, expanded), tf.reshape(variance, expanded)
            mean = tf.broadcast_to(mean, self._broadcast_shape)
            variance = tf.broadcast_to(variance, self._broadcast_shape)
            self.mean = tf.cast(mean, self._dtype)
            self.variance = tf.cast(variance, self._dtype)
            self.built = True

    def adapt(self, data):
        """Mean and variance of `data` over the axes not kept: an array or tensor at once, or
        an iterable of batches (a list, a generator) with Keras's running update."""
        batches = None
        if isinstance(data, np.ndarray) or tf.is_tensor(data):
            input_shape = tuple(data.shape)
        elif hasattr(data, "__iter__"):
            iterator = iter(data)
            first = next(iterator, None)
            if first is None:
                raise ValueError(
                    "adapt() received an empty iterable (no batches). "
                    "Expected at least one batch. Pass a non-empty iterable "
                    "of arrays or tensors, e.g. layer.adapt([x]) or "
                    "layer.adapt(list_of_batches)."
                )
            first = first[0] if isinstance(first, tuple) else first
            if getattr(first, "shape", None) is None:
                raise TypeError(
                    "adapt() expects an iterable that yields arrays or "
                    "tensors with a `.shape` attribute (e.g. numpy arrays or "
                    "backend tensors). Got an element of type "
                    f"{type(first).__name__}. Ensure each yielded "
                    "element is array-like with a `.shape` attribute."
                )
            input_shape = tuple(first.shape)
            batches = itertools.chain([first], iterator)
        else:
            raise TypeError(
                f"Unsupported data type: {type(data)}. `adapt` supports "
                "`np.ndarray`, backend tensors, `tf.data.Dataset`, "
                "`keras.utils.PyDataset`, and iterables of batches (e.g. "
                "list, generator)."
            )
        if not self.built:
            self.build(input_shape)
        else:
            for d in self._keep_axis:
                if input_shape[d] != self._build_input_shape[d]:
                    raise ValueError(
                        f"The layer was built with input_shape={self._build_input_shape}, "
                        "but adapt() is being called with data with "
                        f"an incompatible shape, data.shape={input_shape}"
                    )
        if batches is not None:
            total_mean, total_var = self._running_moments(batches)
        elif isinstance(data, np.ndarray):
            total_mean = np.mean(data, axis=self._reduce_axis)
            total_var = np.var(data, axis=self._reduce_axis)
        else:
            total_mean = tf.reduce_mean(data, axis=self._reduce_axis)
            total_var = tf.math.reduce_variance(data, axis=self._reduce_axis)
        self.adapt_mean.assign(total_mean)
        self.adapt_variance.assign(total_var)
        self.finalize_state()

    def _running_moments(self, batches):
        """Keras's streaming mean and variance over batches, weighted by their sizes."""
        total_mean = tf.zeros(self._mean_and_var_shape)
        total_var = tf.zeros(self._mean_and_var_shape)
        total_count = 0
        for batch in batches:
            batch = tf.cast(batch[0] if isinstance(batch, tuple) else batch, self._dtype)
            for d in self._keep_axis:
                expected = self._build_input_shape[d]
                if (
                    batch.shape[d] is not None
                    and expected is not None
                    and batch.shape[d] != expected
                ):
                    raise ValueError(
                        "adapt() yielded a batch with incompatible shape. Expected "
                        f"{self._build_input_shape}, got {tuple(batch.shape)}."
                    )
            batch_mean = tf.reduce_mean(batch, axis=self._reduce_axis)
            batch_var = tf.math.reduce_variance(batch, axis=self._reduce_axis)
            batch_count = math.prod(batch.shape[d] for d in self._reduce_axis)
            total_count += batch_count
            batch_weight = float(batch_count) / total_count
            existing_weight = 1.0 - batch_weight
            new_total_mean = total_mean * existing_weight + batch_mean * batch_weight
            total_var = (total_var + (total_mean - new_total_mean) ** 2) * existing_weight + (
                batch_var + (batch_mean - new_total_mean) ** 2
            ) * batch_weight
            total_mean = new_total_mean
        return total_mean, total_var

    def finalize_state(self):
        if self.input_mean is not None or not self.built:
            return
        self.mean = tf.cast(tf.reshape(self.adapt_mean, self._broadcast_shape), self._dtype)
        self.variance = tf.cast(tf.reshape(self.adapt_variance, self._broadcast_shape), self._dtype)

    def call(self, inputs):
        if self.mean is None:
            raise ValueError("You must call `.build(input_shape)` on the layer before using it.")
        inputs = tf.cast(inputs, self._dtype)
        denominator = tf.maximum(tf.sqrt(self.variance), 1e-7)
        if self.invert:
            return tf.add(self.mean, tf.multiply(inputs, denominator))
        return tf.divide(tf.subtract(inputs, self.mean), denominator)

    def get_config(self):
        return {
            **base_config(self),
            "axis": self.axis,
            "invert": self.invert,
            "mean": np.array(self.input_mean).tolist(),
            "variance": np.array(self.input_variance).tolist(),
        }


class CategoryEncoding(Layer):
    def __init__(self, num_tokens=None, output_mode="multi_hot", sparse=False, **kwargs):
        super().__init__(**kwargs)
        if output_mode == "binary":
            output_mode = "multi_hot"
        if output_mode not in ("count", "one_hot", "multi_hot"):
            raise ValueError(f"Unknown arg for output_mode: {output_mode}")
        if num_tokens is None:
            raise ValueError(
                "num_tokens must be set to use this layer. If the "
                "number of tokens is not known beforehand, use the "
                "IntegerLookup layer instead."
            )
        if num_tokens < 1:
            raise ValueError(f"`num_tokens` must be >= 1. Received: num_tokens={num_tokens}.")
        if sparse:
            raise missing_attribute("tf.keras.layers.CategoryEncoding", "sparse")
        self.num_tokens = num_tokens
        self.output_mode = output_mode
        self.sparse = sparse
        self.built = True

    def __call__(self, inputs, count_weights=None):
        # Keras passes the inputs through unconverted (no autocast of integer ids).
        inputs = tf.convert_to_tensor(inputs)
        with naming.keras_scope(self.name, self):
            return self.call(inputs, count_weights=count_weights)

    def call(self, inputs, count_weights=None):
        if count_weights is not None:
            if self.output_mode != "count":
                raise ValueError(
                    "`count_weights` is not used when `output_mode` is not "
                    f"`'count'`. Received `count_weights={count_weights}`."
                )
            count_weights = tf.cast(count_weights, self._dtype)
        rank = inputs.shape.rank
        if rank == 0:
            inputs = tf.expand_dims(inputs, -1)
        if self.output_mode == "one_hot" and inputs.shape[-1] != 1:
            inputs = tf.expand_dims(inputs, -1)
        if inputs.shape.rank > 2:
            raise ValueError(
                "When output_mode is not `'int'`, maximum supported output rank "
                f"is 2. Received output_mode {self.output_mode} and input shape "
                f"{inputs.shape if rank else tf.TensorShape([])}, "
                f"which would result in output rank {inputs.shape.rank}."
            )
        counts = tf.math.bincount(
            inputs,
            weights=count_weights,
            minlength=self.num_tokens,
            maxlength=self.num_tokens,
            dtype=self._dtype if count_weights is None else count_weights.dtype,
            axis=-1,
            binary_output=self.output_mode != "count",
        )
        shape = (self.num_tokens,) if inputs.shape.rank == 1 else (inputs.shape[0], self.num_tokens)
        return tf.cast(tf.reshape(counts, shape), self._dtype)

    def compute_output_shape(self, input_shape):
        if len(input_shape) == 0:
            return (self.num_tokens,)
        if self.output_mode == "one_hot" and input_shape[-1] != 1:
            return tuple(input_shape) + (self.num_tokens,)
        if self.output_mode == "one_hot" and len(input_shape) == 1:
            return tuple(input_shape) + (self.num_tokens,)
        return tuple(input_shape[:-1]) + (self.num_tokens,)

    def get_config(self):
        return {**base_config(self), "num_tokens": self.num_tokens, "output_mode": self.output_mode}
