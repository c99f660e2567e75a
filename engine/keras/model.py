"""keras.Model: a Layer that trains (compile, fit, evaluate, predict: trainers/) and prints its
summary. `Model(inputs, outputs)` makes a functional model (functional.py), as in Keras 3;
subclasses write `call`.
"""

from typing import Any

from ..missing import missing_attribute
from . import saving, summary as summary_module
from .layers.layer import Layer
from .trainers.trainer import Trainer

# Keras Model methods outside the engine's subset.
MODEL_ONLY = {"save", "to_json", "export", "quantize"}


_functional_subclasses: dict[type, type] = {}


def _functional_subclass(cls, functional):
    """`cls` made functional (Keras's inject_functional_model_class), one class per class."""
    if cls not in _functional_subclasses:
        _functional_subclasses[cls] = type(
            cls.__name__, (cls, functional), {"__module__": cls.__module__}
        )
    return _functional_subclasses[cls]


class Model(Trainer, Layer):
    _functional_class: type | None = None  # set by functional.py (which builds on Model)

    def __new__(cls, *args, **kwargs):
        functional = Model._functional_class
        functional_arguments = (
            len(args) == 2
            or (len(args) == 1 and "outputs" in kwargs)
            or ("inputs" in kwargs and "outputs" in kwargs)
        )  # Keras's functional_init_arguments
        if functional_arguments and functional is not None:
            if cls is Model:
                return functional.__new__(functional, *args, **kwargs)
            if not issubclass(cls, functional):
                # A subclass given inputs and outputs is functional, as Keras makes it.
                cls = _functional_subclass(cls, functional)
                return cls.__new__(cls, *args, **kwargs)
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, *args, **kwargs):
        if args or "inputs" in kwargs or "outputs" in kwargs:
            raise AttributeError(
                "engine does not implement tf.keras subclassed functional models "
                "(super().__init__(inputs, outputs) in a Model subclass)"
            )
        Layer.__init__(self, **kwargs)
        Trainer.__init__(self)

    @classmethod
    def from_config(cls, config):
        functional: Any = cls._functional_class
        if "layers" in config and "output_layers" in config and functional is not None:
            return functional.from_config(config)
        return super().from_config(config)

    def summary(
        self,
        line_length=None,
        positions=None,
        print_fn=None,
        expand_nested=False,
        show_trainable=False,
        layer_range=None,
    ):
        summary_module.print_summary(
            self, line_length, positions, print_fn, expand_nested, show_trainable, layer_range
        )

    def get_layer(self, name=None, index=None):
        if index is not None and name is not None:
            raise ValueError(
                f"Provide only a layer name or a layer index. Received: index={index}, name={name}."
            )
        if index is not None:
            if len(self.layers) <= index:
                raise ValueError(
                    f"Was asked to retrieve layer at index {index} but model only "
                    f"has {len(self.layers)} layers."
                )
            return self.layers[index]
        if name is not None:
            for layer in self.layers:
                if layer.name == name:
                    return layer
            raise ValueError(
                f"No such layer: {name}. Existing layers are: "
                f"{[layer.name for layer in self.layers]}."
            )
        raise ValueError("Provide either a layer name or layer index at `get_layer`.")

    def save_weights(self, filepath, overwrite=True):
        saving.save_weights(self, filepath, overwrite)

    def load_weights(self, filepath, skip_mismatch=False, **kwargs):
        saving.load_weights(self, filepath, skip_mismatch)

    def __getattr__(self, name):
        if name in MODEL_ONLY:
            raise missing_attribute(f"tf.keras.{type(self).__name__}", name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
