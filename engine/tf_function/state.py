"""Whether tf.function calls run as TF would trace them or eagerly
(`tf.config.run_functions_eagerly`), and how many tf.function calls are running now.

The engine always runs a tf.function's Python body eagerly; this state only decides what TF
would show the program: `tf.executing_eagerly()` is False inside a traced function, and a
traced function's Python results come back as tensors.
"""


class _FunctionState:
    __slots__ = ("run_eagerly", "depth")

    def __init__(self):
        self.run_eagerly = False
        self.depth = 0  # tf.function calls on the stack (traced ones only)


state = _FunctionState()


def run_functions_eagerly(run_eagerly):
    state.run_eagerly = bool(run_eagerly)


def functions_run_eagerly():
    return state.run_eagerly


def inside_traced_function():
    return state.depth > 0
