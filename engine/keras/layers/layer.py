"""keras.layers.Layer: naming, weight creation, build on first call, variable collection.

What a call does, in Keras 3's order: convert array inputs to tensors and cast floating ones
to the layer's dtype (autocast), check the input against the layer's input spec, then inside
the layer's scope (its Keras path and its tf.name_scope) build it from the input's shape if
it is not built yet, and run `call`.
"""

import functools
import inspect
import warnings

import numpy as np

import engine as tf  # circular on purpose: ops are looked up when a layer runs

from ...tensor import EagerTensor
from .. import initializers as initializers_module, naming
from ..variables import KerasVariable

_BOOKKEEPING = {"_tracked_variables", "_layers", "_trainable", "_dtype", "built", "name"}
_LAYER_KWARGS = {
    "input_shape",
    "input_dim",
    "batch_input_shape",
    "batch_size",
    "weights",
    "activity_regularizer",
    "autocast",
}


class InputSpec:
    """What a layer accepts: a minimum rank and fixed sizes of some axes."""

    def __init__(self, min_ndim=None, axes=None):
        self.min_ndim = min_ndim
        self.axes = axes or {}

    def check(self, layer_name, x):
        shape = x._value.shape  # a NumPy shape tuple: no TensorShape on every call
        prefix = f"Input 0 with name 'None' of layer '{layer_name}' is incompatible with the layer:"
        if self.min_ndim is not None and len(shape) < self.min_ndim:
            raise ValueError(
                f"{prefix} expected min_ndim={self.min_ndim}, found ndim={len(shape)}."
                f" Full shape received: {shape}"
            )
        for axis, size in self.axes.items():
            if shape[axis] != size:
                raise ValueError(
                    f"{prefix} expected axis {axis} of input shape to have value "
                    f"{size}, but received input with shape {shape}"
                )


def _is_tensor_like(value):
    return (
        value is None
        or tf.is_tensor(value)
        or hasattr(value, "__array__")
        or hasattr(value, "_as_tensor")
    )


