"""keras.optimizers.Adam, Keras 3's update rule (bias correction folded into the step size,
epsilon added to sqrt(v) outside the correction):

    t = iterations + 1
    alpha = lr * sqrt(1 - beta_2**t) / (1 - beta_1**t)
    m += (g - m) * (1 - beta_1)
    v += (g**2 - v) * (1 - beta_2)
    v_hat = max(v_hat, v)                      (amsgrad only; then used in place of v)
    w -= (m * alpha) / (sqrt(v) + epsilon)
"""

import numpy as np

from .optimizer import Optimizer, cast_constant
from .slices import dense, square
from .writes import assign, assign_add, assign_sub


class Adam(Optimizer):
    _keeps_sparse_gradients = True
    config_keys = ("beta_1", "beta_2", "epsilon", "amsgrad")

    def __init__(
        self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False, **kwargs
    ):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon
        self.amsgrad = amsgrad

    def build(self, variables):
        if self.built:
            return
        super().build(variables)
        self._momentums, self._velocities = self.add_optimizer_variables(
            variables, ["momentum", "velocity"]
        )
        if self.amsgrad:
            self._velocity_hats = self.add_optimizer_variables(variables, "velocity_hat")

    def update_step(self, gradient, variable, learning_rate):
        dtype = gradient.dtype.type
        local_step = self._local_step(dtype)
        beta_1_power = np.power(cast_constant(self.beta_1, dtype), local_step)
        beta_2_power = np.power(cast_constant(self.beta_2, dtype), local_step)
        m = self._slot(self._momentums, variable)
        v = self._slot(self._velocities, variable)
        alpha = learning_rate * np.sqrt(dtype(1) - beta_2_power) / (dtype(1) - beta_1_power)
        assign_add(m, (dense(gradient) - m._value) * dtype(1 - self.beta_1))
        # A sparse gradient's slices are squared before a repeated row's slices are summed.
        assign_add(v, (dense(square(gradient)) - v._value) * dtype(1 - self.beta_2))
        second_moment = v._value
        if self.amsgrad:
            v_hat = self._slot(self._velocity_hats, variable)
            assign(v_hat, np.maximum(v_hat._value, v._value))
            second_moment = v_hat._value
        assign_sub(variable, (m._value * alpha) / (np.sqrt(second_moment) + dtype(self.epsilon)))
