"""keras.layers.RNN (a cell run over the time axis) and StackedRNNCells, as Keras 3.

The layer builds its cell from one step's input shape, so the cell's weights live under the
layer's path ('rnn/lstm_cell/kernel'); at each step the cell is called as a layer, so its ops
are recorded under 'rnn/lstm_cell'. The loop itself is engine/keras/layers/rnn_loop.py.
"""

from ... import nest
from ...missing import missing_attribute
from .. import _tf as tf, naming
from . import rnn_cells
from .backend_ops import shape
from .input_spec import InputSpec
from .layer import Layer
from .rnn_loop import rnn
from .serialization import base_config, from_config_kwargs, serialize_layer


class StackedRNNCells(Layer):
    """Several cells run as one: each step's output is the next cell's input."""

    def __init__(self, cells, **kwargs):
        super().__init__(**kwargs)
        for cell in cells:
            if "call" not in dir(cell):
                raise ValueError(
                    "All cells must have a `call` method. "
                    f"Received cell without a `call` method: {cell}"
                )
            if "state_size" not in dir(cell):
                raise ValueError(
                    "All cells must have a `state_size` attribute. "
                    f"Received cell without a `state_size`: {cell}"
                )
        self.cells = cells

    @property
    def state_size(self):
        return [c.state_size for c in self.cells]

    @property
    def output_size(self):
        last = self.cells[-1]
        if getattr(last, "output_size", None) is not None:
            return last.output_size
        if isinstance(last.state_size, (list, tuple)):
            return last.state_size[0]
        return last.state_size

    def get_initial_state(self, batch_size=None):
        states = []
        for cell in self.cells:
            if hasattr(cell, "get_initial_state"):
                states.append(cell.get_initial_state(batch_size=batch_size))
            elif isinstance(cell.state_size, int):
                states.append(zeros((batch_size, cell.state_size), self._dtype))
            else:
                sizes = cell.state_size
                states.append([zeros((batch_size, d), self._dtype) for d in sizes])
        return states

    def call(self, inputs, states, training=False):
        # Keras autocasts every float argument of a call, states included: to this layer's
        # dtype here, then to each cell's (the base layer casts only the first argument).
        states = nest.map_structure(lambda s: _autocast(s, self._dtype), states)
        new_states = []
        for cell, cell_states in zip(self.cells, states):
            state_is_list = nest.is_nested(cell_states)
            cell_states = list(cell_states) if state_is_list else [cell_states]
            dtype = getattr(cell, "_dtype", None)
            if dtype is not None:
                cell_states = [_autocast(s, dtype) for s in cell_states]
            inputs, cell_states = cell(inputs, cell_states, training=training)
            if len(cell_states) == 1 and not state_is_list:
                cell_states = cell_states[0]
            new_states.append(cell_states)
        if len(new_states) == 1:
            new_states = new_states[0]
        return inputs, new_states

    def build(self, input_shape):
        for cell in self.cells:
            if isinstance(cell, Layer) and not cell.built:
                with naming.keras_scope(self.name, self):
                    cell.build(input_shape)
                cell.built = True
            input_shape = (input_shape[0], _output_size(cell))
        self.built = True

    def get_config(self):
        return {**base_config(self), "cells": [serialize_layer(c) for c in self.cells]}


def zeros(shape, dtype):
    """keras.ops.zeros as TF runs it eagerly: a Fill op (the initial states' source)."""
    return tf.fill(shape, tf.constant(0, dtype))


def _autocast(tensor, dtype):
    if tensor.dtype == dtype or not tensor.dtype.is_floating:
        return tensor
    return tf.cast(tensor, dtype)


def _output_size(cell):
    if getattr(cell, "output_size", None) is not None:
        return cell.output_size
    if isinstance(cell.state_size, (list, tuple)):
        return cell.state_size[0]
    return cell.state_size


