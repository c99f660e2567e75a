"""keras.layers.GRU: a GRUCell run over time by the RNN layer, Keras 3's `reset_after=True` by
default (two bias rows: input and recurrent) or False (one bias, the reset gate applied before
the recurrent MatMul)."""

from .input_spec import InputSpec
from .lstm import check_use_cudnn
from .rnn import RNN, cell_property, layer_config, refuse_unsupported
from .rnn_cells import GRUCell
from .serialization import from_config_kwargs

_CELL_KEYS = (
    "units",
    "activation",
    "recurrent_activation",
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
    "reset_after",
    "seed",
)


class GRU(RNN):
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
        seed=None,
        return_sequences=False,
        return_state=False,
        go_backwards=False,
        stateful=False,
        unroll=False,
        reset_after=True,
        use_cudnn="auto",
        **kwargs,
    ):
        refuse_unsupported("GRU", kwargs)
        cell = GRUCell(
            units,
            activation=activation,
            recurrent_activation=recurrent_activation,
            use_bias=use_bias,
            kernel_initializer=kernel_initializer,
            recurrent_initializer=recurrent_initializer,
            bias_initializer=bias_initializer,
            dropout=dropout,
            recurrent_dropout=recurrent_dropout,
            reset_after=reset_after,
            dtype=kwargs.get("dtype"),
            trainable=kwargs.get("trainable", True),
            name="gru_cell",
            seed=seed,
            implementation=kwargs.pop("implementation", 2),
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
        check_use_cudnn(use_cudnn)
        self.use_cudnn = use_cudnn

    def call(self, sequences, initial_state=None, mask=None, training=False):
        return super().call(sequences, initial_state=initial_state, mask=mask, training=training)

    units = cell_property("units")
    activation = cell_property("activation")
    recurrent_activation = cell_property("recurrent_activation")
    use_bias = cell_property("use_bias")
    kernel_initializer = cell_property("kernel_initializer")
    recurrent_initializer = cell_property("recurrent_initializer")
    bias_initializer = cell_property("bias_initializer")
    dropout = cell_property("dropout")
    recurrent_dropout = cell_property("recurrent_dropout")
    reset_after = cell_property("reset_after")

    def get_config(self):
        return layer_config(self, _CELL_KEYS)

    @classmethod
    def from_config(cls, config):
        return cls(**from_config_kwargs(config))
