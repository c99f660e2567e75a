"""keras.layers.Embedding: rows of an (input_dim, output_dim) table gathered by id, as Keras 3's
TF backend runs `ops.take`: negative ids wrap once (SelectV2 over the int ids), then GatherV2,
whose gradient with respect to the table is an IndexedSlices. With `mask_zero`, id 0 is padding
(`compute_mask`); ids out of range raise TF's InvalidArgumentError.
"""

import warnings

import numpy as np

from ...missing import missing_attribute
from .. import _tf as tf
from .backend_ops import shape
from .layer import Layer
from .serialization import base_config, from_config_kwargs, get_initializer, serialize_initializer


def _check_dim(name, value):
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ValueError(
            f"`{name}` must be a positive integer. "
            f"Received: {name}={value} (of type {type(value).__name__})."
        )


class Embedding(Layer):
    def __init__(
        self,
        input_dim,
        output_dim,
        embeddings_initializer="uniform",
        embeddings_regularizer=None,
        embeddings_constraint=None,
        mask_zero=False,
        weights=None,
        lora_rank=None,
        **kwargs,
    ):
        _check_dim("input_dim", input_dim)
        _check_dim("output_dim", output_dim)
        for option, value in (
            ("embeddings_regularizer", embeddings_regularizer),
            ("embeddings_constraint", embeddings_constraint),
            ("lora_rank", lora_rank),
            ("activity_regularizer", kwargs.pop("activity_regularizer", None)),
        ):
            if value is not None:
                raise missing_attribute("tf.keras.layers.Embedding", option)
        kwargs.pop("lora_alpha", None)
        kwargs.pop("quantization_config", None)
        if kwargs.pop("input_length", None) is not None:
            warnings.warn("Argument `input_length` is deprecated. Just remove it.", stacklevel=2)
        super().__init__(**kwargs)
        self.input_dim = input_dim
        self.output_dim = output_dim
        self.embeddings_initializer = get_initializer(embeddings_initializer)
        self.mask_zero = mask_zero
        self.supports_masking = mask_zero
        self._embeddings = None
        if weights is not None:
            self.build()
            if not (isinstance(weights, list) and len(weights) == 1):
                weights = [weights]
            self.set_weights(weights)

    def build(self, input_shape=None):
        if self.built:
            return
        self._embeddings = self.add_weight(
            shape=(self.input_dim, self.output_dim),
            initializer=self.embeddings_initializer,
            name="embeddings",
        )
        self.built = True

    @property
    def embeddings(self):
        if not self.built:
            raise AttributeError("You must build the layer before accessing `embeddings`.")
        return self._embeddings

    def _convert_input(self, x):
        # Keras turns autocast off for this layer: ids are not cast to the layer's dtype.
        if not tf.is_tensor(x):
            x = tf.convert_to_tensor(np.asarray(x) if hasattr(x, "__array__") else x)
        return x

    def call(self, inputs):
        if inputs.dtype not in (tf.int32, tf.int64):
            inputs = tf.cast(inputs, tf.int32)
        table = self._embeddings
        negative = inputs < 0  # Keras's "fill" mode: ids < 0 count from the end, once
        size = tf.cast(shape(table)[0], inputs.dtype)
        indices = tf.where(negative, inputs + size, inputs)
        return tf.gather(table, indices, axis=0)

    def compute_mask(self, inputs, mask=None):
        if not self.mask_zero:
            return None
        return tf.not_equal(inputs, 0)

    def compute_output_shape(self, input_shape):
        return (*input_shape, self.output_dim)

    def get_config(self):
        config = {
            "input_dim": self.input_dim,
            "output_dim": self.output_dim,
            "embeddings_initializer": serialize_initializer(self.embeddings_initializer),
            "embeddings_regularizer": None,
            "activity_regularizer": None,
            "embeddings_constraint": None,
            "mask_zero": self.mask_zero,
            "quantization_config": None,
        }
        return {**base_config(self), **config}

    @classmethod
    def from_config(cls, config):
        return cls(**from_config_kwargs(config))
