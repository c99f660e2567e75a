"""tf.function: the Python function runs eagerly at every call, so each op it executes is
recorded on the tapes around the call and is debuggable, and gradients through it are exactly
the eager ones. What TF would show differently is reproduced around that eager run:

- tracing: a call whose arguments match no earlier trace (tensors by shape and dtype, Python
  values by value; trace_types.py) counts a new trace (`experimental_get_tracing_count()`);
- `input_signature` checks and converts the arguments (signature.py);
- inside the call `tf.executing_eagerly()` is False and Python results come back as tensors,
  unless `tf.config.run_functions_eagerly(True)`, where TF itself runs the function eagerly;
- methods bind per instance, each instance with its own traces.

Trace-time-only Python side effects (print, appends) run at every call here but once in TF:
the engine reports each call to observers (`function_called`) and engine.debug says so.
"""

import functools
import itertools
import types
import weakref

import numpy as np

from .. import hooks, nest
from ..errors import InvalidArgumentError
from ..missing import missing_attribute
from ..tensor import Tensor, convert_to_tensor
from ..tensor_spec import TensorSpec
from . import trace_types, variable_creation
from .signature import Binder, validated
from .state import state

_uids = itertools.count(1)


class _Trace:
    __slots__ = ("type", "concrete")

    def __init__(self, type):
        self.type = type
        self.concrete = None


class _VariableCreations(hooks.Observer):
    """Counts the variables created while a new trace runs."""

    def __init__(self):
        self.count = 0

    def variable_event(self, variable, kind, snapshot=None):
        if kind == "created":
            self.count += 1


class Function:
    """What `tf.function(f)` returns (TF's class has this name too)."""

    def __init__(self, python_function, input_signature=None, options=None, instance=None):
        self._python_function = python_function
        self._input_signature = validated(input_signature, python_function)
        self._options = dict(options or {})
        self._instance = instance  # a weakref to the instance of a bound method, else None
        self._binder = Binder(python_function, self._input_signature, instance is not None)
        self._traces = []
        # instance -> its Function: m.f is m.f, and each instance keeps its own traces
        self._bound: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        for attribute in functools.WRAPPER_ASSIGNMENTS:
            if hasattr(python_function, attribute):
                setattr(self, attribute, getattr(python_function, attribute))
        if not isinstance(python_function, Function):  # a Function's own state stays its own
            self.__dict__.update(getattr(python_function, "__dict__", {}))

    @property
    def python_function(self):
        return self._python_function

    @property
    def __wrapped__(self):  # inspect.signature follows it: a method's has no `self`
        if self._instance is None:
            return self._python_function
        return types.MethodType(self._python_function, self._instance())

    @property
    def input_signature(self):
        return self._input_signature

    def experimental_get_tracing_count(self):
        return len(self._traces)

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        try:
            bound = self._bound.get(instance)
        except TypeError:  # an instance that cannot be weakly referenced: not cached
            return Function(
                self._python_function, self._input_signature, self._options, lambda: instance
            )
        if bound is None:
            bound = self._bound[instance] = Function(
                self._python_function, self._input_signature, self._options, weakref.ref(instance)
            )
        return bound

    def __call__(self, *args, **kwargs):
        if state.run_eagerly:  # TF runs the Python function as it is: no checks, no tracing
            return self._run(args, kwargs, traced=False)
        bound = self._binder.bind(args, kwargs)
        traces = len(self._traces)
        trace = self._trace(bound)
        if len(self._traces) == traces:
            return self._run(bound.args, bound.kwargs, traced=True)
        # A new trace. One that creates variables is traced a second time by TF (to check
        # that the second creates none), which its tracing count shows.
        creations = _VariableCreations()
        hooks.observers.append(creations)
        try:
            result = self._run(bound.args, bound.kwargs, traced=True)
        finally:
            hooks.observers.remove(creations)
        if creations.count:
            variable_creation.check(self._python_function)
            if traces == 0:
                self._traces.append(_Trace(trace.type))
        return result

    def _run(self, args, kwargs, traced):
        if traced and hooks.observers:  # TF would run its trace, not this Python code
            hooks.notify("function_called", self, self._python_function)
        if self._instance is not None:
            args = (self._instance(), *args)
        if not traced:
            return self._python_function(*args, **kwargs)
        state.depth += 1
        try:
            result = self._python_function(*args, **kwargs)
        finally:
            state.depth -= 1
        return (
            nest.map_structure(_as_output, result) if nest.is_nested(result) else _as_output(result)
        )

    def _trace(self, bound):
        """The trace serving these arguments; counts a new one when none does."""
        if self._input_signature is not None:
            if not self._traces:
                self._traces.append(_Trace(None))
            return self._traces[0]
        call_type = trace_types.trace_type(tuple(bound.arguments.values()))
        for trace in self._traces:
            if trace_types.is_subtype(call_type, trace.type):
                return trace
        if self._options.get("reduce_retracing") or self._options.get("experimental_relax_shapes"):
            for trace in self._traces:
                relaxed = trace_types.supertype(call_type, trace.type)
                if relaxed is not None:
                    call_type = relaxed
        trace = _Trace(call_type)
        self._traces.append(trace)
        return trace

    def get_concrete_function(self, *args, **kwargs):
        if self._input_signature is not None:
            trace = self._trace(None)
            if trace.concrete is None:
                trace.concrete = ConcreteFunction(self, self._binder.named_specs())
            return trace.concrete
        bound = self._binder.bind(args, kwargs)
        trace = self._trace(bound)
        if trace.concrete is None:
            names = list(bound.arguments)
            specs = tuple(_as_spec(t, n) for t, n in zip(trace.type.items, names))
            trace.concrete = ConcreteFunction(self, specs)
        return trace.concrete


