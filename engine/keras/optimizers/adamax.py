"""keras.optimizers.Adamax, Keras 3's update rule:

m += (g - m) * (1 - beta_1)
u = max(beta_2 * u, |g|)
w -= lr * m / ((1 - beta_1**t) * (u + epsilon))
"""

import numpy as np

from .optimizer import Optimizer, cast_constant
from .slices import absolute, dense
from .writes import assign, assign_add, assign_sub


class Adamax(Optimizer):
    _keeps_sparse_gradients = True
    config_keys = ("beta_1", "beta_2", "epsilon")

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon

    def build(self, variables):
        if self.built:
            return
        super().build(variables)
        self._m, self._u = self.add_optimizer_variables(variables, ["momentum", "norm"])

    def update_step(self, gradient, variable, learning_rate):
        dtype = gradient.dtype.type
        beta_1_power = np.power(cast_constant(self.beta_1, dtype), self._local_step(dtype))
        abs_gradient = dense(absolute(gradient))  # sparse: |slices| summed per row, as Keras
        gradient = dense(gradient)
        m = self._slot(self._m, variable)
        u = self._slot(self._u, variable)
        assign_add(m, (gradient - m._value) * dtype(1 - self.beta_1))
        assign(u, np.maximum(dtype(self.beta_2) * u._value, abs_gradient))
        assign_sub(
            variable,
            (learning_rate * m._value)
            / ((dtype(1) - beta_1_power) * (u._value + dtype(self.epsilon))),
        )
