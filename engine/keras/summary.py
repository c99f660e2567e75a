"""model.summary(): Keras 3's table, character for character as TF 2.21 prints it.

Keras renders the summary with `rich` (a Table with HEAVY_HEAD box lines between rows, no
colours when printing to a file or through `print_fn`); the engine does not depend on rich,
so this module lays the table out the way rich does for Keras's fixed column widths: widths
from `positions` times the line length, then rich's even reduction so the table (borders
included) fits the line length, one space of padding each side, words wrapped in cells.
"""

import math
import re
import shutil

from .layers.input_layer import InputLayer
from .layers.layer import Layer

_DTYPE_BITS = {
    "float16": 16,
    "bfloat16": 16,
    "float32": 32,
    "float64": 64,
    "int8": 8,
    "uint8": 8,
    "int16": 16,
    "int32": 32,
    "int64": 64,
    "bool": 1,
}


def count_params(weights):
    return int(sum(math.prod(v.shape.as_list()) for v in weights))


def weight_memory_size(weights):
    unique = {id(w): w for w in weights}.values()
    bits = sum(math.prod(w.shape.as_list()) * _DTYPE_BITS.get(str(w.dtype), 32) for w in unique)
    return bits / 8


def readable_memory_size(size):
    for unit in ["B", "KB", "MB", "GB", "TB", "PB"]:
        if size / 1024 < 1:
            return f"{size:.2f} {unit}"
        size /= 1024
    return f"{size:.2f} PB"


def _format_shape(shape):
    return "(" + ", ".join(str(d) for d in shape) + ")"


def format_layer_shape(layer):
    if not layer._inbound_nodes and layer._build_shapes is None:
        return "?"
    if layer._inbound_nodes:
        shapes = [_format_shape(x.shape) for x in layer._inbound_nodes[-1].output_tensors]
    else:
        try:
            if hasattr(type(layer), "output_shape"):
                shape = layer.output_shape
            elif type(layer).compute_output_shape is Layer.compute_output_shape:
                return "?"
            else:
                shape = layer.compute_output_shape(layer._build_shapes)
        except (NotImplementedError, AttributeError):
            return "?"
        shapes = [_format_shape(shape)] if _is_shape(shape) else [_format_shape(s) for s in shape]
    return shapes[0] if len(shapes) == 1 else "[" + ", ".join(shapes) + "]"


def _is_shape(shape):
    return isinstance(shape, tuple) and all(d is None or isinstance(d, int) for d in shape)


def _is_sequential_like(model):
    if not hasattr(model, "_nodes_by_depth"):  # a Sequential or subclassed model
        return True, list(model.layers)
    nodes = []
    for group in model._nodes_by_depth.values():
        if len(group) > 1 or (len(group) == 1 and len(group[0].input_tensors) > 1):
            return False, list(model._operations)
        nodes += group
    for layer in model.layers:
        seen = False
        for node in layer._inbound_nodes:
            if node in nodes:
                if seen:
                    return False, list(model._operations)
                seen = True
    return True, list(model._operations)


