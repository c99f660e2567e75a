"""keras.layers.Masking: time steps whose features all equal `mask_value` are zeroed and masked
(the mask rides on the output, as Keras's `_keras_mask`, for the next layer)."""

from .. import _tf as tf, tensor_tags
from .layer import Layer
from .serialization import base_config, from_config_kwargs


class Masking(Layer):
    def __init__(self, mask_value=0.0, **kwargs):
        super().__init__(**kwargs)
        self.mask_value = mask_value
        self.supports_masking = True
        self.built = True

    def compute_mask(self, inputs, mask=None):
        return tf.reduce_any(tf.not_equal(inputs, self.mask_value), axis=-1)

    def call(self, inputs):
        boolean_mask = tf.reduce_any(tf.not_equal(inputs, self.mask_value), axis=-1, keepdims=True)
        outputs = tf.where(boolean_mask, inputs, tf.constant(0, dtype=inputs.dtype))
        return tensor_tags.tag(outputs, tensor_tags.MASK, tf.squeeze(boolean_mask, axis=-1))

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        return {**base_config(self), "mask_value": self.mask_value}

    @classmethod
    def from_config(cls, config):
        return cls(**from_config_kwargs(config))
