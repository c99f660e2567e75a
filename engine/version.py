"""tf.version: the TensorFlow release the engine follows (TF 2.21.0's own values).

TapeScope's version is not here: it lives in server/version.py."""

VERSION = "2.21.0"
GIT_VERSION = "v2.21.0-rc1-5-ga481b10260d"
COMPILER_VERSION = "Clang 18.1.8"
GRAPH_DEF_VERSION = 2474
GRAPH_DEF_VERSION_MIN_CONSUMER = 0
GRAPH_DEF_VERSION_MIN_PRODUCER = 0

__all__ = [
    "COMPILER_VERSION",
    "GIT_VERSION",
    "GRAPH_DEF_VERSION",
    "GRAPH_DEF_VERSION_MIN_CONSUMER",
    "GRAPH_DEF_VERSION_MIN_PRODUCER",
    "VERSION",
]
