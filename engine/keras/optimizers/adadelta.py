"""keras.optimizers.Adadelta, Keras 3's update rule:

accumulated_grad = rho * accumulated_grad + (1 - rho) * g**2
delta = -(sqrt(accumulated_delta + eps) * g) / sqrt(accumulated_grad + eps)
accumulated_delta = rho * accumulated_delta + (1 - rho) * delta**2
w += lr * delta
"""

import numpy as np

from .optimizer import Optimizer
from .slices import add_to, dense, divide_by, multiply_by, scale, square
from .writes import assign


class Adadelta(Optimizer):
    _keeps_sparse_gradients = True
    config_keys = ("rho", "epsilon")

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-7, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.rho = rho
        self.epsilon = epsilon

    def build(self, variables):
        if self.built:
            return
        super().build(variables)
        self._accumulated_grads, self._accumulated_delta_vars = self.add_optimizer_variables(
            variables, ["accumulated_grad", "accumulated_delta_var"]
        )

    def update_step(self, gradient, variable, learning_rate):
        dtype = gradient.dtype.type
        rho, one_minus_rho, epsilon = dtype(self.rho), dtype(1 - self.rho), dtype(self.epsilon)
        accumulated_grad = self._slot(self._accumulated_grads, variable)
        accumulated_delta = self._slot(self._accumulated_delta_vars, variable)
        # A sparse gradient stays sparse (its slices squared before a row's are summed).
        assign(
            accumulated_grad,
            rho * accumulated_grad._value + dense(scale(square(gradient), one_minus_rho)),
        )
        delta = scale(
            divide_by(
                multiply_by(gradient, np.sqrt(accumulated_delta._value + epsilon)),
                np.sqrt(accumulated_grad._value + epsilon),
            ),
            dtype(-1),
        )
        assign(
            accumulated_delta,
            rho * accumulated_delta._value + dense(scale(square(delta), one_minus_rho)),
        )
        add_to(variable, scale(delta, learning_rate))
