"""TensorFlow's exception types (`tf.errors`), with the Python base classes the engine's callers
catch."""


class OpError(Exception):
    """Base of TF's runtime errors; carries the op that failed, as TF's does."""

    def __init__(self, node_def=None, op=None, message="", *args):
        super().__init__(message)
        self.message = message
        self.op = op
        self.node_def = node_def


class InvalidArgumentError(OpError, ValueError):
    """Bad shapes or values for an op. A ValueError too, so `except ValueError` catches it."""

    def __init__(self, node_def=None, op=None, message="", *args):
        super().__init__(node_def, op, message)


class UnimplementedError(OpError):
    pass


class NotFoundError(OpError):
    pass


def invalid_argument(op_type, message):
    """The InvalidArgumentError TF raises from an eager op, worded the way TF words it."""
    return InvalidArgumentError(None, op_type, f"{message} [Op:{op_type}]")


class OutOfRangeError(OpError):
    """An iterator ran past its end (tf.data's get_next)."""


class DataLossError(OpError):
    pass


class FailedPreconditionError(OpError):
    pass
