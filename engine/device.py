"""tf.device: a context that places nothing (the engine computes everything with NumPy on
the CPU, and tensors report the CPU device), but checks the device name as TF parses it."""

import contextlib

_DEVICE_TYPES = {"CPU", "GPU", "TPU", "CUSTOM", "EPU", "XLA_CPU", "XLA_GPU"}


def device(device_name):
    if callable(device_name):
        raise RuntimeError("tf.device does not support functions.")
    if device_name is not None:
        if not isinstance(device_name, str):
            raise ValueError(
                f"Expecting a string device name. Got {type(device_name)}({device_name})"
            )
        _parse(device_name)
    return contextlib.nullcontext()


def _parse(spec):
    """TF's DeviceSpec.from_string checks (device_spec.py _string_to_components)."""
    device_type = None
    for part in spec.split("/"):
        fields = part.split(":")
        n = len(fields)
        if n == 2 and fields[0] in ("job", "replica", "task"):
            if fields[0] != "job":
                int(fields[1])
        elif n in (1, 2) and fields[0].upper() in _DEVICE_TYPES:
            if device_type is not None:
                raise ValueError(
                    f"Multiple device types are not allowed while parsing the device spec: {spec}."
                )
            device_type = fields[0].upper()
            if n == 2 and fields[1] != "*":
                int(fields[1])
        elif n == 3 and fields[0] == "device":
            if device_type is not None:
                raise ValueError(
                    f"Multiple device types are not allowed while parsing the device spec: {spec}."
                )
            device_type = fields[1]
            if fields[2] != "*":
                int(fields[2])
        elif n and fields[0] != "":
            raise ValueError(
                f"Unknown attribute '{fields[0]}' is encountered while parsing the device "
                f"spec: '{spec}'."
            )
