"""keras.Model(inputs, outputs): the functional API, as Keras 3's Functional.

Building maps the graph of nodes between the inputs and the outputs as Keras's `map_graph`
does (a depth-first walk from the outputs, then depths), which fixes `model.layers`' order
(deepest first, ties in walk order), the weights' order and the summary's rows. Calling the
model runs each node's layer on real tensors in that order, so the ops recorded are exactly
those of calling the layers by hand.
"""

import collections
from typing import Any

from . import _tf as tf, functional_config, naming, symbolic
from .layers.input_layer import InputLayer
from .layers.input_spec import InputSpec, assert_input_compatibility
from .layers.layer import Layer, _accepted
from .model import Model


class Functional(Model):
    _saves_layers_as_list = True  # weights files group its layers under 'layers'

    def __init__(self, inputs, outputs, name=None, trainable=True, **kwargs):
        super().__init__(name=name or naming.auto_name("Functional"), trainable=trainable)
        for kind, value in (("inputs", inputs), ("outputs", outputs)):
            for leaf in symbolic.flatten(value):
                if not isinstance(leaf, symbolic.KerasTensor):
                    raise ValueError(
                        f"All `{kind}` values must be KerasTensors. Received: {kind}={value} "
                        f"including invalid value {leaf} of type {type(leaf)}"
                    )
        self._inputs_struct = _as_list_if_tuple(inputs)
        self._outputs_struct = _as_list_if_tuple(outputs)
        self._inputs = symbolic.flatten(inputs)
        self._outputs = symbolic.flatten(outputs)
        nodes_by_depth, operations = map_graph(self._inputs, self._outputs)
        self._nodes_by_depth = nodes_by_depth
        self._operations = operations
        self._check_outputs_reachable()
        for layer in operations:
            if layer not in self._layers:
                self._layers.append(layer)
        self.built = True
        self._locked = True

    def _check_outputs_reachable(self):
        reached = {id(x) for x in self._inputs}
        for depth in sorted(self._nodes_by_depth, reverse=True):
            for node in self._nodes_by_depth[depth]:
                if not node.is_input and all(id(x) in reached for x in node.input_tensors):
                    reached.update(id(x) for x in node.output_tensors)
        for path, x in zip(_paths(self._outputs_struct), self._outputs):
            if id(x) not in reached:
                raise ValueError(f"Output with path `{path}` is not connected to `inputs`")

    # --- what Keras shows ------------------------------------------------------------------
    @property
    def layers(self):
        return [op for op in self._operations if isinstance(op, Layer)]

    @property
    def inputs(self):
        return self._inputs_struct if isinstance(self._inputs_struct, dict) else self._inputs

    @property
    def outputs(self):
        return self._outputs

    @property
    def input(self):
        return self._inputs_struct

    @property
    def output(self):
        return self._outputs_struct

    @property
    def input_shape(self):
        return _shapes_like(self._inputs_struct)

    @property
    def output_shape(self):
        return _shapes_like(self._outputs_struct)

    @property
    def input_spec(self):
        return [
            InputSpec(
                shape=(None,) + x.shape[1:],
                allow_last_axis_squeeze=True,
                name=name,
            )
            for x, name in zip(self._inputs, self._input_names())
        ]

    @input_spec.setter
    def input_spec(self, value):
        pass  # Keras computes it from the inputs

    def _input_names(self):
        if isinstance(self._inputs_struct, dict):
            return sorted(self._inputs_struct, key=str)
        return [x._keras_history.operation.name for x in self._inputs]

    # --- running ---------------------------------------------------------------------------
    def _build_on_call(self, input_shape):
        self.built = True

    def compute_output_shape(self, input_shape):
        return _shapes_like(self._outputs_struct)

    def __call__(self, *args, **kwargs):
        inputs = args[0] if args else kwargs.pop("inputs")
        return super().__call__(inputs, *args[1:], **kwargs)

    def call(self, inputs, training=None, mask=None):
        flat = self._standardize_inputs(inputs)
        computed = {id(x): value for x, value in zip(self._inputs, flat)}
        for depth in sorted(self._nodes_by_depth, reverse=True):
            for node in self._nodes_by_depth[depth]:
                if node.is_input or not all(id(x) in computed for x in node.input_tensors):
                    continue
                args, kwargs = symbolic.map_structure(
                    lambda x: computed[id(x)] if isinstance(x, symbolic.KerasTensor) else x,
                    node.arguments,
                )
                layer = node.operation
                if training is not None:
                    kwargs = {**kwargs, **_accepted(layer.call, {"training": training})}
                outputs = layer(*args, **kwargs)
                for x, value in zip(node.output_tensors, symbolic.flatten(outputs)):
                    computed[id(x)] = value
        results = [computed[id(x)] for x in self._outputs]
        return symbolic.pack_like(self._outputs_struct, results)

    def _standardize_inputs(self, inputs):
        if isinstance(self._inputs_struct, dict) and isinstance(inputs, dict):
            flat = [inputs[name] for name in sorted(self._inputs_struct, key=str)]
        elif isinstance(inputs, dict):
            names = [x._keras_history.operation.name for x in self._inputs]
            flat = [inputs[name] for name in names]
        else:
            flat = symbolic.flatten(inputs)
        if len(flat) != len(self._inputs):
            assert_input_compatibility(self.input_spec, flat, self.name)  # raises Keras's error
        result = []
        for x, spec in zip(flat, self._inputs):
            if not tf.is_tensor(x) and not isinstance(x, symbolic.KerasTensor):
                x = tf.convert_to_tensor(x)
            if not isinstance(x, symbolic.KerasTensor):
                rank, expected = len(x.shape), len(spec.shape)
                if rank == expected + 1 and x.shape[-1] == 1:
                    x = tf.squeeze(x, axis=-1)
                elif rank == expected - 1 and spec.shape[-1] == 1:
                    x = tf.expand_dims(x, axis=-1)
                if x.dtype.name != spec.dtype and (
                    x.dtype.is_floating or tf.as_dtype(spec.dtype).is_floating
                ):
                    x = tf.cast(x, spec.dtype)
            result.append(x)
        return result

    def _convert_argument(self, x, positional=False):
        if isinstance(x, dict):
            return {k: self._convert_argument(v) for k, v in x.items()}
        return super()._convert_argument(x, positional)

    def _convert_input(self, x):
        return x  # each input is converted to its own Input's dtype in _standardize_inputs

    def get_config(self):
        return functional_config.get_config(self)

    @classmethod
    def from_config(cls, config):
        return functional_config.from_config(cls, config)


