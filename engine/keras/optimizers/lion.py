"""keras.optimizers.Lion, Keras 3's update rule:

w -= lr * sign(m * beta_1 + g * (1 - beta_1))
m = m * beta_2 + g * (1 - beta_2)
"""

import numpy as np

from .optimizer import Optimizer, cast_constant
from .writes import assign, assign_sub


class Lion(Optimizer):
    config_keys = ("beta_1", "beta_2")

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.99, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        if beta_1 <= 0 or beta_1 > 1:
            raise ValueError(
                "Argument `beta_1` must be in the [0, 1] range. Otherwise, the optimizer "
                f"degenerates to SignSGD. Received: beta_1={beta_1}."
            )

    def build(self, variables):
        if self.built:
            return
        super().build(variables)
        self._momentums = self.add_optimizer_variables(variables, "momentum")

    def update_step(self, gradient, variable, learning_rate):
        dtype = gradient.dtype.type
        beta_1 = cast_constant(self.beta_1, dtype)
        beta_2 = cast_constant(self.beta_2, dtype)
        m = self._slot(self._momentums, variable)
        assign_sub(
            variable, learning_rate * np.sign(m._value * beta_1 + gradient * (dtype(1) - beta_1))
        )
        assign(m, m._value * beta_2 + gradient * (dtype(1) - beta_2))