class RNN(Layer):
    def __init__(
        self,
        cell,
        return_sequences=False,
        return_state=False,
        go_backwards=False,
        stateful=False,
        unroll=False,
        zero_output_for_mask=False,
        **kwargs,
    ):
        if isinstance(cell, (list, tuple)):
            cell = StackedRNNCells(cell)
        if "call" not in dir(cell):
            raise ValueError(f"Argument `cell` should have a `call` method. Received: cell={cell}")
        if "state_size" not in dir(cell):
            raise ValueError(
                "The RNN cell should have a `state_size` attribute (single integer or list "
                f"of integers, one integer per RNN state). Received: cell={cell}"
            )
        if stateful:
            raise missing_attribute(f"tf.keras.layers.{type(self).__name__}", "stateful=True")
        kwargs.pop("activity_regularizer", None)
        super().__init__(**kwargs)
        self.zero_output_for_mask = zero_output_for_mask
        self.cell = cell
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.unroll = unroll
        self.supports_masking = True
        self.states = None
        state_size = cell.state_size
        if not isinstance(state_size, (list, tuple, int)):
            raise ValueError(
                "state_size must be an integer, or a list/tuple of integers "
                "(one for each state tensor)."
            )
        self.single_state = isinstance(state_size, int)
        sizes: list = [state_size] if isinstance(state_size, int) else list(state_size)
        self.state_size = sizes

    def build(self, sequences_shape, initial_state_shape=None):
        step_input_shape = (sequences_shape[0],) + tuple(sequences_shape[2:])
        if isinstance(self.cell, Layer) and not self.cell.built:
            with naming.keras_scope(self.name, self):  # as Keras's build wrapper: under its path
                self.cell.build(step_input_shape)
            self.cell.built = True
        self.built = True

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        batch_size, length = sequences_shape[0], sequences_shape[1]
        states_shape: list = []
        for size in self.state_size:
            if isinstance(size, int):
                states_shape.append((batch_size, size))
            else:
                states_shape.append([(batch_size, s) for s in size])
        output_size = getattr(self.cell, "output_size", None) or self.state_size[0]
        output_shape: tuple = (
            (batch_size, length, output_size)
            if self.return_sequences
            else (batch_size, output_size)
        )
        if self.return_state:
            return output_shape, *states_shape
        return output_shape

    def compute_mask(self, _, mask):
        mask = nest.flatten(mask)[0]
        output_mask = mask if self.return_sequences else None
        if self.return_state:
            return [output_mask] + [None for _ in self.state_size]
        return output_mask

    def get_initial_state(self, batch_size):
        get_initial_state = getattr(self.cell, "get_initial_state", None)
        if get_initial_state is None:
            return [zeros((batch_size, d), self._dtype) for d in self.state_size]
        state = get_initial_state(batch_size=batch_size)
        return list(state) if nest.is_nested(state) else [state]

    def call(self, sequences, initial_state=None, mask=None, training=False):
        if initial_state is None:
            shape(sequences)  # Keras's ops.shape runs Shape even for static shapes
            initial_state = self.get_initial_state(batch_size=sequences._value.shape[0])
        if not nest.is_nested(initial_state):
            initial_state = [initial_state]
        initial_state = nest.map_structure(self._state_tensor, list(initial_state))
        if mask is not None and not tf.is_tensor(mask):
            mask = tf.convert_to_tensor(mask)
        sequences[:, 0, :]  # Keras slices the first step (for dropout masks) on every call
        try:  # dropout masks are drawn at the first step and reused by the others
            last_output, outputs, states = self.inner_loop(
                sequences, initial_state, mask=mask, training=training
            )
        finally:
            self._reset_dropout_masks(self.cell)
        output = outputs if self.return_sequences else last_output
        if self.return_state:
            return output, *states
        return output

    def _state_tensor(self, state):
        state = state if tf.is_tensor(state) else tf.convert_to_tensor(state)
        if state.dtype != self.cell._dtype:
            state = tf.cast(state, self.cell._dtype)
        return state

    def inner_loop(self, sequences, initial_state, mask, training=False):
        if nest.is_nested(mask):
            mask = mask[0]
        cell = self.cell
        call = cell if isinstance(cell, Layer) else cell.call

        def step(inputs, states):
            output, new_states = call(inputs, states, training=training)
            if not nest.is_nested(new_states):
                new_states = [new_states]
            return output, new_states

        return rnn(
            step,
            sequences,
            initial_state,
            go_backwards=self.go_backwards,
            mask=mask,
            unroll=self.unroll,
            zero_output_for_mask=self.zero_output_for_mask,
            return_all_outputs=self.return_sequences,
        )

    def _reset_dropout_masks(self, cell):
        if hasattr(cell, "reset_dropout_mask"):
            cell.reset_dropout_mask()
            cell.reset_recurrent_dropout_mask()
        for inner in getattr(cell, "cells", ()):
            self._reset_dropout_masks(inner)

    def reset_state(self):
        """Nothing to reset: the engine's RNN layers are not stateful."""

    reset_states = reset_state

    def get_config(self):
        config = {
            "return_sequences": self.return_sequences,
            "return_state": self.return_state,
            "go_backwards": self.go_backwards,
            "stateful": self.stateful,
            "unroll": self.unroll,
            "zero_output_for_mask": self.zero_output_for_mask,
        }
        return {**base_config(self), **config, "cell": serialize_layer(self.cell)}

    @classmethod
    def from_config(cls, config):
        config = from_config_kwargs(config)
        cell_config = config.pop("cell")
        cell_class = getattr(rnn_cells, cell_config["class_name"])
        return cls(cell_class.from_config(cell_config["config"]), **config)


