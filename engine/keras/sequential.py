"""keras.Sequential: a stack of layers called in order; keras.Input to build it ahead of data.

A Sequential model builds on its first call (each layer builds from the shape that reaches
it), or at construction when its first entry is `keras.Input(shape)` or a layer given
`input_shape=`, as Keras 3 does. Layers built while the model builds or runs live under its
path: 'sequential/dense/kernel'.
"""

from . import naming
from .layers.layer import Layer, _accepted
from .model import Model


class KerasTensor:
    """What keras.Input returns: a symbolic input, (batch,) + shape and a dtype."""

    def __init__(self, shape, dtype="float32", name=None):
        self.shape = tuple(shape)
        self.dtype = dtype
        self.name = name

    def __repr__(self):
        return f"<KerasTensor shape={self.shape}, dtype={self.dtype}, name={self.name}>"


def Input(shape=None, batch_size=None, dtype=None, batch_shape=None, name=None, **unused):
    """keras.Input: declares a model's input shape (here: only to build a Sequential early)."""
    if batch_shape is None:
        if shape is None:
            raise ValueError("You must pass a `shape` argument.")
        batch_shape = (batch_size,) + tuple(shape)
    return KerasTensor(batch_shape, dtype or "float32", name or naming.auto_name("input_layer"))


class Sequential(Model):
    def __init__(self, layers=None, trainable=True, name=None):
        super().__init__(trainable=trainable, name=name)
        self._input = None
        for layer in layers or ():
            self.add(layer, rebuild=False)
        self._maybe_build_ahead()

    def add(self, layer, rebuild=True):
        if isinstance(layer, KerasTensor):
            if self._layers or self._input is not None:
                raise ValueError(
                    f"Sequential model '{self.name}' has already been configured to "
                    "use input shape. You cannot add a different Input layer to it."
                )
            self._input = layer
        elif not isinstance(layer, Layer):
            raise ValueError(
                "Only instances of `keras.Layer` can be added to a Sequential "
                f"model. Received: {layer} (of type {type(layer)})"
            )
        else:
            if any(other.name == layer.name and other is not layer for other in self._layers):
                raise ValueError(
                    "All layers added to a Sequential model should have unique names. Name "
                    f"'{layer.name}' is already the name of a layer in this model. Update the "
                    "`name` argument to pass a unique name."
                )
            self._layers.append(layer)
        if rebuild:
            self._maybe_build_ahead()

    def pop(self, rebuild=True):
        layer = self._layers.pop()
        self.built = False
        if rebuild:
            self._maybe_build_ahead()
        return layer

    def _maybe_build_ahead(self):
        """Builds now when the input shape is known: from keras.Input or `input_shape=`."""
        if not self._layers:
            return
        if self._input is not None:
            self.build(self._input.shape)
        elif self._layers[0]._input_shape_arg is not None:
            self.build(self._layers[0]._input_shape_arg)

    def build(self, input_shape=None):
        if not self._layers:
            raise ValueError(
                f"Sequential model {self.name} cannot be built because it has no "
                "layers. Call `model.add(layer)`."
            )
        with naming.keras_scope(self.name, self):
            shape = tuple(input_shape)
            for layer in self._layers:
                shape = layer._build_symbolically(shape)
        self.built = True

    def _build_symbolically(self, input_shape):
        if not self.built:
            self.build(input_shape)
        return self.compute_output_shape(input_shape)

    def _build_on_call(self, input_shape):
        if not self._layers:
            self.build(input_shape)  # raises: nothing to call
        self.built = True  # each layer builds from the shape that reaches it

    def call(self, inputs, training=None, mask=None):
        outputs = inputs
        for layer in self._layers:
            kwargs = _accepted(layer.call, {"training": training})
            outputs = layer(outputs, **kwargs)
        return outputs

    def compute_output_shape(self, input_shape):
        shape = tuple(input_shape)
        for layer in self._layers:
            shape = layer.compute_output_shape(shape)
        return shape

    def get_layer(self, name=None, index=None):
        if index is not None and name is not None:
            raise ValueError(
                f"Provide only a layer name or a layer index. Received: index={index}, name={name}."
            )
        if index is not None:
            if len(self._layers) <= index:
                raise ValueError(
                    f"Was asked to retrieve layer at index {index} but model only "
                    f"has {len(self._layers)} layers."
                )
            return self._layers[index]
        for layer in self._layers:
            if layer.name == name:
                return layer
        raise ValueError(
            f"No such layer: {name}. Existing layers are: {[layer.name for layer in self._layers]}."
        )
