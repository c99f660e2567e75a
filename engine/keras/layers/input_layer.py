"""keras.Input and keras.layers.InputLayer: the start of a functional graph (a KerasTensor made
by a node with no inputs)."""

from .. import _tf as tf, naming, symbolic
from .layer import Layer


class InputLayer(Layer):
    def __init__(
        self,
        shape=None,
        batch_size=None,
        dtype=None,
        sparse=None,
        batch_shape=None,
        input_tensor=None,
        optional=False,
        name=None,
        ragged=False,
        **kwargs,
    ):
        if "input_shape" in kwargs:
            shape = kwargs.pop("input_shape")
        if "batch_input_shape" in kwargs:
            batch_shape = kwargs.pop("batch_input_shape")
        super().__init__(name=name or naming.auto_name("InputLayer"), **kwargs)
        if shape is not None and batch_shape is not None:
            raise ValueError("You cannot pass both `shape` and `batch_shape` at the same time.")
        if shape is None and batch_shape is None and input_tensor is None:
            raise ValueError("You must pass a `shape` argument.")
        if shape is not None:
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            batch_shape = (batch_size,) + shape
        self._batch_shape = tuple(batch_shape)
        self._dtype = tf.as_dtype(dtype or "float32")
        self.sparse = bool(sparse)
        self.optional = optional
        self.built = True
        tensor = symbolic.KerasTensor(
            self._batch_shape, self._dtype.name, sparse=self.sparse, name=name
        )
        symbolic.Node(self, outputs=tensor)
        self._output = tensor

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def output(self):
        return self._output

    def call(self, inputs=None):
        return inputs

    def get_config(self):
        return {
            "batch_shape": self._batch_shape,
            "dtype": self.dtype,
            "sparse": self.sparse,
            "ragged": False,
            "name": self.name,
            "optional": self.optional,
        }


def Input(
    shape=None,
    batch_size=None,
    dtype=None,
    sparse=None,
    ragged=None,
    batch_shape=None,
    name=None,
    tensor=None,
    optional=False,
):
    """keras.Input: a KerasTensor to call layers on (the functional API)."""
    layer = InputLayer(
        shape=shape,
        batch_size=batch_size,
        dtype=dtype,
        sparse=sparse,
        batch_shape=batch_shape,
        name=name,
        input_tensor=tensor,
        optional=optional,
    )
    return layer.output
