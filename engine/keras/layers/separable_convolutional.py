"""keras.layers DepthwiseConv2D and SeparableConv2D: tf.nn.depthwise_conv2d (then a 1x1
Conv2D for the separable one), the bias added as keras.ops.add adds it (Reshape, Squeeze,
BiasAdd), then the activation. With strides and dilations together, which TF's depthwise op
refuses, Keras's decomposition runs: explicit 'same' padding, a stride-1 dilated convolution,
then subsampling."""

from .. import _tf as tf, activations, initializers
from .arguments import (
    base_config,
    reject_unsupported,
    serialize_initializer,
    standardize_data_format,
    standardize_padding,
    standardize_tuple,
)
from .convolutional import (
    UNSUPPORTED,
    add_bias,
    add_bias_weight,
    channel_spec,
    channels,
    check_sizes,
    conv_output_shape,
)
from .layer import InputSpec, Layer


def _pad_same(inputs, kernel_size, strides, dilation_rate):
    """Keras's _pad_same_spatial_channels_last: TF's 'same' padding as an explicit Pad, its
    sizes computed with TF ops from the input's Shape as Keras computes them."""
    spatial_shape = tf.shape(inputs, out_type=tf.int32)[1:-1]
    paddings = [tf.constant([0, 0], dtype=tf.int32)]
    for i, k in enumerate(kernel_size):
        n, s = spatial_shape[i], strides[i]
        effective = (k - 1) * dilation_rate[i] + 1
        out_size = (n + s - 1) // s
        total = tf.maximum((out_size - 1) * s + effective - n, 0)
        before = total // 2
        paddings.append(tf.stack([before, total - before]))
    paddings.append(tf.constant([0, 0], dtype=tf.int32))
    return tf.pad(inputs, tf.stack(paddings))


class _DepthwiseBase(Layer):
    """What DepthwiseConv2D and SeparableConv2D share: arguments and the depthwise kernel."""

    rank = 2
    depth_multiplier: int

    def _init_common(self, kernel_size, strides, padding, data_format, dilation_rate, kwargs):
        reject_unsupported(type(self).__name__, kwargs, UNSUPPORTED)
        super().__init__(**kwargs)
        self.kernel_size = standardize_tuple(kernel_size, 2, "kernel_size")
        self.strides = standardize_tuple(strides, 2, "strides")
        self.dilation_rate = standardize_tuple(dilation_rate, 2, "dilation_rate")
        self.padding = standardize_padding(padding)
        self.data_format = standardize_data_format(data_format)
        self.input_spec = InputSpec(min_ndim=4)

    def _check_multiplier(self):
        if self.depth_multiplier is not None and self.depth_multiplier <= 0:
            raise ValueError(
                "Invalid value for argument `depth_multiplier`. Expected a "
                "strictly positive value. Received "
                f"depth_multiplier={self.depth_multiplier}."
            )
        check_sizes(self)

    def _native_args(self):
        if self.data_format == "channels_last":
            return (1, *self.strides, 1), "NHWC"
        return (1, 1, *self.strides), "NCHW"

    def _needs_decomposition(self):
        return max(self.strides) > 1 and max(self.dilation_rate) > 1

    def _strided_dilated(self, inputs, depthwise_kernel, pointwise_kernel=None):
        """Strides and dilations together, which TF's depthwise op refuses: Keras runs the
        dilated convolution at stride 1 (after padding 'same' by hand) and subsamples."""
        channels_first = self.data_format == "channels_first"
        if channels_first:
            inputs = tf.transpose(inputs, (0, 2, 3, 1))
        if self.padding == "same":
            inputs = _pad_same(inputs, self.kernel_size, self.strides, self.dilation_rate)
        outputs = tf.nn.depthwise_conv2d(
            inputs,
            depthwise_kernel,
            strides=(1, 1, 1, 1),
            padding="VALID",
            data_format="NHWC",
            dilations=self.dilation_rate,
        )
        outputs = outputs[:, :: self.strides[0], :: self.strides[1], :]
        if pointwise_kernel is not None:
            outputs = tf.nn.conv2d(outputs, pointwise_kernel, strides=(1, 1, 1, 1), padding="VALID")
        if channels_first:
            outputs = tf.transpose(outputs, (0, 3, 1, 2))
        return outputs

    def _output_shape(self, input_shape, filters):
        return conv_output_shape(
            tuple(input_shape),
            filters,
            self.kernel_size,
            self.strides,
            self.padding,
            self.data_format,
            self.dilation_rate,
        )


