"""A functional model's config (get_config) and the model rebuilt from it (from_config), in
Keras 3's format: each layer's serialized config with its inbound nodes (the KerasTensors it
was called on, as '__keras_tensor__' entries naming the layer, node and tensor that made
them), then the model's input and output layers as [name, node index, tensor index]."""

from . import layers as layers_module, symbolic
from .layers.serialization import serialize_model_layer


def _history(x):
    operation, node_index, tensor_index = x._keras_history
    return [operation.name, node_index, tensor_index]


def _serialize_argument(value):
    if isinstance(value, symbolic.KerasTensor):
        return {
            "class_name": "__keras_tensor__",
            "config": {
                "shape": value.shape,
                "dtype": value.dtype,
                "keras_history": _history(value),
            },
        }
    return value


def get_config(model):
    entries = []
    for layer in model.layers:
        entry = serialize_model_layer(layer)
        entry["name"] = layer.name
        entry["inbound_nodes"] = [
            {
                "args": symbolic.map_structure(_serialize_argument, node.arguments[0]),
                "kwargs": symbolic.map_structure(_serialize_argument, node.arguments[1]),
            }
            for node in layer._inbound_nodes
            if not node.is_input
        ]
        entries.append(entry)
    inputs = [_history(x) for x in model._inputs]
    outputs = [_history(x) for x in model._outputs]
    return {
        "name": model.name,
        "trainable": model.trainable,
        "layers": entries,
        "input_layers": inputs[0] if len(inputs) == 1 else inputs,
        "output_layers": outputs[0] if len(outputs) == 1 else outputs,
    }


def from_config(functional_class, config):
    """The layers made from their configs, then called on each other node by node until every
    node has its inputs (Keras's functional_from_config)."""
    created = {}
    pending: list[tuple] = []
    for entry in config["layers"]:
        layer_class = getattr(layers_module, entry["class_name"])
        layer = layer_class.from_config(entry["config"])
        created[entry["name"]] = layer
        pending.extend((layer, node) for node in entry["inbound_nodes"])

    def tensor_of(history):
        name, node_index, tensor_index = history
        layer = created[name]
        if node_index >= len(layer._inbound_nodes):
            return None
        return layer._inbound_nodes[node_index].output_tensors[tensor_index]

    while pending:
        progress = []
        for layer, node in pending:
            missing = False

            def resolve(value):
                nonlocal missing
                if isinstance(value, dict) and value.get("class_name") == "__keras_tensor__":
                    tensor = tensor_of(value["config"]["keras_history"])
                    missing = missing or tensor is None
                    return tensor
                return value

            args = _resolve_nested(node["args"], resolve)
            kwargs = _resolve_nested(node["kwargs"], resolve)
            if missing:
                continue
            layer(*args, **kwargs)
            progress.append((layer, node))
        if not progress:
            raise ValueError("Graph disconnected: the config's nodes cannot all be called.")
        pending = [item for item in pending if item not in progress]

    def tensors(spec):
        if spec and isinstance(spec[0], list):
            return [tensor_of(item) for item in spec]
        return tensor_of(spec)

    return functional_class(
        tensors(config["input_layers"]),
        tensors(config["output_layers"]),
        name=config.get("name"),
        trainable=config.get("trainable", True),
    )


def _resolve_nested(value, resolve):
    if isinstance(value, dict) and value.get("class_name") == "__keras_tensor__":
        return resolve(value)
    if isinstance(value, dict):
        return {k: _resolve_nested(v, resolve) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_resolve_nested(v, resolve) for v in value)
    return resolve(value)
