"""keras.layers.SimpleRNNCell, LSTMCell, GRUCell: one time step each, with Keras 3's weights
(kernel, recurrent_kernel, bias: names, shapes and order) and the ops its TensorFlow backend
runs per step, so a recorded LSTM shows each step's MatMul/AddV2/BiasAdd/Split/Sigmoid/Tanh/Mul
under 'lstm/lstm_cell'.

Dropout masks are drawn once per call of the RNN layer and reused at every step (Keras's
DropoutRNNCell); their random values are the engine's, not TF's.
"""

from typing import Any

from ...missing import missing_attribute
from .. import _tf as tf, activations, random as keras_random
from ..seed_generator import SeedGenerator
from .backend_ops import add
from .layer import Layer
from .serialization import (
    base_config,
    from_config_kwargs,
    get_initializer,
    serialize_initializer,
)

_UNSUPPORTED = (
    "kernel_regularizer",
    "recurrent_regularizer",
    "bias_regularizer",
    "kernel_constraint",
    "recurrent_constraint",
    "bias_constraint",
)


def _check_units(units):
    if units <= 0:
        raise ValueError(
            "Received an invalid value for argument `units`, "
            f"expected a positive integer, got {units}."
        )


def _refuse_unsupported(cell_name, kwargs):
    for option in _UNSUPPORTED:
        if kwargs.pop(option, None) is not None:
            raise missing_attribute(f"tf.keras.layers.{cell_name}", option)


class DropoutRNNCell:
    """Keras's dropout masks for cells: made once per sequence, reused at every step."""

    dropout: float
    recurrent_dropout: float
    seed_generator: SeedGenerator
    _dropout_mask = None
    _recurrent_dropout_mask = None

    def _create_dropout_mask(self, step_input, rate):
        count = getattr(self, "dropout_mask_count", None)
        ones = tf.ones_like(step_input)
        if count is None:
            return keras_random.dropout(ones, rate=rate, seed=self.seed_generator)
        return [
            keras_random.dropout(ones, rate=rate, seed=self.seed_generator) for _ in range(count)
        ]

    def get_dropout_mask(self, step_input):
        if self._dropout_mask is None and self.dropout > 0:
            self._dropout_mask = self._create_dropout_mask(step_input, self.dropout)
        return self._dropout_mask

    def get_recurrent_dropout_mask(self, step_input):
        if self._recurrent_dropout_mask is None and self.recurrent_dropout > 0:
            self._recurrent_dropout_mask = self._create_dropout_mask(
                step_input, self.recurrent_dropout
            )
        return self._recurrent_dropout_mask

    def reset_dropout_mask(self):
        self._dropout_mask = None

    def reset_recurrent_dropout_mask(self):
        self._recurrent_dropout_mask = None


