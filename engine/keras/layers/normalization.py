"""keras.layers BatchNormalization, LayerNormalization, GroupNormalization.

Statistics come from tf.nn.moments, and BatchNormalization normalizes with
tf.nn.batch_normalization, as Keras's TF backend calls them; Layer/GroupNormalization use
keras.ops.layer_normalization's order (inv = rsqrt(var + eps) * gamma; x * inv + (-mean * inv
+ beta)). BatchNormalization's moving statistics are non-trainable Keras variables that a
training call moves by `moving * momentum + batch * (1 - momentum)`.
"""

from typing import Any

from ...missing import missing_attribute
from .. import _tf as tf, initializers
from .arguments import base_config, reject_unsupported, serialize_initializer
from .input_spec import InputSpec
from .layer import Layer

_UNSUPPORTED = ("beta_regularizer", "gamma_regularizer", "beta_constraint", "gamma_constraint")
_NO_REGULARIZERS = {name: None for name in _UNSUPPORTED}


def _check_axes(axis, input_shape):
    for a in axis if isinstance(axis, (list, tuple)) else [axis]:
        if a >= len(input_shape) or a < -len(input_shape):
            raise ValueError(
                f"Axis {a} is out of bounds for input shape {input_shape}. Received: axis={axis}"
            )
    return input_shape


def _scale_and_center(layer, shape):
    layer.gamma = layer.beta = None
    if layer.scale:
        layer.gamma = layer.add_weight(
            shape=shape, name="gamma", initializer=layer.gamma_initializer, autocast=False
        )
    if layer.center:
        layer.beta = layer.add_weight(
            shape=shape, name="beta", initializer=layer.beta_initializer, autocast=False
        )


def _common_config(layer):
    return {
        "epsilon": layer.epsilon,
        "center": layer.center,
        "scale": layer.scale,
        "beta_initializer": serialize_initializer(layer.beta_initializer),
        "gamma_initializer": serialize_initializer(layer.gamma_initializer),
        **_NO_REGULARIZERS,
    }


