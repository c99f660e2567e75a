"""The eager-era functional gradient API (tf.contrib.eager, seed 001), as TF's
tensorflow/python/eager/backprop.py still defines it.

- `gradients_function(f, params=None)(*args)`: gradients of f's result with respect to its
  arguments (all of them, or those named or numbered in `params`), as a list.
- `value_and_gradients_function(f, params=None)(*args, dy=None)`: (result, that list).
- `implicit_gradients(f)(*args)`: [(gradient, variable), ...] for the trainable variables f read,
  in their creation order.
- `implicit_value_and_gradients(f)(*args)`: (result, those pairs).
"""

import functools
import inspect

from . import nest
from .gradient_tape import GradientTape
from .ops.array import identity
from .tensor import convert_to_tensor
from .tf_function.state import inside_traced_function


def _returns_value(f, result):
    if result is None:
        raise ValueError(
            "Cannot differentiate a function that returns None; did you forget to "
            f"return a value from {f.__name__}?"
        )


def implicit_value_and_gradients(f):
    """f's value and the (gradient, variable) pairs of the trainable variables it read."""

    @functools.wraps(f)
    def value_and_gradients(*args, **kwargs):
        with GradientTape() as tape:
            result = f(*args, **kwargs)
            _returns_value(f, result)
        variables = tape.watched_variables()
        if not variables:
            raise ValueError(
                "No trainable variables were accessed while the function was being computed."
            )
        grads = tape.gradient(nest.flatten(result), list(variables))
        return result, list(zip(grads, variables))

    return value_and_gradients


def implicit_gradients(f):
    """The (gradient, variable) pairs of the trainable variables f read."""

    @functools.wraps(f)
    def gradients(*args, **kwargs):
        return implicit_value_and_gradients(f)(*args, **kwargs)[1]

    return gradients


def value_and_gradients_function(f, params=None):
    """f's value and its gradients with respect to the chosen arguments."""

    @functools.wraps(f)
    def value_and_gradients(*args, **kwargs):
        dy = kwargs.pop("dy", None)
        if kwargs:
            raise ValueError("Functions to be differentiated cannot receive keyword arguments.")
        positions = _parameter_positions(f, params, args)
        arguments = list(args)
        with GradientTape(persistent=True) as tape:
            sources = _unique_parameters(arguments, positions)
            for source in sources:
                tape.watch(source)
            result = f(*arguments)
            _returns_value(f, result)
            # TF differentiates copies of the results: a result that is an integer argument
            # itself then gets no gradient (the copy is not recorded).
            targets = [identity(r) for r in nest.flatten(result)]
        output_gradients = None if dy is None else nest.flatten(dy)
        grads = tape.gradient(targets, sources, output_gradients=output_gradients)
        return result, grads

    return value_and_gradients


def gradients_function(f, params=None):
    """The gradients of f's result with respect to the chosen arguments, as a list."""

    @functools.wraps(f)
    def gradients(*args, **kwargs):
        return value_and_gradients_function(f, params)(*args, **kwargs)[1]

    return gradients


def _unique_parameters(args, positions):
    """Converts the parameters to tensors in place; the same tensor passed twice becomes two
    tensors (copied before anything is watched), so each gets its own gradient."""
    seen = set()
    for i in positions:
        arg = convert_to_tensor(args[i])
        if arg._id in seen:
            arg = identity(arg)
        seen.add(arg._id)
        args[i] = arg
    return [args[i] for i in positions]


def _parameter_positions(f, params, args):
    """The positions in `args` of the parameters to differentiate, as TF's _get_arg_spec."""
    try:
        names = inspect.getfullargspec(f).args
    except TypeError as error:
        if params is None:
            return range(len(args))
        if all(isinstance(p, int) for p in params):
            return params
        raise ValueError(
            "Either callable provided is not a function or could not inspect its "
            f"arguments by name: {f}. Original error: {error}"
        ) from None
    if params is None:
        if not names:
            return range(len(args))
        if names[0] == "self":
            return range(len(names) - 1)
        return range(len(names))
    if all(isinstance(p, str) for p in params):
        return [names.index(p) for p in params]
    if all(isinstance(p, int) for p in params):
        return params
    raise ValueError(f"params must be all strings or all integers; got {params}.")


def enable_eager_execution(config=None, device_policy=None, execution_mode=None):
    """TF1's switch to eager mode: the engine is always eager."""


def executing_eagerly():
    """True, except inside a tf.function that TF would trace (run_functions_eagerly off)."""
    return not inside_traced_function()


__all__ = [
    "gradients_function",
    "value_and_gradients_function",
    "implicit_gradients",
    "implicit_value_and_gradients",
    "enable_eager_execution",
    "executing_eagerly",
]
