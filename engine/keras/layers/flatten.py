"""keras.layers.Flatten: (batch, d1, d2, ...) -> (batch, d1*d2*...); (batch,) -> (batch, 1)."""

import math

from .. import _tf as tf
from .layer import InputSpec, Layer


class Flatten(Layer):
    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        if data_format not in (None, "channels_last", "channels_first"):
            raise ValueError(
                'The `data_format` argument must be one of {"channels_first", '
                f'"channels_last"}}. Received: data_format={data_format}'
            )
        self.data_format = data_format or "channels_last"
        self.input_spec = InputSpec(min_ndim=1)

    def call(self, inputs):
        tf.shape(inputs)  # Keras reads the dynamic shape: a Shape op
        shape = inputs.shape.as_list()
        rank = len(shape)
        if self.data_format == "channels_first" and rank > 2:
            # Channels last first, so the flattened order matches the channels-last layout.
            inputs = tf.transpose(inputs, perm=(0, *range(2, rank), 1))
        return tf.reshape(inputs, (shape[0], self._flat_size(shape)))

    @staticmethod
    def _flat_size(shape):
        non_batch = shape[1:]
        if not non_batch:
            return 1
        if any(d is None for d in non_batch):
            return -1
        return math.prod(non_batch)

    def get_config(self):
        return {**super().get_config(), "data_format": self.data_format}

    def compute_output_shape(self, input_shape):
        return (input_shape[0], self._flat_size(list(input_shape)))