def print_summary(
    model,
    line_length=None,
    positions=None,
    print_fn=None,
    expand_nested=False,
    show_trainable=False,
    layer_range=None,
):
    sequential_like, layers = _is_sequential_like(model)
    if sequential_like:
        default_length, positions = 88, positions or [0.45, 0.80, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #"]
        alignment = ["left", "left", "right"]
        relevant_nodes = []
    else:
        default_length, positions = 108, positions or [0.3, 0.56, 0.74, 1.0]
        header = ["Layer (type)", "Output Shape", "Param #", "Connected to"]
        alignment = ["left", "left", "right", "left"]
        relevant_nodes = [n for group in model._nodes_by_depth.values() for n in group]
    if show_trainable:
        default_length += 12
        positions = [p * 0.90 for p in positions] + [1.0]
        header.append("Trainable")
        alignment.append("center")
    default_length = min(default_length, shutil.get_terminal_size().columns - 4)
    line_length = line_length or default_length
    widths, current = [], 0
    for position in positions:
        width = int(position * line_length) - current
        if width < 4:
            raise ValueError("Insufficient console width to print summary.")
        widths.append(width)
        current += width

    def connections(layer):
        found = []
        for node in layer._inbound_nodes:
            if relevant_nodes and node not in relevant_nodes:
                continue
            for x in node.input_tensors:
                history = x._keras_history
                found.append(
                    f"{history.operation.name}[{history.node_index}][{history.tensor_index}]"
                )
        return ", ".join(found) or "-"

    def fields(layer, prefix=""):
        params = f"{layer.count_params():,}" if layer.built else "0 (unbuilt)"
        row = [f"{prefix}{layer.name} ({type(layer).__name__})", format_layer_shape(layer), params]
        if not sequential_like:
            row.append(connections(layer))
        if show_trainable:
            row.append(("Y" if layer.trainable else "N") if layer.weights else "-")
        return row

    def rows_of(layer, level=0):
        rows = [fields(layer, "   " * level + "└ " if level else "")]
        if expand_nested and getattr(layer, "layers", None) and not isinstance(layer, InputLayer):
            for inner in layer.layers:
                rows.extend(rows_of(inner, level + 1))
        return rows

    start, end = _layer_range(layers, layer_range)
    rows = [row for layer in layers[start:end] for row in rows_of(layer)]
    lines = [f'Model: "{model.name}"']
    lines += render_table(header, rows, widths, alignment, line_length)
    trainable = model.trainable_weights
    non_trainable = model.non_trainable_weights
    trainable_count, non_trainable_count = count_params(trainable), count_params(non_trainable)
    trainable_size, non_trainable_size = (
        weight_memory_size(trainable),
        weight_memory_size(non_trainable),
    )
    optimizer = getattr(model, "optimizer", None)
    optimizer_built = bool(getattr(model, "compiled", False) and optimizer and optimizer.built)
    optimizer_variables = optimizer.variables if optimizer is not None and optimizer_built else []
    optimizer_count = count_params(optimizer_variables)
    optimizer_size = weight_memory_size(optimizer_variables)
    total = trainable_count + non_trainable_count + optimizer_count
    total_size = trainable_size + non_trainable_size + optimizer_size
    lines.append(f" Total params: {total:,} ({readable_memory_size(total_size)})")
    lines.append(f" Trainable params: {trainable_count:,} ({readable_memory_size(trainable_size)})")
    lines.append(
        f" Non-trainable params: {non_trainable_count:,} "
        f"({readable_memory_size(non_trainable_size)})"
    )
    if optimizer_built:
        lines.append(
            f" Optimizer params: {optimizer_count:,} ({readable_memory_size(optimizer_size)})"
        )
    text = "\n".join(lines) + "\n"
    if print_fn is None:
        print(text, end="")
    else:
        print_fn(text)


def _layer_range(layers, layer_range):
    if layer_range is None:
        return 0, len(layers)
    if len(layer_range) != 2:
        raise ValueError(
            "layer_range must be a list or tuple of length 2. Received: "
            f"layer_range = {layer_range} of length {len(layer_range)}"
        )
    starts = [i for i, layer in enumerate(layers) if re.match(layer_range[0], layer.name)]
    ends = [i for i, layer in enumerate(layers) if re.match(layer_range[1], layer.name)]
    if not starts or not ends:
        raise ValueError(
            f"Passed layer_names do not match the layer names in the model. Received: {layer_range}"
        )
    return min(starts), max(ends) + 1


def render_table(header, rows, widths, alignment, table_width):
    """The lines rich draws for Keras's Table(width=table_width, show_lines=True)."""
    widths = _rich_widths([w + 2 for w in widths], table_width - (len(widths) + 1))
    top = "┏" + "┳".join("━" * w for w in widths) + "┓"
    head_rule = "┡" + "╇".join("━" * w for w in widths) + "┩"
    rule = "├" + "┼".join("─" * w for w in widths) + "┤"
    bottom = "└" + "┴".join("─" * w for w in widths) + "┘"
    lines = [top]
    lines += _row_lines(header, widths, alignment, "┃")
    lines.append(head_rule)
    for index, row in enumerate(rows):
        if index:
            lines.append(rule)
        lines += _row_lines(row, widths, alignment, "│")
    lines.append(bottom)
    return lines


def _rich_widths(widths, max_width):
    """rich's Table._calculate_column_widths for fixed-width columns in an expanded table."""
    total = sum(widths)
    if total > max_width:
        excess, ratio_left, result = total - max_width, len(widths), []
        for width in widths:  # rich's ratio_reduce with equal ratios
            cut = min(width, round(excess / ratio_left))
            result.append(width - cut)
            excess -= cut
            ratio_left -= 1
        widths = result
    elif total < max_width:
        remaining, ratio_left, result = max_width - total, sum(widths), []
        for width in widths:  # rich's ratio_distribute, weighted by the widths
            share = math.ceil(width * remaining / ratio_left) if ratio_left else 0
            result.append(width + share)
            remaining -= share
            ratio_left -= width
        widths = result
    return widths


def _row_lines(cells, widths, alignment, edge):
    wrapped = [_wrap(str(cell), width - 2) for cell, width in zip(cells, widths)]
    height = max(len(lines) for lines in wrapped)
    out = []
    for line_index in range(height):
        parts = []
        for lines, width, align in zip(wrapped, widths, alignment):
            text = lines[line_index] if line_index < len(lines) else ""
            inner = width - 2
            if align == "right":
                text = text.rjust(inner)
            elif align == "center":
                text = text.center(inner)
            else:
                text = text.ljust(inner)
            parts.append(" " + text + " ")
        out.append(edge + edge.join(parts) + edge)
    return out


def _wrap(text, width):
    """Greedy word wrap as rich's Text.wrap: words move to the next line whole; a word longer
    than the width ends in an ellipsis."""
    if width <= 0 or len(text) <= width:
        return [text]
    lines, current = [], ""
    for word in text.split(" "):
        candidate = word if not current else current + " " + word
        if len(candidate) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        if len(word) > width:
            word = word[: width - 1] + "…"  # rich's default overflow: an ellipsis
        current = word
    lines.append(current)
    return lines
