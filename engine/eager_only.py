"""Graph-era attributes that TF 1 code still reaches for, answered as TF's eager tensors and
variables answer them (mostly with TF's error naming the eager mode)."""

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .shape import TensorShape

from .shape import TensorShape


def _undefined(name):
    def fail(self):
        raise AttributeError(f"Tensor.{name} is undefined when eager execution is enabled.")

    return property(fail)


class TensorGraphAttributes:
    """Mixed into EagerTensor."""

    __slots__ = ()

    if TYPE_CHECKING:  # what the class it is mixed into provides

        @property
        def device(self) -> str: ...

        @property
        def shape(self) -> "TensorShape": ...

    op = _undefined("op")
    graph = _undefined("graph")
    value_index = _undefined("value_index")
    is_packed = False

    @property
    def backing_device(self):
        return self.device

    def consumers(self):
        raise NotImplementedError("Tensor.consumers is undefined when eager execution is enabled.")

    def eval(self, feed_dict=None, session=None):
        raise NotImplementedError(
            "eval is not supported when eager execution is enabled, is "
            ".numpy() what you're looking for?"
        )

    def set_shape(self, shape):
        """A check in eager mode: the shape is known already."""
        if not self.shape.is_compatible_with(shape):
            raise ValueError(
                f"Tensor's shape {self.shape} is not compatible with supplied "
                f"shape {TensorShape(shape)}."
            )

    def cpu(self):
        return self  # the engine's tensors live on the CPU

    def gpu(self, gpu_index=0):
        raise RuntimeError(f"GPU:{gpu_index} unknown device.")


class VariableAggregation(enum.Enum):
    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3


class VariableSynchronization(enum.Enum):
    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


class VariableGraphAttributes:
    """Mixed into ResourceVariable."""

    if TYPE_CHECKING:  # what the class it is mixed into provides

        @property
        def shape(self) -> "TensorShape": ...

    op = _undefined("op")
    graph = _undefined("graph")
    constraint = None
    aggregation = VariableAggregation.NONE
    synchronization = VariableSynchronization.AUTO

    @property
    def initial_value(self):
        raise RuntimeError("This property is not supported when eager execution is enabled.")

    def eval(self, session=None):
        raise RuntimeError("This operation is not supported when eager execution is enabled.")

    def set_shape(self, shape):
        self.shape.merge_with(shape)
