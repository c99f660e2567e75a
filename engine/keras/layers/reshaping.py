"""keras.layers Reshape, Permute, RepeatVector, UpSampling2D, ZeroPadding2D, Cropping2D, with
the ops Keras's TF backend runs (Reshape, Transpose, tf.repeat's ops, ResizeBilinear, Pad,
StridedSlice)."""

import math

from .. import _tf as tf
from .arguments import (
    base_config,
    keras_shape,
    standardize_data_format,
    standardize_tuple,
)
from .layer import InputSpec, Layer


def _reshape_output_shape(input_shape, target_shape):
    """keras's compute_reshape_output_shape (one -1 is solved from the known sizes)."""
    unknown = [i for i, d in enumerate(target_shape) if d == -1]
    if None in input_shape:
        return tuple(None if d == -1 else d for d in target_shape)
    input_size = math.prod(input_shape)
    if not unknown:
        if input_size != math.prod(target_shape):
            raise ValueError(
                "The total size of the tensor must be unchanged. Received: "
                f"input_shape={input_shape}, target_shape={target_shape}"
            )
        return tuple(target_shape)
    known = math.prod(d for d in target_shape if d != -1)
    if known == 0 or input_size % known != 0:
        raise ValueError(
            "The total size of the tensor must be unchanged, however, the "
            f"input size {input_size} is not divisible by the product of the specified "
            f"dimensions of target_shape {known}. Received: input_shape={input_shape}, "
            f"target_shape={target_shape}"
        )
    return tuple(input_size // known if d == -1 else d for d in target_shape)


class Reshape(Layer):
    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        target_shape = tuple(target_shape)
        if target_shape.count(-1) > 1:
            raise ValueError(
                "There must be at most one unknown dimension (-1) in "
                f"`target_shape`. Received: target_shape={target_shape}."
            )
        self.target_shape = target_shape
        self.built = True

    def call(self, inputs):
        resolved = _reshape_output_shape(tuple(inputs.shape)[1:], self.target_shape)
        batch = keras_shape(inputs)[0]
        return tf.reshape(inputs, (batch,) + tuple(-1 if d is None else d for d in resolved))

    def compute_output_shape(self, input_shape):
        return (input_shape[0], *_reshape_output_shape(tuple(input_shape[1:]), self.target_shape))

    def get_config(self):
        return {**base_config(self), "target_shape": self.target_shape}


class Permute(Layer):
    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        self.dims = tuple(dims)
        if sorted(dims) != list(range(1, len(dims) + 1)):
            raise ValueError(
                "Invalid permutation argument `dims` for Permute Layer. "
                "The set of indices in `dims` must be consecutive and start "
                f"from 1. Received dims={dims}"
            )
        self.input_spec = InputSpec(ndim=len(self.dims) + 1)

    def call(self, inputs):
        return tf.transpose(inputs, (0,) + self.dims)

    def compute_output_shape(self, input_shape):
        return (input_shape[0], *(input_shape[d] for d in self.dims))

    def get_config(self):
        return {**base_config(self), "dims": self.dims}


class RepeatVector(Layer):
    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"Expected an integer value for `n`, got {type(n)}.")
        if n <= 0:
            raise ValueError(f"Argument `n` should be a positive integer. Received: n={n}")
        self.n = n
        self.input_spec = InputSpec(ndim=2)

    def call(self, inputs):
        batch, features = keras_shape(inputs)
        return tf.repeat(tf.reshape(inputs, (batch, 1, features)), self.n, axis=1)

    def compute_output_shape(self, input_shape):
        return (input_shape[0], self.n, input_shape[1])

    def get_config(self):
        return {**base_config(self), "n": self.n}


