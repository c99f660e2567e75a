"""tf.strings: the string ops the engine has (enough for printing); the others raise."""

from .missing import missing_attribute
from .ops.string_ops import as_string, join, length, string_format

format = string_format  # noqa: A001 - TF's public name

__all__ = ["as_string", "format", "join", "length"]


def __getattr__(name):
    raise missing_attribute("tf.strings", name)
