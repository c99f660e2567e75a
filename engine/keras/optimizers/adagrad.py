"""keras.optimizers.Adagrad, Keras 3's update rule (sparse gradients stay sparse):

accumulator += g**2                     (starts at initial_accumulator_value)
w -= lr * g / sqrt(accumulator + epsilon)
"""

import numpy as np

from .optimizer import Optimizer
from .slices import add_to, divide_by, scale, square, subtract_from


class Adagrad(Optimizer):
    _keeps_sparse_gradients = True
    config_keys = ("initial_accumulator_value", "epsilon")

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        self.initial_accumulator_value = initial_accumulator_value
        self.epsilon = epsilon

    def build(self, variables):
        if self.built:
            return
        super().build(variables)
        self._accumulators = self.add_optimizer_variables(
            variables, "accumulator", self.initial_accumulator_value
        )

    def update_step(self, gradient, variable, learning_rate):
        dtype = gradient.dtype.type
        accumulator = self._slot(self._accumulators, variable)
        add_to(accumulator, square(gradient))
        denominator = np.sqrt(accumulator._value + dtype(self.epsilon))
        subtract_from(variable, divide_by(scale(gradient, learning_rate), denominator))
