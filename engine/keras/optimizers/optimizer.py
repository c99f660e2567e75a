"""keras.optimizers.Optimizer: Keras 3's apply_gradients pipeline (TF 2.21's Keras 3 optimizers
have no `minimize`: tf.keras 2's is gone, so the engine has none either).

apply_gradients, as Keras 3 runs it: build on the first call (one slot per variable), refuse
variables it was not built with, drop (gradient=None) pairs with a warning (all None is an
error), clip (clipnorm / global_clipnorm / clipvalue), apply weight decay, run each
optimizer's update_step, then count the iteration.

The updates are state changes, not differentiable ops, so they are computed in NumPy in the
variable's dtype, in the same order of float operations as Keras's formulas (so float32
results match TF's), and written with `assign` (which the debugger sees as variable events).
Gradients may be Tensors, NumPy arrays, Python lists or IndexedSlices (tf.gather's gradient),
which stay sparse through the update as in Keras (see slices.py), unless clipping or loss
scaling is on (then they are densified first).

Keras 3 has no `minimize`; tf.keras 2.11+ had minimize(loss, var_list, tape=None), which is
what user code calls, so it is provided with those semantics.
"""

import re
import warnings
from typing import Any

import numpy as np

from ...missing import missing_attribute
from .. import naming
from ..variables import KerasVariable
from . import clipping, gradients


