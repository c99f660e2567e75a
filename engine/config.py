"""tf.config as a CPU-only TensorFlow shows it: one CPU device, no GPU. Settings that only
tune TF's runtime (threads, XLA, placement) are accepted and remembered; memory growth raises
as TF does for a CPU device."""

import collections

from .missing import missing_attribute
from .tf_function.state import functions_run_eagerly, run_functions_eagerly

PhysicalDevice = collections.namedtuple("PhysicalDevice", ["name", "device_type"])
LogicalDevice = collections.namedtuple("LogicalDevice", ["name", "device_type"])

_CPU = PhysicalDevice(name="/physical_device:CPU:0", device_type="CPU")
_LOGICAL_CPU = LogicalDevice(name="/device:CPU:0", device_type="CPU")
_settings = {"intra_op": 0, "inter_op": 0, "jit": "", "soft_placement": True}


def list_physical_devices(device_type=None):
    return [_CPU] if device_type in (None, "CPU") else []


def list_logical_devices(device_type=None):
    return [_LOGICAL_CPU] if device_type in (None, "CPU") else []


def get_visible_devices(device_type=None):
    return list_physical_devices(device_type)


def set_visible_devices(devices, device_type=None):
    """Accepted: the CPU is always visible, and there is nothing else to hide."""


def get_soft_device_placement():
    return _settings["soft_placement"]


def set_soft_device_placement(enabled):
    _settings["soft_placement"] = bool(enabled)


def experimental_run_functions_eagerly(run_eagerly):
    run_functions_eagerly(run_eagerly)


def experimental_functions_run_eagerly():
    return functions_run_eagerly()


def _known_device(device):
    if device != _CPU:
        raise ValueError(f"Unrecognized device: {device!r}")


class _Namespace:
    """A tf.config sub-module: its functions, and TF's error for the rest."""

    def __init__(self, path, **functions):
        self._path = path
        self.__dict__.update(functions)

    def __getattr__(self, name):
        raise missing_attribute(self._path, name)


def _set_memory_growth(device, enable):
    _known_device(device)
    raise ValueError("Cannot set memory growth on non-GPU and non-Pluggable devices")


def _get_memory_growth(device):
    _known_device(device)
    raise KeyError(device)


def _set_intra(num_threads):
    _settings["intra_op"] = int(num_threads)


def _set_inter(num_threads):
    _settings["inter_op"] = int(num_threads)


def _set_jit(enabled):
    _settings["jit"] = "autoclustering" if enabled else ""


experimental = _Namespace(
    "tf.config.experimental",
    list_physical_devices=list_physical_devices,
    list_logical_devices=list_logical_devices,
    get_visible_devices=get_visible_devices,
    set_visible_devices=set_visible_devices,
    set_memory_growth=_set_memory_growth,
    get_memory_growth=_get_memory_growth,
    enable_op_determinism=lambda: None,  # NumPy's kernels are deterministic already
)
threading = _Namespace(
    "tf.config.threading",
    set_intra_op_parallelism_threads=_set_intra,
    get_intra_op_parallelism_threads=lambda: _settings["intra_op"],
    set_inter_op_parallelism_threads=_set_inter,
    get_inter_op_parallelism_threads=lambda: _settings["inter_op"],
)
optimizer = _Namespace("tf.config.optimizer", set_jit=_set_jit, get_jit=lambda: _settings["jit"])

__all__ = [
    "LogicalDevice",
    "PhysicalDevice",
    "experimental",
    "experimental_functions_run_eagerly",
    "experimental_run_functions_eagerly",
    "functions_run_eagerly",
    "get_soft_device_placement",
    "get_visible_devices",
    "list_logical_devices",
    "list_physical_devices",
    "optimizer",
    "run_functions_eagerly",
    "set_soft_device_placement",
    "set_visible_devices",
    "threading",
]


def __getattr__(name):
    raise missing_attribute("tf.config", name)