class _Cell(Layer, DropoutRNNCell):
    """What the three cells share: arguments, initializers, dropout rates, config."""

    state_size: Any  # an int, or one int per state (LSTM: [units, units])
    _seed_generator_first = False  # SimpleRNNCell draws its seed before its initializers'

    def __init__(
        self,
        units,
        activation,
        use_bias,
        kernel_initializer,
        recurrent_initializer,
        bias_initializer,
        dropout,
        recurrent_dropout,
        seed,
        kwargs,
    ):
        _check_units(units)
        _refuse_unsupported(type(self).__name__, kwargs)
        self.implementation = kwargs.pop("implementation", 2)
        super().__init__(**kwargs)
        if self._seed_generator_first:
            self.seed_generator = SeedGenerator(seed)
        self.units = units
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = get_initializer(kernel_initializer)
        self.recurrent_initializer = get_initializer(recurrent_initializer)
        self.bias_initializer = get_initializer(bias_initializer)
        self.dropout = min(1.0, max(0.0, dropout))
        self.recurrent_dropout = min(1.0, max(0.0, recurrent_dropout))
        self.seed = seed
        if not self._seed_generator_first:  # Keras draws its seed here, the masks come from it
            self.seed_generator = SeedGenerator(seed)
        self.output_size = units
        self.bias = None

    def _add_kernels(self, input_dim, gates):
        self.kernel = self.add_weight(
            shape=(input_dim, self.units * gates),
            name="kernel",
            initializer=self.kernel_initializer,
        )
        self.recurrent_kernel = self.add_weight(
            shape=(self.units, self.units * gates),
            name="recurrent_kernel",
            initializer=self.recurrent_initializer,
        )

    def _gated(self, recurrent_activation, gates):
        """LSTM and GRU: the gates' activation; with recurrent dropout, Keras's implementation 1
        (one MatMul and one dropout mask per gate)."""
        self.recurrent_activation = activations.get(recurrent_activation)
        if self.recurrent_dropout != 0.0:
            self.implementation = 1
        if self.implementation == 1:
            self.dropout_mask_count = gates

    def _per_gate(self, x, rate, get_mask, training):
        """Implementation 1's input to each gate: x, times that gate's dropout mask in training."""
        masks = get_mask(x) if training and 0.0 < rate < 1.0 else None
        return [x * m for m in masks] if masks is not None else [x] * self.dropout_mask_count

    def _gated_config_head(self, config):
        """A gated cell's config opens as Keras's: name ... activation, recurrent_activation."""
        head = {k: config[k] for k in ("name", "trainable", "dtype", "units", "activation")}
        head["recurrent_activation"] = activations.serialize(self.recurrent_activation)
        return head

    def get_initial_state(self, batch_size=None):
        sizes = self.state_size if isinstance(self.state_size, list) else [self.state_size]
        return [tf.fill((batch_size, d), tf.constant(0, self._dtype)) for d in sizes]

    def get_config(self):
        config = {
            "units": self.units,
            "activation": activations.serialize(self.activation),
            "use_bias": self.use_bias,
            "kernel_initializer": serialize_initializer(self.kernel_initializer),
            "recurrent_initializer": serialize_initializer(self.recurrent_initializer),
            "bias_initializer": serialize_initializer(self.bias_initializer),
            "kernel_regularizer": None,
            "recurrent_regularizer": None,
            "bias_regularizer": None,
            "kernel_constraint": None,
            "recurrent_constraint": None,
            "bias_constraint": None,
            "dropout": self.dropout,
            "recurrent_dropout": self.recurrent_dropout,
            "seed": self.seed,
        }
        return {**base_config(self), **config}

    @classmethod
    def from_config(cls, config):
        return cls(**from_config_kwargs(config))


class SimpleRNNCell(_Cell):
    _seed_generator_first = True

    def __init__(
        self,
        units,
        activation="tanh",
        use_bias=True,
        kernel_initializer="glorot_uniform",
        recurrent_initializer="orthogonal",
        bias_initializer="zeros",
        dropout=0.0,
        recurrent_dropout=0.0,
        seed=None,
        **kwargs,
    ):
        super().__init__(
            units,
            activation,
            use_bias,
            kernel_initializer,
            recurrent_initializer,
            bias_initializer,
            dropout,
            recurrent_dropout,
            seed,
            kwargs,
        )
        self.state_size = units

    def build(self, input_shape):
        self._add_kernels(input_shape[-1], 1)
        if self.use_bias:
            self.bias = self.add_weight(
                shape=(self.units,), name="bias", initializer=self.bias_initializer
            )
        self.built = True

    def call(self, sequence, states, training=False):
        prev_output = states[0] if isinstance(states, (list, tuple)) else states
        dp_mask = self.get_dropout_mask(sequence)
        rec_dp_mask = self.get_recurrent_dropout_mask(prev_output)
        if training and dp_mask is not None:
            sequence = sequence * dp_mask
        h = tf.matmul(sequence, self.kernel)
        if self.bias is not None:
            h = add(h, self.bias)
        if training and rec_dp_mask is not None:
            prev_output = prev_output * rec_dp_mask
        output = h + tf.matmul(prev_output, self.recurrent_kernel)
        if self.activation is not None:
            output = self.activation(output)
        new_state = [output] if isinstance(states, (list, tuple)) else output
        return output, new_state


