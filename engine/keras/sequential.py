"""keras.Sequential: a stack of layers, as Keras 3 builds it.

Once its input shape is known (a keras.Input first, a layer given `input_shape=`, `build`, or
the first call's input), the model puts an InputLayer first and calls its layers on that
Input's KerasTensor: a functional model inside (which names it 'functional', as Keras's does).
Layers built while the model builds live under its path: 'sequential/dense/kernel'.
`layers` leaves the InputLayer out.
"""

from typing import Any

from . import layers as layers_module, naming, symbolic
from .functional import Functional
from .layers.input_layer import Input, InputLayer
from .layers.layer import Layer, _call_flags
from .layers.serialization import serialize_model_layer
from .model import Model
from .symbolic import KerasTensor
from .tensor_tags import get_keras_mask

__all__ = ["Input", "KerasTensor", "Sequential"]


class Sequential(Model):
    _saves_layers_as_list = True  # weights files group its layers under 'layers'

    def __init__(self, layers=None, trainable=True, name=None):
        super().__init__(trainable=trainable, name=name)
        object.__setattr__(self, "_functional", None)
        for layer in layers or ():
            self.add(layer, rebuild=False)
        if layers:
            self._maybe_rebuild()

    def add(self, layer, rebuild=True):
        if isinstance(layer, KerasTensor) and isinstance(
            layer._keras_history.operation, InputLayer
        ):
            layer = layer._keras_history.operation
        if (
            isinstance(layer, InputLayer)
            and self._layers
            and isinstance(self._layers[0], InputLayer)
        ):
            raise ValueError(
                f"Sequential model '{self.name}' has already been configured to use input "
                f"shape {self._layers[0].batch_shape}. You cannot add a different Input "
                f"layer to it."
            )
        if not isinstance(layer, Layer):
            raise ValueError(
                "Only instances of `keras.Layer` can be added to a Sequential "
                f"model. Received: {layer} (of type {type(layer)})"
            )
        if any(other.name == layer.name and other is not layer for other in self._layers):
            raise ValueError(
                "All layers added to a Sequential model should have unique names. Name "
                f"'{layer.name}' is already the name of a layer in this model. Update the "
                "`name` argument to pass a unique name."
            )
        if (
            not self._layers
            and not isinstance(layer, InputLayer)
            and layer._input_shape_arg is not None
        ):
            self._layers.append(InputLayer(batch_shape=layer._input_shape_arg))
        self._layers.append(layer)
        if rebuild:
            self._maybe_rebuild()
        else:
            self.built = False
            object.__setattr__(self, "_functional", None)

    def pop(self, rebuild=True):
        if not self._layers:
            raise IndexError("list index out of range")  # Keras looks at _layers[0]
        layer = self._layers.pop()
        self.built = False
        object.__setattr__(self, "_functional", None)
        if rebuild:
            self._maybe_rebuild()
        return layer

    def _maybe_rebuild(self):
        self.built = False
        object.__setattr__(self, "_functional", None)
        if self._layers and isinstance(self._layers[0], InputLayer) and len(self._layers) > 1:
            self.build(self._layers[0].batch_shape)
        elif self._layers and isinstance(self._layers[0], InputLayer):
            self.built = True  # Keras: only an Input is a built (empty) model

    def build(self, input_shape=None):
        if not self._layers:
            raise ValueError(
                f"Sequential model {self.name} cannot be built because it has no "
                "layers. Call `model.add(layer)`."
            )
        input_shape = tuple(input_shape)
        if isinstance(self._layers[0], InputLayer):
            if self._layers[0].batch_shape != input_shape:
                raise ValueError(
                    f"Sequential model '{self.name}' has already been configured to use "
                    f"input shape {self._layers[0].batch_shape}. You cannot build it with "
                    f"input_shape {input_shape}"
                )
        else:
            self._layers.insert(0, InputLayer(batch_shape=input_shape, dtype=self._layers[0].dtype))
        first: Any = self._layers[0]  # the InputLayer
        inputs = first.output
        x = inputs
        with naming.keras_scope(self.name, self):
            for layer in self._layers[1:]:
                x = layer(x)
        object.__setattr__(self, "_functional", Functional(inputs=inputs, outputs=x))
        self.built = True

    def _build_on_call(self, input_shape):
        self.build(input_shape)

    def call(self, inputs, training=None, mask=None):
        if self._functional is not None:
            return self._functional.call(inputs, training=training, mask=mask)
        outputs = inputs
        for layer in self.layers:
            names = _call_flags(type(layer).call)[1]
            kwargs = {}
            if "mask" in names:
                kwargs["mask"] = mask
            if "training" in names and training is not None:
                kwargs["training"] = training
            outputs = layer(outputs, **kwargs)
            mask = symbolic.map_structure(get_keras_mask, outputs)
        return outputs

    def _input_layer(self) -> Any:
        return self._layers[0]

    @property
    def layers(self):
        layers = self._layers
        if layers and isinstance(layers[0], InputLayer):
            return layers[1:]
        return layers[:]

    def _checked_functional(self, what):
        if self._functional is None:
            raise AttributeError(f"Sequential model '{self.name}' has no defined {what} yet.")
        return self._functional

    @property
    def inputs(self):
        return self._checked_functional("inputs").inputs

    @property
    def outputs(self):
        return self._checked_functional("outputs").outputs

    @property
    def input(self):
        return self._checked_functional("input").input

    @property
    def output(self):
        return self._checked_functional("output").output

    @property
    def input_shape(self):
        return self._checked_functional("input shape").input_shape

    @property
    def output_shape(self):
        return self._checked_functional("output shape").output_shape

    @property
    def _outputs(self):
        return self._functional._outputs if self._functional is not None else None

    def compute_output_shape(self, input_shape):
        if self._functional is not None:
            return self._functional.output_shape
        shape = tuple(input_shape)
        for layer in self.layers:
            shape = layer.compute_output_shape(shape)
        return shape

    def get_config(self):
        layers = [serialize_model_layer(layer) for layer in self._layers]
        config = {
            "name": self.name,
            "trainable": self.trainable,
            "dtype": {
                "module": "keras",
                "class_name": "DTypePolicy",
                "config": {"name": self.dtype},
                "registered_name": None,
            },
            "layers": layers,
        }
        if self._functional is not None:
            config["build_input_shape"] = self._input_layer().batch_shape
        return config

    @classmethod
    def from_config(cls, config):
        model = cls(name=config.get("name"), trainable=config.get("trainable", True))
        for entry in config["layers"]:
            layer_class = getattr(layers_module, entry["class_name"])
            model.add(layer_class.from_config(entry["config"]), rebuild=False)
        model._maybe_rebuild()
        if not model.built and config.get("build_input_shape"):
            model.build(config["build_input_shape"])
        return model
