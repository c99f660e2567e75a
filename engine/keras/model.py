"""keras.Model for subclassing: a Layer whose `call` the user writes, trained with a tape.

`Model(inputs, outputs)` (the functional API) and Keras's built-in training (compile, fit, ...)
are outside the engine's subset and name the gap when used.
"""

from ..missing import missing_attribute
from .layers.layer import Layer

# Keras Model methods outside the engine's subset (compile/fit training, saving, printing).
MODEL_ONLY = {
    "compile",
    "fit",
    "evaluate",
    "predict",
    "predict_on_batch",
    "train_on_batch",
    "test_on_batch",
    "summary",
    "save",
    "save_weights",
    "load_weights",
    "to_json",
    "get_config",
    "from_config",
    "optimizer",
    "loss",
    "metrics",
    "compiled_loss",
    "input",
    "output",
    "inputs",
    "outputs",
    "input_shape",
    "output_shape",
}


class Model(Layer):
    def __init__(self, *args, **kwargs):
        if args or "inputs" in kwargs or "outputs" in kwargs:
            raise AttributeError(
                "engine does not implement tf.keras functional models "
                "(Model(inputs, outputs)); subclass keras.Model or use "
                "keras.Sequential"
            )
        super().__init__(**kwargs)

    def __getattr__(self, name):
        if name in MODEL_ONLY:
            raise missing_attribute(f"tf.keras.{type(self).__name__}", name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