class DepthwiseConv2D(_DepthwiseBase):
    def __init__(
        self,
        kernel_size,
        strides=(1, 1),
        padding="valid",
        depth_multiplier=1,
        data_format=None,
        dilation_rate=(1, 1),
        activation=None,
        use_bias=True,
        depthwise_initializer="glorot_uniform",
        bias_initializer="zeros",
        **kwargs,
    ):
        self._init_common(kernel_size, strides, padding, data_format, dilation_rate, kwargs)
        self.depth_multiplier = depth_multiplier
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.depthwise_initializer = initializers.get(depthwise_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self._check_multiplier()
        self.kernel = None
        self.bias = None

    def build(self, input_shape):
        input_channel = channels(self, input_shape)
        self.input_spec = channel_spec(self, input_shape)
        self.compute_output_shape(input_shape)
        self.kernel = self.add_weight(
            name="kernel",
            shape=self.kernel_size + (input_channel, self.depth_multiplier),
            initializer=self.depthwise_initializer,
        )
        add_bias_weight(self, self.depth_multiplier * input_channel)
        self.built = True

    def call(self, inputs):
        if self._needs_decomposition():
            outputs = self._strided_dilated(inputs, self.kernel)
        else:
            strides, data_format = self._native_args()
            outputs = tf.nn.depthwise_conv2d(
                inputs,
                self.kernel,
                strides,
                self.padding.upper(),
                data_format=data_format,
                dilations=self.dilation_rate,
            )
        if self.use_bias:
            out_channels = self.depth_multiplier * channels(self, inputs.shape)
            outputs = add_bias(self, outputs, self.bias, out_channels)
        return self.activation(outputs)

    def compute_output_shape(self, input_shape):
        return self._output_shape(input_shape, self.depth_multiplier * channels(self, input_shape))

    def get_config(self):
        return {
            **base_config(self),
            "depth_multiplier": self.depth_multiplier,
            "kernel_size": self.kernel_size,
            "strides": self.strides,
            "padding": self.padding,
            "data_format": self.data_format,
            "dilation_rate": self.dilation_rate,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "depthwise_initializer": serialize_initializer(self.depthwise_initializer),
            "bias_initializer": serialize_initializer(self.bias_initializer),
            "depthwise_regularizer": None,
            "bias_regularizer": None,
            "activity_regularizer": None,
            "depthwise_constraint": None,
            "bias_constraint": None,
        }


class SeparableConv2D(_DepthwiseBase):
    def __init__(
        self,
        filters,
        kernel_size,
        strides=(1, 1),
        padding="valid",
        data_format=None,
        dilation_rate=(1, 1),
        depth_multiplier=1,
        activation=None,
        use_bias=True,
        depthwise_initializer="glorot_uniform",
        pointwise_initializer="glorot_uniform",
        bias_initializer="zeros",
        **kwargs,
    ):
        self._init_common(kernel_size, strides, padding, data_format, dilation_rate, kwargs)
        self.filters = filters
        self.depth_multiplier = depth_multiplier
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.depthwise_initializer = initializers.get(depthwise_initializer)
        self.pointwise_initializer = initializers.get(pointwise_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        if filters is not None and filters <= 0:
            raise ValueError(
                "Invalid value for argument `filters`. Expected a strictly "
                f"positive value. Received filters={filters}."
            )
        self._check_multiplier()
        self.depthwise_kernel = None
        self.pointwise_kernel = None
        self.bias = None

    def build(self, input_shape):
        input_channel = channels(self, input_shape)
        self.input_spec = channel_spec(self, input_shape)
        self.depthwise_kernel = self.add_weight(
            name="depthwise_kernel",
            shape=self.kernel_size + (input_channel, self.depth_multiplier),
            initializer=self.depthwise_initializer,
        )
        self.pointwise_kernel = self.add_weight(
            name="pointwise_kernel",
            shape=(1, 1, self.depth_multiplier * input_channel, self.filters),
            initializer=self.pointwise_initializer,
        )
        add_bias_weight(self, self.filters)
        self.built = True

    def call(self, inputs):
        if self._needs_decomposition():
            outputs = self._strided_dilated(inputs, self.depthwise_kernel, self.pointwise_kernel)
        else:
            strides, data_format = self._native_args()
            outputs = tf.nn.separable_conv2d(
                inputs,
                self.depthwise_kernel,
                self.pointwise_kernel,
                strides,
                self.padding.upper(),
                data_format=data_format,
                dilations=self.dilation_rate,
            )
        if self.use_bias:
            outputs = add_bias(self, outputs, self.bias, self.filters)
        return self.activation(outputs)

    def compute_output_shape(self, input_shape):
        return self._output_shape(input_shape, self.filters)

    def get_config(self):
        return {
            **base_config(self),
            "depth_multiplier": self.depth_multiplier,
            "filters": self.filters,
            "kernel_size": self.kernel_size,
            "strides": self.strides,
            "padding": self.padding,
            "data_format": self.data_format,
            "dilation_rate": self.dilation_rate,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "depthwise_initializer": serialize_initializer(self.depthwise_initializer),
            "pointwise_initializer": serialize_initializer(self.pointwise_initializer),
            "bias_initializer": serialize_initializer(self.bias_initializer),
            "depthwise_regularizer": None,
            "pointwise_regularizer": None,
            "bias_regularizer": None,
            "activity_regularizer": None,
            "depthwise_constraint": None,
            "pointwise_constraint": None,
            "bias_constraint": None,
        }