# The arguments the LSTM, GRU and SimpleRNN layers hand to their cell, and those they refuse.
CELL_UNSUPPORTED = (
    "kernel_regularizer",
    "recurrent_regularizer",
    "bias_regularizer",
    "activity_regularizer",
    "kernel_constraint",
    "recurrent_constraint",
    "bias_constraint",
)


def refuse_unsupported(layer_name, kwargs):
    for option in CELL_UNSUPPORTED:
        if kwargs.pop(option, None) is not None:
            raise missing_attribute(f"tf.keras.layers.{layer_name}", option)


def check_use_cudnn(use_cudnn):
    if use_cudnn not in ("auto", True, False):
        raise ValueError(
            "Invalid valid received for argument `use_cudnn`. Expected one of "
            f"{{'auto', True, False}}. Received: use_cudnn={use_cudnn}"
        )


def cell_property(name):
    """A layer attribute read from its cell (LSTM(4).units is its cell's units)."""
    return property(lambda layer: getattr(layer.cell, name))


class CellRNN(RNN):
    """The LSTM, GRU and SimpleRNN layers: an RNN over the cell they build from their arguments,
    on 3-D inputs, reading the cell's attributes and listing its arguments (`cell_keys`) in their
    config instead of the cell."""

    cell_keys: tuple[str, ...] = ()

    def __init__(self, cell, **kwargs):
        super().__init__(cell, **kwargs)
        self.input_spec = InputSpec(ndim=3)

    units = cell_property("units")
    activation = cell_property("activation")
    use_bias = cell_property("use_bias")
    kernel_initializer = cell_property("kernel_initializer")
    recurrent_initializer = cell_property("recurrent_initializer")
    bias_initializer = cell_property("bias_initializer")
    dropout = cell_property("dropout")
    recurrent_dropout = cell_property("recurrent_dropout")

    def get_config(self):
        """The RNN's config, then the cell's arguments, without the cell."""
        config = RNN.get_config(self)
        del config["cell"]
        cell_config = self.cell.get_config()
        for key in self.cell_keys:
            config[key] = cell_config.get(key)
        return config

    @classmethod
    def from_config(cls, config):
        return cls(**from_config_kwargs(config))
