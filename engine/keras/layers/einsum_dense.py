"""keras.layers.EinsumDense: einsum(equation, inputs, kernel) + bias, the projection layer of
MultiHeadAttention ('query/kernel' of shape (dim, heads, key_dim)), run with Keras's TF-backend
einsum (engine/keras/layers/backend_ops.py: MatMul/Reshape/Transpose for the usual equations).
"""

import re

from ...missing import missing_attribute
from .. import activations
from .backend_ops import add, einsum
from .input_spec import InputSpec
from .layer import Layer
from .serialization import base_config, from_config_kwargs, get_initializer, serialize_initializer


def analyze_einsum_string(equation, bias_axes, input_shape, output_shape):
    """(kernel_shape, bias_shape, full_output_shape), as Keras's _analyze_einsum_string."""
    dot_replaced = re.sub(r"\.\.\.", "0", equation)
    for pattern, left_elided in (
        ("([a-zA-Z]+),([a-zA-Z]+)->([a-zA-Z]+)", False),
        ("0([a-zA-Z]+),([a-zA-Z]+)->0([a-zA-Z]+)", True),
        ("([a-zA-Z]{2,})0,([a-zA-Z]+)->([a-zA-Z]+)0", False),
    ):
        split = re.match(pattern, dot_replaced)
        if split:
            return _analyze_split(split, bias_axes, input_shape, output_shape, left_elided)
    raise ValueError(
        f"Invalid einsum equation '{equation}'. Equations must be in the form "
        "[X],[Y]->[Z], ...[X],[Y]->...[Z], or [X]...,[Y]->[Z]...."
    )


def _analyze_split(split, bias_axes, input_shape, output_shape, left_elided):
    input_spec, weight_spec, output_spec = split.group(1), split.group(2), split.group(3)
    elided = len(input_shape) - len(input_spec)
    output_shape = [input_shape[0], *output_shape]
    if elided > 0 and left_elided:
        for i in range(1, elided):
            output_shape.insert(1, input_shape[i])
    elif elided > 0:
        output_shape.extend(input_shape[len(input_shape) - elided :])
    if left_elided:
        input_dim_map = {dim: (i + elided) - len(input_shape) for i, dim in enumerate(input_spec)}
        output_dim_map = {dim: i + elided for i, dim in enumerate(output_spec)}
    else:
        input_dim_map = {dim: i for i, dim in enumerate(input_spec)}
        output_dim_map = {dim: i for i, dim in enumerate(output_spec)}
    for dim in input_spec:
        size = input_shape[input_dim_map[dim]]
        if dim in output_dim_map:
            out = output_shape[output_dim_map[dim]]
            if out is not None and out != size:
                raise ValueError(
                    "Input shape and output shape do not match at shared dimension "
                    f"'{dim}'. Input shape is {size}, and output shape is {out}."
                )
    for dim in output_spec:
        if dim not in input_spec and dim not in weight_spec:
            raise ValueError(
                f"Dimension '{dim}' was specified in the output '{output_spec}' but has no "
                f"corresponding dim in the input spec '{input_spec}' or weight spec "
                f"'{output_spec}'"
            )
    weight_shape = []
    for dim in weight_spec:
        if dim in output_dim_map:
            weight_shape.append(output_shape[output_dim_map[dim]])
        elif dim in input_dim_map:
            weight_shape.append(input_shape[input_dim_map[dim]])
        else:
            raise ValueError(
                f"Weight dimension '{dim}' did not have a match in either the input spec "
                f"'{input_spec}' or the output spec '{output_spec}'. For this layer, the "
                "weight must be fully specified."
            )
    bias_shape = None
    if bias_axes is not None:
        offset = elided if left_elided else 0
        sizes = {char: output_shape[i + offset] for i, char in enumerate(output_spec)}
        for char in bias_axes:
            if char not in output_spec:
                raise ValueError(
                    f"Bias dimension '{char}' was requested, but is not part of the output "
                    f"spec '{output_spec}'"
                )
        first = min(output_spec.find(char) for char in bias_axes)
        bias_shape = [sizes[char] if char in bias_axes else 1 for char in output_spec[first:]]
        if not left_elided:
            bias_shape.extend([1] * elided)
    return weight_shape, bias_shape, output_shape


class EinsumDense(Layer):
    def __init__(
        self,
        equation,
        output_shape,
        activation=None,
        bias_axes=None,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        **kwargs,
    ):
        for option in (
            "kernel_regularizer",
            "bias_regularizer",
            "activity_regularizer",
            "kernel_constraint",
            "bias_constraint",
            "lora_rank",
        ):
            if kwargs.pop(option, None) is not None:
                raise missing_attribute("tf.keras.layers.EinsumDense", option)
        kwargs.pop("lora_alpha", None)
        kwargs.pop("quantization_config", None)
        super().__init__(**kwargs)
        self.equation = equation
        if isinstance(output_shape, int):
            self.partial_output_shape = (output_shape,)
        else:
            self.partial_output_shape = tuple(output_shape)
        self.bias_axes = bias_axes
        self.activation = activations.get(activation)
        self.kernel_initializer = get_initializer(kernel_initializer)
        self.bias_initializer = get_initializer(bias_initializer)
        self.bias = None

    def build(self, input_shape):
        kernel_shape, bias_shape, _ = analyze_einsum_string(
            self.equation, self.bias_axes, input_shape, self.partial_output_shape
        )
        self.input_spec = InputSpec(ndim=len(input_shape))
        self.kernel = self.add_weight(
            name="kernel", shape=tuple(kernel_shape), initializer=self.kernel_initializer
        )
        if bias_shape is not None:
            self.bias = self.add_weight(
                name="bias", shape=tuple(bias_shape), initializer=self.bias_initializer
            )
        self.built = True

    def compute_output_shape(self, input_shape):
        return tuple(
            analyze_einsum_string(
                self.equation, self.bias_axes, input_shape, self.partial_output_shape
            )[2]
        )

    def call(self, inputs, training=None):
        x = einsum(self.equation, inputs, self.kernel)
        if self.bias is not None:
            x = add(x, self.bias)
        if self.activation is not None:
            x = self.activation(x)
        return x

    def get_config(self):
        config = {
            "output_shape": self.partial_output_shape,
            "equation": self.equation,
            "activation": activations.serialize(self.activation),
            "bias_axes": self.bias_axes,
            "kernel_initializer": serialize_initializer(self.kernel_initializer),
            "bias_initializer": serialize_initializer(self.bias_initializer),
            "kernel_regularizer": None,
            "bias_regularizer": None,
            "activity_regularizer": None,
            "kernel_constraint": None,
            "bias_constraint": None,
            "quantization_config": None,
        }
        return {**base_config(self), **config}

    @classmethod
    def from_config(cls, config):
        return cls(**from_config_kwargs(config))
