"""model.save_weights / load_weights: Keras 3's `.weights.h5` layout, so TF 2.21 and the engine
read each other's files.

The file mirrors the model: each object's own variables in a `vars` group (datasets '0', '1',
... with the object's name as an attribute), its layers in groups named after them: for
Sequential and functional models `layers/<class name in snake case>` ('dense', 'dense_1'),
for subclassed models and layers the attribute holding the layer ('hidden', or 'blocks/dense'
for a list), and a compiled model's built optimizer under `optimizer`. h5py is needed (an
optional dependency of the engine: only weights files use it).
"""

from typing import Any

import numpy as np

from ..missing import missing_attribute
from . import naming
from .layers.layer import Layer


def _h5py():
    try:
        import h5py
    except ImportError:
        raise missing_attribute("tf.keras.Model", "save_weights (h5py is not installed)") from None
    return h5py


def _check_path(filepath):
    filepath = str(filepath)
    if not filepath.endswith(".weights.h5"):
        raise ValueError(f"The filename must end in `.weights.h5`. Received: filepath={filepath}")
    return filepath


def _own_variables(obj):
    if isinstance(obj, Layer):
        own = obj._tracked_variables
        trainable = [v for v in own if id(v) not in obj._non_trainable_ids]
        return trainable + [v for v in own if id(v) in obj._non_trainable_ids]
    return list(obj.variables)  # an optimizer


def _children(obj):
    """(key, child) pairs in Keras's order: layers, then the optimizer."""
    children: list[tuple[str, Any]] = []
    if getattr(obj, "_saves_layers_as_list", False):  # Sequential and functional models
        children.append(("layers", list(obj.layers)))
    elif isinstance(obj, Layer):
        for name in sorted(vars(obj)):
            value = vars(obj)[name]
            if name.startswith("_") or name == "optimizer":
                continue
            if isinstance(value, Layer) or (
                isinstance(value, (list, tuple, dict))
                and any(
                    isinstance(v, Layer)
                    for v in (value.values() if isinstance(value, dict) else value)
                )
            ):
                children.append((name, value))
    optimizer = getattr(obj, "optimizer", None) if getattr(obj, "compiled", False) else None
    if optimizer is not None and optimizer.built:
        children.append(("optimizer", optimizer))
    return sorted(children, key=lambda item: item[0])


def _walk(obj, path, visit):
    """Calls visit(path, obj) for `obj` and every saveable object under it."""
    visit(path, obj)
    for key, child in _children(obj):
        if isinstance(child, (list, tuple, dict)):
            counts: dict[str, int] = {}
            items = child.values() if isinstance(child, dict) else child
            for item in items:
                if not isinstance(item, Layer):
                    continue
                base = naming.to_snake_case(type(item).__name__)
                count = counts.get(base, 0)
                counts[base] = count + 1
                name = base if count == 0 else f"{base}_{count}"
                _walk(item, f"{path}/{key}/{name}".lstrip("/"), visit)
        else:
            _walk(child, f"{path}/{key}".lstrip("/"), visit)


def save_weights(model, filepath, overwrite=True):
    h5py = _h5py()
    filepath = _check_path(filepath)

    with h5py.File(filepath, "w") as f:

        def save(path, obj):
            group = f.require_group(f"{path}/vars" if path else "vars")
            group.attrs["name"] = obj.name
            for index, variable in enumerate(_own_variables(obj)):
                group.create_dataset(str(index), data=np.asarray(variable.numpy()))

        _walk(model, "", save)


def load_weights(model, filepath, skip_mismatch=False):
    h5py = _h5py()
    filepath = _check_path(filepath)
    with h5py.File(filepath, "r") as f:

        def load(path, obj):
            key = f"{path}/vars" if path else "vars"
            variables = _own_variables(obj)
            stored = f.get(key)
            count = 0 if stored is None else len(stored)
            if count != len(variables):
                if skip_mismatch:
                    return
                raise ValueError(
                    f"A total of {count} objects could not be loaded. Example error message "
                    f"for object {obj}:\n\nLayer '{obj.name}' expected {len(variables)} "
                    f"variables, but received {count} variables during loading. Expected: "
                    f"{[v.name for v in variables]}"
                )
            for index, variable in enumerate(variables):
                value = stored[str(index)][()]
                if tuple(value.shape) != tuple(variable.shape.as_list()):
                    if skip_mismatch:
                        continue
                    raise ValueError(
                        f"The shape of the target variable and the shape of the target value "
                        f"in `variable.assign(value)` must match. variable.shape="
                        f"{variable.shape}, Received: value.shape={value.shape}. Target "
                        f"variable: {variable}"
                    )
                variable.assign(value)

        _walk(model, "", load)
