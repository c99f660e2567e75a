"""keras.layers Conv1D, Conv2D, Conv2DTranspose (and the helpers the depthwise layers share).

Each runs what Keras's TensorFlow backend runs (keras/src/backend/tensorflow/nn.py): the
convolution (tf.nn.convolution, conv_transpose), then the
bias reshaped to (1, ..., filters) and added by keras.ops.add, which TF records as
Reshape, Squeeze, BiasAdd; then the activation.
"""

import numpy as np

from .. import _tf as tf, activations, initializers
from .arguments import (
    base_config,
    reject_unsupported,
    serialize_initializer,
    standardize_data_format,
    standardize_padding,
    standardize_tuple,
)
from .backend_ops import add as keras_add
from .layer import InputSpec, Layer

UNSUPPORTED = (
    "kernel_regularizer",
    "bias_regularizer",
    "activity_regularizer",
    "kernel_constraint",
    "bias_constraint",
    "depthwise_regularizer",
    "depthwise_constraint",
    "pointwise_regularizer",
    "pointwise_constraint",
    "lora_rank",
)
_NO_REGULARIZERS = {
    "kernel_regularizer": None,
    "bias_regularizer": None,
    "activity_regularizer": None,
    "kernel_constraint": None,
    "bias_constraint": None,
}