class LSTMCell(_Cell):
    def __init__(
        self,
        units,
        activation="tanh",
        recurrent_activation="sigmoid",
        use_bias=True,
        kernel_initializer="glorot_uniform",
        recurrent_initializer="orthogonal",
        bias_initializer="zeros",
        unit_forget_bias=True,
        dropout=0.0,
        recurrent_dropout=0.0,
        seed=None,
        **kwargs,
    ):
        super().__init__(
            units,
            activation,
            use_bias,
            kernel_initializer,
            recurrent_initializer,
            bias_initializer,
            dropout,
            recurrent_dropout,
            seed,
            kwargs,
        )
        self._gated(recurrent_activation, 4)
        self.unit_forget_bias = unit_forget_bias
        self.state_size = [units, units]

    def build(self, input_shape):
        self._add_kernels(input_shape[-1], 4)
        if self.use_bias:
            initializer = self.bias_initializer
            if self.unit_forget_bias:
                units, base = self.units, self.bias_initializer

                def initializer(_, dtype=None):  # the forget gate's bias starts at one
                    return tf.concat(
                        [
                            base((units,), dtype=dtype),
                            tf.ones((units,), dtype=dtype),
                            base((units * 2,), dtype=dtype),
                        ],
                        axis=0,
                    )

            self.bias = self.add_weight(
                shape=(self.units * 4,), name="bias", initializer=initializer
            )
        self.built = True

    def call(self, inputs, states, training=False):
        h_tm1, c_tm1 = states[0], states[1]
        if self.implementation == 1:
            c, o = self._gates_split(inputs, h_tm1, c_tm1, training)
        else:
            if training and 0.0 < self.dropout < 1.0:
                inputs = inputs * self.get_dropout_mask(inputs)
            z = tf.matmul(inputs, self.kernel)
            z = add(z, tf.matmul(h_tm1, self.recurrent_kernel))
            if self.use_bias:
                z = add(z, self.bias)
            z0, z1, z2, z3 = tf.split(z, 4, axis=1)
            i = self.recurrent_activation(z0)
            f = self.recurrent_activation(z1)
            c = f * c_tm1 + i * self.activation(z2)
            o = self.recurrent_activation(z3)
        h = o * self.activation(c)
        return h, [h, c]

    def _gates_split(self, inputs, h_tm1, c_tm1, training):
        """Keras's implementation 1 (used with recurrent dropout): one MatMul per gate."""
        units = self.units
        xs = self._per_gate(inputs, self.dropout, self.get_dropout_mask, training)
        kernels = tf.split(self.kernel, 4, axis=1)
        x = [tf.matmul(xi, ki) for xi, ki in zip(xs, kernels)]
        if self.use_bias:
            x = [xi + bi for xi, bi in zip(x, tf.split(self.bias, 4, axis=0))]
        hs = self._per_gate(
            h_tm1, self.recurrent_dropout, self.get_recurrent_dropout_mask, training
        )
        rk = self.recurrent_kernel
        act, rec_act = self.activation, self.recurrent_activation
        i = rec_act(x[0] + tf.matmul(hs[0], rk[:, :units]))
        f = rec_act(x[1] + tf.matmul(hs[1], rk[:, units : units * 2]))
        c = f * c_tm1 + i * act(x[2] + tf.matmul(hs[2], rk[:, units * 2 : units * 3]))
        o = rec_act(x[3] + tf.matmul(hs[3], rk[:, units * 3 :]))
        return c, o

    def get_config(self):
        config = super().get_config()
        ordered = self._gated_config_head(config)
        ordered["use_bias"] = self.use_bias
        ordered["unit_forget_bias"] = self.unit_forget_bias
        return {**ordered, **config}


