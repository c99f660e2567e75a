"""keras.optimizers.Nadam, Keras 3's update rule (Adam with Nesterov momentum and a momentum
schedule u_t = beta_1 * (1 - 0.5 * 0.96**t) whose running product is one more variable):

u_product *= beta_1 * (1 - 0.5 * 0.96**t)      (once per step, before the updates)
m += (g - m) * (1 - beta_1);  v += (g**2 - v) * (1 - beta_2)
m_hat = u_{t+1} * m / (1 - u_product * u_{t+1}) + (1 - u_t) * g / (1 - u_product)
w -= m_hat * lr / (sqrt(v / (1 - beta_2**t)) + epsilon)
"""

import numpy as np

from .. import naming
from ..variables import KerasVariable
from .optimizer import Optimizer, cast_constant
from .slices import dense, square
from .writes import assign, assign_add, assign_sub


class Nadam(Optimizer):
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
        dtype = variables[0]._value.dtype if variables else np.dtype("float32")
        super().build(variables)
        self._momentums, self._velocities = self.add_optimizer_variables(
            variables, ["momentum", "velocity"]
        )
        with naming.keras_scope(self.name, self):
            self._u_product = KerasVariable(np.asarray(1.0, dtype), trainable=False)
        self._variables.append(self._u_product)

    def _update_all(self, grads, trainable_variables, learning_rate):
        dtype = self._u_product._value.dtype.type
        u_t = dtype(1.0) - dtype(0.5) * np.power(dtype(0.96), self._local_step(dtype))
        assign(self._u_product, self._u_product._value * dtype(self.beta_1) * u_t)
        super()._update_all(grads, trainable_variables, learning_rate)

    def update_step(self, gradient, variable, learning_rate):
        dtype = gradient.dtype.type
        local_step = self._local_step(dtype)
        next_step = dtype(self._step_count() + 2)
        decay = cast_constant(0.96, dtype)
        beta_1 = cast_constant(self.beta_1, dtype)
        beta_2 = cast_constant(self.beta_2, dtype)
        one, half = dtype(1.0), dtype(0.5)
        u_t = beta_1 * (one - half * np.power(decay, local_step))
        u_t_1 = beta_1 * (one - half * np.power(decay, next_step))
        u_product_t = dtype(self._u_product._value)
        u_product_t_1 = u_product_t * u_t_1
        beta_2_power = np.power(beta_2, local_step)
        squared = dense(square(gradient))  # sparse: slices squared, then summed per row
        gradient = dense(gradient)
        m = self._slot(self._momentums, variable)
        v = self._slot(self._velocities, variable)
        assign_add(m, (gradient - m._value) * (one - beta_1))
        assign_add(v, (squared - v._value) * (one - beta_2))
        m_hat = (u_t_1 * m._value) / (one - u_product_t_1) + ((one - u_t) * gradient) / (
            one - u_product_t
        )
        v_hat = v._value / (one - beta_2_power)
        assign_sub(variable, (m_hat * learning_rate) / (np.sqrt(v_hat) + dtype(self.epsilon)))
