"""tf.function and its run-eagerly switch (tf.config.run_functions_eagerly)."""

from .function import ConcreteFunction, Function, function
from .state import functions_run_eagerly, inside_traced_function, run_functions_eagerly

__all__ = [
    "ConcreteFunction",
    "Function",
    "function",
    "functions_run_eagerly",
    "inside_traced_function",
    "run_functions_eagerly",
]
