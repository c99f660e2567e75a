"""keras.layers.InputSpec: what a layer accepts (rank, sizes, dtype), checked on each call with
Keras 3's messages ("Input 0 with name 'None' of layer 'dense' is incompatible ...")."""

from .. import _tf as tf


class InputSpec:
    def __init__(
        self,
        dtype=None,
        shape=None,
        ndim=None,
        max_ndim=None,
        min_ndim=None,
        axes=None,
        allow_last_axis_squeeze=False,
        name=None,
        optional=False,
    ):
        self.dtype = None if dtype is None else tf.as_dtype(dtype).name
        self.shape = None if shape is None else tuple(shape)
        self.ndim = len(shape) if shape is not None else ndim
        self.max_ndim = max_ndim
        self.min_ndim = min_ndim
        self.name = name
        self.optional = optional
        self.allow_last_axis_squeeze = allow_last_axis_squeeze
        try:
            axes = axes or {}
            self.axes = {int(k): axes[k] for k in axes}
        except (ValueError, TypeError):
            raise TypeError(
                f"Argument `axes` must be a dict with integer keys. Received: axes={axes}"
            ) from None

    def __repr__(self):
        parts = [
            f"{key}={value}"
            for key, value in (
                ("dtype", self.dtype),
                ("shape", self.shape),
                ("ndim", self.ndim),
                ("max_ndim", self.max_ndim),
                ("min_ndim", self.min_ndim),
                ("axes", self.axes),
            )
            if value
        ]
        return f"InputSpec({', '.join(parts)})"

    def check(self, layer_name, x, index=0):
        """Raises Keras's ValueError when `x` (a tensor or KerasTensor) does not fit."""
        if x is None and self.optional:
            return
        if not hasattr(x, "shape"):
            raise ValueError(
                f"Inputs to a layer should be tensors. Got '{x}' (of type {type(x)}) as input "
                f"for layer '{layer_name}'."
            )
        shape = _shape_tuple(x)
        ndim = len(shape)
        prefix = (
            f"Input {index} with name '{self.name}' of layer '{layer_name}' is incompatible "
            "with the layer:"
        )
        if self.ndim is not None and not self.allow_last_axis_squeeze and ndim != self.ndim:
            raise ValueError(
                f"{prefix} expected ndim={self.ndim}, found ndim={ndim}. "
                f"Full shape received: {shape}"
            )
        if self.max_ndim is not None and ndim > self.max_ndim:
            raise ValueError(f"{prefix} expected max_ndim={self.max_ndim}, found ndim={ndim}")
        if self.min_ndim is not None and ndim < self.min_ndim:
            raise ValueError(
                f"{prefix} expected min_ndim={self.min_ndim}, found ndim={ndim}. "
                f"Full shape received: {shape}"
            )
        if self.dtype is not None:
            dtype = tf.as_dtype(x.dtype).name
            if dtype != self.dtype:
                raise ValueError(f"{prefix} expected dtype={self.dtype}, found dtype={dtype}")
        for axis, value in self.axes.items():
            if value is not None and shape[axis] not in (value, None):
                raise ValueError(
                    f"{prefix} expected axis {axis} of input shape to have value "
                    f"{value}, but received input with shape {shape}"
                )
        if self.shape is not None:
            spec_shape, got = self.shape, shape
            if self.allow_last_axis_squeeze:
                got = got[:-1] if got and got[-1] == 1 else got
                spec_shape = spec_shape[:-1] if spec_shape and spec_shape[-1] == 1 else spec_shape
            for spec_dim, dim in zip(spec_shape, got):
                if spec_dim is not None and dim is not None and spec_dim != dim:
                    raise ValueError(f"{prefix} expected shape={self.shape}, found shape={shape}")


def _shape_tuple(x):
    value = getattr(x, "_value", None)
    if value is not None and hasattr(value, "shape"):
        return tuple(value.shape)  # a NumPy shape: no TensorShape on every call
    shape = x.shape
    return tuple(shape.as_list() if hasattr(shape, "as_list") else shape)


def assert_input_compatibility(input_spec, inputs, layer_name):
    """Checks `inputs` against one spec or a list of specs, as Keras 3 does."""
    specs = input_spec if isinstance(input_spec, (list, tuple)) else [input_spec]
    if isinstance(inputs, dict):
        names = [spec.name for spec in specs]
        if all(names):
            for name in names:
                if name not in inputs:
                    raise ValueError(
                        f'Missing data for input "{name}". You passed a data dictionary with '
                        f"keys {list(inputs.keys())}. Expected the following keys: {names}"
                    )
            inputs = [inputs[name] for name in names]
    flat = list(_flatten(inputs))
    if len(flat) != len(specs):
        names = [spec.name for spec in specs if spec is not None]
        if len(names) == len(specs) and all(names):
            example = ", ".join(f"'{n}': ..." for n in names)
            raise ValueError(
                f'Layer "{layer_name}" expects {len(specs)} named input(s) with keys {names}, '
                f"but it received {len(flat)} input tensors. Pass inputs as a dict, e.g. "
                f"`layer({{{example}}})`."
            )
        raise ValueError(
            f'Layer "{layer_name}" expects {len(specs)} input(s), but it received '
            f"{len(flat)} input tensors. Inputs received: {flat}"
        )
    for index, (x, spec) in enumerate(zip(flat, specs)):
        if spec is not None:
            spec.check(layer_name, x, index) if index else spec.check(layer_name, x)


def _flatten(value):
    if isinstance(value, dict):
        for key in sorted(value):
            yield from _flatten(value[key])
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _flatten(item)
    else:
        yield value
