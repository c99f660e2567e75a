"""A tf.function's `input_signature`: checked when the function is decorated and when it is
called, with TF's exception types and wording ("Binding inputs to tf.function failed due to
`...`")."""

import inspect

import numpy as np

from .. import dtypes, nest
from ..tensor import Tensor, convert_to_tensor
from ..tensor_spec import TensorSpec

# TF names its own class in this message; users compare it, so the engine names TF's.
_SPEC_CLASS = "<class 'tensorflow.python.framework.tensor.TensorSpec'>"


def validated(input_signature, python_function):
    """The signature as a tuple, or TypeError as TF raises it at decoration time."""
    if input_signature is None:
        return None
    if not isinstance(input_signature, (list, tuple)):
        kind = _SPEC_CLASS if isinstance(input_signature, TensorSpec) else type(input_signature)
        raise TypeError(f"input_signature must be either a tuple or a list, got {kind}.")
    invalid = [leaf for leaf in nest.flatten(input_signature) if not isinstance(leaf, TensorSpec)]
    if invalid:
        raise TypeError(
            "input_signature must be a possibly nested sequence of TensorSpec objects, got "
            f"invalid args {invalid!r} with types {[type(leaf) for leaf in invalid]!r}."
        )
    parameters = _parameters(python_function)
    if not any(p.kind == p.VAR_POSITIONAL for p in parameters):
        positional = [
            p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
        extra = len(input_signature) - len(positional)
        if extra > 0:
            raise TypeError(f"input_signature contains {extra} extra type constraints.")
    return tuple(input_signature)


def _parameters(python_function):
    try:
        return list(inspect.signature(python_function).parameters.values())
    except (TypeError, ValueError):
        return []


class Binder:
    """Binds a call's arguments to the Python function's parameters (without the instance of a
    method) and, with an input_signature, converts them as TF does."""

    def __init__(self, python_function, input_signature, drop_first):
        self.input_signature = input_signature
        parameters = _parameters(python_function)
        if drop_first and parameters:
            parameters = parameters[1:]
        self.signature = inspect.Signature(parameters)

    def bind(self, args, kwargs):
        """The bound arguments (defaults applied); TypeError worded as TF's."""
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as error:
            raise self.error(str(error), args, kwargs) from None
        bound.apply_defaults()
        if self.input_signature is not None:
            self._convert(bound, args, kwargs)
        return bound

    def error(self, reason, args, kwargs):
        return TypeError(
            f"Binding inputs to tf.function failed due to `{reason}`. Received args: "
            f"{args!r} and kwargs: {kwargs!r} for signature: {self.text()}."
        )

    def _convert(self, bound, args, kwargs):
        specs = iter(self.input_signature)
        for parameter in self.signature.parameters.values():
            name = parameter.name
            if parameter.kind == parameter.VAR_POSITIONAL:
                values = bound.arguments.get(name, ())
                bound.arguments[name] = tuple(
                    self._cast(v, next(specs, None), args, kwargs) for v in values
                )
                continue
            if parameter.kind == parameter.VAR_KEYWORD:
                continue
            spec = next(specs, None)
            value = bound.arguments.get(name)
            if spec is None:  # a parameter past the signature keeps its default
                if parameter.default is not parameter.empty and value != parameter.default:
                    raise self.error(
                        f"Can not cast {value!r} to Literal[{parameter.default!r}]", args, kwargs
                    )
                continue
            bound.arguments[name] = self._cast(value, spec, args, kwargs)

    def _cast(self, value, spec, args, kwargs):
        if spec is None:
            return value
        if isinstance(spec, (list, tuple)):
            if not isinstance(value, (list, tuple)) or len(value) != len(spec):
                raise self.error("object of type 'Tuple' has no len()", args, kwargs)
            return type(spec)(self._cast(v, s, args, kwargs) for v, s in zip(value, spec))
        if isinstance(value, Tensor) or hasattr(value, "_as_tensor"):
            tensor = convert_to_tensor(value) if not isinstance(value, Tensor) else value
        else:
            try:
                if isinstance(value, (np.ndarray, np.generic)):
                    value = np.asarray(value).astype(dtypes.as_dtype(spec.dtype).as_numpy_dtype)
                tensor = convert_to_tensor(value, dtype=spec.dtype)
            except (TypeError, ValueError) as error:
                raise self.error(str(error), args, kwargs) from None
        if tensor.dtype != spec.dtype or not spec.shape.is_compatible_with(tensor.shape):
            raise self.error(
                f"Can not cast {TensorSpec.from_tensor(tensor)!r} to {spec!r}", args, kwargs
            )
        return tensor

    def text(self):
        """The signature as TF prints it: `(x: TensorSpec(...), y: Literal[1.0] = ...)`."""
        if self.input_signature is None:
            return str(self.signature)
        specs = iter(self.input_signature)
        parts = []
        for parameter in self.signature.parameters.values():
            if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
                continue
            spec = next(specs, None)
            if spec is not None:
                parts.append(f"{parameter.name}: {_spec_text(spec)}")
            elif parameter.default is not parameter.empty:
                parts.append(
                    f"{parameter.name}: Literal[{parameter.default!r}] = <captured_default_value>"
                )
        return f"({', '.join(parts)})"

    def named_specs(self):
        """The input signature with each spec named for its parameter, as
        `structured_input_signature` shows it."""
        names = [
            p.name
            for p in self.signature.parameters.values()
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
        return tuple(_named(spec, name) for spec, name in zip(self.input_signature, names))


def _spec_text(spec):
    if isinstance(spec, list):
        return f"List[{', '.join(_spec_text(s) for s in spec)}]"
    if isinstance(spec, tuple):
        return f"Tuple[{', '.join(_spec_text(s) for s in spec)}]"
    return repr(spec) if isinstance(spec, TensorSpec) else f"Literal[{spec!r}]"


def _named(spec, name):
    if isinstance(spec, TensorSpec):
        return TensorSpec.from_spec(spec, name=spec.name or name)
    return type(spec)(_named(s, f"{name}_{i}") for i, s in enumerate(spec))