class BatchNormalization(Layer):
    gamma: Any
    beta: Any
    moving_mean: Any
    moving_variance: Any

    def __init__(
        self,
        axis=-1,
        momentum=0.99,
        epsilon=1e-3,
        center=True,
        scale=True,
        beta_initializer="zeros",
        gamma_initializer="ones",
        moving_mean_initializer="zeros",
        moving_variance_initializer="ones",
        renorm=False,
        renorm_clipping=None,
        renorm_momentum=0.99,
        synchronized=False,
        **kwargs,
    ):
        reject_unsupported("BatchNormalization", kwargs, _UNSUPPORTED)
        if renorm:
            raise missing_attribute("tf.keras.layers.BatchNormalization", "renorm")
        super().__init__(**kwargs)
        self.supports_masking = True  # as Keras: masks pass through
        self.axis = int(axis)
        self.synchronized = synchronized
        self.momentum = float(momentum)
        self.epsilon = float(epsilon)
        self.center = center
        self.scale = scale
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.moving_mean_initializer = initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = initializers.get(moving_variance_initializer)
        self.renorm = renorm
        self.renorm_clipping = renorm_clipping
        self.renorm_momentum = renorm_momentum
        self.gamma = self.beta = self.moving_mean = self.moving_variance = None
        self._reduction_axes = None

    def build(self, input_shape):
        shape = (input_shape[self.axis],)
        _scale_and_center(self, shape)
        self.moving_mean = self.add_weight(
            shape=shape,
            name="moving_mean",
            initializer=self.moving_mean_initializer,
            trainable=False,
            autocast=False,
        )
        self.moving_variance = self.add_weight(
            shape=shape,
            name="moving_variance",
            initializer=self.moving_variance_initializer,
            trainable=False,
            autocast=False,
        )
        self.input_spec = InputSpec(ndim=len(input_shape), axes={self.axis: input_shape[self.axis]})
        reduction_axes = list(range(len(input_shape)))
        del reduction_axes[self.axis]
        self._reduction_axes = reduction_axes
        self.built = True

    def compute_output_shape(self, input_shape):
        return _check_axes(self.axis, input_shape)

    def call(self, inputs, training=None, mask=None):
        if mask is not None and len(mask.shape) != len(inputs.shape) - 1:
            raise ValueError(
                "The mask provided should be one dimension less "
                "than the inputs. Received: "
                f"mask.shape={mask.shape}, inputs.shape={inputs.shape}"
            )
        dtype = inputs.dtype if inputs.dtype != tf.float16 else tf.float32
        inputs = tf.cast(inputs, dtype)
        moving_mean = tf.cast(self.moving_mean, dtype)
        moving_variance = tf.cast(self.moving_variance, dtype)
        gamma = tf.cast(self.gamma, dtype) if self.scale else None
        beta = tf.cast(self.beta, dtype) if self.center else None
        if training and self.trainable:
            if mask is None:
                mean, variance = tf.nn.moments(inputs, self._reduction_axes)
            else:
                mean, variance = self._masked_moments(inputs, mask)
            self.moving_mean.assign(moving_mean * self.momentum + mean * (1.0 - self.momentum))
            self.moving_variance.assign(
                moving_variance * self.momentum + variance * (1.0 - self.momentum)
            )
        else:
            mean, variance = moving_mean, moving_variance
        if self.axis != -1:  # Keras's backend reshapes the statistics to broadcast
            shape = [1] * len(inputs.shape)
            shape[self.axis] = mean.shape[0]
            mean, variance = tf.reshape(mean, shape), tf.reshape(variance, shape)
            beta = None if beta is None else tf.reshape(beta, shape)
            gamma = None if gamma is None else tf.reshape(gamma, shape)
        outputs = tf.nn.batch_normalization(inputs, mean, variance, beta, gamma, self.epsilon)
        return tf.cast(outputs, self._dtype)

    def _masked_moments(self, inputs, mask):
        """Keras's moments over the entries a (batch, ...) mask keeps."""
        shape = tf.shape(inputs)
        keep = tf.cast(tf.broadcast_to(tf.expand_dims(mask, -1), shape), tf.bool)
        axes = self._reduction_axes
        zero = tf.constant(0, inputs.dtype)
        total = tf.reduce_sum(tf.where(keep, inputs, zero), axes, keepdims=True)
        weight = tf.reduce_sum(tf.cast(keep, inputs.dtype), axes, keepdims=True)
        mean = total / (weight + 1e-7)
        difference = tf.where(keep, inputs - mean, zero)
        variance = tf.reduce_sum(tf.square(difference), axes, keepdims=True) / (weight + 1e-7)
        return tf.squeeze(mean), tf.squeeze(variance)

    def get_config(self):
        return {
            **base_config(self),
            "axis": self.axis,
            "momentum": self.momentum,
            **_common_config(self),
            "moving_mean_initializer": serialize_initializer(self.moving_mean_initializer),
            "moving_variance_initializer": serialize_initializer(self.moving_variance_initializer),
            "synchronized": self.synchronized,
            "renorm": self.renorm,
            "renorm_clipping": self.renorm_clipping,
            "renorm_momentum": self.renorm_momentum,
        }


