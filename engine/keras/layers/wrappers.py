"""keras.layers.Bidirectional and TimeDistributed: layers that run another layer, as Keras 3.

Bidirectional clones the RNN layer it is given from its config ('forward_lstm'), and a second
time with go_backwards=True ('backward_lstm') unless given `backward_layer`; on a CPU Keras
runs the two one after the other (the fused cuDNN path needs a GPU), reverses the backward
sequence (ReverseV2) and merges them. TimeDistributed runs its layer's `call` on each time
step (StridedSlice) and stacks the results (Pack).
"""

from ...missing import missing_attribute
from .. import _tf as tf, naming
from .backend_ops import shape
from .layer import Layer, _accepted
from .serialization import base_config, clone_layer, from_config_kwargs, serialize_layer

_MERGE_MODES = ("sum", "mul", "ave", "concat", None)


def _removeprefix(name, prefix):
    return name[len(prefix) :] if name.startswith(prefix) else name


def _layer_from_config(config):
    """A serialized layer back into a layer of the class tf.keras.layers.<class_name>."""
    return _keras_layer_class(config["class_name"]).from_config(config["config"])


def _keras_layer_class(name):
    """The engine's layer class `name`, found among Layer's subclasses: importing the package
    tf.keras.layers, which imports this module, would close an import cycle."""
    classes = [Layer]
    while classes:
        cls = classes.pop()
        if cls.__name__ == name and cls.__module__.startswith(__package__ + "."):
            return cls
        classes.extend(cls.__subclasses__())
    raise missing_attribute("tf.keras.layers", name)


