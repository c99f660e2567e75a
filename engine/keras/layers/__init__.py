"""keras.layers: Dense, Flatten, the sequence layers (Embedding, Masking, SimpleRNN, LSTM, GRU,
their cells, RNN, Bidirectional, TimeDistributed), the attention layers (Attention,
MultiHeadAttention, EinsumDense), and Layer, their base, for custom layers."""

from ...missing import missing_attribute
from .attention import Attention
from .dense import Dense
from .einsum_dense import EinsumDense
from .embedding import Embedding
from .flatten import Flatten
from .gru import GRU
from .layer import InputSpec, Layer
from .lstm import LSTM
from .masking import Masking
from .multi_head_attention import MultiHeadAttention
from .rnn import RNN, StackedRNNCells
from .rnn_cells import GRUCell, LSTMCell, SimpleRNNCell
from .simple_rnn import SimpleRNN
from .wrappers import Bidirectional, TimeDistributed


def __getattr__(name):
    raise missing_attribute("tf.keras.layers", name)
