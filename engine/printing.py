"""tf.print: TF's print_v2, which formats its inputs into one template (nested structures
with pprint, tensors as TF's kernels write them) and writes it with `end`.

The engine writes to the Python streams current at call time (sys.stdout / sys.stderr), so
that a debugger capturing Python's output sees what tf.print prints; TF writes to the
process's file descriptors. `file://path` appends to the file, as TF does.
"""

import pprint
import random
import sys

from . import nest
from .ops.string_ops import print_v2, string_format
from .tensor import is_tensor

_UNSUPPORTED = (
    "Unsupported output stream, logging level, or file.{}. Supported streams are sys.stdout, "
    "sys.stderr, tf.logging.info, tf.logging.warning, tf.logging.error. File needs to be in "
    "the form of 'file://<filepath>'."
)


class _DefaultStream:
    """tf.print's default, sys.stderr as it is when tf.print runs."""

    def __repr__(self):
        return "sys.stderr"


_STDERR = _DefaultStream()


def print(*inputs, output_stream=_STDERR, summarize=3, sep=" ", end="\n", name=None):  # noqa: A001
    """tf.print: prints `inputs` (tensors, strings, nested structures) as TF does."""
    write = _writer(output_stream)
    text = formatted(inputs, summarize, sep)
    print_v2(text)
    write(text._numpy().decode("utf-8", errors="replace") + end)


def formatted(inputs, summarize=3, sep=" "):
    """The string tensor tf.print writes before `end` (TF's template and StringFormat)."""
    first = inputs[0] if len(inputs) == 1 else None
    if first is not None and is_tensor(first) and first.dtype.name == "string" and not first.ndim:
        return first  # one string scalar, as is
    free = nest.map_structure(lambda x: "" if is_tensor(x) else x, list(inputs))
    placeholder = _placeholder(" ".join(pprint.pformat(x) for x in free))
    templates, tensors = [], []
    for item in inputs:
        parts = []
        for x in nest.flatten(item):
            if is_tensor(x):
                tensors.append(x)
                parts.append(placeholder)
            else:
                parts.append(x)
        if isinstance(item, str):
            templates.append(item)
        else:
            templates.append(pprint.pformat(nest.pack_sequence_as(item, parts)))
    template = sep.join(templates).replace(f"'{placeholder}'", placeholder)
    return string_format(template, tensors, placeholder=placeholder, summarize=summarize)


def _placeholder(text):
    """TF's _generate_placeholder_string: '{}', lengthened with seeded digits until unique."""
    placeholder, rng = "{}", random.Random(5)
    while placeholder in text:
        placeholder += str(rng.randint(0, 9))
    return placeholder


def _writer(stream):
    if stream is _STDERR or stream is sys.stderr:
        return lambda text: (sys.stderr.write(text), sys.stderr.flush())
    if stream is sys.stdout:
        return lambda text: (sys.stdout.write(text), sys.stdout.flush())
    if isinstance(stream, str) and stream.startswith("file://"):
        path = stream[len("file://") :]

        def append(text):
            with open(path, "a", encoding="utf-8") as f:
                f.write(text)

        return append
    raise ValueError(_UNSUPPORTED.format(stream))
