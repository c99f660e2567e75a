"""keras.optimizers.SGD, Keras 3's update rule.

momentum == 0:  w -= lr * g
momentum > 0:   m = m * momentum - g * lr;  w += m
nesterov:       m = m * momentum - g * lr;  w += m * momentum - g * lr
"""

from .optimizer import Optimizer, cast_constant
from .slices import dense, scale, subtract_from
from .writes import assign, assign_add


class SGD(Optimizer):
    _keeps_sparse_gradients = True
    config_keys = ("momentum", "nesterov")

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, **kwargs):
        super().__init__(learning_rate=learning_rate, **kwargs)
        if not isinstance(momentum, float) or momentum < 0 or momentum > 1:
            raise ValueError("`momentum` must be a float between [0, 1].")
        self.momentum = momentum
        self.nesterov = nesterov

    def build(self, variables):
        if self.built:
            return
        super().build(variables)
        self.momentums = []
        if self.momentum != 0:
            self.momentums = self.add_optimizer_variables(variables, "momentum")

    def update_step(self, gradient, variable, learning_rate):
        step = scale(gradient, learning_rate)
        if self.momentum == 0:
            subtract_from(variable, step)
            return
        m = self._slot(self.momentums, variable)
        momentum = cast_constant(self.momentum, gradient.dtype.type)
        assign(m, m._value * momentum - dense(step))
        if self.nesterov:
            assign_add(variable, m._value * momentum - dense(step))
        else:
            assign_add(variable, m._value)
