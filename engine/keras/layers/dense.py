"""keras.layers.Dense: activation(inputs @ kernel + bias), built from the input's last dimension."""

from typing import Any

from ...missing import missing_attribute
from .. import _tf as tf, activations, initializers, serialization
from .layer import InputSpec, Layer

_UNSUPPORTED = (
    "kernel_regularizer",
    "bias_regularizer",
    "kernel_constraint",
    "bias_constraint",
    "lora_rank",
)


class Dense(Layer):
    def __init__(
        self,
        units,
        activation=None,
        use_bias=True,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        **kwargs,
    ):
        for option in _UNSUPPORTED:
            if kwargs.pop(option, None) is not None:
                raise missing_attribute("tf.keras.layers.Dense", option)
        kwargs.pop("lora_alpha", None)
        kwargs.pop("activity_regularizer", None)
        super().__init__(**kwargs)
        if not isinstance(units, int) or isinstance(units, bool) or units <= 0:
            raise ValueError(
                "Received an invalid value for `units`, expected a positive "
                f"integer. Received: units={units}"
            )
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.input_spec = InputSpec(min_ndim=2)
        self.supports_masking = True
        self._kernel: Any = None  # a Variable from build(), which __call__ runs before call()
        self.bias = None

    def build(self, input_shape):
        input_dim = input_shape[-1]
        self._kernel = self.add_weight(
            name="kernel", shape=(input_dim, self.units), initializer=self.kernel_initializer
        )
        if self.use_bias:
            self.bias = self.add_weight(
                name="bias", shape=(self.units,), initializer=self.bias_initializer
            )
        self.input_spec = InputSpec(min_ndim=2, axes={-1: input_dim})
        self.built = True

    @property
    def kernel(self):
        if self._kernel is None:
            raise AttributeError("You must build the layer before accessing `kernel`.")
        return self._kernel

    def call(self, inputs, training=None):
        # The ops Keras's TF backend runs, so the tape shows TF's op types: MatMul (a tensordot
        # for inputs of rank > 2), then BiasAdd; Keras's add uses a plain AddV2 when the bias
        # has one unit, since only a bias longer than 1 "looks like a bias" to it.
        kernel = self._kernel
        if inputs._value.dtype != kernel._value.dtype:  # ints: Keras's matmul computes in floats
            inputs = tf.cast(inputs, kernel.dtype)
        if inputs._value.ndim == 2:
            outputs = tf.matmul(inputs, kernel)
        else:
            outputs = tf.tensordot(inputs, kernel, axes=[[-1], [0]])
        if self.bias is not None:
            if self.units > 1:
                outputs = tf.nn.bias_add(outputs, self.bias)
            else:
                outputs = tf.add(outputs, self.bias)
        return self.activation(outputs)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape[:-1]) + (self.units,)

    def get_config(self):
        return {
            **super().get_config(),
            "units": self.units,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "kernel_initializer": serialization.serialize_initializer(self.kernel_initializer),
            "bias_initializer": serialization.serialize_initializer(self.bias_initializer),
            "kernel_regularizer": None,
            "bias_regularizer": None,
            "kernel_constraint": None,
            "bias_constraint": None,
            "quantization_config": None,
        }

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        for key in ("kernel_initializer", "bias_initializer"):
            if isinstance(config.get(key), dict):
                config[key] = serialization.deserialize_initializer(config[key])
        config.pop("quantization_config", None)
        for key in (
            "kernel_regularizer",
            "bias_regularizer",
            "kernel_constraint",
            "bias_constraint",
        ):
            if config.get(key) is None:
                config.pop(key, None)
        return super().from_config(config)
