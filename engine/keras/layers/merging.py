"""keras.layers Add, Subtract, Multiply, Average, Maximum, Minimum, Concatenate, Dot: layers
called on a list of tensors, merged with the ops Keras's TF backend runs (AddV2, or BiasAdd
when the second input looks like a bias, Sub, Mul, RealDiv, Maximum, Minimum, ConcatV2, and
for Dot: ExpandDims, BatchMatMulV2, Squeeze, after an L2 normalization if asked)."""

from .. import _tf as tf
from .arguments import base_config, keras_shape
from .backend_ops import add as keras_add
from .layer import Layer


class _Merge(Layer):
    """Keras's Merge base: checks the list of inputs, expands lower ranks, then merges."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True  # as Keras: masks pass through

    def build(self, input_shape):
        if not isinstance(input_shape[0], (tuple, list)):
            raise ValueError(
                "A merge layer should be called on a list of inputs. "
                f"Received: input_shape={input_shape} (not a list of shapes)"
            )
        batch_sizes = {s[0] for s in input_shape if s} - {None}
        if len(batch_sizes) > 1:
            raise ValueError(
                "Cannot merge tensors with different batch sizes. "
                f"Received tensors with shapes {input_shape}"
            )
        output_shape = input_shape[0][1:]
        for shape in input_shape[1:]:
            output_shape = _elementwise_shape(output_shape, shape[1:])
        self._reshape_required = len(set(map(len, input_shape))) != 1
        self.built = True

    def call(self, inputs):
        if self._reshape_required:
            max_ndim = max(len(x.shape) for x in inputs)
            expanded = []
            for x in inputs:
                for _ in range(max_ndim - len(x.shape)):
                    x = tf.expand_dims(x, axis=1)
                expanded.append(x)
            inputs = expanded
        return self._merge_function(inputs)

    def compute_output_shape(self, input_shape):
        output_shape = input_shape[0][1:]
        for shape in input_shape[1:]:
            output_shape = _elementwise_shape(output_shape, shape[1:])
        batch_sizes = {s[0] for s in input_shape if s is not None} - {None}
        batch = next(iter(batch_sizes)) if len(batch_sizes) == 1 else None
        return (batch,) + tuple(output_shape)

    def get_config(self):
        return base_config(self)

    def _merge_function(self, inputs):
        raise NotImplementedError  # each merge layer's own op


def _elementwise_shape(shape1, shape2):
    if len(shape1) < len(shape2):
        return _elementwise_shape(shape2, shape1)
    if not shape2:
        return tuple(shape1)
    output_shape = list(shape1[: -len(shape2)])
    for i, j in zip(shape1[-len(shape2) :], shape2):
        if i is None or j is None:
            output_shape.append(None)
        elif i == 1:
            output_shape.append(j)
        elif j == 1 or i == j:
            output_shape.append(i)
        else:
            raise ValueError(
                f"Inputs have incompatible shapes. Received shapes {shape1} and {shape2}"
            )
    return tuple(output_shape)


class Add(_Merge):
    def _merge_function(self, inputs):
        output = inputs[0]
        for x in inputs[1:]:
            output = keras_add(output, x)
        return output


class Subtract(_Merge):
    def build(self, input_shape):
        super().build(input_shape)
        if len(input_shape) != 2:
            raise ValueError(
                "A `Subtract` layer should be called on exactly 2 inputs. "
                f"Received: input_shape={input_shape}"
            )

    def _merge_function(self, inputs):
        return tf.subtract(inputs[0], inputs[1])


class Multiply(_Merge):
    def _merge_function(self, inputs):
        output = inputs[0]
        for x in inputs[1:]:
            output = tf.multiply(output, x)
        return output


class Average(_Merge):
    def _merge_function(self, inputs):
        output = inputs[0]
        for x in inputs[1:]:
            output = keras_add(output, x)
        return output / len(inputs)


class Maximum(_Merge):
    def _merge_function(self, inputs):
        output = inputs[0]
        for x in inputs[1:]:
            output = tf.maximum(output, x)
        return output


class Minimum(_Merge):
    def _merge_function(self, inputs):
        output = inputs[0]
        for x in inputs[1:]:
            output = tf.minimum(output, x)
        return output


class Concatenate(_Merge):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis
        self._reshape_required = False

    def build(self, input_shape):
        if len(input_shape) < 1 or not isinstance(input_shape[0], (tuple, list)):
            raise ValueError(
                "A `Concatenate` layer should be called on a list of "
                f"at least 1 input. Received: input_shape={input_shape}"
            )
        reduced = [list(shape) for shape in input_shape]
        shape_set = set()
        for i, shape in enumerate(input_shape):
            concat_axis = self.axis % len(shape)
            for axis, axis_value in enumerate(input_shape, start=1):
                if axis != concat_axis and axis_value == 1:
                    del reduced[i][axis]
            if len(reduced[i]) > self.axis:
                del reduced[i][self.axis]
            shape_set.add(tuple(reduced[i]))
        if len(shape_set) != 1:
            message = (
                "A `Concatenate` layer requires inputs with matching shapes "
                "except for the concatenation axis. "
                f"Received: input_shape={input_shape}"
            )
            ranks = {len(shape) for shape in shape_set}
            if len(ranks) != 1:
                raise ValueError(message)
            for axis in range(next(iter(ranks))):
                if len({s[axis] for s in shape_set if s[axis] is not None}) > 1:
                    raise ValueError(message)
        self.built = True

    def call(self, inputs):
        return tf.concat(inputs, axis=self.axis)

    def compute_output_shape(self, input_shape):
        if not isinstance(input_shape, (tuple, list)) or not isinstance(
            input_shape[0], (tuple, list)
        ):
            raise ValueError(
                "A `Concatenate` layer should be called on a list of inputs. "
                f"Received: input_shape={input_shape}"
            )
        output_shape = list(input_shape[0])
        for shape in input_shape[1:]:
            if output_shape[self.axis] is None or shape[self.axis] is None:
                output_shape[self.axis] = None
                break
            output_shape[self.axis] += shape[self.axis]
        return tuple(output_shape)

    def get_config(self):
        return {**base_config(self), "axis": self.axis}


def _l2_normalize(x, axis):
    """keras.ops.normalize(order=2): x * min(rsqrt(sum(x**2)), 1 / epsilon)."""
    inv_norm = tf.math.rsqrt(tf.reduce_sum(tf.square(x), axis=axis, keepdims=True))
    return x * tf.minimum(inv_norm, 1.0 / 1e-7)


def batch_dot(x, y, axes):
    """Keras's batch_dot for the shapes Dot sees (axes already non-negative)."""
    x_ndim, y_ndim = len(x.shape), len(y.shape)
    a0, a1 = axes
    d1, d2 = x.shape[a0], y.shape[a1]
    if d1 != d2:
        raise ValueError(
            f"Cannot do batch_dot on inputs with shapes {x.shape} and {y.shape} with "
            f"axes={list(axes)}. x.shape[{a0}] != y.shape[{a1}] ({d1} != {d2})."
        )
    orig_x_ndim, orig_y_ndim = x_ndim, y_ndim
    if x_ndim == 2:
        x = tf.expand_dims(x, 1)
        a0 += 1
        x_ndim += 1
    if y_ndim == 2:
        y = tf.expand_dims(y, 2)
        y_ndim += 1
    if a0 != x_ndim - 1:
        pattern = list(range(x_ndim))
        for i in range(a0, x_ndim - 1):
            pattern[i] = pattern[i + 1]
        pattern[-1] = a0
        x = tf.transpose(x, pattern)
    if a1 != 1:
        pattern = list(range(y_ndim))
        for i in range(a1, 1, -1):
            pattern[i] = pattern[i - 1]
        pattern[1] = a1
        y = tf.transpose(y, pattern)
    x_mid_dims = y_trail_dims = None
    if x_ndim > 3:  # batch, middle dims squashed into one, features
        x_shape = keras_shape(x)
        x_mid_dims = x_shape[1:-1]
        x = tf.reshape(x, (x_shape[0], -1, x_shape[-1]))
    if y_ndim > 3:
        y_shape = keras_shape(y)
        y_trail_dims = y_shape[2:]
        y = tf.reshape(y, (y_shape[0], y_shape[1], -1))
    result = tf.matmul(x, y)
    output_shape = keras_shape(result)
    if x_mid_dims is not None or y_trail_dims is not None:
        if x_mid_dims is not None:
            output_shape = output_shape[:1] + x_mid_dims + output_shape[-1:]
        if y_trail_dims is not None:
            output_shape = output_shape[:-1] + y_trail_dims
        result = tf.reshape(result, output_shape)
    if orig_x_ndim == 2:
        result = tf.squeeze(result, 1)
    elif orig_y_ndim == 2:
        result = tf.squeeze(result, -1)
    return result