class GRUCell(_Cell):
    def __init__(
        self,
        units,
        activation="tanh",
        recurrent_activation="sigmoid",
        use_bias=True,
        kernel_initializer="glorot_uniform",
        recurrent_initializer="orthogonal",
        bias_initializer="zeros",
        dropout=0.0,
        recurrent_dropout=0.0,
        reset_after=True,
        seed=None,
        **kwargs,
    ):
        super().__init__(
            units,
            activation,
            use_bias,
            kernel_initializer,
            recurrent_initializer,
            bias_initializer,
            dropout,
            recurrent_dropout,
            seed,
            kwargs,
        )
        self._gated(recurrent_activation, 3)
        self.reset_after = reset_after
        self.state_size = units

    def build(self, input_shape):
        self._add_kernels(input_shape[-1], 3)
        if self.use_bias:
            shape = (2, 3 * self.units) if self.reset_after else (3 * self.units,)
            self.bias = self.add_weight(shape=shape, name="bias", initializer=self.bias_initializer)
        self.built = True

    def call(self, inputs, states, training=False):
        nested = isinstance(states, (list, tuple))
        h_tm1 = states[0] if nested else states
        units = self.units
        input_bias = recurrent_bias = None
        if self.use_bias:
            if not self.reset_after:
                input_bias = self.bias
            else:
                input_bias, recurrent_bias = (
                    tf.squeeze(e, axis=0) for e in tf.split(self.bias, 2, axis=0)
                )
        if self.implementation == 1:
            hh_parts = self._gates_split(inputs, h_tm1, input_bias, recurrent_bias, training)
            z, hh = hh_parts
        else:
            if training and 0.0 < self.dropout < 1.0:
                inputs = inputs * self.get_dropout_mask(inputs)
            matrix_x = tf.matmul(inputs, self.kernel)
            if self.use_bias:
                matrix_x = add(matrix_x, input_bias)
            x_z, x_r, x_h = tf.split(matrix_x, 3, axis=-1)
            if self.reset_after:
                matrix_inner = tf.matmul(h_tm1, self.recurrent_kernel)
                if self.use_bias:
                    matrix_inner += recurrent_bias
            else:
                matrix_inner = tf.matmul(h_tm1, self.recurrent_kernel[:, : 2 * units])
            recurrent_z = matrix_inner[:, :units]
            recurrent_r = matrix_inner[:, units : units * 2]
            recurrent_h = matrix_inner[:, units * 2 :]  # empty without reset_after, as Keras's
            z = self.recurrent_activation(x_z + recurrent_z)
            r = self.recurrent_activation(x_r + recurrent_r)
            if self.reset_after:
                recurrent_h = r * recurrent_h
            else:
                recurrent_h = tf.matmul(r * h_tm1, self.recurrent_kernel[:, 2 * units :])
            hh = self.activation(x_h + recurrent_h)
        h = z * h_tm1 + (1 - z) * hh
        return h, ([h] if nested else h)

    def _gates_split(self, inputs, h_tm1, input_bias, recurrent_bias, training):
        """Keras's implementation 1 (used with recurrent dropout): one MatMul per gate."""
        units, k, rk = self.units, self.kernel, self.recurrent_kernel
        x_in = self._per_gate(inputs, self.dropout, self.get_dropout_mask, training)
        x_z = tf.matmul(x_in[0], k[:, :units])
        x_r = tf.matmul(x_in[1], k[:, units : units * 2])
        x_h = tf.matmul(x_in[2], k[:, units * 2 :])
        if self.use_bias:
            x_z += input_bias[:units]
            x_r += input_bias[units : units * 2]
            x_h += input_bias[units * 2 :]
        h_in = self._per_gate(
            h_tm1, self.recurrent_dropout, self.get_recurrent_dropout_mask, training
        )
        recurrent_z = tf.matmul(h_in[0], rk[:, :units])
        recurrent_r = tf.matmul(h_in[1], rk[:, units : units * 2])
        if self.reset_after and self.use_bias:
            recurrent_z += recurrent_bias[:units]
            recurrent_r += recurrent_bias[units : units * 2]
        z = self.recurrent_activation(x_z + recurrent_z)
        r = self.recurrent_activation(x_r + recurrent_r)
        if self.reset_after:
            recurrent_h = tf.matmul(h_in[2], rk[:, units * 2 :])
            if self.use_bias:
                recurrent_h += recurrent_bias[units * 2 :]
            recurrent_h = r * recurrent_h
        else:
            recurrent_h = tf.matmul(r * h_in[2], rk[:, units * 2 :])
        return z, self.activation(x_h + recurrent_h)

    def get_config(self):
        config = super().get_config()
        ordered = self._gated_config_head(config)
        seed = config.pop("seed")
        return {**ordered, **config, "reset_after": self.reset_after, "seed": seed}
