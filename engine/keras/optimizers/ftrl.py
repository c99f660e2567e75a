"""keras.optimizers.Ftrl (Follow The Regularized Leader), Keras 3's update rule:

l2 = l2_regularization_strength + beta / (2 * lr)
g_shrunk = g + 2 * l2_shrinkage_regularization_strength * w
new_accum = accum + g**2
linear += g_shrunk - (new_accum**-p - accum**-p) / lr * w        (p = learning_rate_power)
quadratic = new_accum**-p / lr + 2 * l2
w = (clip(linear, -l1, l1) - linear) / quadratic;  accum = new_accum
"""

import numpy as np

from .clipping import clip_by_value
from .optimizer import Optimizer
from .slices import dense, square
from .writes import assign, assign_add


class Ftrl(Optimizer):
    _keeps_sparse_gradients = True
    config_keys = (
        "learning_rate_power",
        "initial_accumulator_value",
        "l1_regularization_strength",
        "l2_regularization_strength",
        "l2_shrinkage_regularization_strength",
        "beta",
    )

    def __init__(
        self,
        learning_rate=0.001,
        learning_rate_power=-0.5,
        initial_accumulator_value=0.1,
        l1_regularization_strength=0.0,
        l2_regularization_strength=0.0,
        l2_shrinkage_regularization_strength=0.0,
        beta=0.0,
        **kwargs,
    ):
        super().__init__(learning_rate=learning_rate, **kwargs)
        for name, value, rule in (
            ("initial_accumulator_value", initial_accumulator_value, "positive or zero"),
            ("learning_rate_power", learning_rate_power, "negative or zero"),
            ("l1_regularization_strength", l1_regularization_strength, "positive or zero"),
            ("l2_regularization_strength", l2_regularization_strength, "positive or zero"),
        ):
            if (value > 0.0) if rule == "negative or zero" else (value < 0.0):
                raise ValueError(f"`{name}` needs to be {rule}. Received: {name}={value}.")
        if l2_shrinkage_regularization_strength < 0.0:
            raise ValueError(
                "`l2_shrinkage_regularization_strength` needs to be positive or zero. "
                "Received: l2_shrinkage_regularization_strength"
                f"={l2_shrinkage_regularization_strength}."
            )
        self.learning_rate_power = learning_rate_power
        self.initial_accumulator_value = initial_accumulator_value
        self.l1_regularization_strength = l1_regularization_strength
        self.l2_regularization_strength = l2_regularization_strength
        self.l2_shrinkage_regularization_strength = l2_shrinkage_regularization_strength
        self.beta = beta

    def build(self, variables):
        if self.built:
            return
        super().build(variables)
        self._accumulators, self._linears = self.add_optimizer_variables(
            variables, ["accumulator", "linear"], [self.initial_accumulator_value, 0.0]
        )

    def update_step(self, gradient, variable, learning_rate):
        dtype = gradient.dtype.type
        lr = learning_rate
        accum = self._slot(self._accumulators, variable)
        linear = self._slot(self._linears, variable)
        power = dtype(-self.learning_rate_power)
        l2 = dtype(self.l2_regularization_strength) + dtype(self.beta) / (dtype(2.0) * lr)
        squared = dense(square(gradient))  # sparse: slices squared, then summed per row
        gradient = dense(gradient)
        w = variable._value
        grad_to_use = gradient + dtype(2 * self.l2_shrinkage_regularization_strength) * w
        new_accum = accum._value + squared
        assign_add(
            linear,
            grad_to_use - ((np.power(new_accum, power) - np.power(accum._value, power)) / lr) * w,
        )
        quadratic = np.power(new_accum, power) / lr + dtype(2) * l2
        l1 = dtype(self.l1_regularization_strength)
        clipped = clip_by_value(linear._value, -l1, l1)
        assign(variable, (clipped - linear._value) / quadratic)
        assign(accum, new_accum)