class UpSampling2D(Layer):
    def __init__(self, size=(2, 2), data_format=None, interpolation="nearest", **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.size = standardize_tuple(size, 2, "size")
        self.interpolation = interpolation.lower()
        self.input_spec = InputSpec(ndim=4)

    def call(self, inputs):
        x = inputs
        if self.data_format == "channels_first":
            x = tf.transpose(x, [0, 2, 3, 1])
        if self.interpolation == "nearest":
            x = tf.repeat(x, self.size[0], axis=1)
            x = tf.repeat(x, self.size[1], axis=2)
        else:
            shape = keras_shape(x)
            size = (shape[1] * self.size[0], shape[2] * self.size[1])
            x = tf.image.resize(x, size, method=self.interpolation)
        if self.data_format == "channels_first":
            x = tf.transpose(x, [0, 3, 1, 2])
        return x

    def compute_output_shape(self, input_shape):
        def scaled(size, factor):
            return None if size is None else size * factor

        if self.data_format == "channels_first":
            n, c, h, w = input_shape
            return (n, c, scaled(h, self.size[0]), scaled(w, self.size[1]))
        n, h, w, c = input_shape
        return (n, scaled(h, self.size[0]), scaled(w, self.size[1]), c)

    def get_config(self):
        return {
            **base_config(self),
            "size": self.size,
            "data_format": self.data_format,
            "interpolation": self.interpolation,
        }


def _pairs(value, name, verb):
    """ZeroPadding2D's and Cropping2D's ((top, bottom), (left, right)) from an int or pairs."""
    if isinstance(value, int):
        if verb == "crop" and value < 0:
            raise ValueError(f"`cropping` cannot be negative. Received: cropping={value}.")
        return ((value, value), (value, value))
    if hasattr(value, "__len__"):
        if len(value) != 2:
            raise ValueError(f"`{name}` should have two elements. Received: {name}={value}.")
        return (
            standardize_tuple(value[0], 2, f"1st entry of {name}", allow_zero=True),
            standardize_tuple(value[1], 2, f"2nd entry of {name}", allow_zero=True),
        )
    raise ValueError(
        f"`{name}` should be either an int, a tuple of 2 ints "
        "(symmetric_height_crop, symmetric_width_crop), "
        "or a tuple of 2 tuples of 2 ints "
        "((top_crop, bottom_crop), (left_crop, right_crop)). "
        f"Received: {name}={value}."
    )


class ZeroPadding2D(Layer):
    def __init__(self, padding=(1, 1), data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.padding = _pairs(padding, "padding", "pad")
        self.input_spec = InputSpec(ndim=4)

    def call(self, inputs):
        if self.data_format == "channels_first":
            pads = ((0, 0), (0, 0), *self.padding)
        else:
            pads = ((0, 0), *self.padding, (0, 0))
        return tf.pad(inputs, pads)

    def compute_output_shape(self, input_shape):
        shape = list(input_shape)
        offset = 2 if self.data_format == "channels_first" else 1
        for i in range(2):
            if shape[i + offset] is not None:
                shape[i + offset] += sum(self.padding[i])
        return tuple(shape)

    def get_config(self):
        return {**base_config(self), "padding": self.padding, "data_format": self.data_format}


class Cropping2D(Layer):
    def __init__(self, cropping=((0, 0), (0, 0)), data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.cropping = _pairs(cropping, "cropping", "crop")
        self.input_spec = InputSpec(ndim=4)

    def _spatial(self, shape):
        return shape[2:4] if self.data_format == "channels_first" else shape[1:3]

    def _check(self, shape, what):
        h, w = self._spatial(shape)
        if (h is not None and sum(self.cropping[0]) >= h) or (
            w is not None and sum(self.cropping[1]) >= w
        ):
            raise ValueError(
                "Values in `cropping` argument should be smaller than the "
                "corresponding spatial dimension of the input. Received: "
                f"{what}={shape}, cropping={self.cropping}"
            )

    def call(self, inputs):
        self._check(inputs.shape, "inputs.shape")
        (top, bottom), (left, right) = self.cropping
        rows = slice(top, -bottom if bottom else None)
        cols = slice(left, -right if right else None)
        if self.data_format == "channels_first":
            return inputs[:, :, rows, cols]
        return inputs[:, rows, cols, :]

    def compute_output_shape(self, input_shape):
        self._check(tuple(input_shape), "input_shape")
        h, w = self._spatial(input_shape)
        h = None if h is None else h - sum(self.cropping[0])
        w = None if w is None else w - sum(self.cropping[1])
        if self.data_format == "channels_first":
            return (input_shape[0], input_shape[1], h, w)
        return (input_shape[0], h, w, input_shape[3])

    def get_config(self):
        return {**base_config(self), "cropping": self.cropping, "data_format": self.data_format}
