"""keras.optimizers.Optimizer: Keras 3's apply_gradients pipeline (TF 2.21's Keras 3 optimizers
have no `minimize`: tf.keras 2's is gone, so the engine has none either).

apply_gradients, as Keras 3 runs it: build on the first call (one slot per variable), refuse
variables it was not built with, drop (gradient=None) pairs with a warning (all None is an
error), clip (clipnorm / global_clipnorm / clipvalue), apply weight decay, run each
optimizer's update_step, then count the iteration.

The updates are state changes, not differentiable ops, so they are computed in NumPy in the
variable's dtype, in the same order of float operations as Keras's formulas (so float32
results match TF's), and written as Keras's TF optimizer writes them (writes.py: one assign
event per slot or weight, which the debugger sees).
Gradients may be Tensors, NumPy arrays, Python lists or IndexedSlices (tf.gather's gradient),
which stay sparse through the update as in Keras (see slices.py), unless clipping or loss
scaling is on (then they are densified first).

Also as Keras 3: learning-rate schedules (evaluated at the step count), gradient accumulation
(gradient_accumulation_steps: sum, then update with the mean every n-th step), and use_ema
(moving averages of the variables, written back every ema_overwrite_frequency steps).
"""

import re
import warnings
from typing import Any

import numpy as np