class LayerNormalization(Layer):
    axis: Any  # an int or a list of ints, a sorted list once built
    gamma: Any
    beta: Any

    def __init__(
        self,
        axis=-1,
        epsilon=1e-3,
        center=True,
        scale=True,
        beta_initializer="zeros",
        gamma_initializer="ones",
        **kwargs,
    ):
        reject_unsupported("LayerNormalization", kwargs, _UNSUPPORTED)
        if kwargs.pop("rms_scaling", False):
            raise missing_attribute("tf.keras.layers.LayerNormalization", "rms_scaling")
        super().__init__(**kwargs)
        self.supports_masking = True  # as Keras: masks pass through
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError(
                "Expected an int or a list/tuple of ints for the "
                f"argument 'axis', but received: {axis!r}"
            )
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.rms_scaling = False
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)

    def build(self, input_shape):
        if isinstance(self.axis, (list, tuple)):
            self.axis = sorted(self.axis)
            shape = tuple(input_shape[dim] for dim in self.axis)
        else:
            shape = (input_shape[self.axis],)
            self.axis = [self.axis]
        _scale_and_center(self, shape)
        self.built = True

    def call(self, inputs):
        ndims = len(inputs.shape)
        axis = sorted(self.axis)
        broadcast_shape = [1] * ndims
        for dim in axis:
            broadcast_shape[dim] = inputs.shape[dim]

        def broadcast(v):  # Keras reshapes unless the axis is literally [ndims - 1]
            if v is not None and len(v.shape) != ndims and axis != [ndims - 1]:
                return tf.reshape(v, broadcast_shape)
            return v

        mean, variance = tf.nn.moments(inputs, axis, keepdims=True)
        gamma, beta = broadcast(self.gamma), broadcast(self.beta)
        inv = tf.math.rsqrt(variance + self.epsilon)
        if gamma is not None:
            inv = inv * gamma
        res = -mean * inv
        if beta is not None:
            res = res + beta
        return inputs * inv + res

    def compute_output_shape(self, input_shape):
        return _check_axes(self.axis, input_shape)

    def get_config(self):
        config = {**base_config(self), "axis": self.axis, **_common_config(self)}
        return {**config, "rms_scaling": self.rms_scaling}


class GroupNormalization(Layer):
    gamma: Any
    beta: Any

    def __init__(
        self,
        groups=32,
        axis=-1,
        epsilon=1e-3,
        center=True,
        scale=True,
        beta_initializer="zeros",
        gamma_initializer="ones",
        **kwargs,
    ):
        if not isinstance(groups, int) or (groups <= 0 and groups != -1):
            raise ValueError(
                "Received an invalid value for argument `groups`, expected "
                "a positive integer (or `-1` for instance normalization). "
                f"Received: groups={groups}"
            )
        reject_unsupported("GroupNormalization", kwargs, _UNSUPPORTED)
        super().__init__(**kwargs)
        self.supports_masking = True  # as Keras: masks pass through
        self.groups = groups
        self.axis = axis
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)

    def build(self, input_shape):
        dim = input_shape[self.axis]
        if dim is None:
            raise ValueError(
                f"Axis {self.axis} of input tensor should have a defined "
                "dimension but the layer received an input with shape "
                f"{input_shape}."
            )
        if self.groups == -1:
            self.groups = dim
        if dim < self.groups:
            raise ValueError(
                f"Number of groups ({self.groups}) cannot be more than the "
                f"number of channels ({dim})."
            )
        if dim % self.groups != 0:
            raise ValueError(
                f"Number of groups ({self.groups}) must be a multiple "
                f"of the number of channels ({dim})."
            )
        self.input_spec = InputSpec(ndim=len(input_shape), axes={self.axis: dim})
        _scale_and_center(self, (dim,))
        self.built = True

    def call(self, inputs):
        tf.shape(inputs)  # keras.ops.shape runs Shape
        shape = list(inputs.shape)
        group_shape = [-1] + shape[1:]
        group_shape[self.axis] = shape[self.axis] // self.groups
        group_shape.insert(self.axis, self.groups)
        grouped = tf.reshape(inputs, group_shape)
        reduction_axes = list(range(1, len(group_shape)))
        reduction_axes.pop(-2 if self.axis == -1 else self.axis - 1)
        broadcast_shape = [1] * len(shape)
        broadcast_shape[self.axis] = shape[self.axis] // self.groups
        broadcast_shape.insert(self.axis, self.groups)
        mean, variance = tf.nn.moments(grouped, reduction_axes, keepdims=True)
        inv = tf.math.rsqrt(variance + self.epsilon)
        if self.scale:
            inv = inv * tf.reshape(self.gamma, broadcast_shape)
        res = -mean * inv
        if self.center:
            res = res + tf.reshape(self.beta, broadcast_shape)
        normalized = grouped * inv + res
        tf.shape(inputs)
        return tf.reshape(normalized, shape)

    def compute_output_shape(self, input_shape):
        return _check_axes(self.axis, input_shape)

    def get_config(self):
        return {
            **base_config(self),
            "groups": self.groups,
            "axis": self.axis,
            **_common_config(self),
        }