def conv_output_shape(input_shape, filters, kernel_size, strides, padding, data_format, dilation):
    """keras's compute_conv_output_shape, with its errors."""
    if data_format == "channels_last":
        spatial, kernel_shape = input_shape[1:-1], kernel_size + (input_shape[-1], filters)
    else:
        spatial, kernel_shape = input_shape[2:], kernel_size + (input_shape[1], filters)
    if len(kernel_shape) != len(input_shape):
        raise ValueError(
            "Kernel shape must have the same length as input, but received kernel of shape "
            f"{kernel_shape} and input of shape {input_shape}."
        )
    out: list = []
    for i, size in enumerate(spatial):
        if size is None:
            out.append(None)
        elif padding == "valid":
            n = (size - dilation[i] * (kernel_size[i] - 1) - 1) // strides[i] + 1
            if n <= 0:
                raise ValueError(
                    "Computed output size would be zero or negative. Received "
                    f"`inputs shape={input_shape}`, `kernel shape={kernel_shape}`, "
                    f"`dilation_rate={np.array(dilation)}`, `strides={strides}`, "
                    f"`padding={padding}`."
                )
            out.append(n)
        else:
            out.append((size - 1) // strides[i] + 1)
    if data_format == "channels_last":
        return (input_shape[0], *out, filters)
    return (input_shape[0], filters, *out)


def add_bias(layer, outputs, bias, channels):
    if layer.data_format == "channels_last":
        shape = (1,) * (layer.rank + 1) + (channels,)
    else:
        shape = (1, channels) + (1,) * layer.rank
    return keras_add(outputs, tf.reshape(bias, shape))


def add_bias_weight(layer, units):
    """A conv layer's bias, shape (units,), when it uses one."""
    if layer.use_bias:
        layer.bias = layer.add_weight(
            name="bias", shape=(units,), initializer=layer.bias_initializer
        )


def channels(layer, input_shape):
    return input_shape[-1] if layer.data_format == "channels_last" else input_shape[1]


def channel_spec(layer, input_shape):
    axis = -1 if layer.data_format == "channels_last" else 1
    return InputSpec(min_ndim=layer.rank + 2, axes={axis: input_shape[axis]})


def _tf_format(data_format, rank):
    spatial = "DHW"[-rank:] if rank > 1 else "W"
    return f"N{spatial}C" if data_format == "channels_last" else f"NC{spatial}"


class _Conv(Layer):
    """Keras's BaseConv: kernel (kernel_size + (in/groups, filters)) and bias (filters,)."""

    rank = 2

    def __init__(
        self,
        filters,
        kernel_size,
        strides=1,
        padding="valid",
        data_format=None,
        dilation_rate=1,
        groups=1,
        activation=None,
        use_bias=True,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        **kwargs,
    ):
        reject_unsupported(type(self).__name__, kwargs, UNSUPPORTED)
        kwargs.pop("lora_alpha", None)
        super().__init__(**kwargs)
        rank = self.rank
        self.filters = filters
        self.groups = groups
        self.kernel_size = standardize_tuple(kernel_size, rank, "kernel_size")
        self.strides = standardize_tuple(strides, rank, "strides")
        self.dilation_rate = standardize_tuple(dilation_rate, rank, "dilation_rate")
        self.padding = standardize_padding(padding, allow_causal=rank == 1)
        self.data_format = standardize_data_format(data_format)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.input_spec = InputSpec(min_ndim=rank + 2)
        if filters is not None and filters <= 0:
            raise ValueError(
                "Invalid value for argument `filters`. Expected a strictly "
                f"positive value. Received filters={filters}."
            )
        if groups <= 0:
            raise ValueError(
                f"The number of groups must be a positive integer. Received: groups={groups}."
            )
        if filters is not None and filters % groups != 0:
            raise ValueError(
                "The number of filters must be evenly divisible by the "
                f"number of groups. Received: groups={groups}, filters={filters}."
            )
        check_sizes(self)
        check_strides_or_dilation(self)
        self._kernel = None
        self.bias = None

    def build(self, input_shape):
        input_channel = channels(self, input_shape)
        self.input_spec = channel_spec(self, input_shape)
        if input_channel % self.groups != 0:
            raise ValueError(
                "The number of input channels must be evenly divisible by "
                f"the number of groups. Received groups={self.groups}, but the "
                f"input has {input_channel} channels (full input shape is {input_shape})."
            )
        self.compute_output_shape(input_shape)
        self._kernel = self.add_weight(
            name="kernel",
            shape=self.kernel_size + (input_channel // self.groups, self.filters),
            initializer=self.kernel_initializer,
        )
        add_bias_weight(self, self.filters)
        self.built = True

    @property
    def kernel(self):
        if not self.built:
            raise AttributeError("You must build the layer before accessing `kernel`.")
        return self._kernel

    def _convolve(self, inputs, padding):
        return tf.nn.convolution(
            inputs,
            self._kernel,
            list(self.strides),
            padding.upper(),
            data_format=_tf_format(self.data_format, self.rank),
            dilations=self.dilation_rate,
        )

    def call(self, inputs):
        outputs = self._convolve(inputs, self.padding)
        if self.use_bias:
            outputs = add_bias(self, outputs, self.bias, self.filters)
        return self.activation(outputs)

    def compute_output_shape(self, input_shape):
        return conv_output_shape(
            tuple(input_shape),
            self.filters,
            self.kernel_size,
            self.strides,
            self.padding,
            self.data_format,
            self.dilation_rate,
        )

    def get_config(self):
        return {
            **base_config(self),
            "filters": self.filters,
            "kernel_size": self.kernel_size,
            "strides": self.strides,
            "padding": self.padding,
            "data_format": self.data_format,
            "dilation_rate": self.dilation_rate,
            "groups": self.groups,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "kernel_initializer": serialize_initializer(self.kernel_initializer),
            "bias_initializer": serialize_initializer(self.bias_initializer),
            **_NO_REGULARIZERS,
        }


def check_sizes(layer):
    if not all(layer.kernel_size):
        raise ValueError(
            "The argument `kernel_size` cannot contain 0. "
            f"Received kernel_size={layer.kernel_size}."
        )
    if not all(layer.strides):
        raise ValueError(
            f"The argument `strides` cannot contains 0. Received strides={layer.strides}"
        )


def check_strides_or_dilation(layer):
    if max(layer.strides) > 1 and max(layer.dilation_rate) > 1:
        raise ValueError(
            "`strides > 1` not supported in conjunction with "
            f"`dilation_rate > 1`. Received: strides={layer.strides} and "
            f"dilation_rate={layer.dilation_rate}"
        )


class Conv2D(_Conv):
    rank = 2

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", **kwargs):
        super().__init__(filters, kernel_size, strides=strides, padding=padding, **kwargs)


class Conv1D(_Conv):
    """Conv1D; padding='causal' pads the steps on the left, then runs a valid convolution."""

    rank = 1

    def call(self, inputs):
        padding = self.padding
        if padding == "causal":
            left = self.dilation_rate[0] * (self.kernel_size[0] - 1)
            pads = [[0, 0], [left, 0], [0, 0]]
            if self.data_format != "channels_last":
                pads = [[0, 0], [0, 0], [left, 0]]
            inputs = tf.pad(inputs, pads)
            padding = "valid"
        outputs = self._convolve(inputs, padding)
        if self.use_bias:
            outputs = add_bias(self, outputs, self.bias, self.filters)
        return self.activation(outputs)


def conv_transpose_size(size, kernel, stride, padding, output_padding, dilation):
    """keras's _get_output_shape_given_tf_padding."""
    if size is None:
        return None
    kernel = (kernel - 1) * dilation + 1
    if padding == "valid":
        extra = max(kernel, stride) - kernel if output_padding is None else output_padding
        return (size - 1) * stride + kernel + extra
    if output_padding is None:
        return size * stride
    return (size - 1) * stride + kernel % 2 + output_padding


class Conv2DTranspose(Layer):
    rank = 2

    def __init__(
        self,
        filters,
        kernel_size,
        strides=(1, 1),
        padding="valid",
        output_padding=None,
        data_format=None,
        dilation_rate=(1, 1),
        activation=None,
        use_bias=True,
        kernel_initializer="glorot_uniform",
        bias_initializer="zeros",
        **kwargs,
    ):
        reject_unsupported("Conv2DTranspose", kwargs, UNSUPPORTED)
        super().__init__(**kwargs)
        self.filters = filters
        self.kernel_size = standardize_tuple(kernel_size, 2, "kernel_size")
        self.strides = standardize_tuple(strides, 2, "strides")
        self.dilation_rate = standardize_tuple(dilation_rate, 2, "dilation_rate")
        self.padding = standardize_padding(padding)
        self.output_padding = (
            None
            if output_padding is None
            else standardize_tuple(output_padding, 2, "output_padding", allow_zero=True)
        )
        self.data_format = standardize_data_format(data_format)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.input_spec = InputSpec(min_ndim=4)
        if filters is not None and filters <= 0:
            raise ValueError(
                "Invalid value for argument `filters`. Expected a strictly "
                f"positive value. Received filters={filters}."
            )
        check_sizes(self)
        if self.output_padding is not None:
            for i, (op, s) in enumerate(zip(self.output_padding, self.strides)):
                if op >= s:
                    raise ValueError(
                        "`output_padding` must be strictly less than "
                        f"`strides` for all dimensions. At dimension {i}, "
                        f"`output_padding` is {op} but `strides` is {s}. "
                        f"Received: output_padding={self.output_padding}, "
                        f"strides={self.strides}"
                    )
        check_strides_or_dilation(self)
        self.kernel = None
        self.bias = None

    def build(self, input_shape):
        input_channel = channels(self, input_shape)
        self.input_spec = channel_spec(self, input_shape)
        self.kernel = self.add_weight(
            name="kernel",
            shape=self.kernel_size + (self.filters, input_channel),
            initializer=self.kernel_initializer,
        )
        add_bias_weight(self, self.filters)
        self.built = True

    def call(self, inputs):
        tf.shape(inputs)  # Keras reads the dynamic shape first
        output_shape = self.compute_output_shape(tuple(inputs._value.shape))
        outputs = tf.nn.conv_transpose(
            inputs,
            self.kernel,
            list(output_shape),
            list(self.strides),
            padding=self.padding.upper(),
            data_format=_tf_format(self.data_format, 2),
            dilations=list(self.dilation_rate),
        )
        if self.use_bias:
            outputs = add_bias(self, outputs, self.bias, self.filters)
        return self.activation(outputs)

    def compute_output_shape(self, input_shape):
        spatial = input_shape[1:-1] if self.data_format == "channels_last" else input_shape[2:]
        out = [
            conv_transpose_size(
                size,
                self.kernel_size[i],
                self.strides[i],
                self.padding,
                None if self.output_padding is None else self.output_padding[i],
                self.dilation_rate[i],
            )
            for i, size in enumerate(spatial)
        ]
        if self.data_format == "channels_last":  # a list, as Keras returns it for transposes
            return [input_shape[0], *out, self.filters]
        return [input_shape[0], self.filters, *out]

    def get_config(self):
        return {
            **base_config(self),
            "filters": self.filters,
            "kernel_size": self.kernel_size,
            "strides": self.strides,
            "padding": self.padding,
            "output_padding": self.output_padding,
            "data_format": self.data_format,
            "dilation_rate": self.dilation_rate,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "kernel_initializer": serialize_initializer(self.kernel_initializer),
            "bias_initializer": serialize_initializer(self.bias_initializer),
            **_NO_REGULARIZERS,
        }
