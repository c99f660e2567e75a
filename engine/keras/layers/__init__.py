"""keras.layers: Dense and Flatten (and Layer, their base, for custom layers)."""

from ...missing import missing_attribute
from .dense import Dense
from .embedding import Embedding
from .flatten import Flatten
from .gru import GRU
from .layer import InputSpec, Layer
from .lstm import LSTM
from .masking import Masking
from .rnn import RNN, StackedRNNCells
from .rnn_cells import GRUCell, LSTMCell, SimpleRNNCell
from .simple_rnn import SimpleRNN
from .wrappers import Bidirectional, TimeDistributed


def __getattr__(name):
    raise missing_attribute("tf.keras.layers", name)
