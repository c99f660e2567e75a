"""Python operators on tensors and variables, installed onto the classes as TF installs them."""

from ..tensor import EagerTensor, convert_to_tensor
from ..variable_slices import getitem as variable_getitem  # a slice that can assign
from ..variables import ResourceVariable
from . import math_ops as m
from .bitwise import invert
from .slicing import getitem


def _binary(fn):
    def reflected(self, other):
        # TF's r_binary_op_wrapper: the left operand takes the tensor's dtype (1.5 - int fails)
        return fn(convert_to_tensor(other, dtype=self.dtype), self)

    return fn, reflected  # the op itself is the forward operator: one call frame fewer


_BINARY = {
    "add": m.add,
    "sub": m.subtract,
    "mul": m.multiply,
    "truediv": m.divide,
    "floordiv": m.floordiv,
    "mod": m.floormod,
    "pow": m.pow,
    "matmul": m.matmul,
    "and": m.logical_and,
    "or": m.logical_or,
    "xor": m.logical_xor,
}
_COMPARISONS = {"lt": "less", "le": "less_equal", "gt": "greater", "ge": "greater_equal"}


def _invert(x):
    """TF's invert_: logical NOT of a bool tensor, bitwise NOT of an integer one."""
    if x.dtype.is_bool:
        return m.logical_not(x)
    return invert(x)


def install_operators(cls):
    """Python's operators on `cls` as TF's ops (also used for Keras variables)."""
    for name, fn in _BINARY.items():
        forward, reflected = _binary(fn)
        setattr(cls, f"__{name}__", forward)
        setattr(cls, f"__r{name}__", reflected)
    for name, op in _COMPARISONS.items():
        setattr(cls, f"__{name}__", getattr(m, op))
    cls.__eq__ = m.tensor_equals  # None and unbroadcastable shapes compare unequal, as in TF
    cls.__ne__ = m.tensor_not_equals
    cls.__neg__ = lambda self: m.negative(self)
    cls.__abs__ = lambda self: m.abs(self)
    cls.__invert__ = _invert  # no __pos__: TF's tensors have none (+t is a TypeError)
    cls.__getitem__ = getitem


install_operators(EagerTensor)
install_operators(ResourceVariable)


# Installed after the classes, as install_operators installs the operators (mypy reads the
# assignment to a dunder of a class as a class subscript, or as a method overwritten).
ResourceVariable.__getitem__ = variable_getitem  # type: ignore[misc]  # see above
EagerTensor.__hash__ = EagerTensor.__dict__["__hash__"]  # type: ignore[method-assign]  # see above


def _delegate(name):
    return lambda self, *args, **kwargs: getattr(self._as_tensor(), name)(*args, **kwargs)


# Not __len__ nor __index__: TF's variables have neither (len(v) and [..][v] are TypeErrors).
for _name in ("__array__", "__float__", "__int__", "__bool__", "__iter__"):
    setattr(ResourceVariable, _name, _delegate(_name))
