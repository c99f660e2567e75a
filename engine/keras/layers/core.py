"""keras.layers Activation, Dropout and Lambda."""

import inspect

from .. import activations, random as keras_random
from ..seed_generator import SeedGenerator
from .arguments import base_config
from .layer import Layer


class Activation(Layer):
    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True  # as Keras: masks pass through
        self.activation = activations.get(activation)
        self.built = True

    def call(self, inputs):
        return self.activation(inputs)

    def get_config(self):
        return {**base_config(self), "activation": activations.serialize(self.activation)}


class Dropout(Layer):
    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True  # as Keras: masks pass through
        if not 0 <= rate <= 1:
            raise ValueError(
                "Invalid value received for argument `rate`. Expected a float value "
                f"between 0 and 1. Received: rate={rate}"
            )
        self.rate = rate
        self.seed = seed
        self.noise_shape = _validate_noise_shape(noise_shape)
        if rate > 0:  # as Keras: the masks come from the layer's own seed stream
            self.seed_generator = SeedGenerator(seed)
        self.built = True

    def call(self, inputs, training=False):
        if training and self.rate > 0:
            noise_shape = self.noise_shape
            if noise_shape is not None:  # None entries take the input's sizes, as in Keras
                noise_shape = [
                    inputs.shape[i] if d is None else d for i, d in enumerate(noise_shape)
                ]
            return keras_random.dropout(inputs, self.rate, noise_shape, self.seed_generator)
        return inputs

    def get_config(self):
        return {
            **base_config(self),
            "rate": self.rate,
            "seed": self.seed,
            "noise_shape": self.noise_shape,
        }


def _validate_noise_shape(noise_shape):
    if noise_shape is None:
        return None
    prefix = "Invalid value received for argument `noise_shape`."
    if isinstance(noise_shape, str):
        raise ValueError(
            f"{prefix} Expected a tuple or list of integers. Received: noise_shape={noise_shape}"
        )
    try:
        noise_shape = tuple(noise_shape)
    except TypeError:
        raise ValueError(
            f"{prefix} Expected an iterable of integers (e.g., a tuple or list). "
            f"Received: noise_shape={noise_shape}"
        ) from None
    for i, dim in enumerate(noise_shape):
        if dim is None:
            continue
        if not isinstance(dim, int):
            raise ValueError(
                f"{prefix} Expected all elements to be integers or None. "
                f"Received element at index {i}: {dim} (type: {type(dim).__name__})"
            )
        if dim <= 0:
            raise ValueError(
                f"{prefix} Expected all dimensions to be positive integers or None. "
                f"Received negative or zero value at index {i}: {dim}"
            )
    return noise_shape


class Lambda(Layer):
    """Wraps a function; passes `mask`/`training` to it only if it names them."""

    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        self.arguments = arguments or {}
        self.function = function
        self.mask = mask
        self._output_shape = output_shape
        parameters = inspect.getfullargspec(function).args
        self._fn_expects_training_arg = "training" in parameters
        self._fn_expects_mask_arg = "mask" in parameters
        self.built = True

    def call(self, inputs, mask=None, training=None):
        kwargs = dict(self.arguments)
        if self._fn_expects_mask_arg:
            kwargs["mask"] = mask
        if self._fn_expects_training_arg:
            kwargs["training"] = training
        return self.function(inputs, **kwargs)

    def compute_output_shape(self, input_shape):
        if self._output_shape is None:
            raise NotImplementedError(
                "We could not automatically infer the shape of the Lambda's output. Please "
                "specify the `output_shape` argument for this Lambda layer."
            )
        if callable(self._output_shape):
            return self._output_shape(input_shape)
        return (input_shape[0],) + tuple(self._output_shape)