def _paths(structure, prefix=()):
    """Keras's flatten_with_path, joined with dots: '' for one output, '0', '1' for a list."""
    if isinstance(structure, dict):
        return [
            p for key in sorted(structure, key=str) for p in _paths(structure[key], prefix + (key,))
        ]
    if isinstance(structure, (list, tuple)):
        return [p for i, item in enumerate(structure) for p in _paths(item, prefix + (i,))]
    return [".".join(str(p) for p in prefix)]


def _as_list_if_tuple(value):
    return list(value) if isinstance(value, tuple) else value


def _shapes_like(structure):
    shapes = symbolic.map_structure(lambda x: x.shape, structure)
    return shapes


def map_graph(inputs, outputs):
    """(nodes by depth, operations in Keras's order) for the graph from inputs to outputs."""
    nodes_in_order, operation_indices = _walk(inputs, outputs)
    in_graph = set(nodes_in_order)
    node_depths: dict[Any, int] = {}
    operation_depths: dict[Any, int] = {}
    for node in reversed(nodes_in_order):
        depth = node_depths.setdefault(node, 0)
        depth = max(depth, operation_depths.get(node.operation, 0))
        operation_depths[node.operation] = depth
        node_depths[node] = depth
        for parent in node.parent_nodes:
            if parent in in_graph:
                node_depths[parent] = max(depth + 1, node_depths.get(parent, 0))
    for x in inputs:
        operation, node_index, _ = x._keras_history
        if operation not in operation_depths:
            node = operation._inbound_nodes[node_index]
            if node.is_input:
                operation_depths[operation] = 0
                operation_indices[operation] = -1
                node_depths[node] = 0
    nodes_by_depth = collections.defaultdict(list)
    for node, depth in node_depths.items():
        nodes_by_depth[depth].append(node)
    operations_by_depth = collections.defaultdict(list)
    for operation, depth in operation_depths.items():
        operations_by_depth[depth].append(operation)
    operations = []
    for depth in sorted(operations_by_depth, reverse=True):
        operations.extend(sorted(operations_by_depth[depth], key=operation_indices.__getitem__))
    _check_connected(inputs, nodes_by_depth)
    names = [op.name for op in operations]
    for name in names:
        if names.count(name) != 1:
            raise ValueError(
                f'The name "{name}" is used {names.count(name)} times in the model. All '
                "operation names should be unique."
            )
    return dict(nodes_by_depth), operations


def _check_connected(inputs, nodes_by_depth):
    computable = {id(x) for x in inputs}
    done: list[str] = []
    for depth in sorted(nodes_by_depth, reverse=True):
        for node in nodes_by_depth[depth]:
            for x in node.input_tensors:
                if id(x) not in computable:
                    raise ValueError(
                        f"Graph disconnected: cannot find parent for tensor {x} at operation "
                        f"'{node.operation}'. The following previous operations were accessed "
                        f"without issue: {done}"
                    )
                done.append(node.operation.name)
            computable.update(id(x) for x in node.output_tensors)


def _walk(inputs, outputs):
    """Keras's _build_map: nodes from the inputs to the outputs (depth first, post-order) and
    each operation's first visit index."""
    finished: set[Any] = set()
    in_progress: set[Any] = set()
    ordered: list[Any] = []
    indices: dict[Any, int] = {}
    input_ids = {id(x) for x in inputs}

    def visit(tensor):
        operation, node_index, _ = tensor._keras_history
        node = operation._inbound_nodes[node_index]
        if node in finished:
            return
        if not node.is_input and id(tensor) in input_ids:
            finished.add(node)
            return
        if node in in_progress:
            raise ValueError(
                f"Tensor {tensor} from operation '{operation.name}' is part of a cycle."
            )
        indices.setdefault(operation, len(indices))
        in_progress.add(node)
        if not node.is_input:
            for x in node.input_tensors:
                visit(x)
        finished.add(node)
        in_progress.remove(node)
        ordered.append(node)

    for x in outputs:
        visit(x)
    return ordered, indices


Model._functional_class = Functional  # Model(inputs, outputs) and functional subclasses

__all__ = ["Functional", "InputLayer", "map_graph"]
