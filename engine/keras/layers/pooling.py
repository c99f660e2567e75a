"""keras.layers pooling: Max/AveragePooling1D/2D (tf.nn.max_pool / avg_pool, which run
MaxPool/AvgPool, with ExpandDims/Squeeze around them for 1-D) and the global poolings
(Mean / Max over the spatial axes). Built at construction, as Keras builds them."""

from ...errors import InvalidArgumentError
from .. import _tf as tf
from .arguments import (
    base_config,
    standardize_data_format,
    standardize_tuple,
)
from .layer import InputSpec, Layer


def pooling_output_shape(input_shape, pool_size, strides, padding, data_format):
    """keras's compute_pooling_output_shape."""
    spatial = input_shape[1:-1] if data_format == "channels_last" else input_shape[2:]
    out: list = []
    for i, size in enumerate(spatial):
        if size is None:
            out.append(None)
        elif padding == "valid":
            n = (size - pool_size[i]) // strides[i] + 1
            if n < 0:
                raise ValueError(
                    "Computed output size would be negative. Received: "
                    f"`inputs.shape={input_shape}` and `pool_size={pool_size}`."
                )
            out.append(n)
        else:
            out.append((size - 1) // strides[i] + 1)
    if data_format == "channels_last":
        return (input_shape[0], *out, input_shape[-1])
    return (input_shape[0], input_shape[1], *out)


class _Pooling(Layer):
    rank = 2
    mode = "max"

    def __init__(self, pool_size, strides=None, padding="valid", data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.pool_size = standardize_tuple(pool_size, self.rank, "pool_size")
        strides = pool_size if strides is None else strides
        self.strides = standardize_tuple(strides, self.rank, "strides", allow_zero=True)
        self.padding = padding
        self.data_format = standardize_data_format(data_format)
        self.input_spec = InputSpec(ndim=self.rank + 2)
        self.built = True

    def call(self, inputs):
        pool = tf.nn.max_pool if self.mode == "max" else tf.nn.avg_pool
        channels_first = self.data_format == "channels_first"
        if channels_first:  # TF pools channels-last only: Keras transposes around it
            inputs = tf.transpose(inputs, (0, *range(2, self.rank + 2), 1))
        outputs = pool(
            inputs,
            self.pool_size,
            self.strides,
            self.padding.upper(),
            "NWC" if self.rank == 1 else "NHWC",
        )
        if channels_first:
            outputs = tf.transpose(outputs, (0, self.rank + 1, *range(1, self.rank + 1)))
        return outputs

    def compute_output_shape(self, input_shape):
        return pooling_output_shape(
            tuple(input_shape), self.pool_size, self.strides, self.padding, self.data_format
        )

    def get_config(self):
        return {
            **base_config(self),
            "pool_size": self.pool_size,
            "padding": self.padding,
            "strides": self.strides,
            "data_format": self.data_format,
        }


class MaxPooling2D(_Pooling):
    def __init__(self, pool_size=(2, 2), strides=None, padding="valid", data_format=None, **kw):
        super().__init__(pool_size, strides, padding, data_format, **kw)


class AveragePooling2D(_Pooling):
    mode = "average"

    def __init__(self, pool_size, strides=None, padding="valid", data_format=None, **kwargs):
        super().__init__(pool_size, strides, padding, data_format, **kwargs)


class MaxPooling1D(_Pooling):
    rank = 1

    def __init__(self, pool_size=2, strides=None, padding="valid", data_format=None, **kw):
        super().__init__(pool_size, strides, padding, data_format, **kw)


class AveragePooling1D(_Pooling):
    rank = 1
    mode = "average"

    def __init__(self, pool_size, strides=None, padding="valid", data_format=None, **kwargs):
        super().__init__(pool_size, strides, padding, data_format, **kwargs)


class _GlobalPooling(Layer):
    rank = 2

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.data_format = standardize_data_format(data_format)
        self.keepdims = keepdims
        self.input_spec = InputSpec(ndim=self.rank + 2)
        self.built = True

    def _axes(self):
        first = 1 if self.data_format == "channels_last" else 2
        return list(range(first, first + self.rank))

    def compute_output_shape(self, input_shape):
        spatial_ones = (1,) * (len(input_shape) - 2) if self.keepdims else ()
        if self.data_format == "channels_last":
            return (input_shape[0], *spatial_ones, input_shape[-1])
        return (input_shape[0], input_shape[1], *spatial_ones)

    def get_config(self):
        return {**base_config(self), "data_format": self.data_format, "keepdims": self.keepdims}


class _GlobalAverage(_GlobalPooling):
    def call(self, inputs):
        axes = self._axes()
        return tf.reduce_mean(
            inputs, axis=axes[0] if self.rank == 1 else axes, keepdims=self.keepdims
        )


class _GlobalMax(_GlobalPooling):
    def call(self, inputs):
        # keras.ops.max asserts a non-empty input first: tf.assert_greater's Greater, Range, All
        size = tf.constant(inputs._value.size)
        if not tf.reduce_all(tf.greater(size, tf.constant(0)), axis=tf.range(0)):
            raise InvalidArgumentError(None, None, "Cannot compute the max of an empty tensor.")
        axes = self._axes()
        return tf.reduce_max(
            inputs, axis=axes[0] if self.rank == 1 else axes, keepdims=self.keepdims
        )


class GlobalAveragePooling2D(_GlobalAverage):
    pass


class GlobalAveragePooling1D(_GlobalAverage):
    """Averages the steps a mask (batch, steps) keeps, when given one, as Keras does."""

    rank = 1

    def call(self, inputs, mask=None):
        if mask is None:
            return super().call(inputs)
        steps_axis = 1 if self.data_format == "channels_last" else 2
        mask = tf.cast(tf.expand_dims(mask, 2 if steps_axis == 1 else 1), tf.bool)
        inputs = tf.where(mask, inputs, tf.constant(0, inputs.dtype))
        float_mask = tf.cast(mask, inputs.dtype)
        return tf.reduce_sum(inputs, axis=steps_axis, keepdims=self.keepdims) / tf.reduce_sum(
            float_mask, axis=steps_axis, keepdims=self.keepdims
        )

    def compute_mask(self, inputs, mask=None):
        return None


class GlobalMaxPooling2D(_GlobalMax):
    pass


class GlobalMaxPooling1D(_GlobalMax):
    rank = 1