class Bidirectional(Layer):
    def __init__(self, layer, merge_mode="concat", weights=None, backward_layer=None, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(
                "Please initialize `Bidirectional` layer with a "
                f"`keras.layers.Layer` instance. Received: {layer}"
            )
        if backward_layer is not None and not isinstance(backward_layer, Layer):
            raise ValueError(
                "`backward_layer` need to be a `keras.layers.Layer` "
                f"instance. Received: {backward_layer}"
            )
        if merge_mode not in _MERGE_MODES:
            raise ValueError(
                f"Invalid merge mode. Received: {merge_mode}. Merge mode should be one of "
                '{"sum", "mul", "ave", "concat", None}'
            )
        super().__init__(**kwargs)
        self.forward_layer = clone_layer(
            layer, name=f"forward_{_removeprefix(layer.name, 'forward_')}"
        )
        if backward_layer is None:
            backward_layer = clone_layer(
                layer,
                go_backwards=True,
                name=f"backward_{_removeprefix(layer.name, 'backward_')}",
            )
        self.backward_layer = backward_layer
        self._verify_layer_config()
        for inner in (self.forward_layer, self.backward_layer):
            if getattr(inner, "zero_output_for_mask", None) is not None:
                inner.zero_output_for_mask = inner.return_sequences
        self.merge_mode = merge_mode
        if weights:
            half = len(weights) // 2
            self.forward_layer.initial_weights = weights[:half]
            self.backward_layer.initial_weights = weights[half:]
        self.stateful = getattr(layer, "stateful", False)
        self.return_sequences = getattr(layer, "return_sequences", False)
        self.return_state = getattr(layer, "return_state", False)
        self.supports_masking = True
        self.input_spec = layer.input_spec

    def _verify_layer_config(self):
        forward, backward = self.forward_layer, self.backward_layer
        if forward.go_backwards == backward.go_backwards:
            raise ValueError(
                "Forward layer and backward layer should have different `go_backwards` value. "
                f"Received: forward_layer.go_backwards {forward.go_backwards}, "
                f"backward_layer.go_backwards={backward.go_backwards}"
            )
        for attribute in ("stateful", "return_sequences", "return_state"):
            forward_value = getattr(forward, attribute)
            backward_value = getattr(backward, attribute)
            if forward_value != backward_value:
                raise ValueError(
                    "Forward layer and backward layer are expected to have the same value for "
                    f'attribute "{attribute}", got "{forward_value}" for forward layer and '
                    f'"{backward_value}" for backward layer'
                )

    def build(self, sequences_shape, initial_state_shape=None):
        with naming.keras_scope(self.name, self):
            for inner in (self.forward_layer, self.backward_layer):
                if not inner.built:
                    inner.build(sequences_shape)
        self.built = True

    def call(self, sequences, initial_state=None, mask=None, training=None):
        kwargs = _accepted(self.forward_layer.call, {"training": training, "mask": mask})
        forward_state = backward_state = None
        if initial_state is not None:
            half = len(initial_state) // 2
            forward_state, backward_state = initial_state[:half], initial_state[half:]
        y = self.forward_layer(sequences, initial_state=forward_state, **kwargs)
        y_rev = self.backward_layer(sequences, initial_state=backward_state, **kwargs)
        states = ()
        if self.return_state:
            states = tuple(y[1:]) + tuple(y_rev[1:])
            y, y_rev = y[0], y_rev[0]
        if self.return_sequences:
            y_rev = tf.reverse(y_rev, [1])
        if self.merge_mode == "concat":
            output = tf.concat([y, y_rev], axis=-1)
        elif self.merge_mode == "sum":
            output = y + y_rev
        elif self.merge_mode == "ave":
            output = (y + y_rev) / 2
        elif self.merge_mode == "mul":
            output = y * y_rev
        else:
            output = (y, y_rev)
        if self.return_state:
            return output + states if self.merge_mode is None else (output,) + states
        return output

    def compute_output_shape(self, sequences_shape, initial_state_shape=None):
        output_shape = self.forward_layer.compute_output_shape(sequences_shape)
        state_shape = ()
        if self.return_state:
            output_shape, state_shape = output_shape[0], output_shape[1:]
        if self.merge_mode == "concat":
            output_shape = tuple(output_shape[:-1]) + (output_shape[-1] * 2,)
        elif self.merge_mode is None:
            output_shape = [output_shape, output_shape]
        if self.return_state:
            if self.merge_mode is None:
                return tuple(output_shape) + state_shape + state_shape
            return (output_shape,) + state_shape + state_shape
        return tuple(output_shape)

    def compute_mask(self, _, mask):
        if isinstance(mask, list):
            mask = mask[0]
        if self.return_sequences:
            output_mask = (mask, mask) if not self.merge_mode else mask
        else:
            output_mask = (None, None) if not self.merge_mode else None
        return output_mask

    def get_config(self):
        config = {
            "merge_mode": self.merge_mode,
            "layer": serialize_layer(self.forward_layer),
            "backward_layer": serialize_layer(self.backward_layer),
        }
        return {**base_config(self), **config}

    @classmethod
    def from_config(cls, config):
        config = from_config_kwargs(config)
        config["layer"] = _layer_from_config(config["layer"])
        if config.get("backward_layer") is not None:
            config["backward_layer"] = _layer_from_config(config["backward_layer"])
        return cls(**config)


class TimeDistributed(Layer):
    def __init__(self, layer, **kwargs):
        if not isinstance(layer, Layer):
            raise ValueError(
                "Please initialize `TimeDistributed` layer with a "
                f"`keras.layers.Layer` instance. Received: {layer}"
            )
        super().__init__(**kwargs)
        self.layer = layer
        self.supports_masking = True

    def _get_child_input_shape(self, input_shape):
        if not isinstance(input_shape, (tuple, list)) or len(input_shape) < 3:
            raise ValueError(
                "`TimeDistributed` Layer should be passed an `input_shape` "
                f"with at least 3 dimensions, received: {input_shape}"
            )
        return (input_shape[0], *input_shape[2:])

    def compute_output_shape(self, input_shape):
        child_output_shape = self.layer.compute_output_shape(
            self._get_child_input_shape(input_shape)
        )
        return (child_output_shape[0], input_shape[1], *child_output_shape[1:])

    def build(self, input_shape):
        child_input_shape = self._get_child_input_shape(tuple(input_shape))
        if not self.layer.built:
            with naming.keras_scope(self.name, self):
                self.layer.build(child_input_shape)
            self.layer.built = True
        self.built = True

    def call(self, inputs, training=None, mask=None):
        if mask is not None:
            mask_shape, input_shape = tuple(mask.shape), tuple(inputs.shape)
            if len(mask_shape) < 2:
                raise ValueError(
                    "The `mask` passed to the `TimeDistributed` layer must be at least 2D "
                    "(e.g., `(batch_size, timesteps)`), but it has "
                    f"{len(mask_shape)} dimension(s) with shape {mask_shape}."
                )
            if input_shape[0] != mask_shape[0] or input_shape[1] != mask_shape[1]:
                raise ValueError(
                    "The `mask` passed to the `TimeDistributed` layer has a shape "
                    f"{mask_shape} that is incompatible with the input shape {input_shape}. "
                    "The first two dimensions of the mask (batch size and timesteps) must "
                    "match the input's first two dimensions. Expected mask shape prefix: "
                    f"({input_shape[0]}, {input_shape[1]})."
                )
        shape(inputs)  # Keras reads the dynamic shape, unused with static shapes
        inputs = _swap_batch_time(inputs)
        if mask is not None:
            mask = _swap_batch_time(mask)
        kwargs = _accepted(self.layer.call, {"training": training, "mask": mask})
        outputs = []
        for i in range(inputs._value.shape[0]):
            step_kwargs = dict(kwargs)
            if "mask" in step_kwargs:
                step_kwargs["mask"] = mask[i] if mask is not None else None
            outputs.append(self.layer.call(inputs[i], **step_kwargs))
        return _swap_batch_time(tf.stack(outputs))

    def get_config(self):
        return {**base_config(self), "layer": serialize_layer(self.layer)}

    @classmethod
    def from_config(cls, config):
        config = from_config_kwargs(config)
        config["layer"] = _layer_from_config(config["layer"])
        return cls(**config)


def _swap_batch_time(x):
    axes = [1, 0, *range(2, x._value.ndim)]
    return tf.transpose(x, axes)