from ...missing import missing_attribute
from .. import _tf as tf, naming
from ..variables import KerasVariable
from . import clipping, gradients, schedules, slices


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
        if gradient_accumulation_steps and not gradient_accumulation_steps >= 2:
            raise ValueError(
                "`gradient_accumulation_steps` must be an integer >= 2. Received: "
                f"gradient_accumulation_steps={gradient_accumulation_steps}"
            )
        if use_ema:
            if ema_momentum > 1 or ema_momentum < 0:
                raise ValueError(
                    "`ema_momentum` must be in the range [0, 1]. "
                    f"Received: ema_momentum={ema_momentum}"
                )
            if ema_overwrite_frequency and (
                not isinstance(ema_overwrite_frequency, int) or ema_overwrite_frequency < 1
            ):
                raise ValueError(
                    "`ema_overwrite_frequency` must be an integer >= 1 or None. Received: "
                    f"ema_overwrite_frequency={ema_overwrite_frequency}"
                )
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
        self.use_ema = use_ema
        self.ema_momentum = ema_momentum
        self.ema_overwrite_frequency = ema_overwrite_frequency
        self.gradient_accumulation_steps = gradient_accumulation_steps
        self.built = False
        self._variables = []
        self._trainable_variables = []
        self._index_by_key = {}
        with naming.keras_scope(self.name, self):
            self._iterations = KerasVariable(np.int64(0), name="iteration", trainable=False)
        self._variables.append(self._iterations)
        if callable(learning_rate):  # a LearningRateSchedule or any callable
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
        """The step count; with gradient accumulation, the count of real updates (a tensor)."""
        if self.gradient_accumulation_steps:
            return tf.math.floordiv(
                self._iterations.value, np.int64(self.gradient_accumulation_steps)
            )
        return self._iterations

    def _step_count(self):
        """iterations as a NumPy int64 (what the update formulas read)."""
        count = self._iterations._value
        if self.gradient_accumulation_steps:
            count = count // np.int64(self.gradient_accumulation_steps)
        return count

    def _local_step(self, dtype):
        """Keras's ops.cast(self.iterations + 1, dtype)."""
        return dtype(self._step_count() + 1)

    @property
    def variables(self):
        return list(self._variables)

    @property
    def learning_rate(self):
        if isinstance(self._learning_rate, schedules.LearningRateSchedule):
            return self._learning_rate(self._iterations)
        if isinstance(self._learning_rate, KerasVariable):
            return self._learning_rate
        return self._learning_rate()

    @learning_rate.setter
    def learning_rate(self, value):
        previous = self._learning_rate if isinstance(self._learning_rate, KerasVariable) else None
        if callable(value):
            self._learning_rate = value
        else:
            if isinstance(self._learning_rate, schedules.LearningRateSchedule):
                raise TypeError(
                    "This optimizer was created with a `LearningRateSchedule` object as its "
                    "`learning_rate` constructor argument, hence its learning rate is not "
                    "settable. If you need the learning rate to be settable, you should "
                    "instantiate the optimizer with a float `learning_rate` argument."
                )
            self._learning_rate.assign(value)
        if previous is not None and self._learning_rate is not previous:
            self._variables = [v for v in self._variables if v is not previous]

    def build(self, variables):
        if self.built:
            return
        if self.use_ema:
            self._model_variables_moving_average = self.add_optimizer_variables(
                variables, "average"
            )
        self._accumulated_gradients = []
        for index, variable in enumerate(variables):
            self._index_by_key[variable._id] = index
            if self.gradient_accumulation_steps:
                self._accumulated_gradients.append(
                    self.add_variable_from_reference(variable, "gradient_accumulator")
                )
        self._trainable_variables = list(variables)
        self.built = True

    def add_variable_from_reference(self, reference_variable, name, initial_value=0.0):
        """A slot shaped like `reference_variable`, e.g. 'sgd/dense_kernel_momentum'; an
        `initial_value` other than 0 is cast as Keras's Constant initializer casts it."""
        base = getattr(reference_variable, "path", None) or reference_variable.name
        slot_name = re.sub(r"[/:]", "_", base) + "_" + name
        dtype = reference_variable._value.dtype.type
        with naming.keras_scope(self.name, self):
            slot = KerasVariable(
                np.full(reference_variable.shape.as_list(), cast_constant(initial_value, dtype)),
                name=slot_name,
                trainable=False,
            )
        self._variables.append(slot)
        return slot

    def add_optimizer_variables(self, variables, name, initial_value=0.0):
        """One slot per variable for `name`, or for each of several names (then one list per
        name, created interleaved variable by variable, as Keras orders them)."""
        names = [name] if isinstance(name, str) else list(name)
        values = initial_value if isinstance(initial_value, (list, tuple)) else [initial_value]
        values = list(values) * (len(names) if len(values) == 1 else 1)
        slots: tuple[list[Any], ...] = tuple([] for _ in names)
        for variable in variables:
            for index, slot_name in enumerate(names):
                slots[index].append(
                    self.add_variable_from_reference(variable, slot_name, values[index])
                )
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
            if len(grads) != len(self._index_by_key):
                raise ValueError(
                    "When passing `grads` as a list of gradient tensors, the gradients must "
                    "match `optimizer.variables` one-to-on. Received a list of "
                    f"{len(grads)} gradients, but the optimizer is tracking "
                    f"{len(self._trainable_variables)} trainable variables."
                )
            trainable_variables = self._trainable_variables
        else:
            trainable_variables = list(trainable_variables)
            if not self.built:
                with naming.keras_scope(self.name, self):
                    self.build(trainable_variables)
                self.built = True
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
            keep_sparse = self._keeps_sparse_gradients and not (
                self.loss_scale_factor is not None
                or self.clipvalue
                or self.gradient_accumulation_steps
            )
            grads = [
                gradients.as_array(g, v, keep_sparse) for g, v in zip(grads, trainable_variables)
            ]
            if self.loss_scale_factor is not None:
                grads = [g / g.dtype.type(self.loss_scale_factor) for g in grads]
            if self.gradient_accumulation_steps:
                self._accumulate_or_update(grads, trainable_variables)
            else:
                self._clip_and_update(grads, trainable_variables)
            if self.use_ema:
                self._update_moving_averages()
        self._iterations.assign_add(1)

    # Whether update_step takes IndexedSlices gradients as Slices (kept sparse as Keras does);
    # optimizers that do not get them dense.
    _keeps_sparse_gradients = False
    config_keys: tuple[str, ...] = ()  # a subclass's own arguments, in its config after ours

    def _clip_and_update(self, grads, trainable_variables):
        grads = self._clip_gradients(grads)
        self._apply_weight_decay(trainable_variables)
        self._update_all(grads, trainable_variables, self._current_learning_rate())

    def _update_all(self, grads, trainable_variables, learning_rate):
        for grad, variable in zip(grads, trainable_variables):
            dtype = variable._value.dtype
            self.update_step(grad, variable, np.asarray(learning_rate, dtype=dtype)[()])

    def _accumulate_or_update(self, grads, trainable_variables):
        """Keras's gradient accumulation: sum gradients into the accumulators, and every
        `gradient_accumulation_steps`-th step update with their mean and reset them."""
        steps = self.gradient_accumulation_steps
        accumulators = [self._slot(self._accumulated_gradients, v) for v in trainable_variables]
        if (self._iterations._value + 1) % steps == 0:
            grads = [(g + a._value) / g.dtype.type(steps) for g, a in zip(grads, accumulators)]
            self._clip_and_update(grads, trainable_variables)
            for accumulator in self._accumulated_gradients:
                accumulator.assign(np.zeros_like(accumulator._value))
        else:
            for grad, accumulator in zip(grads, accumulators):
                accumulator.assign(accumulator._value + grad)

    def _update_moving_averages(self):
        """use_ema: average = m * average + (1 - m) * variable, m = 0 on the first step."""
        step = self._step_count()
        for variable, average in zip(
            self._trainable_variables, self._model_variables_moving_average
        ):
            dtype = variable._value.dtype.type
            momentum = dtype(step != 0) * dtype(self.ema_momentum)
            average.assign(momentum * average._value + (dtype(1) - momentum) * variable._value)
        frequency = self.ema_overwrite_frequency
        if frequency and (step + 1) % frequency == 0:
            self._overwrite_with_moving_averages(self._trainable_variables)

    def _overwrite_with_moving_averages(self, variables):
        for variable, average in zip(variables, self._model_variables_moving_average):
            variable.assign(average._value)

    def scale_loss(self, loss):
        """The loss times loss_scale_factor (what Keras's train_step differentiates)."""
        if self.loss_scale_factor is not None:
            return loss * self.loss_scale_factor
        return loss

    def set_weights(self, weights):
        """Assigns every optimizer variable (iteration, learning rate, slots) in order."""
        if not self.built:
            raise ValueError(
                "You are calling `set_weights()` on an optimizer that has not yet been built. "
                "Please call `optimizer.build(trainable_variables)` to create the optimizer "
                "weights before calling `set_weights()`."
            )
        for variable, weight in zip(self._variables, weights):
            variable.assign(weight)

    def finalize_variable_values(self, var_list):
        """With use_ema, the model's variables take their moving averages (end of fit)."""
        if self.use_ema:
            self._overwrite_with_moving_averages(var_list)

    def update_step(self, gradient, variable, learning_rate):
        """Updates `variable` (and its slots) from `gradient`: a NumPy array of its dtype, or
        Slices for a sparse gradient."""
        raise NotImplementedError

    def _current_learning_rate(self):
        rate = self.learning_rate
        if isinstance(rate, KerasVariable):
            return rate._value
        if hasattr(rate, "_value"):  # a schedule's tensor keeps its dtype
            return rate._value
        return np.float32(_as_python(rate))

    def get_config(self):
        rate = self._learning_rate
        if isinstance(rate, schedules.LearningRateSchedule):
            learning_rate = schedules.serialize(rate)
        elif isinstance(rate, KerasVariable):
            learning_rate = float(rate.numpy())
        else:
            learning_rate = rate
        return {
            "name": self.name,
            "learning_rate": learning_rate,
            "weight_decay": self.weight_decay,
            "clipnorm": self.clipnorm,
            "global_clipnorm": self.global_clipnorm,
            "clipvalue": self.clipvalue,
            "use_ema": self.use_ema,
            "ema_momentum": self.ema_momentum,
            "ema_overwrite_frequency": self.ema_overwrite_frequency,
            "loss_scale_factor": self.loss_scale_factor,
            "gradient_accumulation_steps": self.gradient_accumulation_steps,
            **{key: getattr(self, key) for key in self.config_keys},
        }

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        if isinstance(config.get("learning_rate"), dict):
            config["learning_rate"] = schedules.deserialize(config["learning_rate"])
        return cls(**config)

    def _clip_gradients(self, grads):
        """Sparse gradients stay sparse under norm clipping, with the norm of their slices
        (tf.clip_by_norm's rule); value clipping has densified them already."""
        if self.clipnorm and self.clipnorm > 0:
            return [
                g.with_values(clipping.clip_by_norm(g.values, self.clipnorm))
                if isinstance(g, slices.Slices)
                else clipping.clip_by_norm(g, self.clipnorm)
                for g in grads
            ]
        if self.global_clipnorm and self.global_clipnorm > 0:
            values = [g.values if isinstance(g, slices.Slices) else g for g in grads]
            clipped = clipping.clip_by_global_norm(values, self.global_clipnorm)
            return [
                g.with_values(c) if isinstance(g, slices.Slices) else c
                for g, c in zip(grads, clipped)
            ]
        if self.clipvalue and self.clipvalue > 0:
            return [
                clipping.clip_by_value(
                    g, g.dtype.type(-self.clipvalue), g.dtype.type(self.clipvalue)
                )
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
