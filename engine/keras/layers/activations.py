"""keras.layers ReLU, LeakyReLU, ELU, PReLU, Softmax: the activations as layers, running
keras.activations' ops (PReLU: relu(x) - alpha * relu(-x)). All but PReLU are built at
construction, as in Keras."""

import warnings
from typing import Any

from .. import _tf as tf, activations, initializers
from .arguments import base_config, reject_unsupported, serialize_initializer
from .input_spec import InputSpec
from .layer import Layer


class ReLU(Layer):
    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True  # as Keras: masks pass through
        if max_value is not None and max_value < 0.0:
            raise ValueError(
                "max_value of a ReLU layer cannot be a negative "
                f"value. Received: max_value={max_value}"
            )
        if negative_slope is None or negative_slope < 0.0:
            raise ValueError(
                "negative_slope of a ReLU layer cannot be None or a "
                f"negative value. Received: negative_slope={negative_slope}"
            )
        if threshold is None or threshold < 0.0:
            raise ValueError(
                "threshold of a ReLU layer cannot be None or a "
                f"negative value. Received: threshold={threshold}"
            )
        self.max_value = max_value
        self.negative_slope = negative_slope
        self.threshold = threshold
        self.built = True

    def call(self, inputs):
        return activations.relu(
            inputs,
            negative_slope=self.negative_slope,
            max_value=self.max_value,
            threshold=self.threshold,
        )

    def get_config(self):
        return {
            **base_config(self),
            "max_value": self.max_value,
            "negative_slope": self.negative_slope,
            "threshold": self.threshold,
        }


class LeakyReLU(Layer):
    def __init__(self, negative_slope=0.3, **kwargs):
        if "alpha" in kwargs:
            negative_slope = kwargs.pop("alpha")
            warnings.warn(
                "Argument `alpha` is deprecated. Use `negative_slope` instead.", stacklevel=2
            )
        super().__init__(**kwargs)
        self.supports_masking = True  # as Keras: masks pass through
        if negative_slope is None or negative_slope < 0:
            raise ValueError(
                "The negative_slope value of a Leaky ReLU layer "
                "cannot be None or negative value. Expected a float."
                f" Received: negative_slope={negative_slope}"
            )
        self.negative_slope = negative_slope
        self.built = True

    def call(self, inputs):
        return activations.leaky_relu(inputs, negative_slope=self.negative_slope)

    def get_config(self):
        return {**base_config(self), "negative_slope": self.negative_slope}


class ELU(Layer):
    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True  # as Keras: masks pass through
        self.alpha = alpha
        self.built = True

    def call(self, inputs):
        return activations.elu(inputs, alpha=self.alpha)

    def get_config(self):
        return {**base_config(self), "alpha": self.alpha}


class PReLU(Layer):
    alpha: Any

    def __init__(self, alpha_initializer="Zeros", shared_axes=None, **kwargs):
        reject_unsupported("PReLU", kwargs, ("alpha_regularizer", "alpha_constraint"))
        super().__init__(**kwargs)
        self.supports_masking = True  # as Keras: masks pass through
        self.alpha_initializer = initializers.get(alpha_initializer)
        if shared_axes is None:
            self.shared_axes = None
        elif not isinstance(shared_axes, (list, tuple)):
            self.shared_axes = [shared_axes]
        else:
            self.shared_axes = list(shared_axes)
        self.alpha = None

    def build(self, input_shape):
        param_shape = list(input_shape[1:])
        for i in self.shared_axes or ():
            param_shape[i - 1] = 1
        self.alpha = self.add_weight(
            shape=param_shape, name="alpha", initializer=self.alpha_initializer
        )
        axes = {}
        if self.shared_axes:
            axes = {
                i: input_shape[i] for i in range(1, len(input_shape)) if i not in self.shared_axes
            }
        self.input_spec = InputSpec(ndim=len(input_shape), axes=axes)
        self.built = True

    def call(self, inputs):
        positive = tf.nn.relu(inputs)
        negative = -self.alpha * tf.nn.relu(-inputs)
        return positive + negative

    def get_config(self):
        return {
            **base_config(self),
            "alpha_initializer": serialize_initializer(self.alpha_initializer),
            "alpha_regularizer": None,
            "alpha_constraint": None,
            "shared_axes": self.shared_axes,
        }


class Softmax(Layer):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True  # as Keras: masks pass through
        self.axis = axis
        self.built = True

    def call(self, inputs, mask=None):
        if mask is not None:
            mask = tf.convert_to_tensor(mask)
            if len(mask.shape) > len(inputs.shape):
                raise ValueError(
                    "The `mask` must be broadcastable to `inputs` "
                    "and must not have more dimensions. "
                    f"Received: inputs.shape={inputs.shape}, mask.shape={mask.shape}"
                )
            if mask.dtype != tf.bool:
                mask = tf.greater(mask, tf.cast(0.5, mask.dtype))
            large_negative = -3e4 if inputs.dtype == tf.float16 else -1e9
            inputs = tf.where(mask, inputs, tf.cast(large_negative, inputs.dtype))
        if isinstance(self.axis, (tuple, list)) and len(self.axis) > 1:
            outputs = tf.exp(inputs - tf.reduce_logsumexp(inputs, axis=self.axis, keepdims=True))
        else:
            axis = self.axis[0] if isinstance(self.axis, (tuple, list)) else self.axis
            outputs = activations.softmax(inputs, axis=axis)
        if mask is not None:
            outputs = tf.where(mask, outputs, tf.cast(0.0, outputs.dtype))
        return outputs

    def get_config(self):
        return {**base_config(self), "axis": self.axis}
