"""keras.optimizers.RMSprop, Keras 3's update rule:

v = rho * v + (1 - rho) * g**2
centered:  a = rho * a + (1 - rho) * g;  denominator = v - a**2 + epsilon
else:      denominator = v + epsilon
increment = lr * g / sqrt(denominator)
momentum > 0:  m = momentum * m + increment;  w -= m
else:          w -= increment
"""

import numpy as np

from .optimizer import Optimizer
from .slices import dense, divide_by, scale, square, subtract_from
from .writes import assign, assign_sub


class RMSprop(Optimizer):
    _keeps_sparse_gradients = True
    config_keys = ("rho", "momentum", "epsilon", "centered")

    def __init__(
        self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False, **kwargs
    ):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.rho = rho
        self.momentum = momentum
        self.epsilon = epsilon
        self.centered = centered

    def build(self, variables):
        if self.built:
            return
        super().build(variables)
        self._velocities = self.add_optimizer_variables(variables, "velocity")
        self._momentums = []
        if self.momentum > 0:
            self._momentums = self.add_optimizer_variables(variables, "momentum")
        self._average_gradients = []
        if self.centered:
            self._average_gradients = self.add_optimizer_variables(variables, "average_gradient")

    def update_step(self, gradient, variable, learning_rate):
        dtype = gradient.dtype.type
        rho, one_minus_rho = dtype(self.rho), dtype(1 - self.rho)
        velocity = self._slot(self._velocities, variable)
        # A sparse gradient's slices are squared before a repeated row's slices are summed.
        assign(velocity, rho * velocity._value + dense(scale(square(gradient), one_minus_rho)))
        if self.centered:
            average = self._slot(self._average_gradients, variable)
            assign(average, rho * average._value + dense(scale(gradient, one_minus_rho)))
            denominator = velocity._value - np.square(average._value) + dtype(self.epsilon)
        else:
            denominator = velocity._value + dtype(self.epsilon)
        increment = divide_by(scale(gradient, learning_rate), np.sqrt(denominator))
        if self.momentum > 0:
            momentum = self._slot(self._momentums, variable)
            assign(momentum, dtype(self.momentum) * momentum._value + dense(increment))
            assign_sub(variable, momentum._value)
        else:
            subtract_from(variable, increment)
