"""Python operators on tensors and variables, installed onto the classes as TF installs them."""
from ..tensor import EagerTensor
from ..variables import ResourceVariable
from . import math as m


def _binary(fn):
    def reflected(self, other):
        return fn(other, self)

    return fn, reflected  # the op itself is the forward operator: one call frame fewer


def _lazy(module, name):
    """Looks the op up at call time, so op modules can be completed in any order."""
    def call(*args):
        import importlib
        return getattr(importlib.import_module(f"engine.ops.{module}"), name)(*args)
    return call


_BINARY = {
    "add": m.add, "sub": m.subtract, "mul": m.multiply, "truediv": m.divide,
    "floordiv": _lazy("math", "floordiv"), "mod": _lazy("math", "floormod"),
    "pow": _lazy("math", "pow"), "matmul": _lazy("math", "matmul"),
    "and": _lazy("math", "logical_and"), "or": _lazy("math", "logical_or"),
    "xor": _lazy("math", "logical_xor"),
}
_COMPARISONS = {"lt": "less", "le": "less_equal", "gt": "greater", "ge": "greater_equal"}


def _install(cls):
    for name, fn in _BINARY.items():
        forward, reflected = _binary(fn)
        setattr(cls, f"__{name}__", forward)
        setattr(cls, f"__r{name}__", reflected)
    for name, op in _COMPARISONS.items():
        setattr(cls, f"__{name}__", _binary(_lazy("math", op))[0])
    cls.__eq__ = _binary(_lazy("math", "equal"))[0]
    cls.__ne__ = _binary(_lazy("math", "not_equal"))[0]
    cls.__neg__ = lambda self: m.negative(self)
    cls.__pos__ = lambda self: self
    cls.__abs__ = lambda self: _lazy("math", "abs")(self)
    cls.__invert__ = lambda self: _lazy("math", "logical_not")(self)
    cls.__getitem__ = lambda self, key: _lazy("slicing", "getitem")(self, key)


_install(EagerTensor)
_install(ResourceVariable)
EagerTensor.__hash__ = EagerTensor.__dict__["__hash__"]


def _delegate(name):
    return lambda self, *args: getattr(self._as_tensor(), name)(*args)


for _name in ("__array__", "__float__", "__int__", "__index__", "__bool__", "__len__", "__iter__"):
    setattr(ResourceVariable, _name, _delegate(_name))