class Dot(_Merge):
    def __init__(self, axes, normalize=False, **kwargs):
        super().__init__(**kwargs)
        if not isinstance(axes, int):
            if not isinstance(axes, (list, tuple)):
                raise TypeError(
                    "Invalid type for argument `axes`: it should be "
                    f"a list or an int. Received: axes={axes}"
                )
            if len(axes) != 2:
                raise ValueError(
                    "Invalid format for argument `axes`: it should contain "
                    f"two elements. Received: axes={axes}"
                )
            if not isinstance(axes[0], int) or not isinstance(axes[1], int):
                raise ValueError(
                    "Invalid format for argument `axes`: list elements should "
                    f"be integers. Received: axes={axes}"
                )
        self.axes = axes
        self.normalize = normalize
        self._reshape_required = False

    def _resolved_axes(self, shape1, shape2):
        if isinstance(self.axes, int):
            if self.axes < 0:
                return [self.axes % len(shape1), self.axes % len(shape2)]
            return [self.axes] * 2
        return [a % len(s) if a < 0 else a for a, s in zip(self.axes, (shape1, shape2))]

    def build(self, input_shape):
        if not isinstance(input_shape[0], (tuple, list)) or len(input_shape) != 2:
            raise ValueError(
                "A `Dot` layer should be called on a list of 2 inputs. "
                f"Received: input_shape={input_shape}"
            )
        shape1, shape2 = input_shape
        axes = self.axes if not isinstance(self.axes, int) else self._resolved_axes(shape1, shape2)
        if shape1[axes[0]] != shape2[axes[1]]:
            raise ValueError(
                "Incompatible input shapes: "
                f"axis values {shape1[axes[0]]} (at axis {axes[0]}) != "
                f"{shape2[axes[1]]} (at axis {axes[1]}). "
                f"Full input shapes: {shape1}, {shape2}"
            )
        self.built = True

    def call(self, inputs):
        x1, x2 = inputs
        axes = self._resolved_axes(x1.shape, x2.shape)
        if self.normalize:
            x1 = _l2_normalize(x1, axes[0])
            x2 = _l2_normalize(x2, axes[1])
        return batch_dot(x1, x2, axes)

    def compute_output_shape(self, input_shape):
        shape1, shape2 = list(input_shape[0]), list(input_shape[1])
        axes = self._resolved_axes(shape1, shape2)
        shape1.pop(axes[0])
        shape2.pop(axes[1])
        shape2.pop(0)
        output_shape = shape1 + shape2
        if len(output_shape) == 1:
            output_shape += [1]
        return tuple(output_shape)

    def get_config(self):
        return {**base_config(self), "axes": self.axes, "normalize": self.normalize}
