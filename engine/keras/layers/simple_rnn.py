"""keras.layers.SimpleRNN: a SimpleRNNCell (activation(x @ kernel + bias + h @ recurrent_kernel))
run over time by the RNN layer."""

from .input_spec import InputSpec
from .rnn import RNN, cell_property, layer_config, refuse_unsupported
from .rnn_cells import SimpleRNNCell
from .serialization import from_config_kwargs

_CELL_KEYS = (
    "units",
    "activation",
    "use_bias",
    "kernel_initializer",
    "recurrent_initializer",
    "bias_initializer",
    "kernel_regularizer",
    "recurrent_regularizer",
    "bias_regularizer",
    "activity_regularizer",
    "kernel_constraint",
    "recurrent_constraint",
    "bias_constraint",
    "dropout",
    "recurrent_dropout",
)  # no seed: Keras's SimpleRNN config has none


class SimpleRNN(RNN):
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
        return_sequences=False,
        return_state=False,
        go_backwards=False,
        stateful=False,
        unroll=False,
        seed=None,
        **kwargs,
    ):
        refuse_unsupported("SimpleRNN", kwargs)
        cell = SimpleRNNCell(
            units,
            activation=activation,
            use_bias=use_bias,
            kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer,
            dropout=dropout,
            recurrent_dropout=recurrent_dropout,
            seed=seed,
            dtype=kwargs.get("dtype"),
            trainable=kwargs.get("trainable", True),
            name="simple_rnn_cell",
        )
        super().__init__(
            cell,
            return_sequences=return_sequences,
            return_state=return_state,
            go_backwards=go_backwards,
            stateful=stateful,
            unroll=unroll,
            **kwargs,
        )
        self.input_spec = InputSpec(ndim=3)

    def call(self, sequences, initial_state=None, mask=None, training=False):
        return super().call(sequences, initial_state=initial_state, mask=mask, training=training)

    units = cell_property("units")
    activation = cell_property("activation")
    use_bias = cell_property("use_bias")
    kernel_initializer = cell_property("kernel_initializer")
    recurrent_initializer = cell_property("recurrent_initializer")
    bias_initializer = cell_property("bias_initializer")
    dropout = cell_property("dropout")
    recurrent_dropout = cell_property("recurrent_dropout")

    def get_config(self):
        return layer_config(self, _CELL_KEYS)

    @classmethod
    def from_config(cls, config):
        return cls(**from_config_kwargs(config))
