"""keras.layers.Layer: naming, weight creation, build on first call, variable collection.

What a call does, in Keras 3's order: convert array inputs to tensors and cast floating ones
to the layer's dtype (autocast), check the first input against the layer's input spec, build
the layer from the input's shape if it is not built yet (inside its scope: its Keras path and
its tf.name_scope), resolve `training` (the argument, else the outer layer call's value, else
the default of `call`'s signature) and `mask` (the argument, else the input's `_keras_mask`),
run `call`, then give the outputs their mask (`compute_mask`) when the layer supports masking.
Called on KerasTensors (keras.Input), the same steps build a graph node instead of running
ops (symbolic.py).

Tracking, as Keras 3 does: Keras variables and layers assigned to attributes (or in lists and
dicts there) are the layer's own; a tf.Variable is not (Keras 3 ignores it: it is neither in
`weights` nor trained by `fit`). Once built, a layer's state is locked: adding a variable or a
sublayer raises Keras's "You cannot add new elements of state" ValueError.
"""

import functools
import inspect
import warnings
from typing import Any

import numpy as np

from ...missing import missing_attribute
from ...tensor import EagerTensor
from .. import _tf as tf, initializers as initializers_module, naming, symbolic
from ..tensor_tags import get_keras_mask, set_keras_mask
from ..variables import KerasVariable
from .call_errors import with_call_info
from .input_spec import InputSpec, assert_input_compatibility

__all__ = ["InputSpec", "Layer"]

_BOOKKEEPING = {
    "_losses",
    "_tracked_variables",
    "_layers",
    "_trainable",
    "_dtype",
    "built",
    "name",
    "build",
    "_locked",
}
_LAYER_KWARGS = {
    "input_shape",
    "input_dim",
    "batch_input_shape",
    "batch_size",
    "weights",
    "activity_regularizer",
    "autocast",
}
LOCKED_MESSAGE = (
    "You cannot add new elements of state (variables or sub-layers) to a layer that is "
    "already built. All state must be created in the `__init__()` method or in the "
    "`build()` method."
)


class _CallContext:
    """The `training` value an outer layer call passes down to the layers it calls."""

    entry: object = None
    training: Any = None


_context = _CallContext()


def _is_tensor_like(value):
    return (
        value is None
        or tf.is_tensor(value)
        or hasattr(value, "__array__")
        or hasattr(value, "_as_tensor")
        or isinstance(value, symbolic.KerasTensor)
    )