class ConcreteFunction:
    """One trace of a tf.function, callable with arguments matching its signature."""

    def __init__(self, function, specs):
        self._function = function
        self._specs = specs
        self._name = f"__inference_{getattr(function, '__name__', 'function')}_{next(_uids)}"
        # Its own signature, for error messages: the trace's specs, as TF prints them
        unnamed = tuple(
            TensorSpec(s.shape, s.dtype) if isinstance(s, TensorSpec) else s for s in specs
        )
        self._binder = Binder(
            function._python_function, unnamed, drop_first=function._instance is not None
        )

    @property
    def name(self):
        return self._name.encode()

    @property
    def structured_input_signature(self):
        return (self._specs, {})

    def __call__(self, *args, **kwargs):
        binder = self._binder
        try:
            bound = binder.signature.bind(*args, **kwargs)
        except TypeError as error:
            raise binder.error(str(error), args, kwargs) from None
        bound.apply_defaults()
        for index, (name, spec) in enumerate(zip(bound.arguments, self._specs)):
            value = bound.arguments[name]
            if not isinstance(spec, TensorSpec):
                continue
            if isinstance(value, Tensor) or hasattr(value, "_as_tensor"):
                tensor = convert_to_tensor(value)
                if tensor.dtype != spec.dtype:
                    raise InvalidArgumentError(
                        None,
                        self._name,
                        f"cannot compute {self._name} as input #{index}(zero-based) was "
                        f"expected to be a {_kernel_name(spec.dtype)} tensor but is a "
                        f"{_kernel_name(tensor.dtype)} tensor [Op:{self._name}]",
                    )
            else:
                try:
                    tensor = convert_to_tensor(value, dtype=spec.dtype)
                except (TypeError, ValueError) as error:
                    raise binder.error(str(error), args, kwargs) from None
                if tensor.shape.rank != spec.shape.rank and spec.shape.rank is not None:
                    raise binder.error(
                        f"Can not cast {TensorSpec.from_tensor(tensor)!r} to "
                        f"{TensorSpec(spec.shape, spec.dtype)!r}",
                        args,
                        kwargs,
                    )
            bound.arguments[name] = tensor
        return self._function._run(bound.args, bound.kwargs, traced=True)

    def __repr__(self):
        return f"<ConcreteFunction {self._binder.text()} at 0x{id(self):X}>"

    def __getattr__(self, name):
        raise missing_attribute("ConcreteFunction", name)


def function(
    func=None,
    input_signature=None,
    autograph=True,
    jit_compile=None,
    reduce_retracing=False,
    experimental_implements=None,
    experimental_autograph_options=None,
    experimental_attributes=None,
    experimental_relax_shapes=None,
    experimental_compile=None,
    experimental_follow_type_hints=None,
):
    """tf.function, as a decorator (with or without arguments) or a call."""
    options = {
        "autograph": autograph,
        "jit_compile": jit_compile,
        "reduce_retracing": reduce_retracing,
        "experimental_relax_shapes": experimental_relax_shapes,
    }

    def decorate(python_function):
        if not callable(python_function):
            raise TypeError(f"{python_function!r} is not a callable object")
        return Function(python_function, input_signature, options)

    return decorate if func is None else decorate(func)


def _as_output(value):
    """A traced function's result as TF returns it: Python numbers and NumPy values become
    tensors, a variable its value."""
    if value is None or isinstance(value, Tensor):
        return value
    if hasattr(value, "_as_tensor") or isinstance(
        value, (bool, int, float, np.generic, np.ndarray)
    ):
        return convert_to_tensor(value)
    return value


def _as_spec(trace_type, name):
    if isinstance(trace_type, TensorSpec):
        return TensorSpec.from_spec(trace_type, name=name)
    if isinstance(trace_type, tuple) and trace_type[0] == "literal":
        return trace_type[1]
    return trace_type


_KERNEL_NAMES = {"float32": "float", "float64": "double", "float16": "half"}


def _kernel_name(dtype):
    return _KERNEL_NAMES.get(dtype.name, dtype.name)
