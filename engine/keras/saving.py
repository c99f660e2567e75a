"""model.save_weights / load_weights: the `.weights.h5` file Keras 3 writes (h5py, optional)."""

from ..missing import missing_attribute


def _h5py():
    try:
        import h5py  # noqa: PLC0415 - optional: only weights files need it
    except ImportError:
        raise missing_attribute("tf.keras.Model", "save_weights (h5py is not installed)") from None
    return h5py


def _check_path(filepath):
    filepath = str(filepath)
    if not filepath.endswith(".weights.h5"):
        raise ValueError(
            "The filename must end in `.weights.h5`. " f"Received: filepath={filepath}"
        )
    return filepath


def save_weights(model, filepath, overwrite=True):
    h5py = _h5py()
    filepath = _check_path(filepath)
    with h5py.File(filepath, "w") as f:
        group = f.create_group("weights")
        for index, variable in enumerate(model.weights):
            group.create_dataset(str(index), data=variable.numpy())


def load_weights(model, filepath, skip_mismatch=False):
    h5py = _h5py()
    filepath = _check_path(filepath)
    with h5py.File(filepath, "r") as f:
        group = f["weights"]
        values = [group[str(index)][()] for index in range(len(group))]
    model.set_weights(values)