class Optimizer:
    def __init__(
        self,
        learning_rate,
        weight_decay=None,
        clipnorm=None,
        clipvalue=None,
        global_clipnorm=None,
        use_ema=False,
        ema_momentum=0.99,
        ema_overwrite_frequency=None,
        loss_scale_factor=None,
        gradient_accumulation_steps=None,
        name=None,
        **kwargs,
    ):
        if kwargs.pop("decay", None) is not None:
            # stacklevel 1, as Keras: the warning names this line, not the caller's
            warnings.warn(
                "Argument `decay` is no longer supported and will be ignored.", stacklevel=1
            )
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}")
        if use_ema:
            raise missing_attribute("tf.keras.optimizers.Optimizer", "use_ema")
        if gradient_accumulation_steps:
            raise missing_attribute("tf.keras.optimizers.Optimizer", "gradient_accumulation_steps")
        if sum(a is not None for a in (clipnorm, clipvalue, global_clipnorm)) > 1:
            raise ValueError(
                "Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be "
                f"set. Received: clipnorm={clipnorm}, clipvalue={clipvalue}, "
                f"global_clipnorm={global_clipnorm}"
            )
        self.name = name or naming.auto_name(type(self).__name__)
        self.weight_decay = weight_decay
        self.clipnorm = clipnorm
        self.clipvalue = clipvalue
        self.global_clipnorm = global_clipnorm
        self.loss_scale_factor = loss_scale_factor
        self.built = False
        self._variables = []
        self._trainable_variables = []
        self._index_by_key = {}
        with naming.keras_scope(self.name, self):
            self._iterations = KerasVariable(np.int64(0), name="iteration", trainable=False)
        self._variables.append(self._iterations)
        if callable(learning_rate):
            self._learning_rate = learning_rate
        else:
            if not isinstance(learning_rate, float):
                raise ValueError(
                    "Argument `learning_rate` should be float, or an instance of "
                    "LearningRateSchedule, or a callable (that takes in the current iteration "
                    "value and returns the corresponding learning rate value). Received instead: "
                    f"learning_rate={_as_python(learning_rate)}"
                )
            with naming.keras_scope(self.name, self):
                self._learning_rate = KerasVariable(
                    np.float32(learning_rate), name="learning_rate", trainable=False
                )
            self._variables.append(self._learning_rate)

    # --- state ---------------------------------------------------------------------------
    @property
    def iterations(self):
        return self._iterations

    @property
    def variables(self):
        return list(self._variables)

    @property
    def learning_rate(self):
        if isinstance(self._learning_rate, KerasVariable):
            return self._learning_rate
        return self._learning_rate()

    @learning_rate.setter
    def learning_rate(self, value):
        if callable(value):
            if isinstance(self._learning_rate, KerasVariable):
                self._variables = [v for v in self._variables if v is not self._learning_rate]
            self._learning_rate = value
        else:
            self._learning_rate.assign(value)

    def build(self, variables):
        if self.built:
            return
        for index, variable in enumerate(variables):
            self._index_by_key[variable._id] = index
        self._trainable_variables = list(variables)
        self.built = True

    def add_variable_from_reference(self, reference_variable, name):
        """A slot shaped like `reference_variable`, e.g. 'sgd/dense_kernel_momentum'."""
        base = getattr(reference_variable, "path", None) or reference_variable.name
        slot_name = re.sub(r"[/:]", "_", base) + "_" + name
        with naming.keras_scope(self.name, self):
            slot = KerasVariable(
                np.zeros(
                    reference_variable.shape.as_list(),
                    dtype=reference_variable._value.dtype,
                ),
                name=slot_name,
                trainable=False,
            )
        self._variables.append(slot)
        return slot

    def add_optimizer_variables(self, variables, name):
        """One slot per variable for `name`, or for each of several names (then one list per
        name, created interleaved variable by variable, as Keras orders them)."""
        names = [name] if isinstance(name, str) else list(name)
        slots: tuple[list[Any], ...] = tuple([] for _ in names)
        for variable in variables:
            for index, slot_name in enumerate(names):
                slots[index].append(self.add_variable_from_reference(variable, slot_name))
        return slots[0] if isinstance(name, str) else slots

    def _slot(self, slots, variable):
        return slots[self._index_by_key[variable._id]]

    # --- applying gradients --------------------------------------------------------------
    def apply_gradients(self, grads_and_vars):
        grads, trainable_variables = zip(*grads_and_vars)
        self.apply(grads, trainable_variables)
        return self._iterations

    def apply(self, grads, trainable_variables=None):
        if len(grads) == 0:
            return
        if trainable_variables is None:
            if not self.built:
                raise ValueError(
                    "When passing `grads` without `variables`, the optimizer must already be "
                    "built on a list of variables. Call `optimizer.build(trainable_variables)` "
                    "first. "
                )
            trainable_variables = self._trainable_variables
        else:
            trainable_variables = list(trainable_variables)
            if not self.built:
                with naming.keras_scope(self.name, self):
                    self.build(trainable_variables)
            for v in trainable_variables:
                if v._id not in self._index_by_key:
                    raise ValueError(
                        f"Unknown variable: {v}. This optimizer can only be called for the "
                        "variables it was originally built with. When working with a new set "
                        "of variables, you should recreate a new optimizer instance."
                    )
        with naming.keras_scope(self.name, self):
            grads, trainable_variables = gradients.filter_empty_gradients(
                grads, trainable_variables
            )
            keep_sparse = self.loss_scale_factor is None and not (
                self.clipnorm or self.global_clipnorm or self.clipvalue
            )
            grads = [
                gradients.as_array(g, v, keep_sparse) for g, v in zip(grads, trainable_variables)
            ]
            if self.loss_scale_factor is not None:
                grads = [g / g.dtype.type(self.loss_scale_factor) for g in grads]
            grads = self._clip_gradients(grads)
            self._apply_weight_decay(trainable_variables)
            learning_rate = self._current_learning_rate()
            for grad, variable in zip(grads, trainable_variables):
                dtype = variable._value.dtype
                self.update_step(grad, variable, np.asarray(learning_rate, dtype=dtype)[()])
        self._iterations.assign_add(1)

    def update_step(self, gradient, variable, learning_rate):
        """Updates `variable` (and its slots) from `gradient`: a NumPy array of its dtype, or
        Slices for a sparse gradient."""
        raise NotImplementedError

    def _current_learning_rate(self):
        rate = self.learning_rate
        return rate._value if isinstance(rate, KerasVariable) else np.float32(_as_python(rate))

    def _clip_gradients(self, grads):
        if self.clipnorm and self.clipnorm > 0:
            return [clipping.clip_by_norm(g, self.clipnorm) for g in grads]
        if self.global_clipnorm and self.global_clipnorm > 0:
            return clipping.clip_by_global_norm(grads, self.global_clipnorm)
        if self.clipvalue and self.clipvalue > 0:
            return [
                np.clip(g, g.dtype.type(-self.clipvalue), g.dtype.type(self.clipvalue))
                for g in grads
            ]
        return grads

    def exclude_from_weight_decay(self, var_list=None, var_names=None):
        if self.built:
            raise ValueError(
                "`exclude_from_weight_decay()` can only be configured before the "
                "optimizer is built."
            )
        self._excluded_from_decay = {v._id for v in var_list or ()}
        self._excluded_names = re.compile("|".join(set(var_names))) if var_names else None

    def _use_weight_decay(self, variable):
        if variable._id in getattr(self, "_excluded_from_decay", ()):
            return False
        pattern = getattr(self, "_excluded_names", None)
        return pattern is None or pattern.search(variable.name) is None

    def _apply_weight_decay(self, variables):
        if self.weight_decay is None:
            return
        rate = self._current_learning_rate()
        for variable in variables:
            if self._use_weight_decay(variable):
                value = variable._value
                dtype = value.dtype.type
                variable.assign_sub(value * cast_constant(self.weight_decay, dtype) * dtype(rate))

    def __getattr__(self, name):
        if name.startswith("_") or name in _REMOVED_IN_KERAS_3:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
        raise missing_attribute(f"tf.keras.optimizers.{type(self).__name__}", name)


# tf.keras 2's optimizer methods that TF 2.21's Keras 3 optimizers no longer have: missing in
# TF too, so Python's own AttributeError, not the engine's "not implemented".
_REMOVED_IN_KERAS_3 = {"minimize", "compute_gradients", "get_gradients", "get_updates"}


def cast_constant(value, dtype):
    """Keras's ops.cast(python_float, dtype): the float becomes a float32 tensor first, so a
    float64 variable sees beta_1 = float64(float32(0.9)), as in TF."""
    return dtype(np.float32(value))


def _as_python(value):
    return value.numpy().item() if hasattr(value, "numpy") else value
