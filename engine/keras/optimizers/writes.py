"""How an optimizer writes a variable: as Keras 3's TF optimizer does (its `assign`,
`assign_add` and `assign_sub`), through the tf.Variable under a keras.Variable.

In TF that is one AssignAddVariableOp; here, one assign event. `keras.Variable.assign_add` is
`assign(self + value)` instead: a read, an AddV2 and an assign, which TF's optimizers never run
(a training step's update would show three events per slot where TF has one)."""

from ..variables import KerasVariable


def backend_variable(variable):
    """The tf.Variable under a keras.Variable (a tf.Variable given to apply_gradients: itself)."""
    return variable._variable if isinstance(variable, KerasVariable) else variable


def assign(variable, value):
    backend_variable(variable).assign(value, read_value=False)


def assign_add(variable, value):
    backend_variable(variable).assign_add(value, read_value=False)


def assign_sub(variable, value):
    backend_variable(variable).assign_sub(value, read_value=False)