class Layer:
    # set in __new__ (object.__setattr__, past the tracking __setattr__), before any __init__
    _tracked_variables: list
    _layers: list["Layer"]

    def __new__(cls, *args, **kwargs):
        # The bookkeeping exists before __init__, so a subclass may set attributes first.
        layer = super().__new__(cls)
        object.__setattr__(layer, "_tracked_variables", [])
        object.__setattr__(layer, "_layers", [])
        return layer

    def __init__(self, trainable=True, name=None, dtype=None, **kwargs):
        unknown = {k: v for k, v in kwargs.items() if k not in _LAYER_KWARGS}
        if unknown:
            raise ValueError(
                f"Unrecognized keyword arguments passed to {type(self).__name__}: {unknown}"
            )
        self.name = name or naming.auto_name(type(self).__name__)
        self._trainable = bool(trainable)
        self._dtype = tf.as_dtype(dtype or "float32")
        self.built = False
        self.input_spec = None
        self._input_shape_arg = None
        if "input_shape" in kwargs or "input_dim" in kwargs:
            warnings.warn(
                "Do not pass an `input_shape`/`input_dim` argument to a layer. When using "
                "Sequential models, prefer using an `Input(shape)` object as the first layer in "
                "the model instead.",
                UserWarning,
                stacklevel=3,
            )
            shape = kwargs.get("input_shape") or (kwargs["input_dim"],)
            self._input_shape_arg = (None,) + tuple(shape)

    # --- attribute tracking: layers and variables assigned to the layer are its own ----------
    def __setattr__(self, name, value):
        if name not in _BOOKKEEPING:
            for leaf in _leaves(value):
                if isinstance(leaf, Layer) and leaf is not self and leaf not in self._layers:
                    self._layers.append(leaf)
                elif isinstance(leaf, KerasVariable) and not any(
                    v is leaf for v in self._tracked_variables
                ):
                    self._tracked_variables.append(leaf)
        object.__setattr__(self, name, value)

    # --- weights -------------------------------------------------------------------------
    def add_weight(
        self,
        shape=None,
        initializer=None,
        dtype=None,
        trainable=True,
        autocast=True,
        regularizer=None,
        constraint=None,
        aggregation="none",
        overwrite_with_gradient=False,
        name=None,
        **unused_keras_kwargs,
    ):
        if isinstance(shape, str):  # Keras 3 made `name` keyword-only in spirit: it checks
            raise ValueError(
                "`name` must be passed as a keyword argument. Received: "
                f"add_weight('{shape}', ...). Use: add_weight(shape=..., name='{shape}')."
            )
        dtype = tf.as_dtype(dtype or self._dtype)
        if initializer is None:
            initializer = "glorot_uniform" if dtype.is_floating else "zeros"
        initializer = initializers_module.get(initializer)
        shape = () if shape is None else tuple(shape)
        with naming.keras_scope(self.name, self):
            variable = KerasVariable(
                initializer(shape, dtype=dtype),
                name=name or "variable",
                trainable=trainable and self._trainable,
                dtype=dtype,
                aggregation=aggregation,
                watched=trainable,
            )
        self._tracked_variables.append(variable)
        return variable

    @property
    def variables(self):
        found, seen = [], set()
        for v in self._tracked_variables:
            if id(v) not in seen:
                seen.add(id(v))
                found.append(v)
        for layer in self._layers:
            for v in layer.variables:
                if id(v) not in seen:
                    seen.add(id(v))
                    found.append(v)
        return found

    weights = variables

    @property
    def trainable_variables(self):
        return [v for v in self.variables if v.trainable] if self._trainable else []

    trainable_weights = trainable_variables

    @property
    def non_trainable_variables(self):
        if not self._trainable:
            return self.variables
        return [v for v in self.variables if not v.trainable]

    non_trainable_weights = non_trainable_variables

    def get_weights(self):
        return [v.numpy() for v in self.variables]

    def set_weights(self, weights):
        variables = self.variables
        if len(weights) != len(variables):
            raise ValueError(
                f"You called `set_weights(weights)` on layer '{self.name}' with a "
                f"weight list of length {len(weights)}, but the layer was expecting "
                f"{len(variables)} weights."
            )
        for variable, value in zip(variables, weights):
            variable.assign(value)

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        # Keras 3 sets the flag on the variables made trainable (not on those made with
        # trainable=False); tapes keep watching them either way (see variables.py).
        value = bool(value)
        self._trainable = value
        for v in self._tracked_variables:
            if v._trainable:
                v.trainable = value
        for layer in self._layers:
            layer.trainable = value

    @property
    def dtype(self):
        return self._dtype.name

    @property
    def layers(self):
        return list(self._layers)

    # --- calling -------------------------------------------------------------------------
    def build(self, input_shape):
        self.built = True

    def call(self, inputs, *args, **kwargs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def _build_on_call(self, input_shape):
        self.build(input_shape)
        self.built = True

    def _build_symbolically(self, input_shape):
        """Builds for inputs of `input_shape` without data; returns the output shape."""
        with naming.keras_scope(self.name, self):
            if not self.built:
                self._build_on_call(input_shape)
        return self.compute_output_shape(input_shape)

    def __call__(self, inputs, *args, **kwargs):
        if isinstance(inputs, (list, tuple)) and any(tf.is_tensor(x) for x in inputs):
            # A list of tensors (merge layers): each is converted; build gets their shapes.
            inputs = [self._convert_input(x) for x in inputs]
            shape: list | tuple = [tuple(x._value.shape) for x in inputs]
        else:
            inputs = self._convert_input(inputs)
            shape = tuple(inputs._value.shape)
            if self.input_spec is not None:
                self.input_spec.check(self.name, inputs)
        with naming.keras_scope(self.name, self):
            if not self.built:
                self._build_on_call(shape)
            if kwargs:
                kwargs = _accepted(self.call, kwargs)
            return self.call(inputs, *args, **kwargs)

    def _convert_input(self, x):
        if type(x) is EagerTensor:  # the common case, checked first: it runs on every call
            if x._value.dtype.kind == "f" and x._value.dtype != self._np_dtype:  # autocast
                x = tf.cast(x, self._dtype)
            return x
        if type(x).__name__ == "KerasTensor":
            raise AttributeError(
                "engine does not implement tf.keras functional models (calling "
                "a layer on keras.Input); use keras.Sequential or call layers "
                "on tensors"
            )
        if isinstance(x, (list, tuple)):
            for leaf in _leaves(x):
                if not _is_tensor_like(leaf):
                    raise ValueError(
                        "Only input tensors may be passed as positional arguments. The following "
                        f"argument value should be passed as a keyword argument: {leaf} (of type "
                        f"{type(leaf)})"
                    )
        if not tf.is_tensor(x):
            x = tf.convert_to_tensor(np.asarray(x) if hasattr(x, "__array__") else x)
        if x.dtype.is_floating and x.dtype != self._dtype:  # Keras's autocast
            x = tf.cast(x, self._dtype)
        return x

    @property
    def _np_dtype(self):
        return self._dtype._np

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}, built={self.built}>"


def _accepted(method, kwargs):
    """The keyword arguments `method` accepts (Keras passes `training` only where wanted)."""
    takes_any, names = _keyword_parameters(getattr(method, "__func__", method))
    if takes_any:
        return kwargs
    return {k: v for k, v in kwargs.items() if k in names}


@functools.cache
def _keyword_parameters(function):
    """(accepts **kwargs, parameter names), cached: inspect.signature is slow per call."""
    parameters = inspect.signature(function).parameters
    return (any(p.kind is p.VAR_KEYWORD for p in parameters.values()), frozenset(parameters))


def _leaves(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item)
    else:
        yield value