class Layer:
    # set in __new__ (object.__setattr__, past the tracking __setattr__), before any __init__
    _tracked_variables: list
    _non_trainable_ids: set[int]
    _layers: list["Layer"]
    _locked: bool
    _inbound_nodes: list
    _build_shapes: Any
    _supports_masking: bool | None
    _init_arguments: tuple
    _losses: list

    def __new__(cls, *args, **kwargs):
        # The bookkeeping exists before __init__, so a subclass may set attributes first.
        layer = super().__new__(cls)
        setattr_ = object.__setattr__
        setattr_(layer, "_tracked_variables", [])
        setattr_(layer, "_non_trainable_ids", set())
        setattr_(layer, "_layers", [])
        setattr_(layer, "_locked", False)
        setattr_(layer, "_inbound_nodes", [])
        setattr_(layer, "_build_shapes", None)
        setattr_(layer, "_supports_masking", None)
        setattr_(layer, "_losses", [])
        setattr_(layer, "_init_arguments", (args, kwargs))
        original_build = layer.build

        @functools.wraps(original_build)
        def build(*build_args, **build_kwargs):
            # As Keras wraps build: in the layer's scope, then built, shapes kept, state locked.
            with naming.keras_scope(layer.name, layer):
                original_build(*build_args, **build_kwargs)
            if build_args or build_kwargs:
                shapes = build_args[0] if build_args else next(iter(build_kwargs.values()))
                object.__setattr__(layer, "_build_shapes", shapes)
            layer.built = True
            object.__setattr__(layer, "_locked", True)

        setattr_(layer, "build", build)
        return layer

    def __init__(self, trainable=True, name=None, dtype=None, **kwargs):
        unknown = {k: v for k, v in kwargs.items() if k not in _LAYER_KWARGS}
        if unknown:
            raise ValueError(
                f"Unrecognized keyword arguments passed to {type(self).__name__}: {unknown}"
            )
        if not isinstance(trainable, bool):
            raise ValueError(
                "Expected `trainable` to be a boolean. "
                f"Received: trainable={trainable} (of type {type(trainable)})"
            )
        self.name = name or naming.auto_name(type(self).__name__)
        self._trainable = trainable
        self._dtype = tf.as_dtype(_policy_name(dtype) or "float32")
        self.built = False
        self.input_spec = None
        self._input_shape_arg = None
        shape = kwargs.get("batch_input_shape")
        if "input_shape" in kwargs or "input_dim" in kwargs:
            warnings.warn(
                "Do not pass an `input_shape`/`input_dim` argument to a layer. When using "
                "Sequential models, prefer using an `Input(shape)` object as the first layer in "
                "the model instead.",
                UserWarning,
                stacklevel=3,
            )
            shape = (kwargs.get("batch_size"),) + tuple(
                kwargs.get("input_shape") or (kwargs["input_dim"],)
            )
        if shape is not None:
            self._input_shape_arg = tuple(shape)

    # --- attribute tracking: layers and variables assigned to the layer are its own ----------
    def __setattr__(self, name, value):
        if name not in _BOOKKEEPING:
            for leaf in symbolic.flatten(value):
                if isinstance(leaf, Layer) and leaf is not self and leaf not in self._layers:
                    self._check_unlocked()
                    self._layers.append(leaf)
                elif isinstance(leaf, KerasVariable) and not any(
                    v is leaf for v in self._tracked_variables
                ):
                    self._check_unlocked()
                    self._track_variable(leaf)
        object.__setattr__(self, name, value)

    def _check_unlocked(self):
        if self._locked:
            raise ValueError(LOCKED_MESSAGE)

    def _track_variable(self, variable):
        self._tracked_variables.append(variable)
        if not variable.trainable:
            self._non_trainable_ids.add(id(variable))

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
        self._check_unlocked()
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
        if regularizer is not None:
            variable.regularizer = _regularizer(regularizer)
        self._tracked_variables.append(variable)
        if not trainable:
            self._non_trainable_ids.add(id(variable))
        return variable

    # --- losses added by layers (add_loss) and by weight regularizers ----------------------
    def add_loss(self, loss):
        """A scalar loss (a tensor made in `call` or `build`) that fit adds to the total."""
        for x in symbolic.flatten(loss):
            if not tf.is_tensor(x):
                raise ValueError(
                    "`add_loss()` can only be called from inside `build()` or `call()`, on a "
                    f"tensor input. Received invalid value: {x}"
                )
            self._losses.append(x)

    @property
    def losses(self):
        """This layer's and its sublayers' `add_loss` losses, then each trainable weight's
        regularization loss (computed now, as Keras does)."""
        losses = list(self._losses)
        for layer in _all_sublayers(self):
            losses.extend(layer._losses)
        for variable in self.trainable_weights:
            if variable.regularizer is not None:
                losses.append(variable.regularizer(variable))
        return losses

    def _clear_losses(self):
        self._losses.clear()
        for layer in self._layers:
            layer._clear_losses()

    @property
    def variables(self):
        # Keras's order: own trainable, own non-trainable, then each sublayer's, once each.
        own = self._tracked_variables
        found = [v for v in own if id(v) not in self._non_trainable_ids]
        found += [v for v in own if id(v) in self._non_trainable_ids]
        seen = {id(v) for v in found}
        for layer in self._layers:
            for v in layer.variables:
                if id(v) not in seen:
                    seen.add(id(v))
                    found.append(v)
        return found

    @property
    def weights(self):
        return self.variables

    @property
    def trainable_variables(self):
        return [v for v in self.variables if v.trainable] if self._trainable else []

    @property
    def trainable_weights(self):
        return self.trainable_variables

    @property
    def non_trainable_variables(self):
        if not self._trainable:
            return self.variables
        return [v for v in self.variables if not v.trainable]

    @property
    def non_trainable_weights(self):
        return self.non_trainable_variables

    def count_params(self):
        if not self.built:
            raise ValueError(
                "You tried to call `count_params` on layer '"
                f"{self.name}', but the layer isn't built. You can build it manually via: "
                f"`layer.build(input_shape)`."
            )
        return int(sum(int(np.prod(v.shape.as_list())) for v in self.weights))

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
            shape = tuple(np.shape(value))
            if shape != tuple(variable.shape.as_list()):
                raise ValueError(
                    f"Layer {self.name} weight shape {tuple(variable.shape.as_list())} is not "
                    f"compatible with provided weight shape {shape}."
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

    compute_dtype = variable_dtype = dtype

    @property
    def layers(self):
        return list(self._layers)

    @property
    def path(self):
        return self.name

    # --- configuration ---------------------------------------------------------------------
    def get_config(self):
        base = {"name": self.name, "trainable": self.trainable, "dtype": dtype_policy(self.dtype)}
        if type(self).get_config is not Layer.get_config:
            return base  # a subclass adds its own arguments to these
        config = _init_config(self)
        config.update(trainable=self.trainable, dtype=dtype_policy(self.dtype))
        return config

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        if isinstance(config.get("dtype"), dict):
            config["dtype"] = config["dtype"]["config"]["name"]
        try:
            return cls(**config)
        except Exception as error:
            raise TypeError(
                f"Error when deserializing class '{cls.__name__}' using config={config}.\n\n"
                f"Exception encountered: {error}"
            ) from error

    # --- masking ---------------------------------------------------------------------------
    @property
    def supports_masking(self):
        if self._supports_masking is None:
            return type(self).compute_mask is not Layer.compute_mask
        return self._supports_masking

    @supports_masking.setter
    def supports_masking(self, value):
        object.__setattr__(self, "_supports_masking", bool(value))

    def compute_mask(self, inputs, previous_mask):
        return previous_mask

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

    def __call__(self, *args, **kwargs):
        if len(args) == 1 and type(args[0]) is EagerTensor:
            args = (self._convert_input(args[0]),)  # the common case: one tensor
        else:
            args = tuple(self._convert_argument(a, positional=True) for a in args)
            kwargs = {k: self._convert_argument(v) for k, v in kwargs.items()}
        first = args[0] if args else next(iter(kwargs.values()), None)
        if self.input_spec is not None:
            if isinstance(self.input_spec, InputSpec) and not isinstance(first, (list, dict)):
                self.input_spec.check(self.name, first)
            else:
                assert_input_compatibility(self.input_spec, first, self.name)
        is_symbolic = symbolic.any_symbolic(args, kwargs)
        flags = _call_flags(type(self).call)
        with naming.keras_scope(self.name, self):
            if not self.built:
                if type(self).build is Layer.build and any(not x.built for x in self._layers):
                    self._build_by_run(flags, args, kwargs, is_symbolic)
                else:
                    self._build_on_call(symbolic.map_structure(_shape_of, first))
        entered = _context.entry is None
        if entered:
            _context.entry = self
            self._clear_losses()  # as Keras: an outermost call starts its losses afresh
        try:
            call_kwargs = self._resolve_training(flags, kwargs)
            previous_mask = self._resolve_mask(flags, first, call_kwargs)
            with naming.keras_scope(self.name, self):
                try:
                    if is_symbolic:
                        outputs = self._call_symbolically(args, call_kwargs, previous_mask)
                    else:
                        outputs = self.call(*args, **call_kwargs)
                except Exception as error:  # noqa: BLE001 - retold with the same type
                    raise with_call_info(self, error, args, call_kwargs) from None
            if self.supports_masking:
                if not is_symbolic or not _is_engine_layer(self):
                    # A user's compute_mask gets KerasTensors, as in Keras (TF ops refuse them).
                    self._set_mask_metadata(first, outputs, previous_mask)
            elif any(m is not None for m in symbolic.flatten(previous_mask)):
                warnings.warn(
                    f"Layer '{self.name}' (of type {type(self).__name__}) was passed an input "
                    "with a mask attached to it. However, this layer does not support masking "
                    "and will therefore destroy the mask information. Downstream layers will "
                    "not see the mask.",
                    stacklevel=2,
                )
        finally:
            if entered:
                _context.entry = None
                _context.training = None
        if not self._locked:  # as Keras: called once, the layer is built and its state fixed
            self.built = True
            object.__setattr__(self, "_locked", True)
        if is_symbolic:
            symbolic.Node(self, args, kwargs, outputs)
        return outputs

    def _build_by_run(self, flags, args, kwargs, is_symbolic):
        """Keras's build for a layer without `build` whose sublayers are unbuilt: its `call`
        runs once on the inputs (traced by TF; here run with nothing recorded), building
        them; if that fails on real inputs, the real call builds them."""
        call_kwargs = {k: v for k, v in kwargs.items() if flags[0] or k in flags[1]}
        try:
            with symbolic.silenced():
                self.call(
                    *symbolic.concrete_stand_ins(args, 2),
                    **symbolic.concrete_stand_ins(call_kwargs, 2),
                )
        except Exception as error:  # noqa: BLE001 - as Keras: the real call will say more
            if is_symbolic:
                warnings.warn(
                    f"Layer '{self.name}' looks like it has unbuilt state, but Keras is not "
                    "able to trace the layer `call()` in order to build it automatically. "
                    f"Exception encountered: ''{error}''",
                    stacklevel=3,
                )

    def _resolve_training(self, flags, kwargs):
        # As Keras: the argument if given (even when `call` does not take it), else the outer
        # call's value, else the default of `call`'s signature; passed on to inner calls.
        takes_any, names, training_default = flags
        kwargs = dict(kwargs)
        value = kwargs.get("training")
        if value is None:
            value = _context.training if _context.training is not None else training_default
        _context.training = value
        if "training" in names:
            if value is not None:
                kwargs["training"] = value
        elif "training" in kwargs and not takes_any:
            del kwargs["training"]
        if not takes_any:
            kwargs = {k: v for k, v in kwargs.items() if k in names}
        return kwargs

    @staticmethod
    def _resolve_mask(flags, first, kwargs):
        if "mask" in flags[1] and kwargs.get("mask") is None:
            mask = symbolic.map_structure(get_keras_mask, first)
            if mask is not None:
                kwargs["mask"] = mask
        if kwargs.get("mask") is not None:
            return kwargs["mask"]
        return symbolic.map_structure(get_keras_mask, first)

    def _set_mask_metadata(self, inputs, outputs, previous_mask):
        flat_outputs = symbolic.flatten(outputs)
        if all(get_keras_mask(x) is not None for x in flat_outputs):
            return
        masks = self.compute_mask(inputs, previous_mask)
        if masks is None:
            return
        for tensor, mask in zip(flat_outputs, symbolic.flatten(masks)):
            if mask is not None and get_keras_mask(tensor) is None:
                set_keras_mask(tensor, mask)

    def _call_symbolically(self, args, kwargs, previous_mask):
        """KerasTensors for what `call` would return, computed as the module docstring says."""
        first = args[0] if args else None
        own_shape = type(self).compute_output_shape is not Layer.compute_output_shape
        needs_mask = self.supports_masking and (
            type(self).compute_mask is not Layer.compute_mask
            or any(m is not None for m in symbolic.flatten(previous_mask))
        )
        if own_shape and not needs_mask and first is not None:
            shapes = self.compute_output_shape(symbolic.map_structure(_shape_of, first))
            return _tensors_for_shapes(shapes, self.dtype)
        runs = []
        for size in (2, 3):
            with symbolic.silenced(quiet=size == 3):
                concrete_args = symbolic.concrete_stand_ins(args, size)
                concrete_kwargs = symbolic.concrete_stand_ins(kwargs, size)
                outputs = self.call(*concrete_args, **concrete_kwargs)
                if self.supports_masking and _is_engine_layer(self):
                    # The engine's layers compute masks as Keras's do (with keras.ops, which
                    # take KerasTensors): from the stand-ins here.
                    concrete_first = concrete_args[0] if concrete_args else None
                    mask = concrete_kwargs.get("mask")
                    if mask is None:
                        mask = symbolic.map_structure(get_keras_mask, concrete_first)
                    self._set_mask_metadata(concrete_first, outputs, mask)
            runs.append(outputs)
            if not any(d is None for x in symbolic.flatten((args, kwargs)) for d in _dims(x)):
                runs.append(outputs)
                break
        return symbolic.symbolic_like(runs[0], runs[1])

    def _convert_argument(self, x, positional=False):
        if isinstance(x, (list, tuple)):
            if positional:
                for leaf in symbolic.flatten(x):
                    if not _is_tensor_like(leaf):
                        raise ValueError(
                            "Only input tensors may be passed as positional arguments. The "
                            "following argument value should be passed as a keyword argument: "
                            f"{leaf} (of type {type(leaf)})"
                        )
            return type(x)(self._convert_argument(item) for item in x)
        if isinstance(x, dict):
            return {k: self._convert_argument(v) for k, v in x.items()}
        if x is None or isinstance(x, (symbolic.KerasTensor, bool, str)):
            return x
        if tf.is_tensor(x) or hasattr(x, "__array__") or hasattr(x, "_as_tensor"):
            return self._convert_input(x)
        if positional and isinstance(x, (int, float)):
            return self._convert_input(x)
        if positional:
            raise ValueError(
                "Only input tensors may be passed as positional arguments. The following "
                f"argument value should be passed as a keyword argument: {x} (of type {type(x)})"
            )
        return x

    def _convert_input(self, x):
        if type(x) is EagerTensor:  # the common case, checked first: it runs on every call
            if x._value.dtype.kind == "f" and x._value.dtype != self._np_dtype:  # autocast
                mask = get_keras_mask(x)
                x = tf.cast(x, self._dtype)
                if mask is not None:
                    set_keras_mask(x, mask)
            return x
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


def _all_sublayers(layer):
    """Every layer under `layer`, breadth first, each once (Keras's _flatten_layers)."""
    found, seen, queue = [], {id(layer)}, list(layer._layers)
    while queue:
        inner = queue.pop(0)
        if id(inner) in seen:
            continue
        seen.add(id(inner))
        found.append(inner)
        queue.extend(inner._layers)
    return found


def _regularizer(identifier):
    if callable(identifier):
        return identifier
    raise missing_attribute("tf.keras.regularizers", str(identifier))


def _is_engine_layer(layer):
    return type(layer).__module__.startswith("engine.")


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


@functools.cache
def _call_flags(call):
    """(accepts **kwargs, parameter names, default of `training`) of a `call` method."""
    parameters = inspect.signature(call).parameters
    training = parameters.get("training")
    default = (
        None
        if training is None or training.default is inspect.Parameter.empty
        else (training.default)
    )
    takes_any = any(p.kind is p.VAR_KEYWORD for p in parameters.values())
    return takes_any, frozenset(parameters), default


def _shape_of(x):
    if x is None or not hasattr(x, "shape"):
        return x
    if isinstance(x, symbolic.KerasTensor):
        return x.shape
    value = getattr(x, "_value", None)
    if value is not None and hasattr(value, "shape"):
        return tuple(value.shape)
    shape = x.shape
    return tuple(shape.as_list() if hasattr(shape, "as_list") else shape)


def _dims(x):
    return x.shape if isinstance(x, symbolic.KerasTensor) else ()


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(
        d is None or isinstance(d, (int, np.integer)) for d in value
    )


def _tensors_for_shapes(shapes, dtype):
    if _is_shape(shapes) or hasattr(shapes, "as_list"):
        dims = shapes.as_list() if hasattr(shapes, "as_list") else shapes
        return symbolic.KerasTensor(tuple(dims), dtype)
    if isinstance(shapes, dict):
        return {k: _tensors_for_shapes(v, dtype) for k, v in shapes.items()}
    return type(shapes)(_tensors_for_shapes(s, dtype) for s in shapes)


def dtype_policy(name):
    """How Keras 3 serializes a layer's dtype: its DTypePolicy."""
    return {
        "module": "keras",
        "class_name": "DTypePolicy",
        "config": {"name": name},
        "registered_name": None,
    }


def _policy_name(dtype):
    if isinstance(dtype, dict):  # a serialized DTypePolicy
        return dtype["config"]["name"]
    return getattr(dtype, "name", dtype) if not isinstance(dtype, str) else dtype


_SERIALIZABLE = (str, int, float, bool, type(None))


def _serializable(value):
    if isinstance(value, _SERIALIZABLE):
        return True
    if isinstance(value, (list, tuple)):
        return all(_serializable(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _serializable(v) for k, v in value.items())
    return False


def _init_config(layer):
    """Keras 3's automatic config: the named arguments `__init__` was called with."""
    args, kwargs = layer._init_arguments
    signature = inspect.signature(type(layer).__init__)
    try:
        bound = signature.bind(layer, *args, **kwargs)
    except TypeError:
        return {"name": layer.name}
    bound.apply_defaults()
    config = {}
    for name, value in list(bound.arguments.items())[1:]:
        kind = signature.parameters[name].kind
        if kind in (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL):
            continue
        config[name] = value
    if type(layer).__init__ is Layer.__init__:
        config = {"name": layer.name, **config}
    if not _serializable(config):
        raise NotImplementedError(_NOT_SERIALIZABLE.format(name=type(layer).__name__))
    return config


_NOT_SERIALIZABLE = """
Object {name} was created by passing
non-serializable argument values in `__init__()`,
and therefore the object must override `get_config()` in
order to be serializable. Please implement `get_config()`.

Example:


class CustomLayer(keras.layers.Layer):
    def __init__(self, arg1, arg2, **kwargs):
        super().__init__(**kwargs)
        self.arg1 = arg1
        self.arg2 = arg2

    def get_config(self):
        config = super().get_config()
        config.update({{
            "arg1": self.arg1,
            "arg2": self.arg2,
        }})
        return config
"""
