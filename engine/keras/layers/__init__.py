"""keras.layers: the layers the engine has (core, convolution, pooling, normalization, merging,
activations, reshaping, preprocessing, the sequence and attention layers), Input, InputLayer,
InputSpec, and Layer, their base, for custom layers."""

from ...missing import missing_attribute
from .activations import ELU, LeakyReLU, PReLU, ReLU, Softmax
from .attention import Attention
from .convolutional import Conv1D, Conv2D, Conv2DTranspose
from .core import Activation, Dropout, Lambda
from .dense import Dense
from .einsum_dense import EinsumDense
from .embedding import Embedding
from .flatten import Flatten
from .gru import GRU
from .input_layer import Input, InputLayer
from .input_spec import InputSpec
from .layer import Layer
from .lstm import LSTM
from .masking import Masking
from .merging import Add, Average, Concatenate, Dot, Maximum, Minimum, Multiply, Subtract
from .multi_head_attention import MultiHeadAttention
from .normalization import BatchNormalization, GroupNormalization, LayerNormalization
from .pooling import (
    AveragePooling1D,
    AveragePooling2D,
    GlobalAveragePooling1D,
    GlobalAveragePooling2D,
    GlobalMaxPooling1D,
    GlobalMaxPooling2D,
    MaxPooling1D,
    MaxPooling2D,
)
from .preprocessing import CategoryEncoding, Normalization, Rescaling
from .reshaping import Cropping2D, Permute, RepeatVector, Reshape, UpSampling2D, ZeroPadding2D
from .rnn import RNN, StackedRNNCells
from .rnn_cells import GRUCell, LSTMCell, SimpleRNNCell
from .separable_convolutional import DepthwiseConv2D, SeparableConv2D
from .simple_rnn import SimpleRNN
from .wrappers import Bidirectional, TimeDistributed

# Keras's other spellings of the same classes
Convolution1D, Convolution2D, Convolution2DTranspose = Conv1D, Conv2D, Conv2DTranspose
SeparableConvolution2D = SeparableConv2D
MaxPool1D, MaxPool2D, AvgPool1D, AvgPool2D = (
    MaxPooling1D,
    MaxPooling2D,
    AveragePooling1D,
    AveragePooling2D,
)
GlobalAvgPool1D, GlobalAvgPool2D = GlobalAveragePooling1D, GlobalAveragePooling2D
GlobalMaxPool1D, GlobalMaxPool2D = GlobalMaxPooling1D, GlobalMaxPooling2D


def __getattr__(name):
    raise missing_attribute("tf.keras.layers", name)
